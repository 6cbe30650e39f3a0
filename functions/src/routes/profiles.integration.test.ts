import { Messages } from '@ev/shared/messages';
import { PRESETS } from '@ev/shared/permissions';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { makeWorld, tokensFor, type World } from '../testing/world';

const DENIED = 'Você não tem permissão para acessar esses dados. Se isso se tratar de um erro entre em contato com a gerência.';

const api = checkedCall;

let a: World;
let b: World;
const tokens = {} as Record<'admin' | 'supervisor' | 'salesman' | 'employee' | 'adminB', string>;

beforeAll(async () => {
  [a, b] = await Promise.all([makeWorld('PerfisA'), makeWorld('PerfisB')]);
  Object.assign(tokens, await tokensFor({ admin: [a, a.admin], supervisor: [a, a.supervisor], salesman: [a, a.salesman], employee: [a, a.employee], adminB: [b, b.admin] }));
});

/** Every page of GET /api/profiles, with no profile twice. */
async function listAll(token: string, params: Record<string, string | number> = {}) {
  const limit = Number(params.limit ?? 100);
  const items: { id: string; name: string }[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 20; pages++) {
    const q = new URLSearchParams({ ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])), limit: String(limit), ...(cursor ? { cursor } : {}) });
    const res = await api('GET', `/api/profiles?${q}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(limit);
    items.push(...res.body.items);
    if (!res.body.nextCursor) {
      expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
      return items;
    }
    cursor = res.body.nextCursor;
  }
  throw new Error('too many pages');
}

describe('GET /api/profiles', () => {
  it('lists the four preset profiles of the company to an administrator', async () => {
    const res = await api('GET', '/api/profiles', { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.items.map((p: { name: string }) => p.name)).toEqual(['Administrador', 'Funcionário', 'Gerente', 'Vendedor']);
    expect(res.body.items.map((p: { id: string }) => p.id).sort()).toEqual(Object.values(a.profiles).map((p) => p.id).sort());
    for (const p of res.body.items) {
      expect(Object.keys(p).sort()).toEqual(['active', 'createdAt', 'financialReleaseAuthorizer', 'id', 'name', 'preset', 'rules', 'updatedAt', 'version']);
      expect(p.active).toBe(true);
    }
    // The other company has its own four.
    const other = await listAll(tokens.adminB);
    expect(other.map((p) => p.id).sort()).toEqual(Object.values(b.profiles).map((p) => p.id).sort());
  });

  it('searches by the beginning of a name word, ignoring accents and case', async () => {
    expect((await listAll(tokens.admin, { q: 'vend' })).map((p) => p.name)).toEqual(['Vendedor']);
    expect((await listAll(tokens.admin, { q: 'FUNC' })).map((p) => p.name)).toEqual(['Funcionário']);
    expect((await listAll(tokens.admin, { q: 'funcionário' })).map((p) => p.name)).toEqual(['Funcionário']);
    expect(await listAll(tokens.admin, { q: 'rente' })).toEqual([]);
  });

  it('walks every profile exactly once with a small limit through nextCursor', async () => {
    for (const limit of [1, 2, 3]) {
      const items = await listAll(tokens.admin, { limit });
      expect(items.map((p) => p.name), `limit ${limit}`).toEqual(['Administrador', 'Funcionário', 'Gerente', 'Vendedor']);
    }
  });

  it('refuses a cursor from another query, user or company, or a tampered one', async () => {
    const first = await api('GET', '/api/profiles?limit=1', { token: tokens.admin });
    const cursor = first.body.nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    expect((await api('GET', `/api/profiles?limit=1&cursor=${encodeURIComponent(cursor)}`, { token: tokens.admin })).status).toBe(200);
    const [payload, sig] = cursor.split('.') as [string, string];
    const attempts: [string, string][] = [
      [tokens.admin, `/api/profiles?limit=1&q=a&cursor=${encodeURIComponent(cursor)}`],
      [tokens.adminB, `/api/profiles?limit=1&cursor=${encodeURIComponent(cursor)}`],
      [tokens.admin, `/api/profiles?limit=1&cursor=${encodeURIComponent(`${payload}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)}`],
      [tokens.admin, '/api/profiles?limit=1&cursor=lixo'],
    ];
    for (const [token, path] of attempts) {
      const res = await api('GET', path, { token });
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({ code: 'cursor.invalid', message: Messages.invalidCursor });
    }
  });

  it('bounds limit and the search text', async () => {
    for (const limit of ['101', '0']) {
      const res = await api('GET', `/api/profiles?limit=${limit}`, { token: tokens.admin });
      expect(res.status).toBe(400);
      expect(res.body.fields.map((f: { field: string }) => f.field)).toEqual(['limit']);
    }
    expect((await api('GET', `/api/profiles?q=${'a'.repeat(10_000)}`, { token: tokens.admin })).status).toBe(400);
  });

  it("answers 403 with the spec's text to a salesman, a supervisor and an employee", async () => {
    for (const token of [tokens.salesman, tokens.supervisor, tokens.employee]) {
      const res = await api('GET', '/api/profiles', { token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'forbidden', message: DENIED });
    }
  });

  it('is 401 without a token', async () => {
    expect((await api('GET', '/api/profiles')).status).toBe(401);
  });
});

describe('GET /api/profiles/{id}', () => {
  it('answers one profile with its rules', async () => {
    const res = await api('GET', `/api/profiles/${a.profiles.salesman.id}`, { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a.profiles.salesman.id, name: 'Vendedor', preset: 'salesman', active: true, version: 1 });
    expect(res.body.rules).toEqual(PRESETS.salesman.rules);
    const admin = await api('GET', `/api/profiles/${a.profiles.administrator.id}`, { token: tokens.admin });
    expect(admin.body.rules).toEqual([{ action: 'manage', subject: 'all' }]);
    for (const k of ['pk', 'sk', 'type', 'refCount']) expect(res.body).not.toHaveProperty(k);
  });

  it('answers 404 for a profile of another company', async () => {
    for (const [token, id] of [
      [tokens.admin, b.profiles.administrator.id],
      [tokens.admin, b.profiles.salesman.id],
      [tokens.adminB, a.profiles.salesman.id],
    ] as const) {
      const res = await api('GET', `/api/profiles/${id}`, { token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found', message: Messages.notFound });
    }
    // A record of another kind in the same company is not a profile either.
    expect((await api('GET', `/api/profiles/${a.salesman.id}`, { token: tokens.admin })).status).toBe(404);
  });

  it("answers 403 to a salesman, and a non-UUID id with the spec's text", async () => {
    const denied = await api('GET', `/api/profiles/${a.profiles.salesman.id}`, { token: tokens.salesman });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(DENIED);
    const bad = await api('GET', '/api/profiles/abc', { token: tokens.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('O parâmetro passado não é um identificador válido.');
  });
});
