import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Logs } from '../packages/core/src/logs';
import { runAs } from '../packages/core/src/context';
import { makeWorld, PASSWORD } from '../functions/src/testing/world';
import { holdsSecret, readLogCheck } from './log-check';

describe("the run's log check", () => {
  it('finds the tests’ password and anything shaped like a token, and nothing in an ordinary entry', () => {
    expect(holdsSecret(JSON.stringify({ message: 'auth.login', metadata: { password: PASSWORD } }), PASSWORD)).toBe(true);
    expect(holdsSecret(JSON.stringify({ metadata: { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' } }), PASSWORD)).toBe(true);
    expect(holdsSecret(JSON.stringify({ message: 'auth.login', metadata: { password: '[redacted]', email: 'ana@empresa.test' } }), PASSWORD)).toBe(false);
  });

  it('reads every entry this process writes, as it is written', async () => {
    const file = process.env.LOG_CHECK_FILE!;
    expect(file).toBeTruthy();
    const before = readLogCheck(file).entries;
    const w = await makeWorld('Verificação de logs');
    runAs({ tenantId: w.tenant.id }, () => Logs.audit('log_check.probe', { note: 'uma entrada' }));
    await Logs.flush();
    expect(readLogCheck(file).entries).toBeGreaterThan(before);
    expect(fs.readFileSync(file, 'utf8')).not.toContain('"secret"');
  });
});
