import { Auth } from '@ev/core/auth';
import { runAs } from '@ev/core/context';
import { newId } from '@ev/core/ids';
import { Logs } from '@ev/core/logs';
import { registerEmailJob } from '@ev/core/ports';
import { Provisioning } from '@ev/core/provisioning/index';
import { Users } from '@ev/core/users';
import { Messages } from '@ev/shared/messages';
import { buildAbility, type AbilityRule } from '@ev/shared/permissions';
import { SaleTexts } from '@ev/shared/schemas/sales';
import { UserTexts } from '@ev/shared/schemas/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { mailTo, temporaryPasswordIn } from '../testing/mail';
import { call, makeWorld, PASSWORD, tokensFor, type World } from '../testing/world';

/**
 * The administration of users (issue 14 item 2) through HTTP: the list's filters, a new user with
 * an initial or an e-mailed temporary password, deactivation and reactivation, the password reset,
 * the last-administrator guard, the audit of each write, and the branch rules a user's branches
 * decide (no branch: no data and no order; a branch that does not issue orders).
 */
registerEmailJob();

const DENIED = Messages.forbidden;
const api = checkedCall;

let a: World;
let b: World;
const tokens = {} as Record<'admin' | 'supervisor' | 'salesman' | 'employee' | 'adminB', string>;
let seq = 0;
const emailIn = (w: World, label: string) => `${label}-${++seq}-${newId().slice(-6)}@${w.domain}`;

const login = (email: string, password: string) =>
  call('POST', '/api/login', { body: { email, password }, headers: { 'x-ev-client-address': `198.51.100.${Math.floor(Math.random() * 250)}` } });

async function create(w: World, token: string, over: Record<string, unknown> = {}) {
  const body = { email: emailIn(w, 'usuario'), password: 'senha-inicial-1', name: 'Usuário Novo', profileId: w.profiles.salesman.id, branchIds: [w.branches[0]!.id], salesman: true, ...over };
  const res = await api('POST', '/api/users', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; email: string; name: string; version: number; [k: string]: unknown };
}

const read = async (id: string) => (await api('GET', `/api/users/${id}`, { token: tokens.admin })).body;

/** Every id of GET /api/users with these parameters (pages of 2, to cross pages with the filters). */
async function listAll(token: string, params: Record<string, string> = {}): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const qs = new URLSearchParams({ ...params, limit: '2', ...(cursor ? { cursor } : {}) });
    const res = await api('GET', `/api/users?${qs}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids.push(...res.body.items.map((u: { id: string }) => u.id));
    if (!res.body.nextCursor) return ids.sort();
    cursor = res.body.nextCursor;
  }
  throw new Error('too many pages');
}

async function historyOf(id: string) {
  await Logs.flush();
  const res = await api('GET', `/api/users/${id}/history`, { token: tokens.admin });
  expect(res.status).toBe(200);
  return res.body.items as { event: string; userId: string; changes: { field: string; before: unknown; after: unknown }[] }[];
}

beforeAll(async () => {
  [a, b] = await Promise.all([makeWorld('UsuariosAdmA'), makeWorld('UsuariosAdmB')]);
  Object.assign(tokens, await tokensFor({ admin: [a, a.admin], supervisor: [a, a.supervisor], salesman: [a, a.salesman], employee: [a, a.employee], adminB: [b, b.admin] }));
});

describe('GET /api/users filters', () => {
  it('filters by profile, branch and flag, alone and together with the search and active, across pages', async () => {
    const [matriz, filial] = a.branches.map((x) => x.id) as [string, string];
    const sorted = (ids: string[]) => [...ids].sort();
    // The world: admin (both branches), supervisor (manager, both), salesman (both), other salesman (Filial), employee (none).
    expect(await listAll(tokens.admin, { profileId: a.profiles.salesman.id })).toEqual(sorted([a.salesman.id, a.otherSalesman.id]));
    expect(await listAll(tokens.admin, { profileId: a.profiles.manager.id })).toEqual([a.supervisor.id]);
    expect(await listAll(tokens.admin, { branchId: matriz })).toEqual(sorted([a.admin.id, a.supervisor.id, a.salesman.id]));
    expect(await listAll(tokens.admin, { branchId: filial })).toEqual(sorted([a.admin.id, a.supervisor.id, a.salesman.id, a.otherSalesman.id]));
    expect(await listAll(tokens.admin, { flag: 'salesman' })).toEqual(sorted([a.salesman.id, a.otherSalesman.id]));
    expect(await listAll(tokens.admin, { flag: 'supervisor' })).toEqual([a.supervisor.id]);
    expect(await listAll(tokens.admin, { flag: 'employee' })).toEqual([a.employee.id]);
    expect(await listAll(tokens.admin, { flag: 'salesman', branchId: matriz })).toEqual([a.salesman.id]);
    expect(await listAll(tokens.admin, { flag: 'salesman', q: 'otavio' })).toEqual([a.otherSalesman.id]);
    expect(await listAll(tokens.admin, { profileId: a.profiles.salesman.id, active: 'false' })).toEqual([]);
    // Another company's profile or branch matches nothing here.
    expect(await listAll(tokens.admin, { profileId: b.profiles.salesman.id })).toEqual([]);
    expect(await listAll(tokens.admin, { branchId: b.branches[0]!.id })).toEqual([]);
    // A supervisor's filters stay inside its team.
    expect(await listAll(tokens.supervisor, { flag: 'salesman' })).toEqual([a.salesman.id]);
  });

  it('answers the items with their branches, and 400 in Portuguese for a bad filter', async () => {
    const res = await api('GET', `/api/users?q=vera`, { token: tokens.admin });
    expect(res.body.items[0]).toMatchObject({ id: a.salesman.id, branchIds: a.salesman.branchIds, profileId: a.profiles.salesman.id, salesman: true });
    const flag = await api('GET', '/api/users?flag=gerente', { token: tokens.admin });
    expect(flag.status).toBe(400);
    expect(flag.body.fields).toContainEqual({ field: 'flag', message: UserTexts.flagInvalid().message });
    expect(flag.body.fieldTexts).toContainEqual(expect.objectContaining({ field: 'flag', key: 'users.flagInvalid' }));
    for (const field of ['profileId', 'branchId']) {
      const bad = await api('GET', `/api/users?${field}=x`, { token: tokens.admin });
      expect(bad.status, field).toBe(400);
      expect(bad.body.fields).toContainEqual(expect.objectContaining({ field, message: Messages.invalidId }));
    }
    // A cursor belongs to its filters.
    const page = await api('GET', '/api/users?limit=1', { token: tokens.admin });
    const other = await api('GET', `/api/users?limit=1&flag=salesman&cursor=${encodeURIComponent(page.body.nextCursor)}`, { token: tokens.admin });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('cursor.invalid');
  });
});

describe('POST /api/users: the initial password', () => {
  it('with an initial password: the user logs in with it, lands on its default branch and need not change it', async () => {
    const created = await create(a, tokens.admin, { name: 'Inicial Definida', branchIds: [a.branches[1]!.id], passwordMode: 'set' });
    const res = await login(created.email, 'senha-inicial-1');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ mustChangePassword: false, message: null, branch: { id: a.branches[1]!.id, nome: 'Filial' } });
    expect(await mailTo(created.email)).toEqual([]);
  });

  it('e-mailed: a temporary password that opens one session which must change it; no password of its own meanwhile', async () => {
    const created = await create(a, tokens.admin, { name: 'Temporária Enviada', passwordMode: 'email', password: undefined });
    expect(created).not.toHaveProperty('temp');
    expect(created).not.toHaveProperty('password');
    const mails = await mailTo(created.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Escritório Virtual: seu acesso e sua senha temporária');
    expect(mails[0]!.text).toContain('Seu acesso ao Escritório Virtual foi criado pelo administrador da empresa.');
    expect(mails[0]!.text).toContain('Ela vale por 3 dias e para um único acesso');
    const temp = temporaryPasswordIn(mails[0]!.text);

    const first = await login(created.email, temp);
    expect(first.status).toBe(200);
    expect(first.body.data.mustChangePassword).toBe(true);
    expect((await login(created.email, temp)).status).toBe(401);
    const blocked = await call('GET', '/api/clients', { token: first.body.data.accessToken });
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('auth.must_change_password');
    const changed = await call('POST', '/api/auth/password', { token: first.body.data.accessToken, body: { currentPassword: temp, newPassword: 'minha-senha-9', confirmation: 'minha-senha-9' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await login(created.email, 'minha-senha-9')).body.data.mustChangePassword).toBe(false);

    // The creation's audit names how the password was given, never a password.
    const [creation] = await historyOf(created.id);
    expect(creation!.event).toBe('users.create');
    expect(JSON.stringify(creation)).not.toContain(temp);
    const logs = await api('GET', `/api/logs?q=${encodeURIComponent('Temporária Enviada')}`, { token: tokens.admin });
    expect(logs.body.items[0]).toMatchObject({ message: 'users.create', metadata: { firstAccess: 'email', recordId: created.id } });
  });

  it('refuses an initial password left out (the default mode) naming the field, and an unknown mode', async () => {
    const body = { email: emailIn(a, 'sem-senha'), name: 'Sem Senha', profileId: a.profiles.salesman.id };
    const missing = await api('POST', '/api/users', { token: tokens.admin, body });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toContainEqual({ field: 'password', message: UserTexts.passwordRequired().message });
    expect(missing.body.fieldTexts).toContainEqual(expect.objectContaining({ field: 'password', key: 'users.passwordRequired' }));
    const mode = await api('POST', '/api/users', { token: tokens.admin, body: { ...body, passwordMode: 'sms', password: 'senha-inicial-1' } });
    expect(mode.status).toBe(400);
    expect(mode.body.fields).toContainEqual(expect.objectContaining({ field: 'passwordMode', message: UserTexts.passwordModeInvalid().message }));
    // Nothing was written: the e-mail is still free.
    expect((await api('POST', '/api/users', { token: tokens.admin, body: { ...body, password: 'senha-inicial-1' } })).status).toBe(201);
  });

  it('keeps the user-level authorizer of financial release, false unless set', async () => {
    const plain = await create(a, tokens.admin);
    expect(plain.financialReleaseAuthorizer).toBe(false);
    const authorizer = await create(a, tokens.admin, { financialReleaseAuthorizer: true });
    expect(authorizer.financialReleaseAuthorizer).toBe(true);
    const bad = await api('POST', '/api/users', { token: tokens.admin, body: { email: emailIn(a, 'x'), password: 'senha-inicial-1', name: 'Xis', profileId: a.profiles.salesman.id, financialReleaseAuthorizer: 'sim' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field)).toContain('financialReleaseAuthorizer');
  });
});

describe('deactivation and reactivation', () => {
  it('deactivating ends the sessions at once; reactivating lets the user in again with its password; both audited before and after', async () => {
    const created = await create(a, tokens.admin, { name: 'Rita Reativada' });
    const s1 = (await login(created.email, 'senha-inicial-1')).body.data;
    const s2 = (await login(created.email, 'senha-inicial-1')).body.data;
    const off = await api('DELETE', `/api/users/${created.id}`, { token: tokens.admin });
    expect(off.status).toBe(200);
    for (const s of [s1, s2]) {
      expect((await call('GET', '/api/auth/me', { token: s.accessToken })).status).toBe(401);
      expect((await call('POST', '/api/auth/refresh', { body: { refreshToken: s.refreshToken } })).status).toBe(401);
    }
    expect((await login(created.email, 'senha-inicial-1')).body.message).toBe('Perfil inativo.');

    const on = await api('POST', `/api/users/${created.id}/reactivate`, { token: tokens.admin });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toMatchObject({ id: created.id, active: true, version: off.body.version + 1 });
    expect(await read(created.id)).toEqual(on.body);
    const back = await login(created.email, 'senha-inicial-1');
    expect(back.status).toBe(200);
    // The old sessions stay ended.
    expect((await call('GET', '/api/auth/me', { token: s1.accessToken })).status).toBe(401);

    const again = await api('POST', `/api/users/${created.id}/reactivate`, { token: tokens.admin });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'users.already_active', message: UserTexts.alreadyActive().message });

    const [reactivation, deactivation] = await historyOf(created.id);
    expect(reactivation).toMatchObject({ event: 'users.reactivate', userId: a.admin.id, changes: [{ field: 'active', before: false, after: true }] });
    expect(deactivation).toMatchObject({ event: 'users.deactivate', userId: a.admin.id, changes: [{ field: 'active', before: true, after: false }] });
  });

  it('keeps the last active user who may change permissions: deactivating it, or taking its profile away, is a 409 naming it', async () => {
    const c = await makeWorld('UltimoAdmin');
    const alice = c.admin;
    // Someone who manages users but not permissions (the guard is the service's, whoever calls it).
    const userManager = await Auth.authenticate((await c.login(c.supervisor.email)).accessToken);
    const rules: AbilityRule[] = [{ action: 'read', subject: 'auth' }, { action: 'manage', subject: 'usuarios' }];
    const asManager = { ...userManager, rules, ability: buildAbility(rules) };
    const said = UserTexts.lastAdmin({ name: alice.name });
    await expect(runAs(asManager, () => Users.deactivate(alice.id))).rejects.toMatchObject({ kind: 'conflict', code: 'users.last_admin', message: said.message });
    const aliceRecord = (await runAs(asManager, () => Users.get(alice.id)));
    await expect(runAs(asManager, () => Users.update(alice.id, { ...aliceRecord, profileId: c.profiles.manager.id }))).rejects.toMatchObject({
      code: 'users.last_admin',
      message: UserTexts.lastAdminProfile({ name: alice.name }).message,
      extra: { fields: [expect.objectContaining({ field: 'profileId' })] },
    });
    // Through HTTP, the last administrator cannot give its own profile away either.
    const aliceToken = (await c.login(alice.email)).accessToken;
    const self = await api('PUT', `/api/users/${alice.id}`, { token: aliceToken, body: { ...aliceRecord, profileId: c.profiles.salesman.id } });
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({ code: 'users.last_admin', key: 'users.lastAdminProfile' });
    // Other edits of the last administrator go through.
    const renamed = await api('PUT', `/api/users/${alice.id}`, { token: aliceToken, body: { ...aliceRecord, nickname: 'Ali' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    // With a second administrator, the first may go.
    const second = await create(c, aliceToken, { name: 'Bia Segunda', profileId: c.profiles.administrator.id });
    const gone = await runAs(asManager, () => Users.deactivate(alice.id));
    expect(gone.active).toBe(false);
    await expect(runAs(asManager, () => Users.deactivate(second.id))).rejects.toMatchObject({ code: 'users.last_admin' });
  });
});

describe('POST /api/users/{id}/reset-password', () => {
  it('ends every session, stops the old password and e-mails a temporary one that must be changed; audited', async () => {
    const created = await create(a, tokens.admin, { name: 'Renato Redefinido', nickname: 'Renato' });
    const s = (await login(created.email, 'senha-inicial-1')).body.data;
    const res = await api('POST', `/api/users/${created.id}/reset-password`, { token: tokens.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, active: true, version: created.version });
    for (const k of ['passwordHash', 'temp', 'password']) expect(res.body).not.toHaveProperty(k);

    expect((await call('GET', '/api/auth/me', { token: s.accessToken })).status).toBe(401);
    expect((await call('POST', '/api/auth/refresh', { body: { refreshToken: s.refreshToken } })).status).toBe(401);
    expect((await login(created.email, 'senha-inicial-1')).status).toBe(401);

    const mails = await mailTo(created.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Olá, Renato.');
    expect(mails[0]!.text).toContain('O administrador da empresa redefiniu a sua senha');
    const temp = temporaryPasswordIn(mails[0]!.text);
    const first = await login(created.email, temp);
    expect(first.status).toBe(200);
    expect(first.body.data.mustChangePassword).toBe(true);
    const changed = await call('POST', '/api/auth/password', { token: first.body.data.accessToken, body: { currentPassword: temp, newPassword: 'nova-senha-77', confirmation: 'nova-senha-77' } });
    expect(changed.status).toBe(200);
    expect((await login(created.email, 'nova-senha-77')).status).toBe(200);

    const [reset] = await historyOf(created.id);
    expect(reset).toMatchObject({ event: 'users.reset_password', userId: a.admin.id, changes: [{ field: 'password', before: '[removido]', after: '[removido]' }] });
    expect(JSON.stringify(reset)).not.toContain(temp);
  });

  it('refuses an inactive user and one\'s own user with 409, sending nothing', async () => {
    const created = await create(a, tokens.admin, { name: 'Inativo Reset' });
    expect((await api('DELETE', `/api/users/${created.id}`, { token: tokens.admin })).status).toBe(200);
    const inactive = await api('POST', `/api/users/${created.id}/reset-password`, { token: tokens.admin });
    expect(inactive.status).toBe(409);
    expect(inactive.body).toMatchObject({ code: 'users.inactive', message: UserTexts.inactive().message });
    expect(await mailTo(created.email)).toEqual([]);
    const self = await api('POST', `/api/users/${a.admin.id}/reset-password`, { token: tokens.admin });
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({ code: 'users.cannot_reset_self', message: UserTexts.resetSelf().message });
    expect((await call('GET', '/api/auth/me', { token: tokens.admin })).status).toBe(200);
  });
});

describe('every write refuses non-administrators (403) and another company (404)', () => {
  it('answers 403 with the spec\'s text to a salesman, a supervisor and an employee, and changes nothing', async () => {
    const target = await create(a, tokens.admin, { name: 'Alvo Protegido' });
    const body = await read(target.id);
    const writes: [string, string, unknown?][] = [
      ['POST', '/api/users', { email: emailIn(a, 'negado'), password: 'senha-inicial-1', name: 'Negado', profileId: a.profiles.salesman.id }],
      ['POST', '/api/auth/register', { email: emailIn(a, 'negado'), password: 'senha-inicial-1', name: 'Negado', profileId: a.profiles.salesman.id }],
      ['PUT', `/api/users/${target.id}`, { ...body, name: 'Mudado' }],
      ['DELETE', `/api/users/${target.id}`],
      ['POST', `/api/users/${target.id}/reactivate`],
      ['POST', `/api/users/${target.id}/reset-password`],
    ];
    for (const token of [tokens.salesman, tokens.supervisor, tokens.employee]) {
      for (const [method, path, payload] of writes) {
        const res = await api(method, path, { token, body: payload });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body).toMatchObject({ code: 'forbidden', message: DENIED });
      }
    }
    expect(await read(target.id)).toEqual(body);
    expect((await login(target.email, 'senha-inicial-1')).status).toBe(200);
  });

  it('answers 404 to another company\'s administrator on every route of one user', async () => {
    const target = await create(a, tokens.admin, { name: 'Alvo Estrangeiro' });
    const body = await read(target.id);
    for (const [method, path, payload] of [
      ['GET', `/api/users/${target.id}`],
      ['GET', `/api/users/${target.id}/history`],
      ['PUT', `/api/users/${target.id}`, { ...body, name: 'Invadido' }],
      ['DELETE', `/api/users/${target.id}`],
      ['POST', `/api/users/${target.id}/reactivate`],
      ['POST', `/api/users/${target.id}/reset-password`],
    ] as [string, string, unknown?][]) {
      const res = await api(method, path, { token: tokens.adminB, body: payload });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(await read(target.id)).toEqual(body);
    expect(await mailTo(target.email)).toEqual([]);
    // Nor do another company's filters reach this one.
    expect(await listAll(tokens.adminB, { profileId: a.profiles.salesman.id })).toEqual([]);
  });
});

describe('branch rules', () => {
  it('a user with no allowed branch: the session says so, no sales are listed and no order can be begun', async () => {
    const created = await create(a, tokens.admin, { name: 'Sem Filial', branchIds: [], salesman: true });
    const s = (await login(created.email, 'senha-inicial-1')).body.data;
    expect(s).toMatchObject({ branch: null, branches: [], message: Messages.noBranches });
    expect((await call('GET', '/api/auth/me', { token: s.accessToken })).body.data.message).toBe(Messages.noBranches);
    const sales = await api('GET', '/api/sales', { token: s.accessToken });
    expect(sales.status).toBe(200);
    expect(sales.body.items).toEqual([]);
    const begun = await api('POST', '/api/sales', { token: s.accessToken, body: {} });
    expect(begun.status).toBe(400);
    // The one "no allowed branch" text the session, the lists and the inventory give.
    expect(begun.body).toMatchObject({ code: 'sales.no_branch', message: Messages.noBranches });
    const priced = await api('POST', '/api/sales/catalogue', { token: s.accessToken, body: { clientId: null, priceTableId: null } });
    expect(priced.body).toMatchObject({ code: 'sales.no_branch', message: Messages.noBranches });
    // Given a branch, the same user begins one.
    const withBranch = await api('PUT', `/api/users/${created.id}`, { token: tokens.admin, body: { ...(await read(created.id)), branchIds: [a.branches[0]!.id] } });
    expect(withBranch.status).toBe(200);
    const again = (await login(created.email, 'senha-inicial-1')).body.data;
    expect(again).toMatchObject({ branch: { id: a.branches[0]!.id }, message: null });
    expect((await api('POST', '/api/sales', { token: again.accessToken, body: {} })).status).toBe(201);
  });

  it('a supervisor made here with no subordinates: its team is itself (the clients list says so), until a salesman is put under it', async () => {
    const boss = await create(a, tokens.admin, { name: 'Sônia Sozinha', profileId: a.profiles.manager.id, salesman: false, supervisor: true });
    const bossToken = (await login(boss.email, 'senha-inicial-1')).body.data.accessToken;
    const alone = await api('GET', '/api/clients?limit=1', { token: bossToken });
    expect(alone.status).toBe(200);
    expect(alone.body.scope).toEqual({ kind: 'team', salesmen: 1 });
    // The sales list (the other team view) answers the same scope: the web says the same there.
    expect((await api('GET', '/api/sales?limit=1', { token: bossToken })).body).toMatchObject({ items: [], scope: { kind: 'team', salesmen: 1 } });
    await create(a, tokens.admin, { name: 'Saulo Subordinado', supervisorId: boss.id });
    expect((await api('GET', '/api/clients?limit=1', { token: bossToken })).body.scope).toEqual({ kind: 'team', salesmen: 2 });
    expect((await api('GET', '/api/sales?limit=1', { token: bossToken })).body.scope).toEqual({ kind: 'team', salesmen: 2 });
    expect(await listAll(tokens.admin, { flag: 'supervisor', q: 'sonia' })).toEqual([boss.id]);
  });

  it('a branch that does not issue orders: a draft begins there, but closing it is refused naming the branch', async () => {
    const p = await Provisioning.provision({
      company: { name: 'Empresa Depósito Ltda', nickname: 'Depósito' },
      branches: [{ name: 'Matriz' }, { name: 'Depósito Central', nickname: 'Depósito', issuesSales: false }],
      admin: { email: `admin@${newId().slice(-12)}.test`, password: PASSWORD, name: 'Ana Admin' },
    });
    const admin = (await login(p.admin.email, PASSWORD)).body.data.accessToken;
    const deposito = p.branches[1]!.id;
    const email = `deposito-${newId().slice(-8)}@deposito.test`;
    const made = await api('POST', '/api/users', { token: admin, body: { email, password: 'senha-inicial-1', name: 'Davi Depósito', profileId: p.profiles.salesman.id, branchIds: [deposito], salesman: true } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const s = (await login(email, 'senha-inicial-1')).body.data;
    expect(s.branch).toMatchObject({ id: deposito, vendasEmitir: false });
    const draft = await api('POST', '/api/sales', { token: s.accessToken, body: {} });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const closed = await api('POST', `/api/sales/${draft.body.id}/close`, { token: s.accessToken, body: { version: draft.body.version } });
    expect(closed.status).toBe(400);
    expect(closed.body).toMatchObject({ code: 'sales.branch_no_sales', message: SaleTexts.branchNoSales({ branch: 'Depósito' }).message });
  });
});
