import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { startDynamoLocal, JavaMissingError, LOCAL_ENDPOINT_FILE, type DynamoLocal } from '@ev/core/local/dynamo-local';
import { processAlive } from '@ev/core/local/processes';
import { resetDynamoClient } from '@ev/core/db/client';
import { resetStreamClient } from '@ev/core/db/stream';
import { ensureTable } from '@ev/core/db/table';
import { resetEnv } from '@ev/core/env';
import { Logs } from '@ev/core/logs';
import { releaseHeld } from '@ev/core/messages/batches';
import { Sales } from '@ev/core/sales/index';
import { Usage } from '@ev/core/usage';
import { eraseDue } from '@ev/core/admin/erasure';
import { seedDemo, DEMO_LOGINS, DEMO_OPERATOR, DEMO_PASSWORD } from '@ev/core/demo/index';
import { buildWebIfStale } from './web';
import { createLocalServer, portOf } from './server';

/**
 * `npm start`: the whole product on one machine. DynamoDB Local (Java) keeps its file under
 * DATA_DIR/dynamodb; the table is created when missing and the demo company seeded once; the API
 * and the SPA share PORT. Any way this process ends (Ctrl-C, SIGTERM, a crash, even SIGKILL) ends
 * Java too (see startDynamoLocal).
 */
const LocalEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('.data'),
  /** `logins`: the demo company with its branches and logins only, no records (tests that start the product). */
  EV_DEMO: z.enum(['full', 'logins']).default('full'),
  /** `off`: the API alone, the web app neither built nor served (tests of the API as a process). */
  EV_WEB: z.enum(['on', 'off']).default('on'),
});

/** The file DynamoDB Local keeps its tables in (with -sharedDb). */
const DB_FILE = 'shared-local-instance.db';

/**
 * A folder in RAM for a first start's seed, or null where the machine has none (only Linux's
 * /dev/shm is used). DynamoDB Local makes every write durable on its own (an fsync each): the demo's
 * thousands of writes took 55 s on disk against 22 s in RAM on a machine of two cores. So a first
 * start creates the table and seeds the demo in RAM, stops DynamoDB Local, copies its one file into
 * the data folder and starts DynamoDB Local again on it: the same data, durable, in less time.
 */
function ramFolder(): string | null {
  if (process.platform !== 'linux' || process.env.EV_SEED_ON_DISK === '1') return null;
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    // A start killed while seeding (SIGKILL runs no clean-up) left its folder: the owner is gone.
    for (const name of fs.readdirSync('/dev/shm')) {
      const owner = /^escritorio-virtual-seed-(\d+)-/.exec(name)?.[1];
      if (owner && !processAlive(Number(owner))) fs.rmSync(path.join('/dev/shm', name), { recursive: true, force: true });
    }
    return fs.mkdtempSync(`/dev/shm/escritorio-virtual-seed-${process.pid}-`);
  } catch {
    return null;
  }
}


/** Points the storage code at a DynamoDB Local (the client is made again on its next use). */
function useDynamo(endpoint: string): void {
  process.env.DYNAMODB_ENDPOINT = endpoint;
  resetEnv();
  resetDynamoClient();
  resetStreamClient();
}

async function main() {
  const started = Date.now();
  const parsed = LocalEnv.safeParse(process.env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    console.error(`Invalid environment variable ${issue?.path.join('.')}: ${issue?.message}`);
    process.exit(1);
  }
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  process.env.DATA_DIR = dataDir;
  // Signed file links (exports' downloads, imports' uploads) point at this server unless told otherwise.
  process.env.PUBLIC_URL ??= `http://localhost:${parsed.data.PORT}`;

  // Signals are handled from the first moment, so Ctrl-C during start-up is a clean stop too.
  let dynamo: DynamoLocal | undefined;
  let stopStaging = () => {};
  let stopping = false;
  // The demo's older weeks, written after the first start answers (seedDemo's `later`).
  const history = new AbortController();
  let writingHistory: Promise<unknown> = Promise.resolve();
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // It stops between two orders: each is written whole or not at all either way.
    history.abort();
    await Promise.race([writingHistory, new Promise((r) => setTimeout(r, 3000))]);
    await Logs.flush().catch(() => undefined);
    await dynamo?.stop();
    stopStaging();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  process.on('uncaughtException', (e) => {
    console.error('Fatal error:', e);
    void stop(1);
  });
  process.on('unhandledRejection', (e) => {
    console.error('Fatal error:', e);
    void stop(1);
  });

  const webDist = parsed.data.EV_WEB === 'on' ? buildWebIfStale(root) : null;

  const dynamoDir = path.join(dataDir, 'dynamodb');
  // A first start seeds the demo in a RAM folder when the machine has one (see ramFolder).
  const staged = fs.existsSync(path.join(dynamoDir, DB_FILE)) ? null : ramFolder();
  let createdTable = false;
  let seed: Awaited<ReturnType<typeof seedDemo>> | undefined;
  try {
    if (staged) {
      stopStaging = () => fs.rmSync(staged, { recursive: true, force: true });
      dynamo = await startDynamoLocal({ dataDir: staged });
      useDynamo(dynamo.endpoint);
      // Seeded without the table's stream (each write costs half as much); the start turns it on below
      // and counts the seed's usage once, by a rebuild.
      createdTable = await ensureTable(undefined, { stream: false });
      seed = await seedDemo({ records: parsed.data.EV_DEMO === 'full' });
      // The seed's log entries are written beside it: all of them in before this DynamoDB Local stops.
      await Logs.flush();
      await dynamo.stop();
      dynamo = undefined;
      fs.mkdirSync(dynamoDir, { recursive: true });
      // Every file of the folder (a journal too, were one left), each copied under another name and
      // renamed, the database last: a start cut short leaves no half file, and no database without
      // its journal, so the next start stages again.
      const files = fs.readdirSync(staged).sort((a, b) => Number(a === DB_FILE) - Number(b === DB_FILE));
      for (const f of files) {
        fs.copyFileSync(path.join(staged, f), path.join(dynamoDir, `${f}.part`));
        fs.renameSync(path.join(dynamoDir, `${f}.part`), path.join(dynamoDir, f));
      }
      stopStaging();
    }
    dynamo = await startDynamoLocal({ dataDir: dynamoDir });
  } catch (e) {
    stopStaging();
    if (e instanceof JavaMissingError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }

  useDynamo(dynamo.endpoint);
  // Where this run's DynamoDB Local answers, for the commands run beside it (`npm run operator`).
  const endpointFile = path.join(dataDir, LOCAL_ENDPOINT_FILE);
  fs.writeFileSync(endpointFile, JSON.stringify({ endpoint: dynamo.endpoint, pid: process.pid }));
  process.on('exit', () => fs.rmSync(endpointFile, { force: true }));
  createdTable = (await ensureTable()) || createdTable;
  seed ??= await seedDemo({ records: parsed.data.EV_DEMO === 'full' });
  // Sales whose close a previous run left half done (killed between the stock and the number) are finished now.
  const swept = await Sales.finishInterrupted();
  // What was written before the table's stream (the first start's seed, a data folder made before it)
  // is counted whole once, before anything else writes: a scan with no write beside it is exact.
  const rebuilt = (await Usage.counted()) ? null : await Usage.rebuild();
  const server = await createLocalServer({ port: parsed.data.PORT, webDist }).catch(async (e: Error) => {
    console.error(e.message);
    await stop(1);
    throw e;
  });
  const port = portOf(server);

  console.info(
    [
      `Escritório Virtual ready at http://localhost:${port} in ${Date.now() - started} ms`,
      `  data: ${dataDir} (DynamoDB Local on port ${dynamo.port}, pid ${dynamo.pid}${createdTable ? ', table created' : ''})`,
      `  demo company: ${seed.created ? 'seeded now' : 'already there'} (tenant ${seed.tenantId})`,
      `  logins (password ${DEMO_PASSWORD}): ${Object.values(DEMO_LOGINS).join(', ')}; the admin area /admin: ${DEMO_OPERATOR.email} (on data with no operator of its own)`,
      webDist ? `  web app: ${webDist}` : parsed.data.EV_WEB === 'off' ? '  web app: off (EV_WEB=off: API only)' : '  web app: not part of this checkout yet (API only)',
      ...(swept.finished || swept.undone ? [`  interrupted sale closes: ${swept.finished} finished, ${swept.undone} undone`] : []),
      ...(rebuilt ? [`  usage counted whole: ${rebuilt.items} items of ${rebuilt.companies} companies (the admin area)`] : []),
      ...(seed.later ? ['  demo sales: the last days written; the older weeks are being written now'] : []),
    ].join('\n'),
  );
  // The companies' usage (the admin area) from the table's stream every few seconds (docs/admin.md "Usage").
  Usage.follow(3000, (e) => console.error('Usage count failed:', e instanceof Error ? e.message : e));
  // Companies whose erasure date has come are erased, at start and each hour (on AWS: a schedule, infra/jobs.ts).
  const erase = () => void eraseDue().catch((e: unknown) => console.error('Company erasure failed:', e instanceof Error ? e.message : e));
  erase();
  setInterval(erase, 3_600_000).unref();
  // WhatsApp recipients held past a day's limit are queued when their day comes (on AWS: a schedule, infra/jobs.ts).
  const release = () => void releaseHeld().catch((e: unknown) => console.error('Messages held for their day were not released:', e instanceof Error ? e.message : e));
  release();
  setInterval(release, 10 * 60_000).unref();
  // The store's Pix past their time expire, their stock released, each minute (on AWS: a schedule, infra/jobs.ts).
  const expirePix = () => void Sales.store.expireEverywhere().catch((e: unknown) => console.error('Store Pix expiry failed:', e instanceof Error ? e.message : e));
  setInterval(expirePix, 60_000).unref();
  const later = seed.later;
  if (later) {
    const t0 = Date.now();
    writingHistory = later(history.signal).then(
      (r) => console.info(`Demo sales: ${r.sales} older sales written in ${Date.now() - t0} ms${r.skipped ? ` (${r.skipped} left out: their stock was taken meanwhile)` : ''}${history.signal.aborted ? ', stopped before the end' : ''}.`),
      (e: unknown) => console.error('Demo sales: the older weeks were not all written:', e instanceof Error ? e.message : e),
    );
  }
}

main().catch((e: unknown) => {
  console.error('Failed to start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
