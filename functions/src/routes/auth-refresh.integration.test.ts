import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Clock, timestamp } from '@ev/core/clock';
import { runAs } from '@ev/core/context';
import { dynamoClient, tableName } from '@ev/core/db/client';
import { Keys } from '@ev/core/db/keys';
import { env } from '@ev/core/env';
import { newId } from '@ev/core/ids';
import { Provisioning } from '@ev/core/provisioning/index';
import type { AbilityRule } from '@ev/shared/permissions';
import { call, makeWorld, PASSWORD, type World } from '../testing/world';

/**
 * POST /api/auth/refresh through HTTP: rotation, the two-tabs grace window, reuse detection, and
 * each failure text of the spec (section 8), answered as HTTP 401 with the text in `status`.
 */
let w: World;
beforeAll(async () => {
  w = await makeWorld('Refresh');
});
afterEach(() => {
  Clock.reset();
});

const refresh = (refreshToken: string) => call('POST', '/api/auth/refresh', { body: { refreshToken } });
const me = (accessToken: string) => call('GET', '/api/auth/me', { token: accessToken });

/** The spec's exception to the envelope: 401 with the failure text in `status`. */
async function expectRefreshFailure(refreshToken: string, text: string) {
  const res = await refresh(refreshToken);
  expect(res.status).toBe(401);
  expect(res.body.status).toBe(text);
  expect(res.body.message).toBe(text);
}

/** Freezes the clock at a whole second, so every step of a test sees the time it chooses. */
function freezeClock(): { move(seconds: number): void } {
  let now = Math.floor(Date.now() / 1000) * 1000;
  Clock.set(() => now);
  return {
    move(seconds: number) {
      now += seconds * 1000;
    },
  };
}

/** A profile item written through the repository keys, outside the presets. */
async function putProfile(world: World, rules: AbilityRule[]): Promise<string> {
  const id = newId();
  const now = timestamp();
  await runAs({ tenantId: world.tenant.id }, () =>
    dynamoClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...Keys.profile(id), type: 'profile', id, name: `Perfil ${id.slice(-6)}`, preset: null, active: true, rules, createdAt: now, updatedAt: now, version: 1 },
      }),
    ),
  );
  return id;
}

async function updateProfile(world: World, profileId: string, set: { rules?: AbilityRule[]; active?: boolean }) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts = Object.entries(set).map(([k, v]) => {
    names[`#${k}`] = k;
    values[`:${k}`] = v;
    return `#${k} = :${k}`;
  });
  await runAs({ tenantId: world.tenant.id }, () =>
    dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: Keys.profile(profileId),
        UpdateExpression: `SET ${parts.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ),
  );
}

/** A user of its own for a test that changes it or its profile (the world's users stay as they are). */
async function newUser(world: World, label: string, profileId = world.profiles.salesman.id) {
  const email = `${label}-${newId().slice(-8)}@${world.domain}`;
  const user = await Provisioning.addUser(world.tenant.id, {
    email,
    password: PASSWORD,
    name: `Usuária ${label}`,
    profileId,
    branchIds: world.branches.map((b) => b.id),
    salesman: true,
  });
  return { user, email };
}

describe('rotation', () => {
  it('answers a new refresh token and the session data, and the session goes on', async () => {
    const s = await w.login(w.salesman.email);
    const res = await refresh(s.refreshToken);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const d = res.body.data;
    expect(d.refreshToken).not.toBe(s.refreshToken);
    expect(d.refreshToken.split('.')).toHaveLength(3);
    expect(d.accessToken.split('.')).toHaveLength(3);
    expect(d.user.id).toBe(w.salesman.id);
    expect(d.company.id).toBe(w.tenant.id);
    expect(d.abilities).toContainEqual({ action: 'read', subject: 'auth' });
    // The access token of the same session still works, and so does the new one.
    expect((await me(s.accessToken)).status).toBe(200);
    expect((await me(d.accessToken)).status).toBe(200);
    // The successor rotates in turn.
    const next = await refresh(d.refreshToken);
    expect(next.status).toBe(200);
    expect(next.body.data.refreshToken).not.toBe(d.refreshToken);
  });

  it('gives the same successor to two refreshes with one token inside the grace window (two tabs)', async () => {
    const clock = freezeClock();
    const s = await w.login(w.salesman.email);
    const first = await refresh(s.refreshToken);
    clock.move(env().REFRESH_GRACE_SECONDS - 1);
    const second = await refresh(s.refreshToken);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.data.refreshToken).toBe(first.body.data.refreshToken);
    // The shared successor still rotates normally, and the session is alive.
    const next = await refresh(first.body.data.refreshToken);
    expect(next.status).toBe(200);
    expect((await me(next.body.data.accessToken)).status).toBe(200);
  });

  it('also gives the same successor to two tabs refreshing at the same moment', async () => {
    const s = await w.login(w.supervisor.email);
    const [a, b] = await Promise.all([refresh(s.refreshToken), refresh(s.refreshToken)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.data.refreshToken).toBe(b.body.data.refreshToken);
  });
});

describe('reuse', () => {
  it('revokes the session when a rotated token comes back after its successor was used', async () => {
    const s = await w.login(w.salesman.email);
    const successor = (await refresh(s.refreshToken)).body.data;
    const third = (await refresh(successor.refreshToken)).body.data;
    expect(third.refreshToken).toBeDefined();

    await expectRefreshFailure(s.refreshToken, 'Token revogado.');

    // The session is gone: neither the latest token nor any access token of the session works.
    await expectRefreshFailure(third.refreshToken, 'Token revogado.');
    await expectRefreshFailure(successor.refreshToken, 'Token revogado.');
    for (const token of [s.accessToken, successor.accessToken, third.accessToken]) {
      const res = await me(token);
      expect(res.status).toBe(401);
      expect(res.body.status).toBe('error');
    }
  });

  it('revokes the session when a rotated token comes back after the grace window', async () => {
    const clock = freezeClock();
    const s = await w.login(w.salesman.email);
    const successor = (await refresh(s.refreshToken)).body.data;
    clock.move(env().REFRESH_GRACE_SECONDS + 1);
    await expectRefreshFailure(s.refreshToken, 'Token revogado.');
    // Reuse ends the session: the unused successor and its access token die with it.
    await expectRefreshFailure(successor.refreshToken, 'Token revogado.');
    expect((await me(successor.accessToken)).status).toBe(401);
  });

  it('answers Token revogado. for a refresh token past its expiry', async () => {
    const clock = freezeClock();
    const s = await w.login(w.otherSalesman.email);
    clock.move(env().REFRESH_TOKEN_TTL_SECONDS + 1);
    await expectRefreshFailure(s.refreshToken, 'Token revogado.');
  });
});

describe('malformed tokens', () => {
  it('answers Token inválido. for garbage', async () => {
    await expectRefreshFailure('garbage-that-is-no-token', 'Token inválido.');
    await expectRefreshFailure('aa.bb.cc', 'Token inválido.');
    await expectRefreshFailure('eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJyZWZyZXNoIn0.c2lnbmF0dXJl', 'Token inválido.');
  });

  it('answers Token inválido. for a tampered token and for an access token', async () => {
    const s = await w.login(w.salesman.email);
    const [header, payload, signature] = s.refreshToken.split('.') as [string, string, string];
    // Another generation in the payload, signature unchanged.
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...claims, gen: claims.gen + 5 })).toString('base64url');
    await expectRefreshFailure(`${header}.${forged}.${signature}`, 'Token inválido.');
    // One character of the signature changed.
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    await expectRefreshFailure(`${header}.${payload}.${flipped}`, 'Token inválido.');
    // An access token is not a refresh token.
    await expectRefreshFailure(s.accessToken, 'Token inválido.');
    // The genuine token still works: a forgery did not end the session.
    expect((await refresh(s.refreshToken)).status).toBe(200);
  });

  it('answers 400 for a body without a token or with one of 5 characters or fewer', async () => {
    for (const body of [{}, { refreshToken: 'a.b.c' }]) {
      const res = await call('POST', '/api/auth/refresh', { body });
      expect(res.status).toBe(400);
      expect(res.body.fields.map((f: { field: string }) => f.field)).toContain('refreshToken');
    }
  });
});

describe('failure texts of the spec', () => {
  it('answers Empresa não encontrada. when the company is inactive, and its access tokens stop working', async () => {
    const other = await makeWorld('Inativa');
    const s = await other.login(other.admin.email);
    expect((await call('GET', '/api/users', { token: s.accessToken })).status).toBe(200);
    await runAs({ tenantId: other.tenant.id }, () =>
      dynamoClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: Keys.tenant(other.tenant.id),
          UpdateExpression: 'SET active = :f',
          ExpressionAttributeValues: { ':f': false },
        }),
      ),
    );
    await expectRefreshFailure(s.refreshToken, 'Empresa não encontrada.');
    const meRes = await me(s.accessToken);
    expect(meRes.status).toBe(401);
    expect(meRes.body.message).toBe('Empresa não encontrada.');
    const list = await call('GET', '/api/users', { token: s.accessToken });
    expect(list.status).toBe(401);
    expect(list.body.message).toBe('Empresa não encontrada.');
    const login = await call('POST', '/api/login', { body: { email: other.admin.email, password: PASSWORD } });
    expect(login.status).toBe(401);
    expect(login.body.message).toBe('Empresa não encontrada.');
  });

  it('answers Perfil não encontrado. when the user profile item is deleted', async () => {
    const profileId = await putProfile(w, [{ action: 'read', subject: 'auth' }]);
    const { email } = await newUser(w, 'semperfil', profileId);
    const s = await w.login(email);
    await runAs({ tenantId: w.tenant.id }, () => dynamoClient().send(new DeleteCommand({ TableName: tableName(), Key: Keys.profile(profileId) })));
    await expectRefreshFailure(s.refreshToken, 'Perfil não encontrado.');
    expect((await me(s.accessToken)).status).toBe(401);
  });

  it('answers Perfil não encontrado. when the user item is deleted', async () => {
    const { user, email } = await newUser(w, 'semusuario');
    const s = await w.login(email);
    await runAs({ tenantId: w.tenant.id }, () => dynamoClient().send(new DeleteCommand({ TableName: tableName(), Key: Keys.user(user.id) })));
    await expectRefreshFailure(s.refreshToken, 'Perfil não encontrado.');
    const meRes = await me(s.accessToken);
    expect(meRes.status).toBe(401);
    expect(meRes.body.message).toBe('Perfil não encontrado.');
  });

  it('answers Perfil inativo. when the profile is inactive', async () => {
    const profileId = await putProfile(w, [{ action: 'read', subject: 'auth' }]);
    const { email } = await newUser(w, 'perfilinativo', profileId);
    const s = await w.login(email);
    await updateProfile(w, profileId, { active: false });
    await expectRefreshFailure(s.refreshToken, 'Perfil inativo.');
    const meRes = await me(s.accessToken);
    expect(meRes.status).toBe(401);
    expect(meRes.body.message).toBe('Perfil inativo.');
  });

  it('answers Perfil inativo. when an administrator deactivates the user', async () => {
    const { user, email } = await newUser(w, 'desativada');
    const s = await w.login(email);
    const admin = await w.login(w.admin.email);
    const del = await call('DELETE', `/api/users/${user.id}`, { token: admin.accessToken });
    expect(del.status).toBe(200);
    expect(del.body.active).toBe(false);
    await expectRefreshFailure(s.refreshToken, 'Perfil inativo.');
    expect((await me(s.accessToken)).status).toBe(401);
    const login = await call('POST', '/api/login', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(401);
  });

  it('answers Perfil sem acesso ao sistema. when the profile loses read on auth', async () => {
    const profileId = await putProfile(w, [
      { action: 'read', subject: 'auth' },
      { action: 'read', subject: 'usuarios' },
    ]);
    const { email } = await newUser(w, 'semacesso', profileId);
    const s = await w.login(email);
    expect((await call('GET', '/api/users', { token: s.accessToken })).status).toBe(200);
    await updateProfile(w, profileId, { rules: [{ action: 'read', subject: 'usuarios' }] });
    await expectRefreshFailure(s.refreshToken, 'Perfil sem acesso ao sistema.');
    // The access token of that profile stops working at once, like an inactive profile's.
    const list = await call('GET', '/api/users', { token: s.accessToken });
    expect(list.status).toBe(401);
    expect(list.body.message).toBe('Perfil sem acesso ao sistema.');
    expect((await me(s.accessToken)).status).toBe(401);
  });

  it('refuses the login of a user whose profile has no read on auth', async () => {
    const profileId = await putProfile(w, [{ action: 'read', subject: 'clientes' }]);
    const { email } = await newUser(w, 'nuncaentra', profileId);
    const res = await call('POST', '/api/login', { body: { email, password: PASSWORD } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 'error', code: 'auth.profile_no_access', message: 'Perfil sem acesso ao sistema.' });
  });
});
