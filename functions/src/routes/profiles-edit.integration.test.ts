import { Logs } from '@ev/core/logs';
import { Provisioning } from '@ev/core/provisioning/index';
import { gridOf, PRESETS, PRESET_KEYS, rulesOf, type AbilityRule } from '@ev/shared/permissions';
import { Messages } from '@ev/shared/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { call, makeWorld, PASSWORD, tokensFor, type World } from '../testing/world';

const DENIED = 'Você não tem permissão para acessar esses dados. Se isso se tratar de um erro entre em contato com a gerência.';
const api = checkedCall;

let a: World;
let b: World;
const tokens = {} as Record<'admin' | 'supervisor' | 'salesman' | 'employee' | 'adminB', string>;
let uniq = 0;
const unique = (name: string) => `${name} ${++uniq}`;

beforeAll(async () => {
  [a, b] = await Promise.all([makeWorld('PerfisEdA'), makeWorld('PerfisEdB')]);
  Object.assign(tokens, await tokensFor({ admin: [a, a.admin], supervisor: [a, a.supervisor], salesman: [a, a.salesman], employee: [a, a.employee], adminB: [b, b.admin] }));
});

async function createProfile(body: Record<string, unknown>, token = tokens.admin) {
  const res = await api('POST', '/api/profiles', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string; rules: AbilityRule[]; version: number; active: boolean; financialReleaseAuthorizer: boolean };
}

/** A user of world a with this profile, signed in: its token. */
async function userWith(profileId: string, flags: Record<string, boolean> = {}) {
  const email = `perfil${++uniq}-${Date.now()}@${a.domain}`;
  await Provisioning.addUser(a.tenant.id, { email, password: PASSWORD, name: `Usuária ${uniq}`, profileId, branchIds: [a.branches[0]!.id], ...flags });
  const { token } = await tokensFor({ token: [a, { email }] });
  return token;
}

describe('POST /api/profiles (create from a preset, copy)', () => {
  it('creates a profile from each preset with that preset\'s rules, and one with no access from nothing', async () => {
    for (const preset of PRESET_KEYS) {
      const p = await createProfile({ name: unique(`Modelo ${preset}`), preset });
      expect(p.rules).toEqual(PRESETS[preset].rules);
      expect(p.active).toBe(true);
      expect((await api('GET', `/api/profiles/${p.id}`, { token: tokens.admin })).body.rules).toEqual(PRESETS[preset].rules);
    }
    const empty = await createProfile({ name: unique('Vazio') });
    expect(empty.rules).toEqual([]);
  });

  it('copies a profile under another name, with its rules and flag', async () => {
    const source = await createProfile({ name: unique('Origem'), preset: 'manager', financialReleaseAuthorizer: true });
    const res = await api('POST', `/api/profiles/${source.id}/copy`, { token: tokens.admin, body: { name: unique('Cópia') } });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(source.id);
    expect(res.body).toMatchObject({ rules: source.rules, financialReleaseAuthorizer: true, active: true, preset: null });
  });

  it('answers 409 naming the field for a name in use (case and accents aside), 400 in Portuguese for a bad one', async () => {
    const name = unique('Promotor Única');
    await createProfile({ name });
    const taken = await api('POST', '/api/profiles', { token: tokens.admin, body: { name: name.toUpperCase().replace('Ú', 'U') } });
    expect(taken.status).toBe(409);
    expect(taken.body.fields).toMatchObject([{ field: 'name', message: 'Já existe um perfil com esse nome.' }]);
    const short = await api('POST', '/api/profiles', { token: tokens.admin, body: { name: 'X' } });
    expect(short.status).toBe(400);
    expect(short.body.fields[0]).toMatchObject({ field: 'name', message: 'Informe o nome do perfil (ao menos 2 caracteres).' });
    const preset = await api('POST', '/api/profiles', { token: tokens.admin, body: { name: unique('Outro'), preset: 'chefe' } });
    expect(preset.status).toBe(400);
    expect(preset.body.fields[0]).toMatchObject({ field: 'preset', message: 'Modelo inválido: use vendedor, gerente, administrador ou funcionário.' });
    const rules = await api('POST', '/api/profiles', { token: tokens.admin, body: { name: unique('Outro'), rules: [{ action: 'read', subject: 'inexistente' }] } });
    expect(rules.status).toBe(400);
    expect(rules.body.fields[0].field).toBe('rules.0.subject');
  });
});

describe('PUT /api/profiles/{id}', () => {
  it('refuses a removed ability on the user\'s very next request, without a new login', async () => {
    const profile = await createProfile({ name: unique('Vendedor Teste'), preset: 'salesman' });
    const token = await userWith(profile.id, { salesman: true });
    expect((await api('GET', '/api/clients', { token })).status).toBe(200);
    const grid = gridOf(profile.rules);
    const rules = rulesOf({ ...grid, cells: grid.cells.filter((c) => c !== 'read clientes') });
    const res = await api('PUT', `/api/profiles/${profile.id}`, { token: tokens.admin, body: { name: profile.name, rules, version: profile.version } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.version).toBe(profile.version + 1);
    const denied = await api('GET', '/api/clients', { token });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(DENIED);
    // The session's abilities say the same, so the web sends the user to 403 at its next navigation.
    const me = await api('GET', '/api/auth/me', { token });
    expect(gridOf(me.body.data.abilities).cells).not.toContain('read clientes');
  });

  it('keeps the diff in the profile\'s history and the logs: abilities added and removed, who and when', async () => {
    const profile = await createProfile({ name: unique('Histórico Perfil'), preset: 'employee' });
    const grid = gridOf(profile.rules);
    const after = { ...grid, cells: [...grid.cells.filter((c) => c !== 'read estoques'), 'create clientes', 'delete clientes'] };
    expect((await api('PUT', `/api/profiles/${profile.id}`, { token: tokens.admin, body: { name: profile.name, rules: rulesOf(after), version: 1 } })).status).toBe(200);
    await Logs.flush();
    const history = await api('GET', `/api/profiles/${profile.id}/history`, { token: tokens.admin });
    expect(history.status).toBe(200);
    const [update, creation] = history.body.items;
    expect(creation.event).toBe('profiles.create');
    expect(update).toMatchObject({ event: 'profiles.update', userId: a.admin.id, userName: a.admin.name });
    const abilities = update.changes.find((c: { field: string }) => c.field === 'abilities');
    expect(abilities.before).toContain('read estoques');
    expect(abilities.after).not.toContain('read estoques');
    expect(abilities.after).toEqual(expect.arrayContaining(['create clientes', 'delete clientes']));
    const logs = await api('GET', `/api/logs?level=audit&q=${encodeURIComponent(profile.id)}`, { token: tokens.admin });
    expect(logs.body.items.map((e: { message: string }) => e.message)).toEqual(['profiles.update', 'profiles.create']);
  });

  it('answers 409 to a stale version and changes nothing', async () => {
    const profile = await createProfile({ name: unique('Versão'), preset: 'employee' });
    expect((await api('PUT', `/api/profiles/${profile.id}`, { token: tokens.admin, body: { name: unique('Versão Nova'), rules: profile.rules, version: 1 } })).status).toBe(200);
    const stale = await api('PUT', `/api/profiles/${profile.id}`, { token: tokens.admin, body: { name: unique('Versão Velha'), rules: [], version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(Messages.versionConflict);
    expect((await api('GET', `/api/profiles/${profile.id}`, { token: tokens.admin })).body.rules).toEqual(profile.rules);
  });

  it('limits a profile to its own records: a user without a team then sees none of the company\'s clients', async () => {
    const created = await api('POST', '/api/clients', { token: tokens.admin, body: { name: unique('Cliente Da Empresa'), birthDate: '1990-05-17' } });
    expect(created.status).toBe(201);
    const profile = await createProfile({ name: unique('Atendente'), rules: [{ action: 'read', subject: ['auth', 'clientes'] }] });
    const token = await userWith(profile.id, { employee: true });
    const ids = async () => ((await api('GET', '/api/clients?limit=100', { token })).body.items as { id: string }[]).map((c) => c.id);
    expect(await ids()).toContain(created.body.id);
    const grid = gridOf(profile.rules);
    expect((await api('PUT', `/api/profiles/${profile.id}`, { token: tokens.admin, body: { name: profile.name, rules: rulesOf({ ...grid, own: ['clientes'] }), version: 1 } })).status).toBe(200);
    expect(await ids()).toEqual([]);
    expect((await api('GET', `/api/clients/${created.body.id}`, { token })).status).toBe(404);
  });
});

describe('guards', () => {
  it('refuses (403, the spec\'s text) every write to whoever may not update permissions', async () => {
    const target = a.profiles.salesman;
    const writes = [
      ['POST', '/api/profiles', { name: 'Intruso', preset: 'administrator' }],
      ['POST', `/api/profiles/${target.id}/copy`, { name: 'Intruso' }],
      ['PUT', `/api/profiles/${target.id}`, { name: 'Intruso', rules: PRESETS.administrator.rules, version: 1 }],
      ['POST', `/api/profiles/${target.id}/deactivate`, { version: 1 }],
      ['POST', `/api/profiles/${target.id}/activate`, { version: 1 }],
    ] as const;
    for (const who of ['supervisor', 'salesman', 'employee'] as const) {
      for (const [method, path, body] of writes) {
        const res = await api(method, path, { token: tokens[who], body });
        expect(res.status, `${who} ${method} ${path}`).toBe(403);
        expect(res.body.message).toBe(DENIED);
      }
    }
    const still = await api('GET', `/api/profiles/${target.id}`, { token: tokens.admin });
    expect(still.body).toMatchObject({ name: 'Vendedor', rules: PRESETS.salesman.rules, active: true, version: 1 });
  });

  it('never lets administrators remove their own access to permissions or to the system, nor deactivate their profile', async () => {
    const admins = await createProfile({ name: unique('Administração'), preset: 'administrator' });
    const token = await userWith(admins.id);
    const noPermissions = rulesOf({ full: false, cells: ['read auth', 'read permissões', 'read clientes'], own: [] });
    const noSystem = rulesOf({ full: false, cells: ['update permissões', 'read permissões'], own: [] });
    for (const rules of [noPermissions, noSystem]) {
      const res = await api('PUT', `/api/profiles/${admins.id}`, { token, body: { name: admins.name, rules, version: 1 } });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'profiles.self_lockout', message: 'Você não pode remover o seu próprio acesso às permissões nem ao sistema.' });
    }
    const off = await api('POST', `/api/profiles/${admins.id}/deactivate`, { token, body: { version: 1 } });
    expect(off.status).toBe(409);
    // Another administrator may change it: the company keeps an administrator.
    const res = await api('PUT', `/api/profiles/${admins.id}`, { token: tokens.admin, body: { name: admins.name, rules: noPermissions, version: 1 } });
    expect(res.status).toBe(200);
    expect((await api('PUT', '/api/profiles/' + admins.id, { token, body: { name: admins.name, rules: PRESETS.administrator.rules, version: 2 } })).status).toBe(403);
  });

  it('keeps the company with an active administrator: deactivating the only administrators\' profile is refused', async () => {
    const w = await makeWorld('PerfisUltimo');
    const { admin } = await tokensFor({ admin: [w, w.admin] });
    const copy = await api('POST', `/api/profiles/${w.profiles.administrator.id}/copy`, { token: admin, body: { name: 'Administração 2' } });
    expect(copy.status).toBe(201);
    // Nobody holds the copy: the company's administrators are all on the original profile.
    const res = await api('POST', `/api/profiles/${w.profiles.administrator.id}/deactivate`, { token: admin, body: { version: 1 } });
    expect(res.status).toBe(409);
    expect(['profiles.self_lockout', 'profiles.last_admin']).toContain(res.body.code);
    // Deactivating a profile with users locks them out at once; reactivating lets them in again.
    const { salesman } = await tokensFor({ salesman: [w, w.salesman] });
    const off = await api('POST', `/api/profiles/${w.profiles.salesman.id}/deactivate`, { token: admin, body: { version: 1 } });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await call('GET', '/api/clients', { token: salesman })).status).toBe(401);
    const edit = await api('PUT', `/api/profiles/${w.profiles.salesman.id}`, { token: admin, body: { name: 'Vendedor', rules: [], version: 2 } });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('profiles.inactive');
    expect((await api('POST', `/api/profiles/${w.profiles.salesman.id}/activate`, { token: admin, body: { version: 2 } })).status).toBe(200);
    const again = await tokensFor({ salesman: [w, w.salesman] });
    expect((await api('GET', '/api/clients', { token: again.salesman })).status).toBe(200);
  });

  it('answers 404 for another company\'s profile on every route', async () => {
    const target = a.profiles.manager;
    for (const [method, path, body] of [
      ['PUT', `/api/profiles/${target.id}`, { name: 'Intruso', rules: [], version: 1 }],
      ['POST', `/api/profiles/${target.id}/copy`, { name: 'Intruso B' }],
      ['POST', `/api/profiles/${target.id}/deactivate`, { version: 1 }],
      ['GET', `/api/profiles/${target.id}/history`, undefined],
    ] as const) {
      expect((await api(method, path, { token: tokens.adminB, ...(body ? { body } : {}) })).status, `${method} ${path}`).toBe(404);
    }
    expect((await api('GET', `/api/profiles/${target.id}`, { token: tokens.admin })).body).toMatchObject({ name: 'Gerente', active: true, version: 1 });
  });
});
