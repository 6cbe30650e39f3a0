import fs from 'node:fs';
import { LogsRepository } from '../packages/core/src/logs/repository';

/**
 * The run's check that no log entry holds a password or a token (issue 14: "no secret in any log
 * line, checked over a whole test run's logs"). Every entry a test process stores goes through
 * `LogsRepository.put` (and an audited change's copy through `putHistory`): each is read there, as
 * it is written, and one line per entry goes to the run's file (LOG_CHECK_FILE, made by
 * vitest.global-setup.ts), which the run's teardown reads: a run with an entry holding a secret
 * fails, naming it. Reading at the write replaced a Scan of the whole table after the last test
 * (about 15 s of both cores for some 95,000 items).
 */

/** The tests' password, or something shaped like a JWT (our access and refresh tokens are). */
export function holdsSecret(text: string, password: string): boolean {
  return text.includes(password) || /eyJ[\w-]+\.[\w-]+\.[\w-]+/.test(text);
}

const INSTALLED = Symbol.for('escritorio-virtual.log-check');

/**
 * Wraps the repository's writes once per process (setup files run before every test file). The
 * password is the caller's (the tests' own), so the run's teardown, which only reads the file,
 * does not load the test world.
 */
export function installLogCheck(file: string, password: string): void {
  const repository = LogsRepository as typeof LogsRepository & { [INSTALLED]?: true };
  if (repository[INSTALLED]) return;
  repository[INSTALLED] = true;
  const record = (entry: object) => {
    const text = JSON.stringify(entry);
    fs.appendFileSync(file, `${JSON.stringify(holdsSecret(text, password) ? { secret: text.slice(0, 500) } : {})}\n`);
  };
  const put = repository.put.bind(repository);
  const putHistory = repository.putHistory.bind(repository);
  repository.put = (id, entry, ttl) => {
    record(entry);
    return put(id, entry, ttl);
  };
  repository.putHistory = (entity, recordId, id, entry) => {
    record(entry);
    return putHistory(entity, recordId, id, entry);
  };
}

/** The teardown's reading of the run's file: how many entries, and the first one with a secret. */
export function readLogCheck(file: string): { entries: number; secret: string | null } {
  const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  const found = lines.map((l) => JSON.parse(l) as { secret?: string }).find((l) => l.secret);
  return { entries: lines.length, secret: found?.secret ?? null };
}
