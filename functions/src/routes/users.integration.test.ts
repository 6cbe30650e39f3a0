import { Auth } from '@ev/core/auth';
import { runAs } from '@ev/core/context';
import { dynamoClient } from '@ev/core/db/client';
import { Profiles } from '@ev/core/profiles';
import { Users } from '@ev/core/users';
import { Logs } from '@ev/core/logs';
import { Messages } from '@ev/shared/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { call, makeWorld, tokensFor, type World } from '../testing/world';

const DENIED = 'Você não tem permissão para acessar esses dados. Se isso se tratar de um erro entre em contato com a gerência.';
const INVALID_ID = 'O parâmetro passado não é um identificador válido.';
/** English words zod answers with when no Portuguese message is set. */
const ENGLISH = /\b(expected|received|invalid|required|must|too (big|small)|string|number)\b/i;

const api = checkedCall;

let a: World;
let b: World;
const tokens = {} as Record<'admin' | 'supervisor' | 'salesman' | 'otherSalesman' | 'employee' | 'adminB', string>;
let uniq = 0;
const email = (w: World, name = 'novo') => `${name}${++uniq}-${Date.now()}@${w.domain}`;

/** A valid creation body in world `w`. */
function newUser(w: World, over: Record<string, unknown> = {}) {
  return {
    email: email(w),
    password: 'senha-inicial-1',
    name: 'Usuário Novo',
    profileId: w.profiles.salesman.id,
    branchIds: [w.branches[0]!.id],
    ...over,
  };
}

async function create(w: World, token: string, over: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/users', { token, body: newUser(w, over) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; email: string; version: number; [k: string]: unknown };
}

function qs(params: Record<string, string | number | undefined>) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) p.set(k, String(v));
  return p.toString();
}

/** Walks every page of GET /api/users, checking page sizes and that no id repeats. */
async function listAll(token: string, params: Record<string, string | number | undefined> = {}): Promise<string[]> {
  const limit = Number(params.limit ?? 100);
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const res = await api('GET', `/api/users?${qs({ ...params, limit, cursor })}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(limit);
    ids.push(...res.body.items.map((u: { id: string }) => u.id));
    if (!res.body.nextCursor) {
      expect(new Set(ids).size).toBe(ids.length);
      return ids;
    }
    cursor = res.body.nextCursor;
  }
  throw new Error('too many pages');
}

const sorted = (ids: string[]) => [...ids].sort();

beforeAll(async () => {
  [a, b] = await Promise.all([makeWorld('UsuariosA'), makeWorld('UsuariosB')]);
  Object.assign(
    tokens,
    await tokensFor({ admin: [a, a.admin], supervisor: [a, a.supervisor], salesman: [a, a.salesman], otherSalesman: [a, a.otherSalesman], employee: [a, a.employee], adminB: [b, b.admin] }),
  );
});

describe('GET /api/users (list and search)', () => {
  let inactive: { id: string };
  let everyone: string[];
  beforeAll(async () => {
    inactive = await create(a, tokens.admin, { name: 'Inês Inativa', email: email(a, 'ines') });
    expect((await api('DELETE', `/api/users/${inactive.id}`, { token: tokens.admin })).status).toBe(200);
    everyone = [a.admin.id, a.supervisor.id, a.salesman.id, a.otherSalesman.id, a.employee.id, inactive.id];
  });

  it('shows an administrator every user of its company and none of another', async () => {
    expect(sorted(await listAll(tokens.admin))).toEqual(sorted(everyone));
    expect(sorted(await listAll(tokens.adminB))).toEqual(sorted([b.admin.id, b.supervisor.id, b.salesman.id, b.otherSalesman.id, b.employee.id]));
    const res = await api('GET', '/api/users', { token: tokens.admin });
    const item = res.body.items.find((u: { id: string }) => u.id === a.supervisor.id);
    expect(item).toEqual({
      id: a.supervisor.id,
      name: 'Sérgio Supervisor',
      nickname: null,
      email: a.supervisor.email,
      active: true,
      employee: false,
      salesman: false,
      supervisor: true,
      supervisorId: null,
      profileId: a.profiles.manager.id,
      branchIds: a.supervisor.branchIds,
    });
  });

  it('lists in name order', async () => {
    const res = await api('GET', '/api/users', { token: tokens.admin });
    const names = res.body.items.map((u: { name: string }) => u.name);
    expect(names).toEqual(['Alice Admin', 'Fábio Funcionário', 'Inês Inativa', 'Otávio Outro', 'Sérgio Supervisor', 'Vera Vendedora']);
  });

  it('searches by the beginning of a name word, ignoring accents and case', async () => {
    for (const q of ['sérg', 'SERG', 'serg', 'Sérgio', 'super', 'SUPERVISOR']) {
      expect(await listAll(tokens.admin, { q }), q).toEqual([a.supervisor.id]);
    }
    expect(await listAll(tokens.admin, { q: 'ergio' })).toEqual([]);
    expect(await listAll(tokens.admin, { q: 'fabio func' })).toEqual([a.employee.id]);
    expect(await listAll(tokens.admin, { q: 'otávio' })).toEqual([a.otherSalesman.id]);
  });

  it('treats several words as AND', async () => {
    expect(await listAll(tokens.admin, { q: 'vera vend' })).toEqual([a.salesman.id]);
    expect(await listAll(tokens.admin, { q: 'vend vera' })).toEqual([a.salesman.id]);
    expect(await listAll(tokens.admin, { q: 'vera sérgio' })).toEqual([]);
    expect(await listAll(tokens.admin, { q: 'sup sérg' })).toEqual([a.supervisor.id]);
  });

  it('searches by the beginning of the e-mail', async () => {
    expect(await listAll(tokens.admin, { q: 'vendedor@' })).toEqual([a.salesman.id]);
    expect(await listAll(tokens.admin, { q: `VENDEDOR@${a.domain.toUpperCase()}` })).toEqual([a.salesman.id]);
    expect(await listAll(tokens.admin, { q: 'outro@' })).toEqual([a.otherSalesman.id]);
    // Both companies have an "Alice Admin": each administrator finds only its own.
    expect(await listAll(tokens.admin, { q: 'alice' })).toEqual([a.admin.id]);
    expect(await listAll(tokens.adminB, { q: 'alice' })).toEqual([b.admin.id]);
    expect(await listAll(tokens.adminB, { q: `admin@${a.domain}` })).toEqual([]);
  });

  it('returns a user once when several of its words start with the term', async () => {
    // "Fábio Funcionário", funcionario@...: three words start with "f".
    expect(await listAll(tokens.admin, { q: 'f', limit: 1 })).toEqual([a.employee.id]);
    expect(await listAll(tokens.admin, { q: 'f' })).toEqual([a.employee.id]);
  });

  it('filters by active', async () => {
    expect(await listAll(tokens.admin, { active: 'false' })).toEqual([inactive.id]);
    expect(sorted(await listAll(tokens.admin, { active: 'true', limit: 2 }))).toEqual(sorted(everyone.filter((id) => id !== inactive.id)));
    expect(await listAll(tokens.admin, { active: 'false', q: 'ines' })).toEqual([inactive.id]);
    expect(await listAll(tokens.admin, { active: 'true', q: 'ines' })).toEqual([]);
    const bad = await api('GET', '/api/users?active=sim', { token: tokens.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toContainEqual({ field: 'active', message: 'Use true ou false no filtro de ativos.' });
  });

  it('filters the users who may own clients (salesman or supervisor flag), for the clients form', async () => {
    const sellers = sorted([a.supervisor.id, a.salesman.id, a.otherSalesman.id]);
    expect(sorted(await listAll(tokens.admin, { sells: 'true' }))).toEqual(sellers);
    expect(sorted(await listAll(tokens.admin, { sells: 'true', limit: 1 }))).toEqual(sellers);
    expect(sorted(await listAll(tokens.admin, { sells: 'true', q: 'o' }))).toEqual(sorted([a.otherSalesman.id]));
    expect(sorted(await listAll(tokens.supervisor, { sells: 'true' }))).toEqual(sorted([a.supervisor.id, a.salesman.id]));
    expect(await listAll(tokens.salesman, { sells: 'true' })).toEqual([a.salesman.id]);
    expect(await listAll(tokens.employee, { sells: 'true' })).toEqual([]);
    const bad = await api('GET', '/api/users?sells=sim', { token: tokens.admin });
    expect(bad.body.fields).toContainEqual({ field: 'sells', message: 'Use true no filtro de vendedores.' });
  });

  it('walks every user exactly once with limit=2 through nextCursor', async () => {
    const first = await api('GET', '/api/users?limit=2', { token: tokens.admin });
    expect(first.body.items).toHaveLength(2);
    expect(typeof first.body.nextCursor).toBe('string');
    const ids = await listAll(tokens.admin, { limit: 2 });
    expect(ids).toHaveLength(everyone.length);
    expect(sorted(ids)).toEqual(sorted(everyone));
    // Same order as one big page.
    expect(ids).toEqual(await listAll(tokens.admin, { limit: 100 }));
    // A search walks the same way.
    expect(sorted(await listAll(tokens.admin, { q: 'o', limit: 1 }))).toEqual(sorted([a.otherSalesman.id]));
  });

  it('shows a supervisor itself and its subordinate only', async () => {
    expect(sorted(await listAll(tokens.supervisor))).toEqual(sorted([a.supervisor.id, a.salesman.id]));
    expect(sorted(await listAll(tokens.supervisor, { limit: 1 }))).toEqual(sorted([a.supervisor.id, a.salesman.id]));
    expect(await listAll(tokens.supervisor, { q: 'vera' })).toEqual([a.salesman.id]);
    expect(await listAll(tokens.supervisor, { q: 'otavio' })).toEqual([]);
    expect(await listAll(tokens.supervisor, { q: 'alice' })).toEqual([]);
  });

  it('shows a salesman only itself', async () => {
    expect(await listAll(tokens.salesman)).toEqual([a.salesman.id]);
    expect(await listAll(tokens.salesman, { q: 'vera' })).toEqual([a.salesman.id]);
    expect(await listAll(tokens.salesman, { q: 'vendedor@' })).toEqual([a.salesman.id]);
    expect(await listAll(tokens.salesman, { q: 'sérgio' })).toEqual([]);
    expect(await listAll(tokens.salesman, { active: 'false' })).toEqual([]);
    expect(await listAll(tokens.otherSalesman)).toEqual([a.otherSalesman.id]);
  });

  it('shows an employee only itself', async () => {
    expect(await listAll(tokens.employee)).toEqual([a.employee.id]);
    expect(await listAll(tokens.employee, { q: 'vera' })).toEqual([]);
  });

  it('reads at most `limit` items per page (ScannedCount), for lists and searches', async () => {
    const actor = await Auth.authenticate(tokens.admin);
    const page = await runAs(actor, () => Users.list({ limit: 3 }));
    expect(page.items).toHaveLength(3);
    expect(page.scanned).toBeLessThanOrEqual(3);
    expect(page.nextCursor).toEqual(expect.any(String));
    const next = await runAs(actor, () => Users.list({ limit: 3, cursor: page.nextCursor! }));
    expect(next.scanned).toBeLessThanOrEqual(3);
    expect(next.items.map((u) => u.id)).not.toContain(page.items[0]!.id);
    for (const q of ['a', 'f', 'v']) {
      const search = await runAs(actor, () => Users.list({ q, limit: 3 }));
      expect(search.scanned, q).toBeLessThanOrEqual(3);
    }
    const one = await runAs(actor, () => Users.list({ q: 'o', limit: 1 }));
    expect(one.scanned).toBeLessThanOrEqual(1);
    const supervisor = await Auth.authenticate(tokens.supervisor);
    const team = await runAs(supervisor, () => Users.list({ limit: 1 }));
    expect(team.scanned).toBeLessThanOrEqual(1);
  });
});

describe('GET /api/users/{id}', () => {
  it('answers 404 to a salesman asking for another user, 200 for itself', async () => {
    for (const other of [a.otherSalesman, a.supervisor, a.admin]) {
      const res = await api('GET', `/api/users/${other.id}`, { token: tokens.salesman });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found', message: Messages.notFound });
    }
    const self = await api('GET', `/api/users/${a.salesman.id}`, { token: tokens.salesman });
    expect(self.status).toBe(200);
    expect(self.body.id).toBe(a.salesman.id);
  });

  it('answers 200 to a supervisor for its subordinate and 404 outside its team', async () => {
    const res = await api('GET', `/api/users/${a.salesman.id}`, { token: tokens.supervisor });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a.salesman.id, supervisorId: a.supervisor.id, name: 'Vera Vendedora' });
    expect((await api('GET', `/api/users/${a.otherSalesman.id}`, { token: tokens.supervisor })).status).toBe(404);
    expect((await api('GET', `/api/users/${a.employee.id}`, { token: tokens.supervisor })).status).toBe(404);
  });

  it('answers 404 to an administrator asking for a user of another company', async () => {
    for (const other of [b.admin, b.salesman]) {
      const res = await api('GET', `/api/users/${other.id}`, { token: tokens.admin });
      expect(res.status).toBe(404);
    }
    expect((await api('GET', `/api/users/${a.admin.id}`, { token: tokens.adminB })).status).toBe(404);
  });

  it('never sends credentials or bookkeeping', async () => {
    const res = await api('GET', `/api/users/${a.admin.id}`, { token: tokens.admin });
    expect(res.status).toBe(200);
    for (const k of ['passwordHash', 'temp', 'ix', 'refCount', 'pk', 'sk', 'type', 'password']) expect(res.body).not.toHaveProperty(k);
    expect(res.body).toMatchObject({ id: a.admin.id, email: a.admin.email, active: true, version: expect.any(Number) });
  });

  it('is 401 without a token', async () => {
    expect((await api('GET', `/api/users/${a.admin.id}`)).status).toBe(401);
    expect((await api('GET', '/api/users')).status).toBe(401);
  });
});

describe('POST /api/users and POST /api/auth/register', () => {
  it('creates a user: 201 with the record and nothing private', async () => {
    for (const path of ['/api/users', '/api/auth/register']) {
      const body = newUser(a, { email: `  Mixed.Case${++uniq}@${a.domain.toUpperCase()} `, nickname: 'Nico', phones: ['(14) 99999-0000'] });
      const res = await api('POST', path, { token: tokens.admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({
        id: expect.any(String),
        email: body.email.trim().toLowerCase(),
        name: 'Usuário Novo',
        nickname: 'Nico',
        phones: ['(14) 99999-0000'],
        active: true,
        version: 1,
        profileId: a.profiles.salesman.id,
        branchIds: [a.branches[0]!.id],
        defaultBranchId: a.branches[0]!.id,
        supervisorId: null,
        timezone: 'America/Sao_Paulo',
        dateFormat: 'dd/MM/yyyy',
        lastAccessAt: null,
      });
      for (const k of ['passwordHash', 'temp', 'ix', 'refCount', 'pk', 'sk', 'type', 'password']) expect(res.body, path).not.toHaveProperty(k);
      const got = await api('GET', `/api/users/${res.body.id}`, { token: tokens.admin });
      expect(got.body).toEqual(res.body);
    }
  });

  it('lets the new user log in with its password', async () => {
    const created = await create(a, tokens.admin);
    const { data } = await a.login(created.email, 'senha-inicial-1');
    expect(data.user.id).toBe(created.id);
  });

  it('answers 409 users.email_taken for an e-mail in use, in any case and in any company', async () => {
    for (const taken of [a.salesman.email.toUpperCase(), `ADMIN@${b.domain}`, ` ${b.employee.email} `]) {
      for (const path of ['/api/users', '/api/auth/register']) {
        const res = await api('POST', path, { token: tokens.admin, body: newUser(a, { email: taken }) });
        expect(res.status, `${path} ${taken}`).toBe(409);
        expect(res.body).toMatchObject({ code: 'users.email_taken', message: Messages.emailTaken });
        expect(res.body.fields).toEqual([{ field: 'email', message: Messages.emailTaken }]);
      }
    }
  });

  it("answers 403 with the spec's text to a salesman, a supervisor and an employee", async () => {
    for (const token of [tokens.salesman, tokens.supervisor, tokens.employee]) {
      for (const path of ['/api/users', '/api/auth/register']) {
        const res = await api('POST', path, { token, body: newUser(a) });
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ status: 'error', code: 'forbidden', message: DENIED });
      }
    }
  });

  it('answers 400 naming each bad field with a Portuguese message', async () => {
    const res = await api('POST', '/api/users', {
      token: tokens.admin,
      body: {
        email: 'não-é-email',
        password: '123',
        name: 'A',
        phones: ['abc'],
        birthday: '2020-13-45',
        dateFormat: 'dd.MM.yy',
        employee: 'sim',
        profileId: 'perfil',
        branchIds: ['x'],
        avatar: 'não é url',
        document: 'CPF#1',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
    const fields = res.body.fields as { field: string; message: string }[];
    const named = new Set(fields.map((f) => f.field));
    for (const f of ['email', 'password', 'name', 'phones.0', 'birthday', 'dateFormat', 'employee', 'profileId', 'branchIds.0', 'avatar', 'document']) {
      expect(named, f).toContain(f);
    }
    for (const f of fields) {
      expect(f.message.length, f.field).toBeGreaterThan(0);
      expect(f.message, f.field).not.toMatch(ENGLISH);
    }
    expect(fields).toContainEqual({ field: 'email', message: 'Informe um e-mail válido.' });
    expect(fields).toContainEqual({ field: 'password', message: 'A senha inicial deve ter pelo menos 8 caracteres.' });
    expect(fields).toContainEqual({ field: 'profileId', message: INVALID_ID });
    expect(res.body.message).not.toMatch(ENGLISH);
  });

  it('refuses bad input in the service itself the same way: a validation error naming the field, in Portuguese', async () => {
    const actor = await Auth.authenticate(tokens.admin);
    const refusal = (field: string, message: string) => ({ kind: 'validation', code: 'validation', extra: { fields: expect.arrayContaining([expect.objectContaining({ field, message })]) } });
    await expect(runAs(actor, () => Users.create({ email: 'não-é-email', password: 'senha-forte-123', name: 'A', profileId: a.profiles.employee.id, branchIds: [] }))).rejects.toMatchObject(
      refusal('email', 'Informe um e-mail válido.'),
    );
    await expect(runAs(actor, () => Users.update(a.employee.id, { version: 1, email: 'x' } as never))).rejects.toMatchObject(refusal('email', 'Informe um e-mail válido.'));
    const list = await runAs(actor, () => Users.list({ limit: 0 })).catch((e: unknown) => e);
    expect(list).toMatchObject({ kind: 'validation', extra: { fields: [expect.objectContaining({ field: 'limit' })] } });
    expect((list as { extra: { fields: { message: string }[] } }).extra.fields[0]!.message).not.toMatch(ENGLISH);
    const profiles = await runAs(actor, () => Profiles.list({ limit: 101 })).catch((e: unknown) => e);
    expect(profiles).toMatchObject({ kind: 'validation', extra: { fields: [expect.objectContaining({ field: 'limit' })] } });
    expect((profiles as { extra: { fields: { message: string }[] } }).extra.fields[0]!.message).not.toMatch(ENGLISH);
  });

  it('answers 400 naming the field when a body is missing required fields or is not an object', async () => {
    const empty = await api('POST', '/api/users', { token: tokens.admin, body: {} });
    expect(empty.status).toBe(400);
    const named = empty.body.fields.map((f: { field: string }) => f.field);
    expect(named).toEqual(expect.arrayContaining(['email', 'password', 'name', 'profileId']));
    for (const f of empty.body.fields) expect(f.message).not.toMatch(ENGLISH);
    const array = await api('POST', '/api/users', { token: tokens.admin, body: [1, 2] });
    expect(array.status).toBe(400);
  });

  it('checks a user’s CPF/CNPJ as a client’s is: its check digits, kept with its mask', async () => {
    const wrong = await api('POST', '/api/users', { token: tokens.admin, body: newUser(a, { document: '529.982.247-26' }) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toContainEqual(expect.objectContaining({ field: 'document', message: 'Informe um CPF ou CNPJ válido.' }));
    const cpf = await create(a, tokens.admin, { document: '52998224725' });
    expect(cpf.document).toBe('529.982.247-25');
    const cnpj = await create(a, tokens.admin, { document: '11.222.333/0001-81' });
    expect(cnpj.document).toBe('11.222.333/0001-81');
  });

  it('answers 400 naming the field for a profile, branch or supervisor that does not fit', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ profileId: '0190a0a0-0000-7000-8000-000000000000' }, 'profileId', Messages.profileInvalid],
      [{ profileId: b.profiles.salesman.id }, 'profileId', Messages.profileInvalid],
      [{ branchIds: [a.branches[0]!.id, '0190a0a0-0000-7000-8000-000000000001'] }, 'branchIds', Messages.branchesInvalid],
      [{ branchIds: [b.branches[0]!.id] }, 'branchIds', Messages.branchesInvalid],
      [{ supervisorId: a.salesman.id }, 'supervisorId', Messages.supervisorInvalid],
      [{ supervisorId: b.supervisor.id }, 'supervisorId', Messages.supervisorInvalid],
      [{ supervisorId: '0190a0a0-0000-7000-8000-000000000002' }, 'supervisorId', Messages.supervisorInvalid],
      [{ defaultBranchId: a.branches[1]!.id }, 'defaultBranchId', Messages.defaultBranchNotAllowed],
    ];
    for (const [over, field, message] of cases) {
      const body = newUser(a, over);
      const res = await api('POST', '/api/users', { token: tokens.admin, body });
      expect(res.status, `${field} ${JSON.stringify(over)}`).toBe(400);
      expect(res.body.fields).toContainEqual({ field, message });
      // Nothing was written: the e-mail is still free.
      expect((await api('POST', '/api/users', { token: tokens.admin, body: newUser(a, { email: body.email }) })).status).toBe(201);
    }
  });

  it('bounds every string: 10,000 characters are a 400 naming the field', async () => {
    const long = 'a'.repeat(10_000);
    const res = await api('POST', '/api/users', { token: tokens.admin, body: newUser(a, { name: long }) });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ field: 'name', message: 'O nome deve ter no máximo 120 caracteres.' }]);
    const fields = ['email', 'password', 'nickname', 'document', 'stateRegistration', 'timezone', 'avatar', 'birthday'];
    const all = await api('POST', '/api/users', {
      token: tokens.admin,
      body: newUser(a, { ...Object.fromEntries(fields.map((f) => [f, long])), email: `${long}@${a.domain}`, avatar: `https://x.test/${long}`, phones: [long] }),
    });
    expect(all.status).toBe(400);
    const named = new Set(all.body.fields.map((f: { field: string }) => f.field));
    for (const f of [...fields, 'phones.0']) expect(named, f).toContain(f);
    for (const f of all.body.fields) expect(f.message, f.field).not.toMatch(ENGLISH);
    expect(all.body.message.length).toBeLessThanOrEqual(1000);
    // A long search or cursor is a 400 too.
    expect((await api('GET', `/api/users?${qs({ q: long })}`, { token: tokens.admin })).status).toBe(400);
    expect((await api('GET', `/api/users?${qs({ cursor: long })}`, { token: tokens.admin })).status).toBe(400);
  });
});

describe('PUT /api/users/{id}', () => {
  const read = async (id: string) => (await api('GET', `/api/users/${id}`, { token: tokens.admin })).body;

  it('updates with the version read: 200 and version + 1', async () => {
    const created = await create(a, tokens.admin, { name: 'Antes Nome' });
    const before = await read(created.id);
    const res = await api('PUT', `/api/users/${created.id}`, { token: tokens.admin, body: { ...before, name: 'Depois Nome', nickname: 'Dep' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, name: 'Depois Nome', nickname: 'Dep', version: before.version + 1, createdAt: before.createdAt });
    for (const k of ['passwordHash', 'ix', 'refCount']) expect(res.body).not.toHaveProperty(k);
    expect(await read(created.id)).toEqual(res.body);
    expect(await listAll(tokens.admin, { q: 'depois' })).toEqual([created.id]);
    expect(await listAll(tokens.admin, { q: 'antes' })).toEqual([]);
  });

  it('keeps who changed what, each field before and after, in the user\'s history and the audit log', async () => {
    const created = await create(a, tokens.admin, { name: 'Histórico Antes', nickname: null });
    const before = await read(created.id);
    expect((await api('PUT', `/api/users/${created.id}`, { token: tokens.admin, body: { ...before, name: 'Histórico Depois', nickname: 'Hist' } })).status).toBe(200);
    await Logs.flush();
    const res = await api('GET', `/api/users/${created.id}/history`, { token: tokens.admin });
    expect(res.status).toBe(200);
    const [update, creation] = res.body.items;
    expect(update).toMatchObject({ event: 'users.update', userId: a.admin.id, userName: a.admin.name });
    expect(update.changes).toEqual([
      { field: 'name', before: 'Histórico Antes', after: 'Histórico Depois' },
      { field: 'nickname', before: null, after: 'Hist' },
    ]);
    expect(creation.event).toBe('users.create');
    expect(creation.changes).toContainEqual({ field: 'email', before: null, after: created.email });
    expect(JSON.stringify(creation)).not.toContain('passwordHash');
    // A salesman reads no other user's history; the same change is in the logs screen.
    expect((await api('GET', `/api/users/${created.id}/history`, { token: tokens.salesman })).status).toBe(404);
    const logs = await api('GET', `/api/logs?q=${encodeURIComponent('Histórico Depois')}`, { token: tokens.admin });
    expect(logs.body.items[0]).toMatchObject({ message: 'users.update', metadata: { entity: 'users', recordId: created.id } });
  });

  it('answers 409 conflict.version to a stale version and changes nothing', async () => {
    const created = await create(a, tokens.admin);
    const v1 = await read(created.id);
    expect((await api('PUT', `/api/users/${created.id}`, { token: tokens.admin, body: { ...v1, name: 'Primeira' } })).status).toBe(200);
    const stale = await api('PUT', `/api/users/${created.id}`, { token: tokens.admin, body: { ...v1, name: 'Segunda' } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'conflict.version', message: Messages.versionConflict });
    expect(await read(created.id)).toMatchObject({ name: 'Primeira', version: 2 });
    const missing = await api('PUT', `/api/users/${created.id}`, { token: tokens.admin, body: { ...v1, version: undefined } });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toContainEqual({ field: 'version', message: 'Informe a versão do registro.' });
  });

  it('frees the old e-mail and takes the new one when the e-mail changes', async () => {
    const created = await create(a, tokens.admin);
    const oldEmail = created.email;
    const newEmail = email(a, 'trocado');
    const before = await read(created.id);
    const res = await api('PUT', `/api/users/${created.id}`, { token: tokens.admin, body: { ...before, email: newEmail.toUpperCase() } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.email).toBe(newEmail);
    // The old e-mail can be taken by someone else, the new one cannot.
    const other = await create(a, tokens.admin, { email: oldEmail });
    expect(other.email).toBe(oldEmail);
    const taken = await api('POST', '/api/users', { token: tokens.admin, body: newUser(a, { email: newEmail }) });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('users.email_taken');
    // Another company cannot take it either, and the user logs in with the new e-mail.
    expect((await api('POST', '/api/users', { token: tokens.adminB, body: newUser(b, { email: newEmail }) })).status).toBe(409);
    const { data } = await a.login(newEmail, 'senha-inicial-1');
    expect(data.user.id).toBe(created.id);
    // Changing to an e-mail in use is a 409 that changes nothing.
    const clash = await api('PUT', `/api/users/${created.id}`, { token: tokens.admin, body: { ...(await read(created.id)), email: oldEmail } });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('users.email_taken');
    expect(await read(created.id)).toMatchObject({ email: newEmail });
  });

  it('moves a user between team lists when its supervisor changes', async () => {
    const boss2 = await create(a, tokens.admin, { name: 'Bruna Chefe', supervisor: true, profileId: a.profiles.manager.id });
    const moving = await create(a, tokens.admin, { name: 'Marcos Movido', salesman: true, supervisorId: a.supervisor.id });
    const boss2Token = (await a.login(boss2.email, 'senha-inicial-1')).accessToken;
    expect(sorted(await listAll(tokens.supervisor))).toEqual(sorted([a.supervisor.id, a.salesman.id, moving.id]));
    expect(await listAll(boss2Token)).toEqual([boss2.id]);

    const res = await api('PUT', `/api/users/${moving.id}`, { token: tokens.admin, body: { ...(await read(moving.id)), supervisorId: boss2.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.supervisorId).toBe(boss2.id);
    expect(sorted(await listAll(tokens.supervisor))).toEqual(sorted([a.supervisor.id, a.salesman.id]));
    expect(sorted(await listAll(boss2Token))).toEqual(sorted([boss2.id, moving.id]));
    expect(await listAll(tokens.supervisor, { q: 'marcos' })).toEqual([]);
    expect(await listAll(boss2Token, { q: 'marcos' })).toEqual([moving.id]);
    expect((await api('GET', `/api/users/${moving.id}`, { token: tokens.supervisor })).status).toBe(404);
    expect((await api('GET', `/api/users/${moving.id}`, { token: boss2Token })).status).toBe(200);

    // Pointing at someone who is not a supervisor is a 400 naming the field.
    const bad = await api('PUT', `/api/users/${moving.id}`, { token: tokens.admin, body: { ...(await read(moving.id)), supervisorId: a.salesman.id } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toContainEqual({ field: 'supervisorId', message: Messages.supervisorInvalid });
  });

  it('answers 403 to a supervisor and 404 for a user of another company', async () => {
    const target = await read(a.salesman.id);
    const denied = await api('PUT', `/api/users/${a.salesman.id}`, { token: tokens.supervisor, body: target });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(DENIED);
    const foreign = await api('PUT', `/api/users/${b.salesman.id}`, { token: tokens.admin, body: { ...target, version: 1 } });
    expect(foreign.status).toBe(404);
  });
});

describe('edits and bookkeeping writes that race them', () => {
  const read = async (id: string) => (await api('GET', `/api/users/${id}`, { token: tokens.admin })).body;
  const INTERLEAVE = 'test-interleave-before-transaction';

  /** Runs `between` once, right before the next TransactWriteItems is sent (after the service read). */
  async function interleaved<T>(between: () => Promise<void>, run: () => Promise<T>): Promise<T> {
    let fired = false;
    dynamoClient().middlewareStack.add(
      (next, context) => async (args) => {
        if (!fired && context.commandName === 'TransactWriteItemsCommand') {
          fired = true;
          await between();
        }
        return next(args);
      },
      { step: 'initialize', name: INTERLEAVE },
    );
    try {
      return await run();
    } finally {
      dynamoClient().middlewareStack.remove(INTERLEAVE);
      expect(fired).toBe(true);
    }
  }

  it('an edit never writes back a password changed while it was in flight', async () => {
    const created = await create(a, tokens.admin, { name: 'Paula Paralela' });
    const session = await a.login(created.email, 'senha-inicial-1');
    const before = await read(created.id);
    const res = await interleaved(
      async () => {
        const changed = await call('POST', '/api/auth/password', {
          token: session.accessToken,
          body: { currentPassword: 'senha-inicial-1', newPassword: 'senha-trocada-2', confirmation: 'senha-trocada-2' },
        });
        expect(changed.status).toBe(200);
      },
      () => api('PUT', `/api/users/${created.id}`, { token: tokens.admin, body: { ...before, nickname: 'Paulinha' } }),
    );
    expect(res.status).toBe(200);
    expect(res.body.nickname).toBe('Paulinha');
    const old = await api('POST', '/api/login', { body: { email: created.email, password: 'senha-inicial-1' } });
    expect(old.status).toBe(401);
    const { data } = await a.login(created.email, 'senha-trocada-2');
    expect(data.user).toMatchObject({ id: created.id, apelido: 'Paulinha' });
  });

  it('a deactivation never erases the last access recorded while it was in flight', async () => {
    const created = await create(a, tokens.admin, { name: 'Lúcia Login' });
    const res = await interleaved(
      async () => {
        await a.login(created.email, 'senha-inicial-1');
      },
      () => api('DELETE', `/api/users/${created.id}`, { token: tokens.admin }),
    );
    expect(res.status).toBe(200);
    expect(await read(created.id)).toMatchObject({ active: false, lastAccessAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} /) });
  });

  it('two edits from the same version: one wins, the other is a 409', async () => {
    const created = await create(a, tokens.admin);
    const v = await read(created.id);
    const results = await Promise.all(
      ['Um', 'Dois'].map((nickname) => api('PUT', `/api/users/${created.id}`, { token: tokens.admin, body: { ...v, nickname } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!.body;
    expect(await read(created.id)).toMatchObject({ nickname: winner.nickname, version: v.version + 1 });
  });

  it('two creations with one e-mail: one wins, the other is a 409', async () => {
    const shared = email(a, 'disputado');
    const results = await Promise.all([
      api('POST', '/api/users', { token: tokens.admin, body: newUser(a, { email: shared }) }),
      api('POST', '/api/auth/register', { token: tokens.adminB, body: newUser(b, { email: shared.toUpperCase() }) }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deactivates: active false, its sessions end and its login fails', async () => {
    const created = await create(a, tokens.admin, { name: 'Davi Desligado' });
    const session = await a.login(created.email, 'senha-inicial-1');
    expect((await api('GET', '/api/auth/me', { token: session.accessToken })).status).toBe(200);

    const res = await api('DELETE', `/api/users/${created.id}`, { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, active: false, version: created.version + 1 });
    expect((await api('GET', `/api/users/${created.id}`, { token: tokens.admin })).body.active).toBe(false);

    // The session is gone (not merely refused because the user is inactive).
    const me = await api('GET', '/api/auth/me', { token: session.accessToken });
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('auth.token_expired');
    const refresh = await call('POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } });
    expect(refresh.status).toBe(401);
    expect(['Token revogado.', 'Perfil inativo.']).toContain(refresh.body.status);

    const login = await api('POST', '/api/login', { body: { email: created.email, password: 'senha-inicial-1' } });
    expect(login.status).toBe(401);
    expect(login.body.message).toBe('Perfil inativo.');

    expect(await listAll(tokens.admin, { q: 'davi', active: 'false' })).toEqual([created.id]);
    expect(await listAll(tokens.admin, { q: 'davi', active: 'true' })).toEqual([]);
  });

  it('answers 409 to deactivating yourself', async () => {
    const res = await api('DELETE', `/api/users/${a.admin.id}`, { token: tokens.admin });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'users.cannot_deactivate_self', message: Messages.cannotDeactivateSelf });
    expect((await api('GET', `/api/users/${a.admin.id}`, { token: tokens.admin })).body.active).toBe(true);
  });

  it('answers 403 to a salesman and 404 for a user of another company', async () => {
    const denied = await api('DELETE', `/api/users/${a.otherSalesman.id}`, { token: tokens.salesman });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(DENIED);
    expect((await api('DELETE', `/api/users/${b.salesman.id}`, { token: tokens.admin })).status).toBe(404);
    expect((await api('GET', `/api/users/${b.salesman.id}`, { token: tokens.adminB })).body.active).toBe(true);
  });
});

describe('API conventions on /api/users', () => {
  it('bounds limit: 101 and 0 are a 400 naming limit', async () => {
    for (const limit of ['101', '0', '-1', '2.5', 'dez']) {
      const res = await api('GET', `/api/users?limit=${limit}`, { token: tokens.admin });
      expect(res.status, limit).toBe(400);
      expect(res.body.fields.map((f: { field: string }) => f.field), limit).toEqual(['limit']);
      expect(res.body.fields[0].message).not.toMatch(ENGLISH);
    }
    expect((await api('GET', '/api/users?limit=100', { token: tokens.admin })).status).toBe(200);
    expect((await api('GET', '/api/users?limit=1', { token: tokens.admin })).body.items).toHaveLength(1);
  });

  it("answers a non-UUID id with the spec's text", async () => {
    for (const [method, body] of [['GET'], ['PUT', { ...newUser(a), version: 1 }], ['DELETE']] as const) {
      const res = await api(method, '/api/users/abc', { token: tokens.admin, body });
      expect(res.status, method).toBe(400);
      expect(res.body.message).toBe(INVALID_ID);
      expect(res.body.fields).toEqual([{ field: 'id', message: INVALID_ID }]);
    }
  });

  it('refuses a cursor from another query', async () => {
    const page = await api('GET', '/api/users?limit=1', { token: tokens.admin });
    const cursor = page.body.nextCursor as string;
    expect((await api('GET', `/api/users?${qs({ limit: 1, cursor })}`, { token: tokens.admin })).status).toBe(200);
    for (const other of [{ q: 'a' }, { active: 'true' }, { active: 'false' }]) {
      const res = await api('GET', `/api/users?${qs({ limit: 1, cursor, ...other })}`, { token: tokens.admin });
      expect(res.status, JSON.stringify(other)).toBe(400);
      expect(res.body).toMatchObject({ code: 'cursor.invalid', message: Messages.invalidCursor });
    }
    const search = await api('GET', '/api/users?limit=1&q=o', { token: tokens.admin });
    expect(search.body.nextCursor).toEqual(expect.any(String));
    const res = await api('GET', `/api/users?${qs({ limit: 1, q: 'f', cursor: search.body.nextCursor })}`, { token: tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('cursor.invalid');
  });

  it('refuses a cursor from another user of the same company, and of another company', async () => {
    const second = await create(a, tokens.admin, { name: 'Segundo Admin', profileId: a.profiles.administrator.id });
    const secondToken = (await a.login(second.email, 'senha-inicial-1')).accessToken;
    const mine = (await api('GET', '/api/users?limit=1', { token: tokens.admin })).body.nextCursor as string;
    expect((await api('GET', `/api/users?${qs({ limit: 1, cursor: mine })}`, { token: secondToken })).body.code).toBe('cursor.invalid');
    const theirs = (await api('GET', '/api/users?limit=1', { token: secondToken })).body.nextCursor as string;
    expect((await api('GET', `/api/users?${qs({ limit: 1, cursor: theirs })}`, { token: secondToken })).status).toBe(200);
    const res = await api('GET', `/api/users?${qs({ limit: 1, cursor: theirs })}`, { token: tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('cursor.invalid');
    const foreign = await api('GET', `/api/users?${qs({ limit: 1, cursor: mine })}`, { token: tokens.adminB });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('cursor.invalid');
  });

  it('refuses a tampered cursor', async () => {
    const cursor = (await api('GET', '/api/users?limit=1', { token: tokens.admin })).body.nextCursor as string;
    const [payload, sig] = cursor.split('.') as [string, string];
    const key = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, string>;
    // The cursor holds, per partition read, the last sort key consumed: move it elsewhere.
    const forged = Buffer.from(JSON.stringify({ ...key, 0: `${key['0']!}~` })).toString('base64url');
    const flipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
    for (const bad of [`${forged}.${sig}`, `${payload}.${flipped}`, payload, 'lixo', `${cursor}.x`]) {
      const res = await api('GET', `/api/users?${qs({ limit: 1, cursor: bad })}`, { token: tokens.admin });
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe('cursor.invalid');
    }
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    for (const [method, path] of [['POST', '/api/users'], ['PUT', `/api/users/${a.salesman.id}`], ['POST', '/api/auth/register']] as const) {
      const res = await api(method, path, { token: tokens.admin, body: '{"email": "x@y.z",' });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.code).toBe('invalid_json');
    }
  });

  it('never sends a stack trace, even for odd input', async () => {
    const odd = [
      await api('GET', `/api/users?${qs({ q: '\u0000\uffff%' })}`, { token: tokens.admin }),
      await api('GET', '/api/users?cursor=%E0%A4%A', { token: tokens.admin }),
      await api('POST', '/api/users', { token: tokens.admin, body: 'null' }),
      await api('POST', '/api/users', { token: tokens.admin, body: { ...newUser(a), branchIds: 'x', phones: {} } }),
      await api('GET', '/api/users', { token: 'not.a.token' }),
      await api('GET', '/api/users/00000000-0000-0000-0000-000000000000', { token: tokens.admin }),
    ];
    for (const res of odd) {
      expect(res.status).toBeLessThan(500);
      if (res.status >= 400) expect(JSON.stringify(res.body)).not.toMatch(/Error:|stack/);
    }
  });
});
