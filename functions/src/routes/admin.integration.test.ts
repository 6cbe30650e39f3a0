import { beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '@ev/core/clock';
import { newId } from '@ev/core/ids';
import { ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { dynamoClient, resetDynamoClient, tableName } from '@ev/core/db/client';
import { resetStreamClient } from '@ev/core/db/stream';
import { ensureTable } from '@ev/core/db/table';
import { resetEnv } from '@ev/core/env';
import { Logs } from '@ev/core/logs';
import { Admin } from '@ev/core/admin';
import { Operators } from '@ev/core/operators';
import { Usage } from '@ev/core/usage';
import { companyFilePrefixes, eraseDue } from '@ev/core/admin/erasure';
import { scanCompany } from '@ev/core/db/company-data';
import { registerJobHandlers } from '@ev/core/wiring/worker';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drainJobs } from '../testing/imports';
import { registerDemoJob } from '../jobs-demo';
import { Ports } from '@ev/core/ports';
import { itemSize } from '@ev/core/db/item-size';
import { entityOf } from '@ev/core/usage/kinds';
import { addDays } from '@ev/shared/calendar';
import { defaultSettings } from '@ev/shared/schemas/settings';
import { cpfDigits } from '../testing/documents';
import { salesCompany } from '../testing/sales';
import { openApiContract } from '../testing/openapi-contract';
import { call, makeWorld, PASSWORD, setCompanySetting, type World } from '../testing/world';

/**
 * The operator's area (issue 42, docs/admin.md): operators apart from every company's users, the
 * password typed again on what changes a company, the servers' card, and companies opened,
 * edited, suspended and reactivated. Every answer is checked against the published OpenAPI document.
 */
const OP_PASSWORD = 'operador-forte-123';
let a: World;
let b: World;
let operatorEmail: string;
let op: string;
let check: Awaited<ReturnType<typeof openApiContract>>;

/** A call whose answer must match the OpenAPI document. */
async function api(method: string, path: string, opts: Parameters<typeof call>[2] = {}) {
  const res = await call(method, path, opts);
  expect(check(method, path, res)).toEqual([]);
  return res;
}

function newCompany(label: string, extra: Record<string, unknown> = {}) {
  const tag = newId().slice(-8);
  return {
    name: `Distribuidora ${label} ${tag} Ltda`,
    nickname: label,
    group: 'Grupo Sul',
    document: '11.222.333/0001-81',
    stateRegistration: '123.456.789.110',
    phones: ['(14) 3222-1000', '14 99123-4567'],
    email: `contato-${tag}@${label.toLowerCase()}.test`,
    taxRegime: 'Lucro Presumido',
    taxDataVersion: '4.00',
    taxDataExpiry: addDays(Clock.today('UTC'), 200),
    issRate: '2,5',
    branch: { name: 'Matriz' },
    admin: { name: 'Alice Administradora', email: `alice-${tag}@${label.toLowerCase()}.test`, password: 'primeira-senha-1' },
    adminPassword: OP_PASSWORD,
    ...extra,
  };
}

// The platform's jobs (the archive, a new company's demo data) run on the local queue.
registerJobHandlers();
registerDemoJob();

beforeAll(async () => {
  // A table of this file's own, with the product's stream (the shared one has none: docs/decisions.md
  // "Test time"): the usage is counted from its changes alone.
  process.env.TABLE_NAME = `escritorio-virtual-admin-${newId().slice(-12)}`;
  resetEnv();
  resetDynamoClient();
  resetStreamClient();
  await ensureTable();
  [a, b, check] = await Promise.all([makeWorld('AdmA'), makeWorld('AdmB'), openApiContract()]);
  operatorEmail = `operador-${newId().slice(-8)}@servico.test`;
  await Operators.create({ email: operatorEmail, name: 'Olga Operadora', password: OP_PASSWORD });
  const res = await api('POST', '/api/admin/login', { body: { email: operatorEmail, password: OP_PASSWORD } });
  expect(res.status).toBe(200);
  op = res.body.token;
});

describe('operators and company users never cross', () => {
  it('signs an operator in with its own password only; the token opens the admin routes and no company route', async () => {
    const wrong = await api('POST', '/api/admin/login', { body: { email: operatorEmail, password: 'outra-senha-1' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('E-mail ou senha incorretos.');
    // A company's administrator is not an operator, whatever its password.
    expect((await api('POST', '/api/admin/login', { body: { email: a.admin.email, password: PASSWORD } })).status).toBe(401);
    expect((await api('GET', '/api/admin/me', { token: op })).body).toMatchObject({ name: 'Olga Operadora', email: operatorEmail });
    // The operator's token is nobody in a company.
    for (const path of ['/api/auth/me', '/api/clients', '/api/company']) expect((await call('GET', path, { token: op })).status, path).toBe(401);
  });

  it("refuses a company's administrator on every admin route (403), and nobody signed in (401)", async () => {
    const doc = (await call('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, { 'x-permission': string }>> };
    const admin = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).filter(([, o]) => o['x-permission'] === 'operator').map(([m]) => [m.toUpperCase(), path.replace('{id}', a.tenant.id)] as const));
    expect(admin.length).toBeGreaterThanOrEqual(9);
    const company = (await a.login(a.admin.email)).accessToken;
    const body = { ...newCompany('Intrusa'), version: 1 };
    for (const [method, path] of admin) {
      const refused = await api(method, `/api${path}`, { token: company, body: method === 'GET' ? undefined : body });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.code).toBe('admin.not_operator');
      expect((await api(method, `/api${path}`, { body: method === 'GET' ? undefined : body })).status, `${method} ${path}`).toBe(401);
    }
    // Nothing was opened nor suspended by those calls.
    expect((await api('GET', `/api/admin/companies?q=${encodeURIComponent('Intrusa')}`, { token: op })).body.items).toEqual([]);
    expect((await api('GET', `/api/admin/companies/${a.tenant.id}`, { token: op })).body.status).toBe('active');
  });

  it('ends the session at logout: the token stops at once', async () => {
    const s = (await api('POST', '/api/admin/login', { body: { email: operatorEmail, password: OP_PASSWORD } })).body.token;
    expect((await api('POST', '/api/admin/logout', { token: s })).status).toBe(204);
    const after = await api('GET', '/api/admin/me', { token: s });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Sua sessão de administrador terminou. Entre novamente.');
  });
});

describe('the password typed again', () => {
  it('refuses every action that changes or reveals a company without it, or with a wrong one (403), and changes nothing; five wrong ones close the account for a while', async () => {
    // An operator of its own: its wrong passwords count on its own throttle.
    const email = `guarda-${newId().slice(-8)}@servico.test`;
    await Operators.create({ email, name: 'Gabriel Guarda', password: OP_PASSWORD });
    const guard = (await api('POST', '/api/admin/login', { body: { email, password: OP_PASSWORD } })).body.token;
    const before = (await api('GET', `/api/admin/companies/${b.tenant.id}`, { token: guard })).body;
    const client = newId();
    const attempts: [string, string, Record<string, unknown>][] = [
      ['POST', '/api/admin/companies', newCompany('SemSenha')],
      ['PUT', `/api/admin/companies/${b.tenant.id}`, { ...newCompany('SemSenha'), version: before.version }],
      ['POST', `/api/admin/companies/${b.tenant.id}/suspend`, { version: before.version }],
      ['POST', `/api/admin/companies/${b.tenant.id}/reactivate`, { version: before.version }],
      ['POST', `/api/admin/companies/${b.tenant.id}/erase`, { version: before.version }],
      ['POST', `/api/admin/companies/${b.tenant.id}/erase/cancel`, { version: before.version }],
      ['POST', `/api/admin/companies/${b.tenant.id}/data`, {}],
      ['POST', `/api/admin/companies/${b.tenant.id}/archive`, {}],
      ['POST', `/api/admin/companies/${b.tenant.id}/clients/${client}/export`, {}],
      ['POST', `/api/admin/companies/${b.tenant.id}/clients/${client}/anonymise`, { reason: 'Pedido do titular' }],
      ['POST', '/api/admin/compare', { sourceId: a.tenant.id, targetId: b.tenant.id }],
      ['POST', '/api/admin/copy', { sourceId: a.tenant.id, targetId: b.tenant.id, items: [{ section: 'profiles', key: 'administrador' }] }],
    ];
    for (const [method, path, withPassword] of attempts) {
      const { adminPassword: _p, ...body } = withPassword;
      const missing = await api(method, path, { token: guard, body });
      expect(missing.status, `${method} ${path}`).toBe(403);
      expect(missing.body).toMatchObject({ code: 'admin.password_required', message: 'Informe a sua senha de administrador para continuar.' });
    }
    for (const [method, path, body] of attempts.slice(0, 5)) {
      const wrong = await api(method, path, { token: guard, body: { ...body, adminPassword: 'não-é-a-senha' } });
      expect(wrong.status, `${method} ${path}`).toBe(403);
      expect(wrong.body).toMatchObject({ code: 'admin.password_wrong', message: 'Senha de administrador incorreta.', fields: [{ field: 'adminPassword' }] });
    }
    // Five wrong: the account's window is closed, even to the right password.
    const closed = await api('POST', `/api/admin/companies/${b.tenant.id}/data`, { token: guard, body: { adminPassword: OP_PASSWORD } });
    expect(closed.status).toBe(429);
    expect((await api('GET', `/api/admin/companies/${b.tenant.id}`, { token: guard })).body).toEqual(before);
    expect((await api('GET', `/api/admin/companies?q=SemSenha`, { token: guard })).body.items).toEqual([]);
    // Another operator is not held by it.
    expect((await api('POST', `/api/admin/companies/${b.tenant.id}/data`, { token: op, body: { adminPassword: OP_PASSWORD } })).status).toBe(200);
  });
});

describe('companies', () => {
  it('opens a company that works end to end: its administrator logs in, creates a client and sees nothing of another company', async () => {
    const input = newCompany('Nova');
    const res = await api('POST', '/api/admin/companies', { token: op, body: input });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: input.name,
      status: 'active',
      document: '11.222.333/0001-81',
      phones: ['1432221000', '14991234567'],
      issRate: '2.50',
      adminEmail: input.admin.email,
      certificate: { state: 'valid', days: 200 },
      version: 1,
    });
    const login = await api('POST', '/api/login', { body: { email: input.admin.email, password: input.admin.password } });
    expect(login.status).toBe(200);
    expect(login.body.data.company.id).toBe(res.body.id);
    const token = login.body.data.accessToken;
    // The spec's default settings and one branch, the administrator's.
    const company = await call('GET', '/api/company', { token });
    expect(company.body.settings).toEqual(defaultSettings());
    expect((await call('GET', '/api/branches', { token })).body.items.map((x: { name: string }) => x.name)).toEqual(['Matriz']);
    const clientBody = (name: string, document: string) => ({ name, nickname: name.split(' ')[0], email: 'compras@mercado.com.br', document, birthDate: '1990-05-05' });
    const client = await call('POST', '/api/clients', { token, body: clientBody('Mercado Primeiro', '529.982.247-25') });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
    const list = await call('GET', '/api/clients', { token });
    expect(list.body.items.map((c: { name: string }) => c.name)).toEqual(['Mercado Primeiro']);
    // Another company's client is not there.
    const tokenA = (await a.login(a.admin.email)).accessToken;
    const other = await call('POST', '/api/clients', { token: tokenA, body: clientBody('Cliente de A', '111.444.777-35') });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    expect((await call('GET', `/api/clients/${other.body.id}`, { token })).status).toBe(404);
    // The operators' log has it, with what was opened.
    const log = (await api('GET', '/api/admin/log', { token: op })).body.items;
    expect(log.find((e: { action: string; companyId: string }) => e.action === 'companies.create' && e.companyId === res.body.id)).toMatchObject({ operator: { name: 'Olga Operadora' }, before: null, after: { name: input.name } });
  });

  it('writes demo data in a new company when asked, through the real services, after the answer', async () => {
    const input = newCompany('Demo', { demoData: true });
    const made = await api('POST', '/api/admin/companies', { token: op, body: input });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.demoData).toBe('queued');
    await drainJobs();
    expect((await api('GET', `/api/admin/companies/${made.body.id}`, { token: op })).body.demoData).toBe('done');
    const token = (await call('POST', '/api/login', { body: { email: input.admin.email, password: input.admin.password } })).body.data.accessToken;
    const clients = await call('GET', '/api/clients?limit=100', { token });
    expect(clients.body.items.length).toBe(100);
    expect((await call('GET', '/api/products?limit=5', { token })).body.items).toHaveLength(5);
    expect((await call('GET', '/api/payments-conditions', { token })).body.items.length).toBeGreaterThan(3);
    // Another company opened without it has none.
    expect((await api('POST', '/api/admin/companies', { token: op, body: newCompany('Vazia') })).body.demoData).toBeNull();
  });

  it("refuses bad fields with the field and the reason, and an administrator's e-mail already in use (409), opening nothing", async () => {
    const bad = await api('POST', '/api/admin/companies', { token: op, body: { ...newCompany('Ruim'), name: '', document: '123', phones: ['123'], issRate: '120', admin: { name: 'X', email: 'não-é-email', password: 'curta' } } });
    expect(bad.status).toBe(400);
    const fields = Object.fromEntries(bad.body.fields.map((f: { field: string; message: string }) => [f.field, f.message]));
    expect(Object.keys(fields).sort()).toEqual(['admin.email', 'admin.name', 'admin.password', 'document', 'issRate', 'name', 'phones.0'].sort());
    expect(fields['admin.password']).toBe('A nova senha deve ter pelo menos 8 caracteres.');
    const taken = await api('POST', '/api/admin/companies', { token: op, body: newCompany('Repetida', { admin: { name: 'Ana', email: a.admin.email, password: 'primeira-senha-1' } }) });
    expect(taken.status).toBe(409);
    expect(taken.body.fields[0]).toMatchObject({ field: 'admin.email', message: `O e-mail ${a.admin.email} já é de um usuário do serviço. Informe outro e-mail para o administrador da empresa.` });
    for (const q of ['Ruim', 'Repetida']) expect((await api('GET', `/api/admin/companies?q=${q}`, { token: op })).body.items).toEqual([]);
  });

  it("refuses an administrator's name the users' rules refuse on its own field, before opening anything", async () => {
    const input = newCompany('NomeCurto', { admin: { name: 'A', email: `a-${newId().slice(-8)}@nomecurto.test`, password: 'primeira-senha-1' } });
    const res = await api('POST', '/api/admin/companies', { token: op, body: input });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([expect.objectContaining({ field: 'admin.name', message: 'Informe o nome (ao menos 2 caracteres).' })]);
    expect((await api('GET', `/api/admin/companies?q=${encodeURIComponent(input.name)}`, { token: op })).body.items).toEqual([]);
  });

  it('lists by name with search and status, pages, and warns of a certificate that expires within 30 days', async () => {
    const tag = newId().slice(-6);
    const made = [];
    for (const [i, days] of [40, 30, -1].entries()) {
      const res = await api('POST', '/api/admin/companies', { token: op, body: newCompany(`Lista${tag}`, { name: `Lista ${tag} ${i}`, taxDataExpiry: addDays(Clock.today('UTC'), days) }) });
      made.push(res.body);
    }
    const page1 = await api('GET', `/api/admin/companies?q=lista+${tag}&limit=2`, { token: op });
    expect(page1.body.items.map((c: { name: string }) => c.name)).toEqual([`Lista ${tag} 0`, `Lista ${tag} 1`]);
    expect(page1.body.items.map((c: { certificate: { state: string } }) => c.certificate.state)).toEqual(['valid', 'expiring']);
    const page2 = await api('GET', `/api/admin/companies?q=lista+${tag}&limit=2&cursor=${page1.body.nextCursor}`, { token: op });
    expect(page2.body).toMatchObject({ items: [{ name: `Lista ${tag} 2`, certificate: { state: 'expired', days: -1 } }], nextCursor: null });
    // A cursor of another search is refused.
    expect((await api('GET', `/api/admin/companies?q=outra&cursor=${page1.body.nextCursor}`, { token: op })).status).toBe(400);
    await api('POST', `/api/admin/companies/${made[1].id}/suspend`, { token: op, body: { version: made[1].version, adminPassword: OP_PASSWORD } });
    const suspended = await api('GET', `/api/admin/companies?q=${tag}&status=suspended`, { token: op });
    expect(suspended.body.items.map((c: { name: string }) => c.name)).toEqual([`Lista ${tag} 1`]);
    expect((await api('GET', `/api/admin/companies?q=${tag}&status=active`, { token: op })).body.items).toHaveLength(2);
  });

  it('edits over the version read (409 on an older one) and logs each field before and after', async () => {
    const made = (await api('POST', '/api/admin/companies', { token: op, body: newCompany('Editada') })).body;
    const { admin: _admin, branch: _branch, ...fields } = newCompany('Editada');
    const res = await api('PUT', `/api/admin/companies/${made.id}`, { token: op, body: { ...fields, name: made.name, email: made.email, nickname: 'Editada Nova', issRate: '3', version: made.version } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ nickname: 'Editada Nova', issRate: '3.00', version: 2 });
    const stale = await api('PUT', `/api/admin/companies/${made.id}`, { token: op, body: { ...fields, name: 'Outro nome', version: made.version } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('Esta empresa foi alterada por outra pessoa. Recarregue a página para ver a versão atual.');
    expect((await api('GET', `/api/admin/companies/${made.id}`, { token: op })).body.name).toBe(made.name);
    const entry = (await api('GET', '/api/admin/log', { token: op })).body.items.find((e: { action: string; companyId: string }) => e.action === 'companies.update' && e.companyId === made.id);
    expect(entry).toMatchObject({ before: { nickname: 'Editada', issRate: '2.50' }, after: { nickname: 'Editada Nova', issRate: '3.00' } });
    expect(Object.keys(entry.after).sort()).toEqual(['issRate', 'nickname']);
  });

  it('suspends a company: its users are out at once and cannot log in; reactivated, they log in again and no old session returns', async () => {
    const input = newCompany('Suspensa');
    const made = (await api('POST', '/api/admin/companies', { token: op, body: input })).body;
    const session = (await api('POST', '/api/login', { body: { email: input.admin.email, password: input.admin.password } })).body.data;
    expect((await call('GET', '/api/auth/me', { token: session.accessToken })).status).toBe(200);
    const suspended = await api('POST', `/api/admin/companies/${made.id}/suspend`, { token: op, body: { version: made.version, adminPassword: OP_PASSWORD } });
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ status: 'suspended', suspendedAt: expect.any(String) });
    expect((await call('GET', '/api/auth/me', { token: session.accessToken })).status).toBe(401);
    const login = await api('POST', '/api/login', { body: { email: input.admin.email, password: input.admin.password } });
    expect([login.status, login.body.message]).toEqual([401, 'Empresa não encontrada.']);
    expect((await api('POST', `/api/admin/companies/${made.id}/suspend`, { token: op, body: { version: suspended.body.version, adminPassword: OP_PASSWORD } })).status).toBe(409);
    const back = await api('POST', `/api/admin/companies/${made.id}/reactivate`, { token: op, body: { version: suspended.body.version, adminPassword: OP_PASSWORD } });
    expect(back.body).toMatchObject({ status: 'active', suspendedAt: null });
    // The session of before the suspension stays ended; a new login works.
    expect((await call('POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(401);
    expect((await api('POST', '/api/login', { body: { email: input.admin.email, password: input.admin.password } })).status).toBe(200);
    // Another company was never touched.
    expect((await call('GET', '/api/auth/me', { token: (await b.login(b.admin.email)).accessToken })).status).toBe(200);
  });

  it('answers 404 for a company that does not exist', async () => {
    const res = await api('GET', `/api/admin/companies/${newId()}`, { token: op });
    expect([res.status, res.body.message]).toEqual([404, 'Empresa não encontrada.']);
  });
});

describe("a company's data and usage", () => {
  /** The company's items read from the table itself (what the usage must equal): kinds, items and bytes. */
  async function recount(tenantId: string) {
    const kinds = new Map<string, { items: number; bytes: number }>();
    let start: Record<string, AttributeValue> | undefined;
    do {
      const out = await dynamoClient().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start, FilterExpression: 'begins_with(pk, :p)', ExpressionAttributeValues: { ':p': { S: `T#${tenantId}` } } }));
      for (const item of out.Items ?? []) {
        const kind = entityOf(item.pk!.S!, item.sk!.S!)!.entity;
        const k = kinds.get(kind) ?? { items: 0, bytes: 0 };
        k.items++;
        k.bytes += itemSize(item);
        kinds.set(kind, k);
      }
      start = out.LastEvaluatedKey;
    } while (start);
    return [...kinds].map(([kind, f]) => ({ kind, ...f })).sort((x, y) => x.kind.localeCompare(y.kind));
  }

  it("counts a new company's items and bytes per kind from the stream, equal to the table itself, through edits", async () => {
    const input = newCompany('Medida');
    const made = (await api('POST', '/api/admin/companies', { token: op, body: input })).body;
    const token = (await call('POST', '/api/login', { body: { email: input.admin.email, password: input.admin.password } })).body.data.accessToken;
    const ids: string[] = [];
    for (const [i, doc] of [cpfDigits(101), cpfDigits(102), cpfDigits(103)].entries()) {
      const res = await call('POST', '/api/clients', { token, body: { name: `Mercado Medido ${i}`, nickname: 'Medido', email: 'm@m.com.br', document: doc, birthDate: '1990-05-05' } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.id);
    }
    const one = (await call('GET', `/api/clients/${ids[0]}`, { token })).body;
    expect((await call('PUT', `/api/clients/${ids[0]}`, { token, body: { ...one, name: 'Mercado Medido e Alterado com um Nome Bem Maior', version: one.version } })).status).toBe(200);
    await Logs.flush();
    await Usage.catchUp();
    const shown = (await api('GET', `/api/admin/companies/${made.id}`, { token: op })).body;
    const truth = await recount(made.id);
    expect(shown.items).toBe(truth.reduce((s, k) => s + k.items, 0));
    expect(shown.bytes).toBe(truth.reduce((s, k) => s + k.bytes, 0));
    const details = await api('POST', `/api/admin/companies/${made.id}/data`, { token: op, body: { adminPassword: OP_PASSWORD } });
    expect(details.status).toBe(200);
    expect([...details.body.usage.kinds].sort((x: { kind: string }, y: { kind: string }) => x.kind.localeCompare(y.kind))).toEqual(truth);
    expect(details.body.usage.kinds.find((k: { kind: string }) => k.kind === 'CLIENT').items).toBe(3);
    expect(details.body.database).toMatchObject({ keyPrefix: `T#${made.id}`, table: tableName() });
    expect(details.body.settings).toEqual(defaultSettings());
    // Counting again reads nothing new: the same figures (each change counted once).
    await Usage.catchUp();
    expect((await api('GET', `/api/admin/companies/${made.id}`, { token: op })).body.items).toBe(shown.items);
    // Without the password it is refused.
    expect((await api('POST', `/api/admin/companies/${made.id}/data`, { token: op, body: {} })).status).toBe(403);
  });

  it('counts every company again from the table itself on a rebuild (a data folder made before the stream), the same figures', async () => {
    const input = newCompany('Recontada');
    const made = (await api('POST', '/api/admin/companies', { token: op, body: input })).body;
    await Logs.flush();
    await Usage.catchUp();
    const counted = (await api('GET', `/api/admin/companies/${made.id}`, { token: op })).body;
    const rebuilt = await Usage.rebuild();
    expect(rebuilt.companies).toBeGreaterThanOrEqual(3);
    const after = (await api('GET', `/api/admin/companies/${made.id}`, { token: op })).body;
    const truth = await recount(made.id);
    expect([after.items, after.bytes]).toEqual([truth.reduce((s, k) => s + k.items, 0), truth.reduce((s, k) => s + k.bytes, 0)]);
    expect([after.items, after.bytes]).toEqual([counted.items, counted.bytes]);
    // What is written after the rebuild is counted from the stream, from where the rebuild left it.
    await call('POST', '/api/login', { body: { email: input.admin.email, password: input.admin.password } });
    await Logs.flush();
    await Usage.catchUp();
    const later = await recount(made.id);
    expect((await api('GET', `/api/admin/companies/${made.id}`, { token: op })).body.items).toBe(later.reduce((s, k) => s + k.items, 0));
  });

  it('counts each change once when three readers catch up at the same time', async () => {
    const input = newCompany('Dupla');
    const made = (await api('POST', '/api/admin/companies', { token: op, body: input })).body;
    await Logs.flush();
    await Promise.all([Usage.catchUp(), Usage.catchUp(), Usage.catchUp()]);
    await Usage.catchUp();
    const truth = await recount(made.id);
    expect((await api('GET', `/api/admin/companies/${made.id}`, { token: op })).body.items).toBe(truth.reduce((s, k) => s + k.items, 0));
  });
});

describe('compare and copy setups', () => {
  /** A company opened by the operator, with its administrator's token. */
  async function opened(label: string) {
    const input = newCompany(label);
    const made = (await api('POST', '/api/admin/companies', { token: op, body: input })).body;
    const token = (await call('POST', '/api/login', { body: { email: input.admin.email, password: input.admin.password } })).body.data.accessToken;
    const post = async (path: string, body: unknown) => {
      const res = await call('POST', path, { token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    return { id: made.id as string, token, post };
  }

  it('shows a planted difference and copies it over with its references remapped, nothing written over without confirmation', async () => {
    const [source, target] = await Promise.all([opened('Origem'), opened('Destino')]);
    const table = await source.post('/api/price-tables', { name: 'Atacado Sul' });
    const region = await source.post('/api/regions', { name: 'Região Sul', priceTableId: table.id });
    await source.post('/api/payments-conditions', { name: 'Boleto 30/60', terms: [30, 60], discountRate: '1,5' });
    await target.post('/api/payments-conditions', { name: 'Boleto 30/60', terms: [30, 60], discountRate: '2' });
    const compared = await api('POST', '/api/admin/compare', { token: op, body: { sourceId: source.id, targetId: target.id, adminPassword: OP_PASSWORD } });
    expect(compared.status).toBe(200);
    const section = (name: string) => compared.body.sections.find((x: { section: string }) => x.section === name);
    expect(section('registries:regions').items).toEqual([{ key: 'regiao sul', label: 'Região Sul', state: 'only_source', differences: [] }]);
    expect(section('registries:payments-conditions').items).toEqual([
      { key: 'boleto 30/60', label: 'Boleto 30/60', state: 'differs', differences: [{ field: 'discountRate', label: 'Taxa de desconto (%)', source: '1.5000', target: '2.0000' }] },
    ]);
    // The same presets on both sides: equal, nothing listed.
    expect(section('profiles')).toMatchObject({ items: [], equal: 4 });
    expect(section('settings').items).toEqual([]);

    // The region alone: its price table is not in the target, nothing copied.
    const refused = await api('POST', '/api/admin/copy', { token: op, body: { sourceId: source.id, targetId: target.id, items: [{ section: 'registries:regions', key: 'regiao sul' }], adminPassword: OP_PASSWORD } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Nada foi copiado. Região Sul usa Tabela de preço "Atacado Sul", que a empresa de destino não tem: copie-o junto.');
    // A condition that differs, not confirmed: refused, nothing copied.
    const unconfirmed = await api('POST', '/api/admin/copy', { token: op, body: { sourceId: source.id, targetId: target.id, items: [{ section: 'registries:payments-conditions', key: 'boleto 30/60' }], adminPassword: OP_PASSWORD } });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.message).toContain('Condições de pagamento: Boleto 30/60');
    expect((await call('GET', '/api/regions', { token: target.token })).body.items).toEqual([]);

    const copied = await api('POST', '/api/admin/copy', {
      token: op,
      body: {
        sourceId: source.id,
        targetId: target.id,
        items: [{ section: 'registries:regions', key: 'regiao sul' }, { section: 'registries:price-tables', key: 'atacado sul' }, { section: 'registries:payments-conditions', key: 'boleto 30/60' }],
        overwrite: [{ section: 'registries:payments-conditions', key: 'boleto 30/60' }],
        adminPassword: OP_PASSWORD,
      },
    });
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    expect(copied.body).toMatchObject({ created: 2, updated: 1 });
    // The region points to the target's own price table, not the source's id.
    const targetTables = (await call('GET', '/api/price-tables', { token: target.token })).body.items;
    const targetRegion = (await call('GET', '/api/regions', { token: target.token })).body.items[0];
    expect(targetRegion).toMatchObject({ name: 'Região Sul', priceTableId: targetTables.find((t: { name: string }) => t.name === 'Atacado Sul').id });
    expect(targetRegion.priceTableId).not.toBe(table.id);
    expect(targetRegion.id).not.toBe(region.id);
    expect((await call('GET', '/api/payments-conditions', { token: target.token })).body.items[0].discountRate).toBe('1.5000');
    // Compared again: nothing differs any more; the source is unchanged.
    const again = await api('POST', '/api/admin/compare', { token: op, body: { sourceId: source.id, targetId: target.id, adminPassword: OP_PASSWORD } });
    for (const name of ['registries:regions', 'registries:price-tables', 'registries:payments-conditions']) expect(again.body.sections.find((x: { section: string }) => x.section === name).items).toEqual([]);
    expect((await call('GET', '/api/regions', { token: source.token })).body.items.map((r: { id: string }) => r.id)).toEqual([region.id]);
    // The operators' log has the copy.
    const log = (await api('GET', '/api/admin/log', { token: op })).body.items.find((e: { action: string; companyId: string }) => e.action === 'companies.copy' && e.companyId === target.id);
    expect(log.after).toMatchObject({ created: 2, updated: 1 });
  });

  it("compares message templates and copies one to the target's own account, for its own review; one the target has is never written over", async () => {
    const [source, target] = await Promise.all([opened('Modelos'), opened('SemConta')]);
    const put = (token: string) => call('PUT', '/api/messages/account', { token, body: { provider: 'sandbox' } });
    expect((await put(source.token)).status).toBe(200);
    const template = { name: 'aviso_entrega', category: 'utility', language: 'pt_BR', body: 'Olá {{1}}, seu pedido sai para entrega amanhã.', bodyExamples: ['Mercado Bom Preço'] };
    await source.post('/api/messages/templates', template);
    const compared = await api('POST', '/api/admin/compare', { token: op, body: { sourceId: source.id, targetId: target.id, adminPassword: OP_PASSWORD } });
    expect(compared.body.sections.find((x: { section: string }) => x.section === 'message-templates').items).toEqual([{ key: 'aviso_entrega|pt_BR', label: 'aviso_entrega (pt_BR)', state: 'only_source', differences: [] }]);
    const choice = { section: 'message-templates', key: 'aviso_entrega|pt_BR' };
    // The target's WhatsApp account is not set up: refused before anything is written.
    const refused = await api('POST', '/api/admin/copy', { token: op, body: { sourceId: source.id, targetId: target.id, items: [choice, { section: 'registries:price-tables', key: 'x' }], adminPassword: OP_PASSWORD } });
    expect(refused.status).toBe(400);
    const notReady = await api('POST', '/api/admin/copy', { token: op, body: { sourceId: source.id, targetId: target.id, items: [choice], adminPassword: OP_PASSWORD } });
    expect(notReady.status).toBe(409);
    expect((await put(target.token)).status).toBe(200);
    const copied = await api('POST', '/api/admin/copy', { token: op, body: { sourceId: source.id, targetId: target.id, items: [choice], adminPassword: OP_PASSWORD } });
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    const theirs = (await call('GET', '/api/messages/templates', { token: target.token })).body.items;
    expect(theirs).toMatchObject([{ name: 'aviso_entrega', language: 'pt_BR', body: template.body }]);
    // Copied again: the same template there, nothing to do.
    const again = await api('POST', '/api/admin/copy', { token: op, body: { sourceId: source.id, targetId: target.id, items: [choice], overwrite: [choice], adminPassword: OP_PASSWORD } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: 0, updated: 0 });
    // A template of the same name and language with another text in the target: never written over, even confirmed.
    const reminder = { name: 'lembrete', category: 'utility', language: 'pt_BR', body: 'Olá {{1}}, lembrete do seu pedido.', bodyExamples: ['Mercado'] };
    await source.post('/api/messages/templates', reminder);
    await target.post('/api/messages/templates', { ...reminder, body: 'Oi {{1}}, outro texto.' });
    const other = { section: 'message-templates', key: 'lembrete|pt_BR' };
    const kept = await api('POST', '/api/admin/copy', { token: op, body: { sourceId: source.id, targetId: target.id, items: [other], overwrite: [other], adminPassword: OP_PASSWORD } });
    expect(kept.status).toBe(409);
    expect(kept.body.message).toBe('Nada foi copiado. A empresa de destino já tem estes modelos de mensagem: lembrete (pt_BR). Um modelo é revisado pela Meta para a conta de cada empresa: altere-o na própria empresa.');
    expect((await call('GET', '/api/messages/templates?q=lembrete', { token: target.token })).body.items[0].body).toBe('Oi {{1}}, outro texto.');
  });

  it('refuses the same company twice, and no item chosen (400)', async () => {
    const same = await api('POST', '/api/admin/compare', { token: op, body: { sourceId: a.tenant.id, targetId: a.tenant.id, adminPassword: OP_PASSWORD } });
    expect([same.status, same.body.fields[0]]).toMatchObject([400, { field: 'targetId', message: 'Escolha duas empresas diferentes para comparar.' }]);
    const none = await api('POST', '/api/admin/copy', { token: op, body: { sourceId: a.tenant.id, targetId: b.tenant.id, items: [], adminPassword: OP_PASSWORD } });
    expect([none.status, none.body.fields[0].message]).toEqual([400, 'Escolha ao menos um item para copiar.']);
  });
});

describe('erasure (LGPD)', () => {
  const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
  /** The company's items in the table and its files under its prefixes. */
  async function left(tenantId: string) {
    let items = 0;
    await scanCompany(tenantId, (page) => {
      items += page.length;
    });
    const files = (await Promise.all(companyFilePrefixes(tenantId).map((p) => Ports.files().list(p)))).flat();
    return { items, files: files.length };
  }

  it('erases a suspended company 30 days after it is asked (cancellable until then): no item, no file, its e-mails and its store’s address free; another company untouched', async () => {
    const input = newCompany('Apagada');
    let made = (await api('POST', '/api/admin/companies', { token: op, body: input })).body;
    const session = (await call('POST', '/api/login', { body: { email: input.admin.email, password: input.admin.password } })).body.data;
    const me = (await call('GET', '/api/auth/me', { token: session.accessToken })).body.data.user;
    const user = (await call('GET', `/api/users/${me.id}`, { token: session.accessToken })).body;
    expect((await call('POST', '/api/auth/me/avatar', { token: session.accessToken, body: { image: `data:image/png;base64,${PNG}`, version: user.version } })).status).toBe(200);
    const client = await call('POST', '/api/clients', { token: session.accessToken, body: { name: 'Mercado Apagado', nickname: 'Apagado', email: 'a@a.com.br', document: cpfDigits(201), birthDate: '1990-05-05' } });
    expect(client.status).toBe(201);
    // Its store's address, which the erasure frees for another company.
    const storeSlug = `apagada-${Date.now().toString(36)}`;
    const withStore = async (token: string, further: Record<string, unknown>) => {
      const c = (await call('GET', '/api/company', { token })).body;
      const { name, nickname, document, observations, taxRegime, settings, version } = c;
      return call('PUT', '/api/company', { token, body: { name, nickname, document, observations, taxRegime, version, settings: { ...settings, further: { ...settings.further, ...further } } } });
    };
    expect((await withStore(session.accessToken, { selfCheckout: true, storeSlug })).status).toBe(200);
    expect((await call('GET', `/api/store/${storeSlug}`)).status).toBe(200);
    made = (await api('GET', `/api/admin/companies/${made.id}`, { token: op })).body;
    const before = await left(made.id);
    expect(before.items).toBeGreaterThan(10);
    expect(before.files).toBeGreaterThanOrEqual(1);
    const other = await left(a.tenant.id);

    // Only a suspended company; then 30 days, cancellable; reactivation waits for the cancel.
    const active = await api('POST', `/api/admin/companies/${made.id}/erase`, { token: op, body: { version: made.version, adminPassword: OP_PASSWORD } });
    expect([active.status, active.body.message]).toEqual([409, 'Suspenda a empresa antes de pedir a exclusão dos dados.']);
    made = (await api('POST', `/api/admin/companies/${made.id}/suspend`, { token: op, body: { version: made.version, adminPassword: OP_PASSWORD } })).body;
    const asked = await api('POST', `/api/admin/companies/${made.id}/erase`, { token: op, body: { version: made.version, adminPassword: OP_PASSWORD } });
    expect(asked.status).toBe(200);
    expect(Date.parse(`${asked.body.erasureAt}Z`) - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    expect((await api('POST', `/api/admin/companies/${made.id}/reactivate`, { token: op, body: { version: asked.body.version, adminPassword: OP_PASSWORD } })).body.message).toBe('Cancele a exclusão marcada antes de reativar a empresa.');
    const cancelled = (await api('POST', `/api/admin/companies/${made.id}/erase/cancel`, { token: op, body: { version: asked.body.version, adminPassword: OP_PASSWORD } })).body;
    expect(cancelled.erasureAt).toBeNull();
    made = (await api('POST', `/api/admin/companies/${made.id}/erase`, { token: op, body: { version: cancelled.version, adminPassword: OP_PASSWORD } })).body;

    // Before its date nothing goes; after it, everything (its sessions ended with the suspension).
    const scheduled = await left(made.id);
    expect(scheduled.files).toBe(before.files);
    expect((await eraseDue()).companies).toBe(0);
    expect(await left(made.id)).toEqual(scheduled);
    Clock.set(() => Date.now() + 31 * 86_400_000);
    try {
      const erased = await eraseDue();
      expect(erased).toMatchObject({ companies: 1, items: scheduled.items, files: scheduled.files });
    } finally {
      Clock.reset();
    }
    expect(await left(made.id)).toEqual({ items: 0, files: 0 });
    expect((await api('GET', `/api/admin/companies/${made.id}`, { token: op })).status).toBe(404);
    // Its administrator's e-mail is free for another company; the other company has all it had.
    const again = await api('POST', '/api/admin/companies', { token: op, body: newCompany('Reaberta', { admin: input.admin }) });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(await left(a.tenant.id)).toEqual(other);
    const tokenOfA = (await a.login(a.admin.email)).accessToken;
    expect(tokenOfA).toBeTruthy();
    // Its store's address too: gone from the public call, and free for another company.
    expect((await call('GET', `/api/store/${storeSlug}`)).status).toBe(404);
    expect((await withStore(tokenOfA, { storeSlug })).status).toBe(200);
    expect((await withStore(tokenOfA, { storeSlug: '' })).status).toBe(200);
    // Logged when it ran (the clock 31 days on: that month's log).
    const month = new Date(Date.now() + 31 * 86_400_000).toISOString().slice(0, 7);
    const log = (await api('GET', `/api/admin/log?month=${month}`, { token: op })).body.items.find((e: { action: string; companyId: string }) => e.action === 'companies.erased' && e.companyId === made.id);
    expect(log).toMatchObject({ operator: { name: 'Olga Operadora' }, after: { items: scheduled.items, files: scheduled.files, emails: 1 } });
  });
});

describe("a company's archive (LGPD)", () => {
  it('holds every item of the company, as JSON lines per kind, and its files, checked against the table', async () => {
    const input = newCompany('Arquivada');
    const made = (await api('POST', '/api/admin/companies', { token: op, body: input })).body;
    const token = (await call('POST', '/api/login', { body: { email: input.admin.email, password: input.admin.password } })).body.data.accessToken;
    for (const n of [301, 302]) expect((await call('POST', '/api/clients', { token, body: { name: `Mercado ${n}`, nickname: 'M', email: 'm@m.com.br', document: cpfDigits(n), birthDate: '1990-05-05' } })).status).toBe(201);
    await Ports.files().put(`uploads/${made.id}/x/planilha.csv`, 'a;b\n1;2\n', 'text/csv');
    await Logs.flush();
    expect((await api('POST', `/api/admin/companies/${made.id}/archive`, { token: op, body: {} })).status).toBe(403);
    const asked = await api('POST', `/api/admin/companies/${made.id}/archive`, { token: op, body: { adminPassword: OP_PASSWORD } });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ status: 'queued', url: null });
    await drainJobs();
    const done = await api('GET', `/api/admin/archives/${asked.body.id}`, { token: op });
    expect(done.body, JSON.stringify(done.body)).toMatchObject({ status: 'done', files: 1, error: null });
    const url = new URL(done.body.url);
    const file = await call('GET', `${url.pathname}${url.search}`);
    expect(file.status).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ev-archive-'));
    fs.writeFileSync(path.join(dir, 'a.tar.gz'), file.bytes);
    execFileSync('tar', ['-xzf', path.join(dir, 'a.tar.gz'), '-C', dir]);
    // Every item, by kind, as the table holds them now.
    const truth = new Map<string, number>();
    await scanCompany(made.id, (page) => {
      for (const item of page) {
        const kind = entityOf(String(item.pk), String(item.sk))!.entity;
        truth.set(kind, (truth.get(kind) ?? 0) + 1);
      }
    });
    const archived = new Map(fs.readdirSync(path.join(dir, 'items')).map((f) => [f.replace('.jsonl', ''), fs.readFileSync(path.join(dir, 'items', f), 'utf8').trim().split('\n')]));
    expect(new Map([...archived].map(([k, lines]) => [k, lines.length]))).toEqual(truth);
    const clients = archived.get('CLIENT')!.map((l) => JSON.parse(l)).filter((i) => i.sk === 'CLIENT');
    expect(clients.map((c) => c.name).sort()).toEqual(['Mercado 301', 'Mercado 302']);
    expect(fs.readFileSync(path.join(dir, 'files', 'uploads', made.id, 'x', 'planilha.csv'), 'utf8')).toBe('a;b\n1;2\n');
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'))).toMatchObject({ company: { id: made.id, name: input.name }, files: 1 });
    // The company's data view names it its last export.
    const view = (await api('POST', `/api/admin/companies/${made.id}/data`, { token: op, body: { adminPassword: OP_PASSWORD } })).body;
    expect(view.backup.lastExport).toEqual({ at: done.body.finishedAt, items: [...truth.values()].reduce((x, y) => x + y, 0) });
    // No credential: the users are there, their passwords' hashes are not.
    const users = archived.get('USER')!.map((l) => JSON.parse(l)).filter((i) => i.sk === 'USER');
    expect(users.map((u) => u.email)).toEqual([input.admin.email]);
    expect(archived.get('USER')!.join('\n')).not.toMatch(/passwordHash|scrypt\$/);
    // Nothing of another company.
    expect(fs.readFileSync(path.join(dir, 'items', 'TENANT.jsonl'), 'utf8')).not.toContain(a.tenant.id);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("one client's data (LGPD)", () => {
  it("exports what the company holds of a client, and anonymises it with the reason: its sales and their totals stay", async () => {
    const s = await salesCompany(a);
    const productId = await s.product(`Arroz ${s.tag}`, '25.00', '50');
    const clientId = await s.client(`Mercado Titular ${s.tag}`);
    const sale = await s.closed(clientId, [{ productId, quantity: '2', unitPrice: '25.00' }]);
    // Paid where the company gives cashback: the client's balance and its credit are its data too.
    await setCompanySetting(a, 'further', 'cashback', true);
    const paid = await s.api('POST', `/api/sales/${sale.id}/status`, { token: s.tokens.admin, body: { version: sale.version, to: 'paid' } });
    await setCompanySetting(a, 'further', 'cashback', false);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // Its access to the company's store: in the export (never the password), gone with the anonymisation.
    const storeSlug = `titular-${s.tag.toLowerCase()}`;
    const company = (await s.api('GET', '/api/company', { token: s.tokens.admin })).body;
    const { name, nickname, document, observations, taxRegime, settings, version } = company;
    const store = await s.api('PUT', '/api/company', { token: s.tokens.admin, body: { name, nickname, document, observations, taxRegime, version, settings: { ...settings, further: { ...settings.further, selfCheckout: true, storeSlug } } } });
    expect(store.status, JSON.stringify(store.body)).toBe(200);
    const email = (await s.api('GET', `/api/clients/${clientId}`, { token: s.tokens.admin })).body.email as string;
    expect((await s.api('PUT', `/api/clients/${clientId}/store-access`, { token: s.tokens.admin, body: { password: 'senha-do-titular', confirmation: 'senha-do-titular' } })).status).toBe(200);
    expect((await call('POST', `/api/store/${storeSlug}/login`, { body: { email, password: 'senha-do-titular' } })).status).toBe(200);
    const exported = await api('POST', `/api/admin/companies/${a.tenant.id}/clients/${clientId}/export`, { token: op, body: { adminPassword: OP_PASSWORD } });
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    expect(exported.body.client).toMatchObject({ id: clientId, name: `Mercado Titular ${s.tag}` });
    expect(exported.body.sales.map((x: { id: string }) => x.id)).toEqual([sale.id]);
    expect(exported.body.installments.length).toBeGreaterThanOrEqual(1);
    expect(exported.body.loyalty.balance).toMatchObject({ clientId, cashback: 1 });
    expect(exported.body.loyalty.entries).toEqual([expect.objectContaining({ kind: 'credit', cashback: '1', saleId: sale.id })]);
    expect(exported.body.storeAccess).toMatchObject({ email, active: true });
    expect(JSON.stringify(exported.body)).not.toContain('passwordHash');
    const totalsBefore = (await s.api('GET', `/api/sales/totals?clientId=${clientId}`, { token: s.tokens.admin })).body;

    const noReason = await api('POST', `/api/admin/companies/${a.tenant.id}/clients/${clientId}/anonymise`, { token: op, body: { reason: '', adminPassword: OP_PASSWORD } });
    expect([noReason.status, noReason.body.fields[0].field]).toEqual([400, 'reason']);
    const gone = await api('POST', `/api/admin/companies/${a.tenant.id}/clients/${clientId}/anonymise`, { token: op, body: { reason: 'Pedido do titular em 28/11/2026 (protocolo 123)', adminPassword: OP_PASSWORD } });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(gone.body).toMatchObject({ name: `Cliente anonimizado ${clientId.slice(-6)}`, document: null, email: null, phone1: null, addresses: [], status: 'inactive' });
    expect((await call('POST', `/api/store/${storeSlug}/login`, { body: { email, password: 'senha-do-titular' } })).status).toBe(401);
    // The company sees it so; its old name finds nothing; its sale and the totals are as they were.
    const client = (await s.api('GET', `/api/clients/${clientId}`, { token: s.tokens.admin })).body;
    expect(client).toMatchObject({ name: `Cliente anonimizado ${clientId.slice(-6)}`, document: null });
    expect((await s.api('GET', `/api/clients?q=${encodeURIComponent(`Titular ${s.tag}`)}`, { token: s.tokens.admin })).body.items).toEqual([]);
    expect(await s.read(sale.id)).toMatchObject({ id: sale.id, number: sale.number, status: 'paid' });
    expect((await s.api('GET', `/api/sales/totals?clientId=${clientId}`, { token: s.tokens.admin })).body).toEqual(totalsBefore);
    // The reason is in the company's log (and the operators').
    await Logs.flush();
    const logged = (await s.api('GET', '/api/logs?q=clients.anonymise', { token: s.tokens.admin })).body.items;
    expect(JSON.stringify(logged)).toContain('Pedido do titular em 28/11/2026 (protocolo 123)');
    // Another company's id for it: not found.
    expect((await api('POST', `/api/admin/companies/${b.tenant.id}/clients/${clientId}/export`, { token: op, body: { adminPassword: OP_PASSWORD } })).status).toBe(404);
  });
});

describe('servers', () => {
  it('shows the running process: its version, machine, the table and each job family', async () => {
    const res = await api('GET', '/api/admin/servers', { token: op });
    expect(res.status).toBe(200);
    const [card] = res.body.items;
    expect(card).toMatchObject({ stage: 'local', api: 'ok', table: { name: tableName(), state: 'ok', status: 'ACTIVE' } });
    expect(card.cpu.cores).toBeGreaterThan(0);
    expect(card.queues.map((q: { family: string }) => q.family)).toEqual(['email', 'exports', 'imports', 'sales', 'messages', 'platform']);
    for (const q of card.queues) expect(q).toMatchObject({ state: 'ok', waiting: expect.any(Number), deadLetters: expect.any(Number) });
  });

  it('shows a part that does not answer as not responding, and the others still', async () => {
    const table = process.env.TABLE_NAME;
    process.env.TABLE_NAME = `sem-tabela-${newId().slice(-8)}`;
    resetEnv();
    resetDynamoClient();
    try {
      const [card] = await Admin.servers();
      expect(card).toMatchObject({ api: 'ok', table: { name: process.env.TABLE_NAME, state: 'not_responding', status: null } });
      // The dead letters live in the table: the queues' part is not responding either, their depths still read.
      expect(card!.queues.every((q) => q.state === 'not_responding' && q.deadLetters === null && q.waiting === 0)).toBe(true);
      expect(card!.cpu.cores).toBeGreaterThan(0);
    } finally {
      process.env.TABLE_NAME = table;
      resetEnv();
      resetDynamoClient();
    }
  });
});
