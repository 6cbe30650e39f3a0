import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timestamp } from '@ev/core/clock';
import { runAs } from '@ev/core/context';
import { Keys } from '@ev/core/db/keys';
import { transact, Tx } from '@ev/core/db/tx';
import { newId } from '@ev/core/ids';
import { Ports } from '@ev/core/ports';
import { CachedCepLookup, CEP_NOT_FOUND, ViaCepLookup } from '@ev/core/ports/cep';
import { Provisioning } from '@ev/core/provisioning/index';
import { call, makeWorld, PASSWORD, type World } from '../testing/world';

/**
 * GET /api/cep/{cep} through the app, with the CEP port pointed at a local server that plays
 * ViaCEP. The cache is platform-wide and shared by the run's files: each case uses its own CEPs.
 */
const replies = new Map<string, { status: number; body: unknown }>();
const hits = new Map<string, number>();
let server: http.Server;
let w: World;
const tokens = {} as Record<'admin' | 'salesman' | 'employee' | 'noAddresses', string>;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const cep = /^\/ws\/([^/]+)\/json\/$/.exec(req.url ?? '')?.[1] ?? '';
    hits.set(cep, (hits.get(cep) ?? 0) + 1);
    const reply = replies.get(cep) ?? { status: 200, body: { erro: true } };
    res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Ports.set({ cep: new CachedCepLookup(new ViaCepLookup({ baseUrl, timeoutMs: 2000 })) });

  w = await makeWorld('Cep');
  const noAddresses = await userWithoutAddresses(w);
  const logins = await Promise.all([w.login(w.admin.email), w.login(w.salesman.email), w.login(w.employee.email), w.login(noAddresses)]);
  [tokens.admin, tokens.salesman, tokens.employee, tokens.noAddresses] = logins.map((l) => l.accessToken) as [string, string, string, string];
});

afterAll(async () => {
  Ports.reset();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A user whose profile reads clients but not their addresses: the route's subject is `endereços`. */
async function userWithoutAddresses(world: World): Promise<string> {
  const profileId = newId();
  const now = timestamp();
  await runAs({ tenantId: world.tenant.id }, () =>
    transact([
      Tx.putNew({
        ...Keys.profile(profileId),
        type: 'profile',
        id: profileId,
        name: 'Sem endereços',
        preset: null,
        active: true,
        rules: [{ action: 'read', subject: 'auth' }, { action: 'read', subject: 'usuarios' }, { action: 'read', subject: 'clientes' }],
        createdAt: now,
        updatedAt: now,
        version: 1,
      }),
    ]),
  );
  const user = await Provisioning.addUser(world.tenant.id, { email: `sem-enderecos@${world.domain}`, password: PASSWORD, name: 'Sílvia Sem Endereços', profileId });
  return user.email;
}

let seq = 0;
const block = String(Math.floor(Math.random() * 9000) + 1000);
/** A fresh 8-digit CEP for one case, in a range the demo and the other files do not use. */
function freshCep(): string {
  seq += 1;
  return `8${block}${String(seq).padStart(3, '0')}`;
}
const masked = (cep: string) => `${cep.slice(0, 5)}-${cep.slice(5)}`;

function found(cep: string) {
  replies.set(cep, {
    status: 200,
    body: { cep: masked(cep), logradouro: 'Rua Batista de Carvalho', complemento: '', bairro: 'Centro', localidade: 'Bauru', uf: 'SP', ibge: '3506003', ddd: '14' },
  });
}

describe('GET /api/cep/{cep}', () => {
  it('answers the address, with or without the dash, asking ViaCEP once', async () => {
    const cep = freshCep();
    found(cep);
    const expected = { cep, street: 'Rua Batista de Carvalho', neighborhood: 'Centro', city: 'Bauru', state: 'SP', complement: '', ibge: '3506003' };
    const first = await call('GET', `/api/cep/${masked(cep)}`, { token: tokens.salesman });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual(expected);
    const second = await call('GET', `/api/cep/${cep}`, { token: tokens.employee });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(expected);
    expect(hits.get(cep)).toBe(1);
  });

  it('is 404 cep.not_found with the Portuguese text for an unknown CEP', async () => {
    const cep = freshCep();
    const res = await call('GET', `/api/cep/${cep}`, { token: tokens.admin });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 'error', code: 'cep.not_found', message: CEP_NOT_FOUND });
    expect(res.body.message).toBe('CEP não encontrado. Verifique o CEP digitado e tente novamente.');
  });

  it('is 400 on the field cep for what is not 8 digits, without calling ViaCEP', async () => {
    const before = [...hits.values()].reduce((s, n) => s + n, 0);
    for (const bad of ['1701200', '170120000', '17012-00', 'abcde-fgh', '17.012-000', '17012--000']) {
      const res = await call('GET', `/api/cep/${encodeURIComponent(bad)}`, { token: tokens.admin });
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ status: 'error', code: 'validation', message: CEP_NOT_FOUND });
      expect(res.body.fields).toEqual([{ field: 'cep', message: CEP_NOT_FOUND }]);
    }
    expect([...hits.values()].reduce((s, n) => s + n, 0)).toBe(before);
  });

  it('is 401 without a token', async () => {
    const res = await call('GET', `/api/cep/${freshCep()}`);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('auth.unauthenticated');
  });

  it('is 403 for a profile without read on endereços', async () => {
    const cep = freshCep();
    found(cep);
    const res = await call('GET', `/api/cep/${cep}`, { token: tokens.noAddresses });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
    expect(hits.get(cep)).toBeUndefined();
  });

  it('is documented with its permission', async () => {
    const doc = (await call('GET', '/api/openapi.json')).body;
    expect(doc.paths['/cep/{cep}'].get['x-permission']).toBe('read endereços');
  });
});
