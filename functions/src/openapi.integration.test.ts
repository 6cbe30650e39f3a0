import { SandboxProcessor } from '@ev/core/ports/payments';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAs } from '@ev/core/context';
import { Logs } from '@ev/core/logs';
import { Ports } from '@ev/core/ports';
import type { LocalQueue } from '@ev/core/ports/local-queue';
import { DEMO_CEPS, seedDemoCeps } from '@ev/core/ports/cep-demo';
import { REGISTRIES } from '@ev/shared/registries/index';
import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { createApp } from './app';
import { jobsCrossTenantCases } from './testing/jobs';
import { signatureOf } from '@ev/core/messages/webhook';
import { derivedSecret } from '@ev/core/secrets';
import { sampleInput } from './testing/registries';
import { deliveryToken, forged, receiptSale } from './testing/delivery';
import { salesCompany } from './testing/sales';
import { call, makeWorld, PASSWORD, type World } from './testing/world';
import { cpfDigits } from './testing/documents';

/**
 * ARCHITECTURE invariant 1: every operation of the API has a case proving that one company's user
 * cannot read or change another company's data, and every route is in the OpenAPI document.
 * A new route without a case here fails this file.
 */
let a: World;
let b: World;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  [a, b] = await Promise.all([makeWorld('Alfa'), makeWorld('Beta')]);
  tokenA = (await a.login(a.admin.email)).accessToken;
  tokenB = (await b.login(b.admin.email)).accessToken;
});

type Case = () => Promise<void>;

const cases: Record<string, Case> = {
  'GET /health': async () => {
    const res = await call('GET', '/api/health', { token: tokenB });
    expect(Object.keys(res.body).sort()).toEqual(['checks', 'status', 'time']);
  },
  'GET /openapi.json': async () => {
    const res = await call('GET', '/api/openapi.json', { token: tokenB });
    expect(JSON.stringify(res.body)).not.toContain(a.tenant.id);
  },
  'POST /login': async () => {
    // A's e-mail with B's password opens nothing; B's login answers B's company.
    expect((await call('POST', '/api/login', { body: { email: a.admin.email, password: 'senha-de-b-999' } })).status).toBe(401);
    const res = await call('POST', '/api/login', { body: { email: b.admin.email, password: PASSWORD } });
    expect(res.body.data.company.id).toBe(b.tenant.id);
  },
  'POST /auth/refresh': async () => {
    const { refreshToken } = await a.login(a.salesman.email);
    const res = await call('POST', '/api/auth/refresh', { body: { refreshToken }, token: tokenB });
    expect(res.body.data.company.id).toBe(a.tenant.id);
    expect(res.body.data.user.id).toBe(a.salesman.id);
  },
  'POST /auth/logout': async () => {
    // B's access token with A's refresh token ends B's session only.
    const sessionA = await a.login(a.supervisor.email);
    const sessionB = await b.login(b.supervisor.email);
    await call('POST', '/api/auth/logout', { token: sessionB.accessToken, body: { refreshToken: sessionA.refreshToken } });
    expect((await call('GET', '/api/auth/me', { token: sessionA.accessToken })).status).toBe(200);
    expect((await call('GET', '/api/auth/me', { token: sessionB.accessToken })).status).toBe(401);
  },
  'GET /auth/me': async () => {
    const res = await call('GET', '/api/auth/me', { token: tokenB });
    expect(res.body.data.company.id).toBe(b.tenant.id);
  },
  'POST /auth/password': async () => {
    const s = await b.login(b.employee.email);
    const res = await call('POST', '/api/auth/password', {
      token: s.accessToken,
      body: { currentPassword: PASSWORD, newPassword: 'outra-senha-456', confirmation: 'outra-senha-456' },
    });
    expect(res.status).toBe(200);
    // A's user with the same name and password is untouched.
    expect((await call('POST', '/api/login', { body: { email: a.employee.email, password: PASSWORD } })).status).toBe(200);
  },
  'POST /auth/forgot-password': async () => {
    const known = await call('POST', '/api/auth/forgot-password', { token: tokenB, body: { email: a.admin.email } });
    const unknown = await call('POST', '/api/auth/forgot-password', { token: tokenB, body: { email: `ninguem@${b.domain}` } });
    expect(known.body).toEqual(unknown.body);
    // A's current password keeps working.
    expect((await call('POST', '/api/login', { body: { email: a.admin.email, password: PASSWORD } })).status).toBe(200);
  },
  'GET /auth/sessions': async () => {
    // B's user sees B's own sessions only: A's administrator's session is nowhere.
    const mine = await call('GET', '/api/auth/sessions', { token: tokenA });
    const ids = mine.body.items.map((x: { id: string }) => x.id);
    const res = await call('GET', '/api/auth/sessions', { token: tokenB });
    expect(res.status).toBe(200);
    for (const id of ids) expect(res.text).not.toContain(id);
  },
  'POST /auth/sessions/end-others': async () => {
    // B's administrator ending its other sessions leaves A's sessions working.
    const s = await b.login(b.admin.email);
    expect((await call('POST', '/api/auth/sessions/end-others', { token: s.accessToken })).status).toBe(200);
    expect((await call('GET', '/api/auth/me', { token: tokenA })).status).toBe(200);
    tokenB = s.accessToken;
  },
  'PUT /auth/me/language': async () => {
    // Only the signed-in user's own language changes: A's user of the same role keeps its own.
    const s = await b.login(b.supervisor.email);
    const res = await call('PUT', '/api/auth/me/language', { token: s.accessToken, body: { language: 'en' } });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(b.supervisor.id);
    expect((await call('GET', `/api/users/${a.supervisor.id}`, { token: tokenA })).body.language ?? null).toBeNull();
  },
  'PUT /auth/me/profile': async () => {
    // Only the signed-in user's own record changes: A's user of the same name keeps its nickname.
    const s = await b.login(b.supervisor.email);
    const own = (await call('GET', `/api/users/${b.supervisor.id}`, { token: tokenB })).body;
    const mine = (await call('GET', `/api/users/${a.supervisor.id}`, { token: tokenA })).body;
    const res = await call('PUT', '/api/auth/me/profile', { token: s.accessToken, body: { nickname: 'Outro B', version: own.version } });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(b.supervisor.id);
    expect((await call('GET', `/api/users/${a.supervisor.id}`, { token: tokenA })).body.nickname).toBe(mine.nickname);
  },
  'POST /auth/me/avatar': async () => {
    // B's photo is B's: it changes B's own user, never A's.
    const own = (await call('GET', `/api/users/${b.admin.id}`, { token: tokenB })).body;
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
    const res = await call('POST', '/api/auth/me/avatar', { token: tokenB, body: { image: `data:image/png;base64,${png}`, version: own.version } });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(b.admin.id);
    expect(res.body.avatar).toContain(`/api/avatars/${b.tenant.id}/`);
  },
  'GET /avatars/{tenantId}/{userId}/{file}': async () => {
    const own = (await call('GET', `/api/users/${a.admin.id}`, { token: tokenA })).body;
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
    const res = await call('POST', '/api/auth/me/avatar', { token: tokenA, body: { image: `data:image/png;base64,${png}`, version: own.version } });
    const file = String(res.body.avatar).split('/').pop();
    expect((await call('GET', `/api/avatars/${b.tenant.id}/${a.admin.id}/${file}`)).status).toBe(404);
  },
  'POST /auth/branch': async () => {
    const res = await call('POST', '/api/auth/branch', { token: tokenB, body: { branchId: a.branches[0]!.id } });
    expect(res.status).toBe(400);
  },
  'POST /auth/register': async () => {
    const res = await call('POST', '/api/auth/register', {
      token: tokenB,
      body: { email: `x1@${b.domain}`, password: PASSWORD, name: 'Intrusa', profileId: a.profiles.administrator.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f: { field: string }) => f.field)).toContain('profileId');
  },
  'GET /users': async () => {
    const res = await call('GET', '/api/users?limit=100', { token: tokenB });
    const ids = res.body.items.map((u: { id: string }) => u.id);
    expect(ids).toContain(b.admin.id);
    for (const u of [a.admin, a.supervisor, a.salesman, a.employee]) expect(ids).not.toContain(u.id);
    const search = await call('GET', `/api/users?q=${encodeURIComponent(a.domain)}`, { token: tokenB });
    expect(search.body.items).toEqual([]);
  },
  'GET /users/{id}': async () => {
    expect((await call('GET', `/api/users/${a.salesman.id}`, { token: tokenB })).status).toBe(404);
  },
  'POST /users': async () => {
    const res = await call('POST', '/api/users', {
      token: tokenB,
      body: { email: `x2@${b.domain}`, password: PASSWORD, name: 'Intrusa', profileId: b.profiles.salesman.id, supervisorId: a.supervisor.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f: { field: string }) => f.field)).toContain('supervisorId');
  },
  'PUT /users/{id}': async () => {
    const res = await call('PUT', `/api/users/${a.salesman.id}`, {
      token: tokenB,
      body: { email: a.salesman.email, name: 'Trocado', profileId: b.profiles.salesman.id, version: 1 },
    });
    expect(res.status).toBe(404);
    const still = await call('GET', `/api/users/${a.salesman.id}`, { token: tokenA });
    expect(still.body.name).toBe('Vera Vendedora');
  },
  'DELETE /users/{id}': async () => {
    expect((await call('DELETE', `/api/users/${a.otherSalesman.id}`, { token: tokenB })).status).toBe(404);
    const still = await call('GET', `/api/users/${a.otherSalesman.id}`, { token: tokenA });
    expect(still.body.active).toBe(true);
  },
  'GET /users/{id}/history': async () => {
    expect((await call('GET', `/api/users/${a.salesman.id}/history`, { token: tokenB })).status).toBe(404);
    expect((await call('GET', `/api/users/${a.salesman.id}/history`, { token: tokenA })).status).toBe(200);
  },
  'POST /users/{id}/reactivate': async () => {
    // A's deactivated user stays deactivated when B's administrator asks.
    const made = await call('POST', '/api/users', { token: tokenA, body: { email: `reativar-${Date.now()}@${a.domain}`, password: PASSWORD, name: 'Reativar A', profileId: a.profiles.salesman.id } });
    expect((await call('DELETE', `/api/users/${made.body.id}`, { token: tokenA })).status).toBe(200);
    expect((await call('POST', `/api/users/${made.body.id}/reactivate`, { token: tokenB })).status).toBe(404);
    expect((await call('GET', `/api/users/${made.body.id}`, { token: tokenA })).body.active).toBe(false);
  },
  'POST /users/{id}/reset-password': async () => {
    expect((await call('POST', `/api/users/${a.employee.id}/reset-password`, { token: tokenB })).status).toBe(404);
    // A's password still works: nothing was reset.
    expect((await call('POST', '/api/login', { body: { email: a.employee.email, password: PASSWORD } })).status).toBe(200);
  },
  'GET /profiles': async () => {
    const res = await call('GET', '/api/profiles', { token: tokenB });
    const ids = res.body.items.map((p: { id: string }) => p.id);
    expect(ids).toContain(b.profiles.administrator.id);
    expect(ids).not.toContain(a.profiles.administrator.id);
  },
  'GET /logs': async () => {
    // A's administrator leaves audit entries (a user changed); B's administrator reads none of them.
    const marker = `Apelido ${Date.now()}`;
    const user = (await call('GET', `/api/users/${a.salesman.id}`, { token: tokenA })).body;
    expect((await call('PUT', `/api/users/${a.salesman.id}`, { token: tokenA, body: { ...user, nickname: marker } })).status).toBe(200);
    await Logs.flush();
    const mine = await call('GET', '/api/logs?limit=100', { token: tokenA });
    expect(mine.text).toContain(a.salesman.id);
    const res = await call('GET', '/api/logs?limit=100', { token: tokenB });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(a.salesman.id);
    expect(res.text).not.toContain(a.tenant.id);
  },
  'POST /profiles': async () => {
    // A profile made by B lives in B: A never lists it.
    const res = await call('POST', '/api/profiles', { token: tokenB, body: { name: `Perfil B ${Date.now()}`, preset: 'employee' } });
    expect(res.status).toBe(201);
    expect((await call('GET', `/api/profiles/${res.body.id}`, { token: tokenA })).status).toBe(404);
  },
  'PUT /profiles/{id}': async () => {
    expect((await call('PUT', `/api/profiles/${a.profiles.employee.id}`, { token: tokenB, body: { name: 'Intruso', rules: [], version: 1 } })).status).toBe(404);
  },
  'POST /profiles/{id}/copy': async () => {
    expect((await call('POST', `/api/profiles/${a.profiles.manager.id}/copy`, { token: tokenB, body: { name: 'Cópia intrusa' } })).status).toBe(404);
  },
  'POST /profiles/{id}/deactivate': async () => {
    expect((await call('POST', `/api/profiles/${a.profiles.manager.id}/deactivate`, { token: tokenB, body: { version: 1 } })).status).toBe(404);
  },
  'POST /profiles/{id}/activate': async () => {
    expect((await call('POST', `/api/profiles/${a.profiles.manager.id}/activate`, { token: tokenB, body: { version: 1 } })).status).toBe(404);
  },
  'GET /profiles/{id}/history': async () => {
    expect((await call('GET', `/api/profiles/${a.profiles.manager.id}/history`, { token: tokenB })).status).toBe(404);
  },
  'GET /company': async () => {
    const res = await call('GET', '/api/company', { token: tokenB });
    expect(res.body.id).toBe(b.tenant.id);
    expect(res.text).not.toContain(a.tenant.id);
  },
  'PUT /company': async () => {
    // B's administrator saving its company changes B's only.
    const mine = (await call('GET', '/api/company', { token: tokenA })).body;
    const theirs = (await call('GET', '/api/company', { token: tokenB })).body;
    const res = await call('PUT', '/api/company', { token: tokenB, body: { ...theirs, nickname: 'Beta Alterada' } });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(b.tenant.id);
    expect((await call('GET', '/api/company', { token: tokenA })).body).toMatchObject({ nickname: mine.nickname, version: mine.version });
  },
  'GET /company/history': async () => {
    // A's change is in A's history only.
    const marker = `Alfa ${Date.now()}`;
    const mine = (await call('GET', '/api/company', { token: tokenA })).body;
    expect((await call('PUT', '/api/company', { token: tokenA, body: { ...mine, nickname: marker } })).status).toBe(200);
    await Logs.flush();
    expect((await call('GET', '/api/company/history', { token: tokenA })).text).toContain(marker);
    const res = await call('GET', '/api/company/history', { token: tokenB });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(marker);
  },
  'GET /branches': async () => {
    const res = await call('GET', '/api/branches?limit=100', { token: tokenB });
    const ids = res.body.items.map((x: { id: string }) => x.id);
    expect(ids).toContain(b.branches[0]!.id);
    for (const branch of a.branches) expect(ids).not.toContain(branch.id);
  },
  'GET /branches/{id}': async () => {
    expect((await call('GET', `/api/branches/${a.branches[0]!.id}`, { token: tokenB })).status).toBe(404);
  },
  'POST /branches': async () => {
    // Names are unique per company: B takes a name A already has, in its own company.
    const name = `Filial Só de A ${Date.now()}`;
    expect((await call('POST', '/api/branches', { token: tokenA, body: { name } })).status).toBe(201);
    const res = await call('POST', '/api/branches', { token: tokenB, body: { name } });
    expect(res.status).toBe(201);
    const mine = (await call('GET', '/api/branches?limit=100', { token: tokenA })).body.items.filter((x: { name: string }) => x.name === name);
    expect(mine).toHaveLength(1);
  },
  'PUT /branches/{id}': async () => {
    const mine = (await call('GET', `/api/branches/${a.branches[1]!.id}`, { token: tokenA })).body;
    expect((await call('PUT', `/api/branches/${mine.id}`, { token: tokenB, body: { ...mine, name: 'Trocada por B' } })).status).toBe(404);
    expect((await call('GET', `/api/branches/${mine.id}`, { token: tokenA })).body).toMatchObject({ name: mine.name, version: mine.version });
  },
  'POST /branches/{id}/deactivate': async () => {
    const mine = (await call('GET', `/api/branches/${a.branches[1]!.id}`, { token: tokenA })).body;
    expect((await call('POST', `/api/branches/${mine.id}/deactivate`, { token: tokenB, body: { version: mine.version } })).status).toBe(404);
    expect((await call('GET', `/api/branches/${mine.id}`, { token: tokenA })).body.active).toBe(true);
  },
  'POST /branches/{id}/activate': async () => {
    const mine = (await call('GET', `/api/branches/${a.branches[1]!.id}`, { token: tokenA })).body;
    expect((await call('POST', `/api/branches/${mine.id}/activate`, { token: tokenB, body: { version: mine.version } })).status).toBe(404);
    expect((await call('GET', `/api/branches/${mine.id}`, { token: tokenA })).body.version).toBe(mine.version);
  },
  'GET /branches/{id}/history': async () => {
    expect((await call('GET', `/api/branches/${a.branches[0]!.id}/history`, { token: tokenB })).status).toBe(404);
    expect((await call('GET', `/api/branches/${a.branches[0]!.id}/history`, { token: tokenA })).status).toBe(200);
  },
  'GET /profiles/{id}': async () => {
    expect((await call('GET', `/api/profiles/${a.profiles.salesman.id}`, { token: tokenB })).status).toBe(404);
  },
  'GET /files/{key}': async () => {
    const keyA = `t/${a.tenant.id}/exports/relatorio.csv`;
    await runAs({ tenantId: a.tenant.id }, () => Ports.files().put(keyA, 'segredo;de;A', 'text/csv'));
    const url = new URL(await Ports.files().signedUrl(keyA, { method: 'GET', expiresInSeconds: 60 }));
    // The same signature on B's key, or A's key with B's session but no signature, is refused.
    const keyB = encodeURIComponent(`t/${b.tenant.id}/exports/relatorio.csv`);
    expect((await call('GET', `/api/files/${keyB}${url.search}`, { token: tokenB })).status).toBe(403);
    expect((await call('GET', `/api/files/${encodeURIComponent(keyA)}`, { token: tokenB })).status).toBe(400);
  },
  'PUT /files/{key}': async () => {
    const keyA = `t/${a.tenant.id}/uploads/x.txt`;
    const url = new URL(await Ports.files().signedUrl(`t/${b.tenant.id}/uploads/x.txt`, { method: 'PUT', expiresInSeconds: 60 }));
    const res = await call('PUT', `/api/files/${encodeURIComponent(keyA)}${url.search}`, { token: tokenB, body: 'sobrescrever' });
    expect(res.status).toBe(403);
    expect(await Ports.files().get(keyA)).toBeUndefined();
  },
  'GET /cep/{cep}': async () => {
    // Addresses are public and cached for the whole platform (from the demo seed: no call out):
    // both companies get the same answer, and it carries nothing of either company.
    await seedDemoCeps();
    const demo = DEMO_CEPS[0]!;
    const resA = await call('GET', `/api/cep/${demo.cep}`, { token: tokenA });
    const resB = await call('GET', `/api/cep/${demo.cep}`, { token: tokenB });
    expect(resB.status).toBe(200);
    expect(resB.body).toEqual(resA.body);
    expect(resB.body).toEqual(demo);
    expect(resB.text).not.toContain(a.tenant.id);
    expect(resB.text).not.toContain(b.tenant.id);
  },
};

// Jobs, exports and imports (docs/jobs.md): a job is its user's alone; a company's export reads its own rows.
// The operator's area (docs/admin.md): a company's administrator (B's) is no operator: refused on
// every admin route (403), A's company unchanged; the sign-in with B's credentials opens nothing.
const adminOperations: [string, string, unknown][] = [
  ['POST', '/admin/logout', undefined],
  ['GET', '/admin/me', undefined],
  ['GET', '/admin/servers', undefined],
  ['GET', '/admin/companies', undefined],
  ['POST', '/admin/companies', { name: 'Tomada por B', branch: { name: 'Matriz' }, admin: { name: 'B', email: 'b@tomada.test', password: 'senha-forte-999' } }],
  ['GET', '/admin/companies/{id}', undefined],
  ['PUT', '/admin/companies/{id}', { name: 'Alterada por B', version: 1 }],
  ['POST', '/admin/companies/{id}/suspend', { version: 1 }],
  ['POST', '/admin/companies/{id}/reactivate', { version: 1 }],
  ['POST', '/admin/companies/{id}/data', {}],
  ['POST', '/admin/companies/{id}/erase', { version: 1 }],
  ['POST', '/admin/companies/{id}/archive', {}],
  ['GET', '/admin/archives/{id}', undefined],
  ['POST', '/admin/companies/{id}/clients/{clientId}/export', {}],
  ['POST', '/admin/companies/{id}/clients/{clientId}/anonymise', { reason: 'Pedido do titular' }],
  ['POST', '/admin/companies/{id}/erase/cancel', { version: 1 }],
  ['POST', '/admin/compare', { sourceId: '{id}', targetId: '{other}' }],
  ['POST', '/admin/copy', { sourceId: '{id}', targetId: '{other}', items: [{ section: 'profiles', key: 'administrador' }] }],
  ['GET', '/admin/log', undefined],
];
for (const [method, path, body] of adminOperations) {
  cases[`${method} ${path}`] = async () => {
    const filled = body && JSON.parse(JSON.stringify(body).replaceAll('{id}', a.tenant.id).replaceAll('{other}', b.tenant.id));
    const res = await call(method, `/api${path.replace('{id}', a.tenant.id).replace('{clientId}', a.tenant.id)}`, { token: tokenB, body: filled });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('admin.not_operator');
    expect((await call('GET', '/api/company', { token: tokenA })).body).toMatchObject({ id: a.tenant.id, name: a.tenant.name });
    expect((await call('GET', '/api/auth/me', { token: tokenA })).status).toBe(200);
  };
}
cases['POST /admin/login'] = async () => {
  expect((await call('POST', '/api/admin/login', { body: { email: b.admin.email, password: PASSWORD } })).status).toBe(401);
};

Object.assign(cases, jobsCrossTenantCases(() => ({ a: { tenantId: a.tenant.id, token: tokenA }, b: { tenantId: b.tenant.id, token: tokenB } })));

/** A client of company A, made once (companies require a birth date by default). */
let clientA: Promise<{ id: string; name: string; document: string }> | undefined;
function clientOfA() {
  clientA ??= call('POST', '/api/clients', {
    token: tokenA,
    body: { name: 'Mercearia Exclusiva Alfa', document: '11.222.333/0001-81', phone1: '14991110001', birthDate: '2001-02-03' },
  }).then((res) => {
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; name: string; document: string };
  });
  return clientA;
}
async function clientUnchangedInA() {
  const mine = await clientOfA();
  const res = await call('GET', `/api/clients/${mine.id}`, { token: tokenA });
  expect(res.body).toMatchObject({ name: mine.name, version: 1 });
}
cases['GET /clients'] = async () => {
  const mine = await clientOfA();
  const list = await call('GET', '/api/clients?limit=100', { token: tokenB });
  expect(list.status).toBe(200);
  expect(list.body.items.map((c: { id: string }) => c.id)).not.toContain(mine.id);
  for (const q of ['exclusiva', '11222333', '14991110001']) {
    expect((await call('GET', `/api/clients?q=${q}`, { token: tokenB })).body.items).toEqual([]);
  }
};
cases['GET /clients/{id}'] = async () => {
  const mine = await clientOfA();
  expect((await call('GET', `/api/clients/${mine.id}`, { token: tokenB })).status).toBe(404);
};
cases['POST /clients'] = async () => {
  const mine = await clientOfA();
  // The document is unique per company: B registers the same one without hearing about A's client.
  const res = await call('POST', '/api/clients', { token: tokenB, body: { name: 'Cliente de B', document: mine.document, phone1: '14991110001', birthDate: '2001-02-03' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await clientUnchangedInA();
};
cases['PUT /clients/{id}'] = async () => {
  const mine = await clientOfA();
  const res = await call('PUT', `/api/clients/${mine.id}`, { token: tokenB, body: { name: 'Trocado por B', birthDate: '2001-02-03', version: 1 } });
  expect(res.status).toBe(404);
  await clientUnchangedInA();
};
cases['POST /clients/{id}/revalidate'] = async () => {
  const mine = await clientOfA();
  expect((await call('POST', `/api/clients/${mine.id}/revalidate`, { token: tokenB })).status).toBe(404);
  await clientUnchangedInA();
};
cases['GET /clients/dashboard'] = async () => {
  await clientOfA();
  const resA = await call('GET', '/api/clients/dashboard', { token: tokenA });
  expect(resA.status).toBe(200);
  expect(resA.body.total).toBeGreaterThan(0);
  // B's figures count only B's clients: A's client (and its month) is in none of them.
  const before = await call('GET', '/api/clients/dashboard?days=30', { token: tokenB });
  expect(before.status).toBe(200);
  const created = await call('POST', '/api/clients', { token: tokenB, body: { name: 'Só de B no painel', birthDate: '2001-02-03' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const after = await call('GET', '/api/clients/dashboard?days=30', { token: tokenB });
  expect(after.body.total).toBe(before.body.total + 1);
  expect(after.body.withoutPurchase.count).toBe(before.body.withoutPurchase.count + 1);
  const clientsOfB = await call('GET', '/api/clients?limit=100', { token: tokenB });
  expect(after.body.total).toBe(clientsOfB.body.items.length);
  expect(after.body.withoutPurchase.count).toBe(clientsOfB.body.items.length);
  expect(after.text).not.toContain(a.tenant.id);
};

/** A's client with an installment and a scrap entry, made once: B must reach neither. */
let financialA: Promise<{ id: string; document: string }> | undefined;
function financialOfA() {
  financialA ??= call('POST', '/api/clients', {
    token: tokenA,
    body: { name: 'Sucataria Exclusiva Alfa', document: '529.982.247-25', birthDate: '1980-01-02' },
  }).then(async (created) => {
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const mine = created.body as { id: string; document: string };
    const put = await call('PUT', `/api/clients/${mine.id}/installments`, {
      token: tokenA,
      body: [{ document: 'NF-ALFA', installment: '1', dueDate: '2030-01-10', installmentValue: '77.77', openValue: '77.77' }],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const scrap = await call('POST', `/api/clients/${mine.id}/scrap`, { token: tokenA, body: { history: 'Sucata de A', credit: '7' } });
    expect(scrap.status, JSON.stringify(scrap.body)).toBe(201);
    return mine;
  });
  return financialA;
}
async function financialUnchangedInA() {
  const mine = await financialOfA();
  const pos = await call('GET', `/api/clients/${mine.id}/financial`, { token: tokenA });
  expect(pos.body.installments.map((i: { document: string; openValue: string }) => [i.document, i.openValue])).toEqual([['NF-ALFA', '77.77']]);
  const scrap = await call('GET', `/api/clients/${mine.id}/scrap`, { token: tokenA });
  expect(scrap.body.balance).toBe('7.000');
  expect(scrap.body.entries).toHaveLength(1);
}
cases['GET /clients/{id}/financial'] = async () => {
  const mine = await financialOfA();
  expect((await call('GET', `/api/clients/${mine.id}/financial`, { token: tokenB })).status).toBe(404);
};
cases['PUT /clients/{id}/installments'] = async () => {
  const mine = await financialOfA();
  const res = await call('PUT', `/api/clients/${mine.id}/installments`, {
    token: tokenB,
    body: [{ document: 'NF-ALFA', installment: '1', dueDate: '2030-01-10', installmentValue: '1.00', openValue: '0.00' }],
  });
  expect(res.status).toBe(404);
  await financialUnchangedInA();
};
cases['POST /clients/installments/import'] = async () => {
  const mine = await financialOfA();
  // A's client named by its document or by its id is no client of B's.
  const csv = ['Cliente;Documento;Parcela;Vencimento;Valor da parcela;Valor em aberto', `${mine.document};NF-ALFA;1;10/01/2030;1,00;0,00`, `${mine.id};NF-ALFA;1;10/01/2030;1,00;0,00`].join('\n');
  const res = await call('POST', '/api/clients/installments/import?dryRun=false', { token: tokenB, body: csv });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject({ accepted: 0, written: 0 });
  expect(res.body.rejected.map((r: { line: number }) => r.line)).toEqual([2, 3]);
  await financialUnchangedInA();
};
cases['GET /clients/{id}/scrap'] = async () => {
  const mine = await financialOfA();
  expect((await call('GET', `/api/clients/${mine.id}/scrap`, { token: tokenB })).status).toBe(404);
};
cases['GET /clients/{id}/loyalty'] = async () => {
  const mine = await financialOfA();
  const theirs = await call('GET', `/api/clients/${mine.id}/loyalty`, { token: tokenB });
  expect(theirs.status).toBe(404);
  expect((await call('GET', `/api/clients/${mine.id}/loyalty`, { token: tokenA })).status).toBe(200);
};
cases['GET /clients/loyalty-balances'] = async () => {
  // B's balances owed are B's alone: none of A's clients in them.
  const mine = await financialOfA();
  const theirs = await call('GET', '/api/clients/loyalty-balances', { token: tokenB });
  expect(theirs.status).toBe(200);
  expect(JSON.stringify(theirs.body)).not.toContain(mine.id);
};
cases['POST /clients/{id}/scrap'] = async () => {
  const mine = await financialOfA();
  expect((await call('POST', `/api/clients/${mine.id}/scrap`, { token: tokenB, body: { history: 'Intrusa', debit: '7' } })).status).toBe(404);
  await financialUnchangedInA();
};
cases['GET /clients/{id}/punctuality'] = async () => {
  const mine = await financialOfA();
  expect((await call('GET', `/api/clients/${mine.id}/punctuality`, { token: tokenB })).status).toBe(404);
};

/** A product of company A (with its own unit), made once: B neither lists, searches, reads nor changes it. */
let productA: Promise<{ id: string; ref: string; name: string; barcode: string }> | undefined;
function productOfA() {
  productA ??= call('POST', '/api/units', { token: tokenA, body: { name: 'UN Alfa' } }).then(async (unit) => {
    expect(unit.status, JSON.stringify(unit.body)).toBe(201);
    const res = await call('POST', '/api/products', { token: tokenA, body: { ref: 'ALFA-EXCL-1', name: 'Produto Exclusivo Alfa', barcode: '7891000100103', unitId: unit.body.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; ref: string; name: string; barcode: string };
  });
  return productA;
}
async function productUnchangedInA() {
  const mine = await productOfA();
  const res = await call('GET', `/api/products/${mine.id}`, { token: tokenA });
  expect(res.body).toMatchObject({ name: mine.name, version: 1 });
}
cases['GET /products'] = async () => {
  const mine = await productOfA();
  const list = await call('GET', '/api/products?limit=100', { token: tokenB });
  expect(list.status).toBe(200);
  expect(list.body.items.map((p: { id: string }) => p.id)).not.toContain(mine.id);
  for (const q of ['exclusivo', 'alfa-excl', mine.barcode]) expect((await call('GET', `/api/products?q=${q}`, { token: tokenB })).body.items).toEqual([]);
};
cases['GET /products/{id}'] = async () => {
  const mine = await productOfA();
  expect((await call('GET', `/api/products/${mine.id}`, { token: tokenB })).status).toBe(404);
};
cases['POST /products'] = async () => {
  const mine = await productOfA();
  // Reference and barcode are unique per company: B takes both; A's unit is no unit of B's.
  const units = await call('GET', '/api/units?q=alfa', { token: tokenB });
  expect(units.body.items).toEqual([]);
  const unit = await call('POST', '/api/units', { token: tokenB, body: { name: 'UN Beta' } });
  const res = await call('POST', '/api/products', { token: tokenB, body: { ref: mine.ref, name: 'Produto de B', barcode: mine.barcode, unitId: unit.body.id } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await productUnchangedInA();
};
cases['PUT /products/{id}'] = async () => {
  const mine = await productOfA();
  const unit = await call('POST', '/api/units', { token: tokenB, body: { name: 'UN Beta 2' } });
  const res = await call('PUT', `/api/products/${mine.id}`, { token: tokenB, body: { ref: 'X', name: 'Trocado por B', unitId: unit.body.id, version: 1 } });
  expect(res.status).toBe(404);
  await productUnchangedInA();
};
cases['POST /products/{id}/revalidate'] = async () => {
  const mine = await productOfA();
  expect((await call('POST', `/api/products/${mine.id}/revalidate`, { token: tokenB })).status).toBe(404);
  await productUnchangedInA();
};

/** A's product with stock in A's first branch, made once: B neither lists, reads nor moves it. */
let stockA: Promise<{ id: string }> | undefined;
function stockOfA() {
  stockA ??= productOfA().then(async (product) => {
    const res = await call('POST', '/api/inventory/movements', { token: tokenA, body: { productId: product.id, branchId: a.branches[0]!.id, kind: 'adjustment', quantity: '7', reason: 'Estoque de A' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return product;
  });
  return stockA;
}
async function stockUnchangedInA() {
  const mine = await stockOfA();
  const res = await call('GET', `/api/inventory/products/${mine.id}/balances`, { token: tokenA });
  expect(res.body.items.find((b: { branchId: string }) => b.branchId === a.branches[0]!.id)).toMatchObject({ physical: '7.0000', available: '7.0000' });
}
cases['GET /inventory'] = async () => {
  const mine = await stockOfA();
  const res = await call('GET', '/api/inventory?limit=100&grouping=branch', { token: tokenB });
  expect(res.status).toBe(200);
  expect(res.body.items.map((i: { productId: string }) => i.productId)).not.toContain(mine.id);
  expect(res.body.branchIds).not.toContain(a.branches[0]!.id);
  expect((await call('GET', `/api/inventory?branchIds=${a.branches[0]!.id}`, { token: tokenB })).status).toBe(400);
};
cases['POST /inventory/movements'] = async () => {
  const mine = await stockOfA();
  const inA = await call('POST', '/api/inventory/movements', { token: tokenB, body: { productId: mine.id, branchId: a.branches[0]!.id, kind: 'adjustment', quantity: '-7', reason: 'Intrusão' } });
  expect(inA.status).toBe(400);
  const inB = await call('POST', '/api/inventory/movements', { token: tokenB, body: { productId: mine.id, branchId: b.branches[0]!.id, kind: 'adjustment', quantity: '5', reason: 'Intrusão' } });
  expect(inB.status).toBe(400);
  expect(inB.body.fields.map((f: { field: string }) => f.field)).toEqual(['productId']);
  await stockUnchangedInA();
};
cases['GET /inventory/products/{productId}/movements'] = async () => {
  const mine = await stockOfA();
  expect((await call('GET', `/api/inventory/products/${mine.id}/movements`, { token: tokenB })).status).toBe(404);
};
cases['GET /inventory/products/{productId}/balances'] = async () => {
  const mine = await stockOfA();
  expect((await call('GET', `/api/inventory/products/${mine.id}/balances`, { token: tokenB })).status).toBe(404);
  await stockUnchangedInA();
};

/** A's price table with a price for A's product, and A's client pointing to the table, made once: B reaches none of it. */
let pricedA: Promise<{ product: { id: string }; tableId: string; clientId: string }> | undefined;
function pricedOfA() {
  pricedA ??= productOfA().then(async (product) => {
    const table = await call('POST', '/api/price-tables', { token: tokenA, body: { name: 'Tabela Exclusiva Alfa' } });
    expect(table.status, JSON.stringify(table.body)).toBe(201);
    const put = await call('PUT', `/api/products/${product.id}/prices/${table.body.id}`, { token: tokenA, body: { price: '77,77' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const client = await call('POST', '/api/clients', { token: tokenA, body: { name: 'Cliente Tabelado Alfa', birthDate: '2001-02-03', priceTableId: table.body.id } });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
    return { product, tableId: table.body.id as string, clientId: client.body.id as string };
  });
  return pricedA;
}
async function priceUnchangedInA() {
  const { product, tableId } = await pricedOfA();
  const res = await call('GET', `/api/products/${product.id}/prices`, { token: tokenA });
  expect(res.body.items.find((i: { tableId: string }) => i.tableId === tableId)).toMatchObject({ price: '77.7700' });
}
cases['GET /products/{id}/prices'] = async () => {
  const { product } = await pricedOfA();
  expect((await call('GET', `/api/products/${product.id}/prices`, { token: tokenB })).status).toBe(404);
};
cases['PUT /products/{id}/prices/{tableId}'] = async () => {
  const { product, tableId } = await pricedOfA();
  expect((await call('PUT', `/api/products/${product.id}/prices/${tableId}`, { token: tokenB, body: { price: '1,00' } })).status).toBe(404);
  // B's own table with A's product: the product is no product of B's.
  const tableB = await call('POST', '/api/price-tables', { token: tokenB, body: { name: 'Tabela de B' } });
  expect((await call('PUT', `/api/products/${product.id}/prices/${tableB.body.id}`, { token: tokenB, body: { price: '1,00' } })).status).toBe(404);
  await priceUnchangedInA();
};
cases['DELETE /products/{id}/prices/{tableId}'] = async () => {
  const { product, tableId } = await pricedOfA();
  expect((await call('DELETE', `/api/products/${product.id}/prices/${tableId}`, { token: tokenB })).status).toBe(404);
  await priceUnchangedInA();
};
cases['GET /clients/{id}/prices'] = async () => {
  const { product, clientId } = await pricedOfA();
  expect((await call('GET', `/api/clients/${clientId}/prices?productIds=${product.id}`, { token: tokenB })).status).toBe(404);
};
/** A draft order of A (its priced product for its client), made once: B neither lists, reads, saves nor deletes it. */
let draftA: Promise<{ id: string; version: number; clientId: string; productId: string }> | undefined;
function draftOfA() {
  draftA ??= pricedOfA().then(async ({ product, clientId }) => {
    const res = await call('POST', '/api/sales', { token: tokenA, body: { clientId, items: [{ productId: product.id, quantity: '2', unitPrice: '77.77' }] } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.id as string, version: res.body.version as number, clientId, productId: product.id };
  });
  return draftA;
}
async function draftUnchangedInA() {
  const mine = await draftOfA();
  const res = await call('GET', `/api/sales/${mine.id}`, { token: tokenA });
  expect(res.body).toMatchObject({ version: mine.version, totals: { total: '155.54' } });
}
cases['GET /sales'] = async () => {
  const mine = await draftOfA();
  for (const q of ['?drafts=true', '', `?clientId=${mine.clientId}`, '?q=tabelado']) {
    const res = await call('GET', `/api/sales${q}`, { token: tokenB });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { id: string }) => i.id)).not.toContain(mine.id);
  }
};
cases['GET /sales/totals'] = async () => {
  const mine = await draftOfA();
  // A's draft counts for A's filter, never in B's (a read in B's partitions), nor in B's aggregates.
  const q = `?drafts=true&clientId=${mine.clientId}`;
  expect((await call('GET', `/api/sales/totals${q}`, { token: tokenA })).body).toMatchObject({ count: 1, total: '155.54', exact: true });
  expect((await call('GET', `/api/sales/totals${q}`, { token: tokenB })).body).toMatchObject({ count: 0, total: '0', exact: true });
  const all = await call('GET', '/api/sales/totals', { token: tokenB });
  expect(all.status).toBe(200);
  expect(all.body.source).toBe('aggregates');
};
cases['GET /sales/{id}'] = async () => {
  const mine = await draftOfA();
  expect((await call('GET', `/api/sales/${mine.id}`, { token: tokenB })).status).toBe(404);
};
cases['POST /sales'] = async () => {
  const mine = await draftOfA();
  // A's client and product are nobody B knows: the draft is refused, naming the field.
  const res = await call('POST', '/api/sales', { token: tokenB, body: { clientId: mine.clientId, items: [] } });
  expect(res.status).toBe(400);
  expect(res.body.fields?.[0]?.field).toBe('clientId');
  const product = await call('POST', '/api/sales', { token: tokenB, body: { items: [{ productId: mine.productId, quantity: '1', unitPrice: '1' }] } });
  expect(product.status).toBe(400);
  expect(product.body.fields?.[0]?.field).toBe('items.0.productId');
};
cases['POST /sales/catalogue'] = async () => {
  const mine = await draftOfA();
  // A's client is nobody B knows (404); A's products are not in B's catalogue (nothing answered).
  expect((await call('POST', '/api/sales/catalogue', { token: tokenB, body: { clientId: mine.clientId, q: 'tabelado' } })).status).toBe(404);
  const res = await call('POST', '/api/sales/catalogue', { token: tokenB, body: { productIds: [mine.productId] } });
  expect(res.status).toBe(200);
  expect(res.body.items).toEqual([]);
};
cases['GET /sales/client-products/{clientId}'] = async () => {
  const mine = await draftOfA();
  // A's client is nobody B knows: 404, and nothing of A's sales in the answer.
  const res = await call('GET', `/api/sales/client-products/${mine.clientId}`, { token: tokenB });
  expect(res.status).toBe(404);
  expect(res.text).not.toContain(mine.productId);
  expect((await call('GET', `/api/sales/client-products/${mine.clientId}`, { token: tokenA })).status).toBe(200);
};
cases['GET /sales/campaigns/{clientId}'] = async () => {
  const mine = await draftOfA();
  // A's client is nobody B knows: 404, nothing of A's campaigns answered.
  const made = await call('POST', '/api/campaigns', { token: tokenA, body: { name: `Campanha de A ${Math.random().toString(36).slice(2, 8)}`, validFrom: '2020-01-01', validUntil: '2099-12-31', kind: 'discount', discountPercent: '5' } });
  expect(made.status).toBe(201);
  const theirs = await call('GET', `/api/sales/campaigns/${mine.clientId}`, { token: tokenB });
  expect(theirs.status).toBe(404);
  expect(theirs.text).not.toContain(made.body.id);
  const own = await call('GET', `/api/sales/campaigns/${mine.clientId}`, { token: tokenA });
  expect(own.status).toBe(200);
  expect(own.body.items.map((c: { id: string }) => c.id)).toContain(made.body.id);
  // Ended: A's other tests' orders are not asked for a campaign.
  expect((await call('DELETE', `/api/campaigns/${made.body.id}`, { token: tokenA })).status).toBe(200);
};
cases['PUT /sales/{id}'] = async () => {
  const mine = await draftOfA();
  expect((await call('PUT', `/api/sales/${mine.id}`, { token: tokenB, body: { version: mine.version, items: [] } })).status).toBe(404);
  await draftUnchangedInA();
};
cases['DELETE /sales/{id}'] = async () => {
  const mine = await draftOfA();
  expect((await call('DELETE', `/api/sales/${mine.id}`, { token: tokenB })).status).toBe(404);
  await draftUnchangedInA();
};
cases['POST /sales/{id}/close'] = async () => {
  const mine = await draftOfA();
  const res = await call('POST', `/api/sales/${mine.id}/close`, { token: tokenB, body: { version: mine.version, geolocation: { latitude: -22.3, longitude: -49.1, accuracy: 10 } }, headers: { 'idempotency-key': 'intrusa-123456' } });
  expect(res.status).toBe(404);
  await draftUnchangedInA();
};
cases['POST /sales/{id}/status'] = async () => {
  const mine = await draftOfA();
  expect((await call('POST', `/api/sales/${mine.id}/status`, { token: tokenB, body: { version: mine.version, to: 'cancelled' } })).status).toBe(404);
  await draftUnchangedInA();
};
/** A sale of A in receipt and its delivery link, made once: B reads no link of it, and a link turned to B's company (or any forged one) is refused. */
let deliveryA: Promise<{ s: Awaited<ReturnType<typeof salesCompany>>; sale: { id: string; version: number; number: number }; token: string }> | undefined;
function deliveryOfA() {
  deliveryA ??= salesCompany(a).then(async (s) => {
    const sale = await receiptSale(s);
    return { s, sale: sale as { id: string; version: number; number: number }, token: await deliveryToken(s, sale.id) };
  });
  return deliveryA;
}
async function deliveryUnchangedInA() {
  const { s, sale } = await deliveryOfA();
  expect(await s.read(sale.id)).toMatchObject({ status: 'receipt', version: sale.version });
}
cases['GET /sales/home-figures'] = async () => {
  // A's sale (closed today) is in A's home figures, never in B's (B closes no sale of its own).
  const { s } = await deliveryOfA();
  const mine = await call('GET', '/api/sales/home-figures?tab=employee', { token: s.tokens.admin });
  expect(mine.status).toBe(200);
  expect(mine.body.periods.last7Days.count).toBeGreaterThan(0);
  const theirs = await call('GET', '/api/sales/home-figures?tab=employee', { token: tokenB });
  expect(theirs.status).toBe(200);
  expect(theirs.body.periods.last7Days).toMatchObject({ count: 0, total: '0' });
  expect(theirs.body.periods.currentMonth).toMatchObject({ count: 0, total: '0' });
};
cases['GET /sales/campaign-results'] = async () => {
  // A's campaign and what it sold are A's alone.
  const made = await call('POST', '/api/campaigns', { token: tokenA, body: { name: `Resultados de A ${Math.random().toString(36).slice(2, 8)}`, validFrom: '2020-01-01', validUntil: '2020-01-31', kind: 'discount', discountPercent: '5' } });
  expect(made.status).toBe(201);
  const mine = await call('GET', '/api/sales/campaign-results', { token: tokenA });
  expect(mine.status).toBe(200);
  expect(mine.body.items.map((c: { id: string }) => c.id)).toContain(made.body.id);
  const theirs = await call('GET', '/api/sales/campaign-results', { token: tokenB });
  expect(theirs.status).toBe(200);
  expect(theirs.text).not.toContain(made.body.id);
};
cases['GET /sales/dashboard'] = async () => {
  // A's sale (closed today) is on A's sales dashboard, never on B's.
  const { s } = await deliveryOfA();
  const mine = await call('GET', '/api/sales/dashboard', { token: s.tokens.admin });
  expect(mine.status).toBe(200);
  expect(mine.body.current.count + mine.body.current.cancelled).toBeGreaterThan(0);
  expect(mine.body.byProduct.length).toBeGreaterThan(0);
  // Nor asked for A's salesman: his products' items are A's.
  for (const query of ['', `?salesmanId=${a.salesman.id}`]) {
    const theirs = await call('GET', `/api/sales/dashboard${query}`, { token: tokenB });
    expect(theirs.status, query).toBe(200);
    expect(theirs.body.current, query).toMatchObject({ count: 0, total: '0', cancelled: 0 });
    expect(theirs.body.bySalesman).toEqual([]);
    expect(theirs.body.byProduct, query).toEqual([]);
  }
};
cases['GET /management/dashboard'] = async () => {
  // A's sale (closed today) is on A's management dashboard, never on B's, even asked for A's salesman or branch.
  const { s } = await deliveryOfA();
  const mine = await call('GET', '/api/management/dashboard', { token: s.tokens.admin });
  expect(mine.status).toBe(200);
  expect(mine.body.current.count + mine.body.current.cancelled).toBeGreaterThan(0);
  for (const query of ['', `?salesmanId=${a.salesman.id}`, `?branchId=${a.branches[0]!.id}`]) {
    const theirs = await call('GET', `/api/management/dashboard${query}`, { token: tokenB });
    expect(theirs.status, query).toBe(200);
    expect(theirs.body.current, query).toMatchObject({ count: 0, total: '0', cancelled: 0 });
    expect(theirs.body.bySalesman).toEqual([]);
    expect(theirs.body.coverage.total.served).toBe(0);
    expect(theirs.body.coverage.rows.every((r: { clients: number }) => r.clients === 0)).toBe(true);
  }
};
cases['GET /management/geolocation'] = async () => {
  // A's sale (closed today, with a position) is on A's map, never on B's; A's salesman asked of B's map leaves nothing.
  const { s, sale } = await deliveryOfA();
  const mine = await call('GET', '/api/management/geolocation', { token: s.tokens.admin });
  expect(mine.status).toBe(200);
  expect(mine.body.points.map((p: { id: string }) => p.id)).toContain(sale.id);
  for (const path of ['/api/management/geolocation', `/api/management/geolocation?salesmanId=${a.salesman.id}`]) {
    const theirs = await call('GET', path, { token: tokenB });
    expect(theirs.status).toBe(200);
    expect(theirs.body.points).toEqual([]);
    expect(theirs.body.withoutGeolocation).toEqual({ sales: 0, visits: 0 });
  }
};
cases['GET /sales/{id}/delivery-link'] = async () => {
  const { sale } = await deliveryOfA();
  expect((await call('GET', `/api/sales/${sale.id}/delivery-link`, { token: tokenB })).status).toBe(404);
  expect((await call('GET', `/api/sales/${sale.id}/delivery-link`, { token: tokenA })).status).toBe(200);
};
/** A's store, on, with one client given access (made once): what the store's cases try from B. */
let storeA: Promise<{ slug: string; clientId: string; email: string; token: string }> | undefined;
const storeOfA = () =>
  (storeA ??= (async () => {
    const slug = `loja-a-${Math.random().toString(36).slice(2, 8)}`;
    const company = (await call('GET', '/api/company', { token: tokenA })).body;
    const { name, nickname, document, observations, taxRegime, settings, version } = company;
    const put = await call('PUT', '/api/company', { token: tokenA, body: { name, nickname, document, observations, taxRegime, version, settings: { ...settings, further: { ...settings.further, selfCheckout: true, storeSlug: slug } } } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const email = `loja-${slug}@cliente.com.br`;
    const client = await call('POST', '/api/clients', { token: tokenA, body: { name: 'Cliente da Loja de A', nickname: 'Loja A', email, document: cpfDigits(9_100_000 + Math.floor(Math.random() * 100_000)), birthDate: '1990-05-05' } });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
    expect((await call('PUT', `/api/clients/${client.body.id}/store-access`, { token: tokenA, body: { password: 'senha-da-loja-a', confirmation: 'senha-da-loja-a' } })).status).toBe(200);
    const login = await call('POST', `/api/store/${slug}/login`, { body: { email, password: 'senha-da-loja-a' } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    return { slug, clientId: client.body.id as string, email, token: login.body.token as string };
  })());
cases['GET /store/{slug}'] = async () => {
  // A store is public by design: its address answers its name only, never an id or a setting, and
  // B's own settings cannot point at A's address (another company's address: 409).
  const { slug } = await storeOfA();
  const open = await call('GET', `/api/store/${slug}`, { token: tokenB });
  expect(open.body).toEqual({ slug, name: expect.any(String) });
  expect(open.text).not.toContain(a.tenant.id);
  const other = (await call('GET', '/api/company', { token: tokenB })).body;
  const { name, nickname, document, observations, taxRegime, settings, version } = other;
  const taken = await call('PUT', '/api/company', { token: tokenB, body: { name, nickname, document, observations, taxRegime, version, settings: { ...settings, further: { ...settings.further, selfCheckout: true, storeSlug: slug } } } });
  expect(taken.status).toBe(409);
};
cases['POST /store/{slug}/login'] = async () => {
  // A's client's e-mail and password open A's store only; B's staff token is no store login.
  const { slug, email } = await storeOfA();
  const wrong = await call('POST', `/api/store/${slug}/login`, { token: tokenB, body: { email, password: 'senha-de-b-123' } });
  expect(wrong.status).toBe(401);
  expect(wrong.text).not.toContain('Cliente da Loja de A');
};
cases['GET /store/{slug}/me'] = async () => {
  const { slug, clientId, token } = await storeOfA();
  const staff = await call('GET', `/api/store/${slug}/me`, { token: tokenB });
  expect(staff.status).toBe(403);
  expect(staff.text).not.toContain(clientId);
  expect((await call('GET', `/api/store/${slug}/me`, { token })).body.id).toBe(clientId);
};
cases['POST /store/{slug}/logout'] = async () => {
  const { slug, token } = await storeOfA();
  expect((await call('POST', `/api/store/${slug}/logout`, { token: tokenB })).status).toBe(403);
  // A's session stands.
  expect((await call('GET', `/api/store/${slug}/me`, { token })).status).toBe(200);
};
cases['POST /clients/{id}/store-access/invite'] = async () => {
  const { clientId, email } = await storeOfA();
  const theirs = await call('POST', `/api/clients/${clientId}/store-access/invite`, { token: tokenB });
  expect(theirs.status).toBe(404);
  expect(theirs.text).not.toContain(email);
};
cases['POST /store/{slug}/forgot-password'] = async () => {
  // The same neutral answer in A's store whoever asks; nothing of A's clients in it.
  const { slug, email } = await storeOfA();
  const asked = await call('POST', `/api/store/${slug}/forgot-password`, { token: tokenB, body: { email: `b-${Math.random().toString(36).slice(2, 8)}@b.com.br` } });
  expect(asked.status).toBe(200);
  expect(asked.text).not.toContain(email);
};
cases['POST /store/{slug}/redefine'] = async () => {
  // A link B made up sets nothing in A's store: A's client logs in with its password still.
  const { slug, email } = await storeOfA();
  const forged = await call('POST', `/api/store/${slug}/redefine`, { token: tokenB, body: { token: 'x'.repeat(43), password: 'senha-de-b-123', confirmation: 'senha-de-b-123' } });
  expect(forged.status).toBe(400);
  expect((await call('POST', `/api/store/${slug}/login`, { body: { email, password: 'senha-da-loja-a' } })).status).toBe(200);
};
cases['GET /store/{slug}/sales'] = async () => {
  // B's staff token reads no store's orders; A's client's own list holds nothing of B.
  const { slug, token } = await storeOfA();
  expect((await call('GET', `/api/store/${slug}/sales`, { token: tokenB })).status).toBe(403);
  const own = await call('GET', `/api/store/${slug}/sales`, { token });
  expect(own.status).toBe(200);
  expect(own.text).not.toContain(b.tenant.id);
};
cases['GET /store/{slug}/sales/{id}'] = async () => {
  // Another client's sale of A's company is no sale of the store's client: 404; B's staff token is refused.
  const { slug, token } = await storeOfA();
  const { sale } = await deliveryOfA();
  const other = await call('GET', `/api/store/${slug}/sales/${sale.id}`, { token });
  expect(other.status).toBe(404);
  expect(other.text).not.toContain(String(sale.number));
  expect((await call('GET', `/api/store/${slug}/sales/${sale.id}`, { token: tokenB })).status).toBe(403);
};
cases['GET /store/{slug}/products'] = async () => {
  // A's catalogue is public by design (names only); B's products are never in it.
  const { slug } = await storeOfA();
  const page = await call('GET', `/api/store/${slug}/products`, { token: tokenB });
  expect(page.status).toBe(200);
  expect(page.text).not.toContain(b.tenant.id);
  expect(page.text).not.toMatch(/"price"|"available"/);
};
cases['POST /store/{slug}/prices'] = async () => {
  const { slug, token } = await storeOfA();
  const [bProduct] = (await call('GET', '/api/products?limit=1', { token: tokenB })).body.items;
  expect((await call('POST', `/api/store/${slug}/prices`, { token: tokenB, body: { productIds: [bProduct.id] } })).status).toBe(403);
  // B's product asked by A's client: not A's, so no price of it.
  const asked = await call('POST', `/api/store/${slug}/prices`, { token, body: { productIds: [bProduct.id] } });
  expect(asked.status).toBe(200);
  expect(asked.body.items).toEqual([]);
};
cases['POST /store/{slug}/cart'] = async () => {
  const { slug, token } = await storeOfA();
  const [bProduct] = (await call('GET', '/api/products?limit=1', { token: tokenB })).body.items;
  expect((await call('POST', `/api/store/${slug}/cart`, { token: tokenB, body: { items: [] } })).status).toBe(403);
  const theirs = await call('POST', `/api/store/${slug}/cart`, { token, body: { items: [{ productId: bProduct.id, quantity: '1' }] } });
  expect(theirs.status).toBe(400);
  expect(theirs.text).not.toContain(bProduct.name);
};
cases['POST /store/{slug}/orders'] = async () => {
  const { slug, token } = await storeOfA();
  const [bProduct] = (await call('GET', '/api/products?limit=1', { token: tokenB })).body.items;
  const headers = { 'idempotency-key': `b-${Math.random().toString(36).slice(2, 10)}` };
  expect((await call('POST', `/api/store/${slug}/orders`, { token: tokenB, headers, body: { items: [{ productId: bProduct.id, quantity: '1' }] } })).status).toBe(403);
  const theirs = await call('POST', `/api/store/${slug}/orders`, { token, headers, body: { items: [{ productId: bProduct.id, quantity: '1' }] } });
  expect(theirs.status).toBe(400);
  expect(theirs.text).not.toContain(bProduct.name);
};
cases['POST /store/{slug}/sales/{id}/pix'] = async () => {
  // A sale of A's company that is not the client's: 404; B's staff token: 403.
  const { slug, token } = await storeOfA();
  const { sale } = await deliveryOfA();
  expect((await call('POST', `/api/store/${slug}/sales/${sale.id}/pix`, { token })).status).toBe(404);
  expect((await call('POST', `/api/store/${slug}/sales/${sale.id}/pix`, { token: tokenB })).status).toBe(403);
};
cases['POST /store/{slug}/sales/{id}/sandbox-pay'] = async () => {
  const { slug, token } = await storeOfA();
  const { sale } = await deliveryOfA();
  expect((await call('POST', `/api/store/${slug}/sales/${sale.id}/sandbox-pay`, { token })).status).toBe(404);
  expect((await call('POST', `/api/store/${slug}/sales/${sale.id}/sandbox-pay`, { token: tokenB })).status).toBe(403);
};
cases['POST /payments/{processor}/{companyId}/webhook'] = async () => {
  // A notice signed with B's sandbox secret is no notice of A's: 401, nothing read.
  const signedByB = SandboxProcessor.webhook(b.tenant.id, 'COBRANCA');
  const res = await call('POST', `/api/payments/sandbox/${a.tenant.id}/webhook`, { body: signedByB.body, headers: signedByB.headers });
  expect(res.status).toBe(401);
};
cases['GET /store/{slug}/profile'] = async () => {
  const { slug, token, email } = await storeOfA();
  expect((await call('GET', `/api/store/${slug}/profile`, { token: tokenB })).status).toBe(403);
  const own = await call('GET', `/api/store/${slug}/profile`, { token });
  expect(own.body.email).toBe(email);
  expect(own.text).not.toContain(b.tenant.id);
};
cases['PUT /store/{slug}/profile'] = async () => {
  const { slug, token } = await storeOfA();
  const before = (await call('GET', `/api/store/${slug}/profile`, { token })).body;
  expect((await call('PUT', `/api/store/${slug}/profile`, { token: tokenB, body: { phone1: '14990000001', deliveryAddresses: [], version: before.version } })).status).toBe(403);
  expect((await call('GET', `/api/store/${slug}/profile`, { token })).body.version).toBe(before.version);
};
cases['POST /store/{slug}/password'] = async () => {
  const { slug, email } = await storeOfA();
  expect((await call('POST', `/api/store/${slug}/password`, { token: tokenB, body: { current: 'senha-de-b-123', password: 'senha-de-b-456', confirmation: 'senha-de-b-456' } })).status).toBe(403);
  expect((await call('POST', `/api/store/${slug}/login`, { body: { email, password: 'senha-da-loja-a' } })).status).toBe(200);
};
cases['GET /store/{slug}/manifest.webmanifest'] = async () => {
  // Public by design: the company's store name, never its id; B's token changes nothing.
  const { slug } = await storeOfA();
  const res = await call('GET', `/api/store/${slug}/manifest.webmanifest`, { token: tokenB });
  expect(res.status).toBe(200);
  expect(res.text).not.toContain(a.tenant.id);
  expect(res.text).not.toContain(b.tenant.id);
};
cases['GET /store/{slug}/icon.svg'] = async () => {
  const { slug } = await storeOfA();
  const res = await call('GET', `/api/store/${slug}/icon.svg`, { token: tokenB });
  expect(res.status).toBe(200);
  expect(res.text).not.toContain(a.tenant.id);
};
cases['GET /company/store-payments'] = async () => {
  // Each company's own account: B's answer names B's webhook, never A's.
  const theirs = await call('GET', '/api/company/store-payments', { token: tokenB });
  expect(theirs.status).toBe(200);
  expect(theirs.text).not.toContain(a.tenant.id);
};
cases['PUT /company/store-payments'] = async () => {
  // B's save is B's: A's account stays the sandbox.
  const before = (await call('GET', '/api/company/store-payments', { token: tokenA })).body;
  const theirs = await call('GET', '/api/company/store-payments', { token: tokenB });
  expect((await call('PUT', '/api/company/store-payments', { token: tokenB, body: { processor: 'sandbox', version: theirs.body.version } })).status).toBe(200);
  expect((await call('GET', '/api/company/store-payments', { token: tokenA })).body).toEqual(before);
};
cases['GET /clients/{id}/store-access'] = async () => {
  const { clientId, email } = await storeOfA();
  const theirs = await call('GET', `/api/clients/${clientId}/store-access`, { token: tokenB });
  expect(theirs.status).toBe(404);
  expect(theirs.text).not.toContain(email);
};
cases['PUT /clients/{id}/store-access'] = async () => {
  const { slug, clientId, email } = await storeOfA();
  expect((await call('PUT', `/api/clients/${clientId}/store-access`, { token: tokenB, body: { password: 'senha-de-b-123', confirmation: 'senha-de-b-123' } })).status).toBe(404);
  expect((await call('POST', `/api/store/${slug}/login`, { body: { email, password: 'senha-de-b-123' } })).status).toBe(401);
};
cases['DELETE /clients/{id}/store-access'] = async () => {
  const { slug, clientId, token } = await storeOfA();
  expect((await call('DELETE', `/api/clients/${clientId}/store-access`, { token: tokenB })).status).toBe(404);
  expect((await call('GET', `/api/store/${slug}/me`, { token })).status).toBe(200);
};
cases['POST /sales/delivery/preview'] = async () => {
  const { sale, token } = await deliveryOfA();
  const turned = await call('POST', '/api/sales/delivery/preview', { body: { token: forged(token, { tenantId: b.tenant.id }) } });
  expect(turned.status).toBe(403);
  expect(turned.text).not.toContain(String(sale.number));
  expect((await call('POST', '/api/sales/delivery/preview', { body: { token } })).body).toMatchObject({ number: sale.number, delivered: false });
};
cases['POST /sales/delivery/confirm'] = async () => {
  const { token } = await deliveryOfA();
  expect((await call('POST', '/api/sales/delivery/confirm', { token: tokenB, body: { token: forged(token, { tenantId: b.tenant.id }) } })).status).toBe(403);
  await deliveryUnchangedInA();
};
/** A scheduling of A (a visit to its priced client), made once: B neither lists, reads, edits, starts, closes nor cancels it. */
let schedulingA: Promise<{ id: string; version: number; clientId: string; typeId: string; occurrenceTypeId: string; itineraryId: string }> | undefined;
function schedulingOfA() {
  schedulingA ??= pricedOfA().then(async ({ clientId }) => {
    const type = await call('POST', '/api/schedulings-types', { token: tokenA, body: { name: `Visita exclusiva ${Date.now()}`, type: 'visit' } });
    expect(type.status, JSON.stringify(type.body)).toBe(201);
    const occurrence = await call('POST', '/api/occurrences-types', { token: tokenA, body: { name: `Visitado ${Date.now()}`, type: 'schedulings' } });
    expect(occurrence.status, JSON.stringify(occurrence.body)).toBe(201);
    const res = await call('POST', '/api/schedulings', { token: tokenA, body: { clientId, typeId: type.body.id, date: '2026-12-01' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.id as string, version: res.body.version as number, clientId, typeId: type.body.id as string, occurrenceTypeId: occurrence.body.id as string, itineraryId: `2026-12-01_${res.body.salesmanId as string}` };
  });
  return schedulingA;
}
async function schedulingUnchangedInA() {
  const mine = await schedulingOfA();
  const res = await call('GET', `/api/schedulings/${mine.id}`, { token: tokenA });
  expect(res.body).toMatchObject({ version: mine.version, status: 'pending' });
}
cases['GET /schedulings'] = async () => {
  const mine = await schedulingOfA();
  for (const q of ['', `?clientId=${mine.clientId}`, '?q=exclusiva', '?list=completed']) {
    const res = await call('GET', `/api/schedulings${q}`, { token: tokenB });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { id: string }) => i.id)).not.toContain(mine.id);
  }
};
cases['GET /schedulings/{id}'] = async () => {
  const mine = await schedulingOfA();
  expect((await call('GET', `/api/schedulings/${mine.id}`, { token: tokenB })).status).toBe(404);
};
cases['GET /schedulings/active'] = async () => {
  await schedulingOfA();
  const res = await call('GET', '/api/schedulings/active', { token: tokenB });
  expect(res.status).toBe(200);
  expect(res.body).toBeNull();
};
cases['POST /schedulings'] = async () => {
  const mine = await schedulingOfA();
  // A's client is nobody B knows (404); A's type is no type of B (400 on the field).
  const res = await call('POST', '/api/schedulings', { token: tokenB, body: { clientId: mine.clientId, typeId: mine.typeId, date: '2026-12-01' } });
  expect(res.status).toBe(400);
  expect(res.body.fields?.[0]?.field).toBe('typeId');
};
cases['POST /schedulings/many'] = async () => {
  const mine = await schedulingOfA();
  const res = await call('POST', '/api/schedulings/many', { token: tokenB, body: { clientIds: [mine.clientId], typeId: mine.typeId, plan: { mode: 'day', date: '2026-12-01' } } });
  expect(res.status).toBe(404);
};
cases['PUT /schedulings/{id}'] = async () => {
  const mine = await schedulingOfA();
  expect((await call('PUT', `/api/schedulings/${mine.id}`, { token: tokenB, body: { version: mine.version, clientId: mine.clientId, typeId: mine.typeId, date: '2026-12-02' } })).status).toBe(404);
  await schedulingUnchangedInA();
};
cases['POST /schedulings/{id}/start'] = async () => {
  const mine = await schedulingOfA();
  expect((await call('POST', `/api/schedulings/${mine.id}/start`, { token: tokenB, body: { version: mine.version } })).status).toBe(404);
  await schedulingUnchangedInA();
};
cases['POST /schedulings/{id}/close'] = async () => {
  const mine = await schedulingOfA();
  expect((await call('POST', `/api/schedulings/${mine.id}/close`, { token: tokenB, body: { version: mine.version, occurrenceTypeId: mine.occurrenceTypeId } })).status).toBe(404);
  await schedulingUnchangedInA();
};
cases['POST /schedulings/{id}/cancel'] = async () => {
  const mine = await schedulingOfA();
  expect((await call('POST', `/api/schedulings/${mine.id}/cancel`, { token: tokenB, body: { version: mine.version } })).status).toBe(404);
  await schedulingUnchangedInA();
};
cases['GET /schedulings/itineraries'] = async () => {
  const mine = await schedulingOfA();
  const res = await call('GET', '/api/schedulings/itineraries?date=2026-12-01', { token: tokenB });
  expect(res.status).toBe(200);
  expect(res.body.items.map((i: { id: string }) => i.id)).not.toContain(mine.itineraryId);
  // A's own list holds it: the case above would pass on an empty answer otherwise.
  const own = await call('GET', '/api/schedulings/itineraries?date=2026-12-01', { token: tokenA });
  expect(own.body.items.map((i: { id: string }) => i.id)).toContain(mine.itineraryId);
};
cases['GET /schedulings/itineraries/{id}'] = async () => {
  const mine = await schedulingOfA();
  expect((await call('GET', `/api/schedulings/itineraries/${mine.itineraryId}`, { token: tokenB })).status).toBe(404);
  expect((await call('GET', `/api/schedulings/itineraries/${mine.itineraryId}`, { token: tokenA })).status).toBe(200);
};
cases['PUT /schedulings/itineraries/{id}/order'] = async () => {
  const mine = await schedulingOfA();
  expect((await call('PUT', `/api/schedulings/itineraries/${mine.itineraryId}/order`, { token: tokenB, body: { order: [mine.id] } })).status).toBe(404);
  await schedulingUnchangedInA();
};
cases['POST /schedulings/itineraries/{id}/optimise'] = async () => {
  const mine = await schedulingOfA();
  expect((await call('POST', `/api/schedulings/itineraries/${mine.itineraryId}/optimise`, { token: tokenB, body: { from: 'first' } })).status).toBe(404);
};
cases['POST /sales/{id}/consignment'] = async () => {
  const mine = await draftOfA();
  expect((await call('POST', `/api/sales/${mine.id}/consignment`, { token: tokenB, body: { version: mine.version, items: [{ index: 0, returned: '1' }] } })).status).toBe(404);
  await draftUnchangedInA();
};
cases['POST /sales/{id}/clone'] = async () => {
  const mine = await draftOfA();
  expect((await call('POST', `/api/sales/${mine.id}/clone`, { token: tokenB })).status).toBe(404);
};
cases['GET /price-chart'] = async () => {
  const { product, tableId } = await pricedOfA();
  const res = await call('GET', '/api/price-chart?limit=100', { token: tokenB });
  expect(res.status).toBe(200);
  expect(res.body.items.map((r: { productId: string }) => r.productId)).not.toContain(product.id);
  expect(res.text).not.toContain('Exclusiva Alfa');
  // A's table is no table of B's.
  expect((await call('GET', `/api/price-chart?tableId=${tableId}`, { token: tokenB })).status).toBe(400);
};

/**
 * The registries' routes are generated from the declarations, and so are their cases: for each
 * registry, A's record is neither listed, searched, exported, read, changed, revalidated nor
 * deleted by B, and B may take the same natural key in its own company.
 */
const recordsOfA = new Map<string, Promise<{ id: string; name: string }>>();
function recordOfA(def: RegistryDefinition) {
  if (!recordsOfA.has(def.name)) {
    recordsOfA.set(
      def.name,
      call('POST', `/api/${def.name}`, { token: tokenA, body: sampleInput(def, `Exclusivo Alfa ${def.name}`, 7) }).then((res) => {
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return res.body as { id: string; name: string };
      }),
    );
  }
  return recordsOfA.get(def.name)!;
}
async function unchangedInA(def: RegistryDefinition, record: { id: string; name: string }) {
  const res = await call('GET', `/api/${def.name}/${record.id}`, { token: tokenA });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ name: record.name, version: 1 });
}
for (const def of REGISTRIES) {
  const base = `/${def.name}`;
  cases[`GET ${base}`] = async () => {
    const mine = await recordOfA(def);
    const list = await call('GET', `/api${base}?limit=100`, { token: tokenB });
    expect(list.status).toBe(200);
    expect(list.body.items.map((r: { id: string }) => r.id)).not.toContain(mine.id);
    const search = await call('GET', `/api${base}?q=exclusivo alfa`, { token: tokenB });
    expect(search.body.items).toEqual([]);
  };
  cases[`GET ${base}/export.csv`] = async () => {
    const mine = await recordOfA(def);
    const res = await call('GET', `/api${base}/export.csv`, { token: tokenB });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(mine.name);
  };
  cases[`GET ${base}/{id}`] = async () => {
    const mine = await recordOfA(def);
    expect((await call('GET', `/api${base}/${mine.id}`, { token: tokenB })).status).toBe(404);
  };
  cases[`POST ${base}`] = async () => {
    const mine = await recordOfA(def);
    // The natural key is unique per company: B takes the same one in its own company.
    const res = await call('POST', `/api${base}`, { token: tokenB, body: sampleInput(def, mine.name, 7) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.id).not.toBe(mine.id);
    await unchangedInA(def, mine);
  };
  cases[`PUT ${base}/{id}`] = async () => {
    const mine = await recordOfA(def);
    const res = await call('PUT', `/api${base}/${mine.id}`, { token: tokenB, body: { ...sampleInput(def, 'Trocado por B', 8), version: 1 } });
    expect(res.status).toBe(404);
    await unchangedInA(def, mine);
  };
  cases[`DELETE ${base}/{id}`] = async () => {
    const mine = await recordOfA(def);
    expect((await call('DELETE', `/api${base}/${mine.id}`, { token: tokenB })).status).toBe(404);
    await unchangedInA(def, mine);
  };
  cases[`POST ${base}/{id}/revalidate`] = async () => {
    const mine = await recordOfA(def);
    expect((await call('POST', `/api${base}/${mine.id}/revalidate`, { token: tokenB })).status).toBe(404);
    await unchangedInA(def, mine);
  };
}

/** Company A's messaging account (the sandbox) and one template, made once: B must reach neither. */
let messagingA: Promise<{ templateId: string; verifyToken: string }> | undefined;
function messagingOfA() {
  messagingA ??= (async () => {
    const saved = await call('PUT', '/api/messages/account', { token: tokenA, body: { provider: 'sandbox' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const created = await call('POST', '/api/messages/templates', { token: tokenA, body: { name: 'exclusivo_alfa', category: 'utility', language: 'pt_BR', body: 'Olá {{1}}', bodyExamples: ['Ana'] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { templateId: created.body.id as string, verifyToken: saved.body.verifyToken as string };
  })();
  return messagingA;
}
async function messagingUnchangedInA() {
  const { templateId } = await messagingOfA();
  const account = await call('GET', '/api/messages/account', { token: tokenA });
  expect(account.body).toMatchObject({ provider: 'sandbox', version: 1, lastCheck: null });
  const template = await call('GET', `/api/messages/templates/${templateId}`, { token: tokenA });
  expect(template.body).toMatchObject({ name: 'exclusivo_alfa', body: 'Olá {{1}}', version: 1 });
}
/** Company B on the sandbox too (once): its own account, whatever case runs first. */
async function sandboxOfB() {
  const current = (await call('GET', '/api/messages/account', { token: tokenB })).body;
  if (current.configured) return;
  const saved = await call('PUT', '/api/messages/account', { token: tokenB, body: { provider: 'sandbox', ...(current.version ? { version: current.version } : {}) } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}
cases['GET /messages/account'] = async () => {
  const { verifyToken } = await messagingOfA();
  const res = await call('GET', '/api/messages/account', { token: tokenB });
  expect(res.status).toBe(200);
  expect(res.body.verifyToken).not.toBe(verifyToken);
  expect(res.body.webhookUrl).toContain(b.tenant.id);
  expect(res.text).not.toContain(a.tenant.id);
};
cases['PUT /messages/account'] = async () => {
  await messagingOfA();
  const current = (await call('GET', '/api/messages/account', { token: tokenB })).body;
  const res = await call('PUT', '/api/messages/account', { token: tokenB, body: { provider: 'sandbox', dailyTier: '250', ...(current.version ? { version: current.version } : {}) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await messagingUnchangedInA();
};
cases['POST /messages/account/test'] = async () => {
  await messagingOfA();
  await sandboxOfB();
  expect((await call('POST', '/api/messages/account/test', { token: tokenB })).status).toBe(200);
  await messagingUnchangedInA();
};
cases['GET /messages/state'] = async () => {
  await messagingOfA();
  const res = await call('GET', '/api/messages/state', { token: tokenB });
  expect(res.status).toBe(200);
  expect(Object.keys(res.body).sort()).toEqual(['configured', 'dailyLimit', 'provider']);
};
cases['GET /messages/templates'] = async () => {
  const { templateId } = await messagingOfA();
  const res = await call('GET', '/api/messages/templates?q=exclusivo', { token: tokenB });
  expect(res.status).toBe(200);
  expect(res.body.items.map((t: { id: string }) => t.id)).not.toContain(templateId);
  expect(res.text).not.toContain('exclusivo_alfa');
};
cases['GET /messages/templates/{id}'] = async () => {
  const { templateId } = await messagingOfA();
  expect((await call('GET', `/api/messages/templates/${templateId}`, { token: tokenB })).status).toBe(404);
};
cases['POST /messages/templates'] = async () => {
  await messagingOfA();
  await sandboxOfB();
  // The name is A's in A only: B takes it in its own company.
  const res = await call('POST', '/api/messages/templates', { token: tokenB, body: { name: 'exclusivo_alfa', category: 'utility', language: 'pt_BR', body: 'Oi {{1}}', bodyExamples: ['Bia'] } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await messagingUnchangedInA();
};
cases['PUT /messages/templates/{id}'] = async () => {
  const { templateId } = await messagingOfA();
  const res = await call('PUT', `/api/messages/templates/${templateId}`, { token: tokenB, body: { name: 'exclusivo_alfa', category: 'utility', language: 'pt_BR', body: 'Trocado por B', version: 1 } });
  expect(res.status).toBe(404);
  await messagingUnchangedInA();
};
cases['DELETE /messages/templates/{id}'] = async () => {
  const { templateId } = await messagingOfA();
  expect((await call('DELETE', `/api/messages/templates/${templateId}`, { token: tokenB })).status).toBe(404);
  await messagingUnchangedInA();
};
cases['GET /webhooks/whatsapp/{companyId}'] = async () => {
  await messagingOfA();
  // B's verify token does not verify A's webhook.
  const tokenOfB = (await call('GET', '/api/messages/account', { token: tokenB })).body.verifyToken;
  expect((await call('GET', `/api/webhooks/whatsapp/${a.tenant.id}?hub.mode=subscribe&hub.verify_token=${tokenOfB}&hub.challenge=42`)).status).toBe(403);
};
cases['POST /webhooks/whatsapp/{companyId}'] = async () => {
  const { templateId } = await messagingOfA();
  // A delivery signed with B's secret, posted to A's webhook, is refused and changes nothing of A's.
  const raw = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '1', time: 1, changes: [{ field: 'message_template_status_update', value: { event: 'REJECTED', message_template_id: 1, reason: 'SCAM' } }] }] });
  const res = await call('POST', `/api/webhooks/whatsapp/${a.tenant.id}`, { body: raw, headers: { 'x-hub-signature-256': signatureOf(raw, derivedSecret('whatsapp.sandbox', b.tenant.id)) } });
  expect(res.status).toBe(401);
  expect((await call('GET', `/api/messages/templates/${templateId}`, { token: tokenA })).body.status).not.toBe('rejected');
};

/** A batch of company A (its approved template to one of its clients), made once. */
let batchA: Promise<{ batchId: string; templateId: string; clientId: string }> | undefined;
function batchOfA() {
  batchA ??= (async () => {
    const { templateId } = await messagingOfA();
    await (Ports.queue() as LocalQueue).drain();
    const client = await call('POST', '/api/clients', { token: tokenA, body: { name: 'Destinatário Exclusivo Alfa', phone1: '14991239910', birthDate: '2001-02-03' } });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
    const created = await call('POST', '/api/messages/batches', { token: tokenA, body: { templateId, body: [{ source: 'name' }], clientIds: [client.body.id] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await (Ports.queue() as LocalQueue).drain();
    return { batchId: created.body.id as string, templateId, clientId: client.body.id as string };
  })();
  return batchA;
}
async function batchUnchangedInA() {
  const { batchId } = await batchOfA();
  const res = await call('GET', `/api/messages/batches/${batchId}`, { token: tokenA });
  expect(res.body).toMatchObject({ total: 1, state: 'sent' });
  expect(res.body.counts).toMatchObject({ read: 1, queued: 0 });
}
cases['POST /messages/batches/preview'] = async () => {
  const { templateId, clientId } = await batchOfA();
  await sandboxOfB();
  // A's template is not B's: no preview of it, and nothing of A's client either.
  const res = await call('POST', '/api/messages/batches/preview', { token: tokenB, body: { templateId, body: [{ source: 'name' }], clientIds: [clientId] } });
  expect(res.status).toBe(400);
  expect(res.text).not.toContain('Destinatário Exclusivo Alfa');
};
cases['POST /messages/batches'] = async () => {
  const { templateId, clientId } = await batchOfA();
  await sandboxOfB();
  const res = await call('POST', '/api/messages/batches', { token: tokenB, body: { templateId, body: [{ source: 'name' }], clientIds: [clientId] } });
  expect(res.status).toBe(400);
  await batchUnchangedInA();
};
cases['GET /messages/batches'] = async () => {
  const { batchId } = await batchOfA();
  for (const state of ['pending', 'sent']) {
    const res = await call('GET', `/api/messages/batches?state=${state}`, { token: tokenB });
    expect(res.status).toBe(200);
    expect(res.body.items.map((x: { id: string }) => x.id)).not.toContain(batchId);
  }
};
cases['GET /messages/batches/{id}'] = async () => {
  const { batchId } = await batchOfA();
  expect((await call('GET', `/api/messages/batches/${batchId}`, { token: tokenB })).status).toBe(404);
};
cases['GET /messages/batches/{id}/recipients'] = async () => {
  const { batchId } = await batchOfA();
  const res = await call('GET', `/api/messages/batches/${batchId}/recipients`, { token: tokenB });
  expect(res.status).toBe(404);
  expect(res.text).not.toContain('Destinatário Exclusivo Alfa');
};
cases['POST /messages/batches/{id}/resend'] = async () => {
  const { batchId } = await batchOfA();
  await sandboxOfB();
  expect((await call('POST', `/api/messages/batches/${batchId}/resend`, { token: tokenB })).status).toBe(404);
  await batchUnchangedInA();
};

/** A conversation of company A: the sandbox's client with a number ending in 7 answers a send. */
let chatA: Promise<string> | undefined;
function chatOfA() {
  chatA ??= (async () => {
    const { templateId } = await batchOfA();
    const client = await call('POST', '/api/clients', { token: tokenA, body: { name: 'Conversa Exclusiva Alfa', phone1: '14991239917', birthDate: '2001-02-03' } });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
    const created = await call('POST', '/api/messages/batches', { token: tokenA, body: { templateId, body: [{ source: 'name' }], clientIds: [client.body.id] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await (Ports.queue() as LocalQueue).drain();
    const chat = await call('GET', '/api/messages/replies/5514991239917', { token: tokenA });
    expect(chat.status, JSON.stringify(chat.body)).toBe(200);
    return '5514991239917';
  })();
  return chatA;
}
cases['GET /messages/replies'] = async () => {
  const phone = await chatOfA();
  for (const kind of ['known', 'unknown']) {
    const res = await call('GET', `/api/messages/replies?kind=${kind}`, { token: tokenB });
    expect(res.status).toBe(200);
    expect(res.body.items.map((c: { phone: string }) => c.phone)).not.toContain(phone);
  }
};
cases['GET /messages/replies/{phone}'] = async () => {
  const phone = await chatOfA();
  const res = await call('GET', `/api/messages/replies/${phone}`, { token: tokenB });
  expect(res.status).toBe(404);
  expect(res.text).not.toContain('Conversa Exclusiva Alfa');
};
cases['POST /messages/replies/{phone}'] = async () => {
  const phone = await chatOfA();
  await sandboxOfB();
  expect((await call('POST', `/api/messages/replies/${phone}`, { token: tokenB, body: { text: 'Sou de B' } })).status).toBe(404);
  const mine = await call('GET', `/api/messages/replies/${phone}`, { token: tokenA });
  expect(mine.body.messages.map((m: { text: string }) => m.text)).not.toContain('Sou de B');
};

cases['GET /messages/contacts'] = async () => {
  const phone = await chatOfA();
  for (const status of ['linked', 'review', 'blocked']) {
    for (const q of ['', '&q=exclusiva', `&q=${phone}`]) {
      const res = await call('GET', `/api/messages/contacts?status=${status}${q}`, { token: tokenB });
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(phone);
    }
  }
  expect((await call('GET', '/api/messages/replies?q=exclusiva', { token: tokenB })).text).not.toContain(phone);
};
/** A's conversation as A's administrator reads it: still its client's, not blocked. */
async function chatUnchangedInA(phone: string) {
  const mine = await call('GET', `/api/messages/replies/${phone}`, { token: tokenA });
  expect(mine.body.conversation).toMatchObject({ clientName: 'Conversa Exclusiva Alfa', blocked: false });
}
cases['POST /messages/contacts/{phone}/link'] = async () => {
  const phone = await chatOfA();
  const clientOfB = await call('POST', '/api/clients', { token: tokenB, body: { name: 'Cliente de B para vincular', phone1: '14991239918', birthDate: '2001-02-03' } });
  expect(clientOfB.status, JSON.stringify(clientOfB.body)).toBe(201);
  expect((await call('POST', `/api/messages/contacts/${phone}/link`, { token: tokenB, body: { clientId: clientOfB.body.id } })).status).toBe(404);
  expect((await call('POST', `/api/messages/contacts/${phone}/link`, { token: tokenB, body: { clientId: null } })).status).toBe(404);
  await chatUnchangedInA(phone);
  // A's client is not B's to link to, whatever the number.
  const clientOfA = (await call('GET', `/api/messages/replies/${phone}`, { token: tokenA })).body.conversation.clientId;
  expect((await call('POST', `/api/messages/contacts/${phone}/link`, { token: tokenB, body: { clientId: clientOfA } })).status).toBe(404);
};
cases['POST /messages/contacts/{phone}/block'] = async () => {
  const phone = await chatOfA();
  expect((await call('POST', `/api/messages/contacts/${phone}/block`, { token: tokenB, body: { blocked: true } })).status).toBe(404);
  await chatUnchangedInA(phone);
};
/** A draft suggestion of company A, on A's conversation, naming A's own product. */
let suggestionA: Promise<{ id: string; phone: string; productId: string }> | undefined;
function suggestionOfA() {
  suggestionA ??= (async () => {
    const [phone, product] = await Promise.all([chatOfA(), productOfA()]);
    const res = await call('POST', `/api/ai/conversations/${phone}/draft-order`, { token: tokenA, body: { text: '3 cx produto exclusivo alfa' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.lines[0].match.productId).toBe(product.id);
    return { id: res.body.id as string, phone, productId: product.id };
  })();
  return suggestionA;
}
cases['GET /ai/usage'] = async () => {
  // A's tokens (a reply suggested) are not B's.
  const phone = await chatOfA();
  expect((await call('POST', `/api/ai/conversations/${phone}/reply-suggestion`, { token: tokenA })).status).toBe(201);
  expect((await call('GET', '/api/ai/usage', { token: tokenA })).body.used).toBeGreaterThan(0);
  const res = await call('GET', '/api/ai/usage', { token: tokenB });
  expect(res.status).toBe(200);
  expect(res.body.used).toBe(0);
};
cases['PUT /ai/settings'] = async () => {
  const before = (await call('GET', '/api/ai/usage', { token: tokenA })).body.limit;
  const res = await call('PUT', '/api/ai/settings', { token: tokenB, body: { monthlyTokenBudget: 5000 } });
  expect(res.body.limit).toBe(5000);
  expect((await call('GET', '/api/ai/usage', { token: tokenA })).body.limit).toBe(before);
};
cases['GET /ai/conversations/{phone}/summary'] = async () => {
  const phone = await chatOfA();
  const res = await call('GET', `/api/ai/conversations/${phone}/summary`, { token: tokenB });
  expect(res.status).toBe(404);
  expect(res.text).not.toContain('Conversa Exclusiva Alfa');
};
cases['POST /ai/conversations/{phone}/draft-order'] = async () => {
  const phone = await chatOfA();
  const res = await call('POST', `/api/ai/conversations/${phone}/draft-order`, { token: tokenB, body: { text: '3 cx produto exclusivo alfa' } });
  expect(res.status).toBe(404);
  expect(res.text).not.toContain('Produto Exclusivo Alfa');
};
cases['POST /ai/conversations/{phone}/reply-suggestion'] = async () => {
  const phone = await chatOfA();
  const res = await call('POST', `/api/ai/conversations/${phone}/reply-suggestion`, { token: tokenB });
  expect(res.status).toBe(404);
  expect(res.text).not.toContain('Conversa Exclusiva Alfa');
};
cases['POST /ai/suggestions/{id}/accept'] = async () => {
  const { id, productId } = await suggestionOfA();
  const res = await call('POST', `/api/ai/suggestions/${id}/accept`, { token: tokenB, body: { kind: 'draft', lines: [{ productId, quantity: '3' }] } });
  expect(res.status).toBe(404);
  // Still A's to accept: B's attempt used nothing.
  const mine = await call('POST', `/api/ai/suggestions/${id}/accept`, { token: tokenA, body: { kind: 'reply', text: 'x' } });
  expect(mine.status).toBe(400);
};

cases['POST /offline/portfolio'] = async () => {
  const [{ clientId, product, tableId }, scheduling] = await Promise.all([pricedOfA(), schedulingOfA()]);
  // A's administrator sells to A's client; B's administrator and salesman keep only B's.
  for (const token of [tokenB, (await b.login(b.salesman.email)).accessToken]) {
    const res = await call('POST', '/api/offline/portfolio', { token, body: {} });
    expect(res.status).toBe(200);
    for (const id of [clientId, product.id, tableId, scheduling.id]) expect(res.text).not.toContain(id);
  }
};
cases['POST /offline/sync'] = async () => {
  const [{ clientId, product }, scheduling] = await Promise.all([pricedOfA(), schedulingOfA()]);
  const queuedAt = new Date().toISOString().slice(0, 19).replace('T', ' ');
  const res = await call('POST', '/api/offline/sync', {
    token: tokenB,
    body: {
      items: [
        { kind: 'order', key: 'intrusa-offline-1', queuedAt, draft: { clientId, items: [{ productId: product.id, quantity: '1', unitPrice: '77.77' }] } },
        { kind: 'visit', key: 'intrusa-offline-2', queuedAt, schedulingId: scheduling.id, start: { version: scheduling.version, position: null, offline: { key: 'intrusa-offline-3', at: queuedAt } } },
      ],
    },
  });
  expect(res.status).toBe(200);
  expect(res.body.items.map((i: { status: string }) => i.status)).toEqual(['refused', 'refused']);
  expect(res.body.items[1].error.code).toBe('not_found');
  await schedulingUnchangedInA();
};

describe('the OpenAPI document', () => {
  it('lists every route of the app, each with its permission', async () => {
    const doc = (await call('GET', '/api/openapi.json')).body;
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { 'x-permission'?: string }>>)) {
      for (const [method, op] of Object.entries(ops)) {
        documented.add(`${method.toUpperCase()} ${path}`);
        expect(op['x-permission'], `${method} ${path}`).toBeTruthy();
      }
    }
    const routes = createApp()
      .routes.filter((r) => r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}')}`);
    const missing = [...new Set(routes)].filter((r) => r !== 'GET /openapi.json' && !documented.has(r));
    expect(missing, 'routes missing from /api/openapi.json').toEqual([]);
  });

  it('has a cross-tenant case for every operation', async () => {
    const doc = (await call('GET', '/api/openapi.json')).body;
    const operations = Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    operations.push('GET /openapi.json');
    const without = operations.filter((op) => !cases[op]);
    expect(without, 'operations without a cross-tenant case').toEqual([]);
  });
});

describe('cross-tenant cases', () => {
  for (const [op, run] of Object.entries(cases)) it(op, run);
});
