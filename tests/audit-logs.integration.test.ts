import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { timestamp } from '../packages/core/src/clock';
import { runAs } from '../packages/core/src/context';
import { dynamoClient, tableName } from '../packages/core/src/db/client';
import { Keys } from '../packages/core/src/db/keys';
import { Logs, redact } from '../packages/core/src/logs';
import { call, makeWorld, PASSWORD, type World } from '../functions/src/testing/world';

let w: World;
beforeAll(async () => {
  w = await makeWorld('Logs');
});

async function logsOf(tenantId: string) {
  await Logs.flush();
  return runAs({ tenantId }, async () => {
    const out = await dynamoClient().send(
      new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': Keys.logs(timestamp().slice(0, 10)) } }),
    );
    return out.Items ?? [];
  });
}

describe('audit and warning logs', () => {
  it('stores who changed what, per tenant, with a 90-day TTL, and never a password or a token', async () => {
    const { accessToken, refreshToken } = await w.login(w.admin.email);
    const res = await call('PUT', `/api/users/${w.employee.id}`, {
      token: accessToken,
      body: { email: w.employee.email, name: 'Fábio Renomeado', profileId: w.profiles.employee.id, version: w.employee.version, employee: true },
    });
    expect(res.status).toBe(200);
    await call('POST', '/api/login', { body: { email: w.admin.email, password: 'senha-errada-xyz' } });
    await call('POST', '/api/auth/refresh', { body: { refreshToken } });

    const items = await logsOf(w.tenant.id);
    const update = items.find((i) => i.message === 'users.update');
    expect(update).toMatchObject({ level: 'audit', userId: w.admin.id, metadata: { entity: 'users', recordId: w.employee.id, changes: [{ field: 'name', before: 'Fábio Funcionário', after: 'Fábio Renomeado' }] } });
    const ttlDays = (Number(update!.ttl) - Date.now() / 1000) / 86400;
    expect(ttlDays).toBeGreaterThan(89);
    expect(ttlDays).toBeLessThan(91);
    expect(items.some((i) => i.message === 'auth.login_failed' && i.level === 'warn')).toBe(true);

    const all = JSON.stringify(items);
    expect(all).not.toContain('senha-errada-xyz');
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain(accessToken);
    expect(all).not.toContain(refreshToken);

    // Another company's log partition holds none of this.
    const other = await makeWorld('Outra');
    expect(JSON.stringify(await logsOf(other.tenant.id))).not.toContain(w.employee.id);
  });

  it('redacts password and token fields and JWT-shaped strings at any depth', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    expect(redact({ a: { password: 'x', novaSenha: 'y', refreshToken: 'z' }, note: `Bearer ${jwt}` })).toEqual({
      a: { password: '[removido]', novaSenha: '[removido]', refreshToken: '[removido]' },
      note: 'Bearer [token removido]',
    });
  });
});
