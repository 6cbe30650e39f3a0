import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Clock, timestamp } from '@ev/core/clock';
import { runAs } from '@ev/core/context';
import { dynamoClient, tableName } from '@ev/core/db/client';
import { Keys } from '@ev/core/db/keys';
import { newId } from '@ev/core/ids';
import { Provisioning } from '@ev/core/provisioning/index';
import type { AbilityRule } from '@ev/shared/permissions';
import { call, makeWorld, PASSWORD, type World } from '../testing/world';

let w: World;
beforeAll(async () => {
  w = await makeWorld('Auth');
});
afterEach(() => {
  Clock.reset();
});

const me = (accessToken: string) => call('GET', '/api/auth/me', { token: accessToken });
const refresh = (refreshToken: string) => call('POST', '/api/auth/refresh', { body: { refreshToken } });

/** A user of its own, for tests that change it or its profile. */
async function newUser(label: string, profileId = w.profiles.salesman.id) {
  const email = `${label}-${newId().slice(-8)}@${w.domain}`;
  const user = await Provisioning.addUser(w.tenant.id, { email, password: PASSWORD, name: `Usuária ${label}`, profileId, branchIds: w.branches.map((b) => b.id) });
  return { user, email };
}

/** A profile item written through the repository keys, outside the presets. */
async function putProfile(rules: AbilityRule[]): Promise<string> {
  const id = newId();
  const now = timestamp();
  await runAs({ tenantId: w.tenant.id }, () =>
    dynamoClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...Keys.profile(id), type: 'profile', id, name: `Perfil ${id.slice(-6)}`, preset: null, active: true, rules, createdAt: now, updatedAt: now, version: 1 },
      }),
    ),
  );
  return id;
}

describe('POST /api/login', () => {
  it('opens a session with the spec session objects and updates the last access', async () => {
    const res = await call('POST', '/api/login', { body: { email: `vendedor@${w.domain}`, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const d = res.body.data;
    expect(d.accessToken.split('.')).toHaveLength(3);
    expect(d.refreshToken.split('.')).toHaveLength(3);
    expect(d.user).toMatchObject({ id: w.salesman.id, nome: 'Vera Vendedora', vendedor: true, supervisor: false, funcionario: false, fuso: 'America/Sao_Paulo', formatoData: 'dd/MM/yyyy' });
    // The access before this one: none at a user's first login, a timestamp after.
    expect(d.user.ultimoAcesso === null || /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(d.user.ultimoAcesso)).toBe(true);
    expect(d.company).toMatchObject({ id: w.tenant.id, nome: 'Empresa Auth Ltda', apelido: 'Auth' });
    expect(d.company.settings.customers.required.birthDate).toBe(true);
    expect(d.company.settings.map).toMatchObject({ latitude: -22.264, longitude: -48.74, defaultState: 'SP', zoom: 15 });
    expect(d.branch).toMatchObject({ nome: 'Matriz', casasDecimais: 2, vendasEmitir: true });
    expect(d.branches).toHaveLength(2);
    expect(d.abilities).toContainEqual({ action: 'read', subject: 'auth' });
    expect(d.mustChangePassword).toBe(false);
  });

  it('refuses a wrong password with 401 and a Portuguese message', async () => {
    const res = await call('POST', '/api/login', { body: { email: `vendedor@${w.domain}`, password: 'errada' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 'error', code: 'auth.invalid_credentials', message: 'E-mail ou senha incorretos.' });
  });

  it('answers 400 naming the field for a malformed e-mail', async () => {
    const res = await call('POST', '/api/login', { body: { email: 'não-é-email', password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toContainEqual({ field: 'email', message: 'Informe um e-mail válido.' });
  });

  it('says so when the user has no allowed branch', async () => {
    const { data } = await w.login(`funcionario@${w.domain}`);
    expect(data.branch).toBeNull();
    expect(data.branches).toEqual([]);
    expect(data.message).toMatch(/não possui filiais liberadas/);
  });
});

describe('GET /api/auth/me', () => {
  it('answers the session data without tokens', async () => {
    const { accessToken } = await w.login(`supervisor@${w.domain}`);
    const res = await call('GET', '/api/auth/me', { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(w.supervisor.id);
    expect(res.body.data.accessToken).toBeUndefined();
  });
  it('is 401 without a token', async () => {
    const res = await call('GET', '/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Autentique-se antes de prosseguir.');
  });
});

describe('POST /api/login: last access and unknown e-mails', () => {
  it('shows as ultimoAcesso the access before this one (none at the first login), while the users API keeps the latest', async () => {
    const { email } = await newUser('acesso');
    let now = Date.UTC(2031, 4, 6, 12, 30, 15);
    Clock.set(() => now);
    const first = await w.login(email);
    expect(first.data.user.ultimoAcesso).toBeNull();
    expect((await me(first.accessToken)).body.data.user.ultimoAcesso).toBeNull();

    // Ten minutes later (inside the first access token's 15 minutes), a second login: it shows the first.
    now += 10 * 60 * 1000;
    const second = await w.login(email);
    expect(second.data.user.ultimoAcesso).toBe('2031-05-06 12:30:15');
    expect((await me(second.accessToken)).body.data.user.ultimoAcesso).toBe('2031-05-06 12:30:15');
    // A third: the second.
    now += 60 * 60 * 1000;
    const third = await w.login(email);
    expect(third.data.user.ultimoAcesso).toBe('2031-05-06 12:40:15');
    expect(timestamp(now)).toBe('2031-05-06 13:40:15');
    const admin = await w.login(w.admin.email);
    const record = await call('GET', `/api/users/${second.data.user.id}`, { token: admin.accessToken });
    expect(record.body.lastAccessAt).toBe('2031-05-06 13:40:15');
    expect(record.body).not.toHaveProperty('previousAccessAt');
    // A refresh is not a login: it leaves the last access as it is.
    now += 60 * 1000;
    expect((await refresh(second.refreshToken)).body.data.user.ultimoAcesso).toBe('2031-05-06 12:40:15');
  });

  it('does not move ultimoAcesso on a failed login', async () => {
    const { email } = await newUser('falha');
    let now = Date.UTC(2031, 0, 2, 8, 0, 0);
    Clock.set(() => now);
    await w.login(email);
    now += 60_000;
    const s = await w.login(email);
    now += 60_000;
    expect((await call('POST', '/api/login', { body: { email, password: 'errada' } })).status).toBe(401);
    expect((await me(s.accessToken)).body.data.user.ultimoAcesso).toBe('2031-01-02 08:00:00');
    const admin = await w.login(w.admin.email);
    expect((await call('GET', `/api/users/${s.data.user.id}`, { token: admin.accessToken })).body.lastAccessAt).toBe('2031-01-02 08:01:00');
  });

  it('answers an unknown e-mail exactly as a wrong password', async () => {
    const wrong = await call('POST', '/api/login', { body: { email: `supervisor@${w.domain}`, password: 'errada-123' } });
    const unknown = await call('POST', '/api/login', { body: { email: `nao-existe-${newId().slice(-6)}@${w.domain}`, password: 'errada-123' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ status: 'error', code: 'auth.invalid_credentials', message: 'E-mail ou senha incorretos.', key: 'api.invalidCredentials' });
    expect(unknown.body).toEqual(wrong.body);
  });
});

describe('GET /api/auth/me: abilities from the server', () => {
  it('shows abilities changed on the server, and the access token follows them at once', async () => {
    const profileId = await putProfile([
      { action: 'read', subject: 'auth' },
      { action: 'read', subject: 'usuarios' },
    ]);
    const { email } = await newUser('habilidades', profileId);
    const s = await w.login(email);
    expect(s.data.abilities).toEqual([
      { action: 'read', subject: 'auth' },
      { action: 'read', subject: 'usuarios' },
    ]);
    expect((await call('GET', '/api/users', { token: s.accessToken })).status).toBe(200);

    const rules: AbilityRule[] = [
      { action: 'read', subject: 'auth' },
      { action: ['read', 'create'], subject: 'clientes' },
    ];
    await runAs({ tenantId: w.tenant.id }, () =>
      dynamoClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: Keys.profile(profileId),
          UpdateExpression: 'SET #r = :r, version = version + :one',
          ExpressionAttributeNames: { '#r': 'rules' },
          ExpressionAttributeValues: { ':r': rules, ':one': 1 },
        }),
      ),
    );
    const res = await me(s.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data.abilities).toEqual(rules);
    expect((await call('GET', '/api/users', { token: s.accessToken })).status).toBe(403);
    // A refresh answers the same new abilities (the web replaces its own from it).
    expect((await refresh(s.refreshToken)).body.data.abilities).toEqual(rules);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session named by the access token, and only that one', async () => {
    const { email } = await newUser('sair');
    const s = await w.login(email);
    const other = await w.login(email);
    const res = await call('POST', '/api/auth/logout', { token: s.accessToken, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Sessão encerrada.' });
    const r = await refresh(s.refreshToken);
    expect(r.status).toBe(401);
    expect(r.body.status).toBe('Token revogado.');
    expect((await me(s.accessToken)).status).toBe(401);
    expect((await me(other.accessToken)).status).toBe(200);
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it('ends the session named by the refresh token alone', async () => {
    const { email } = await newUser('sairrefresh');
    const s = await w.login(email);
    const res = await call('POST', '/api/auth/logout', { body: { refreshToken: s.refreshToken } });
    expect(res.status).toBe(200);
    const r = await refresh(s.refreshToken);
    expect(r.status).toBe(401);
    expect(r.body.status).toBe('Token revogado.');
    const m = await me(s.accessToken);
    expect(m.status).toBe(401);
    expect(m.body.status).toBe('error');
  });

  it('ends the session of a rotated refresh token too', async () => {
    const { email } = await newUser('sairrotado');
    const s = await w.login(email);
    const next = (await refresh(s.refreshToken)).body.data;
    expect((await call('POST', '/api/auth/logout', { body: { refreshToken: next.refreshToken } })).status).toBe(200);
    expect((await refresh(next.refreshToken)).body.status).toBe('Token revogado.');
    expect((await me(next.accessToken)).status).toBe(401);
  });
});

describe('POST /api/auth/branch', () => {
  it('switches to another allowed branch with tokens for it, and a later refresh keeps it', async () => {
    const [matriz, filial] = w.branches as [(typeof w.branches)[0], (typeof w.branches)[0]];
    const s = await w.login(w.salesman.email);
    expect(s.data.branch.id).toBe(matriz.id);
    const res = await call('POST', '/api/auth/branch', { token: s.accessToken, body: { branchId: filial.id } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const d = res.body.data;
    expect(d.branch).toMatchObject({ id: filial.id, nome: 'Filial' });
    expect(d.branches.map((b: { id: string }) => b.id).sort()).toEqual([matriz.id, filial.id].sort());
    expect(d.user.id).toBe(w.salesman.id);
    expect(d.accessToken.split('.')).toHaveLength(3);
    expect(d.refreshToken.split('.')).toHaveLength(3);

    // The answer's tokens work and show the new branch; so does the session's earlier access token.
    expect((await me(d.accessToken)).body.data.branch.id).toBe(filial.id);
    expect((await me(s.accessToken)).body.data.branch.id).toBe(filial.id);
    const r = await refresh(d.refreshToken);
    expect(r.status).toBe(200);
    expect(r.body.data.branch.id).toBe(filial.id);
    const r2 = await refresh(r.body.data.refreshToken);
    expect(r2.body.data.branch.id).toBe(filial.id);
    expect((await me(r2.body.data.accessToken)).body.data.branch.id).toBe(filial.id);

    // The branch belongs to the session: a new login starts at the user's default.
    expect((await w.login(w.salesman.email)).data.branch.id).toBe(matriz.id);
  });

  it('refuses a branch the user is not allowed with 400 naming branchId', async () => {
    const s = await w.login(w.otherSalesman.email);
    const notAllowed = w.branches[0]!.id;
    for (const branchId of [notAllowed, newId()]) {
      const res = await call('POST', '/api/auth/branch', { token: s.accessToken, body: { branchId } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 'error', code: 'auth.branch_not_allowed', message: 'A filial escolhida não está liberada para o seu perfil.' });
      expect(res.body.fields).toEqual([{ field: 'branchId', message: 'A filial escolhida não está liberada para o seu perfil.' }]);
    }
    // The session stays on its branch.
    expect((await me(s.accessToken)).body.data.branch.id).toBe(w.branches[1]!.id);
    const e = await w.login(w.employee.email);
    const none = await call('POST', '/api/auth/branch', { token: e.accessToken, body: { branchId: w.branches[0]!.id } });
    expect(none.status).toBe(400);
    expect(none.body.fields[0].field).toBe('branchId');
  });

  it('answers 400 naming branchId for an id that is not a UUID, and 401 without a session', async () => {
    const s = await w.login(w.supervisor.email);
    const bad = await call('POST', '/api/auth/branch', { token: s.accessToken, body: { branchId: 'matriz' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toContainEqual({ field: 'branchId', message: 'O parâmetro passado não é um identificador válido.' });
    expect((await call('POST', '/api/auth/branch', { body: { branchId: w.branches[1]!.id } })).status).toBe(401);
  });
});

describe('GET /api/auth/sessions, POST /api/auth/sessions/end-others', () => {
  it('lists the user’s own sessions, this one first; ending the others leaves this one working and the others refused', async () => {
    const { email } = await newUser('sessoes');
    const phone = await w.login(email);
    const laptop = await w.login(email);
    const other = await w.login(w.admin.email);

    const listed = await call('GET', '/api/auth/sessions', { token: laptop.accessToken });
    expect(listed.status).toBe(200);
    expect(listed.body.items).toHaveLength(2);
    expect(listed.body.items[0]).toMatchObject({ current: true, createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), lastUsedAt: expect.any(String) });
    expect(listed.body.items[1].current).toBe(false);
    // Only its own: the administrator's session is not there.
    expect(listed.text).not.toContain(other.data.user.id);

    const ended = await call('POST', '/api/auth/sessions/end-others', { token: laptop.accessToken });
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ ended: 1 });
    expect((await me(laptop.accessToken)).status).toBe(200);
    expect((await refresh(phone.refreshToken)).status).toBe(401);
    expect((await me(phone.accessToken)).status).toBe(401);
    expect((await call('GET', '/api/auth/sessions', { token: laptop.accessToken })).body.items).toHaveLength(1);
    // Another user's sessions are untouched.
    expect((await me(other.accessToken)).status).toBe(200);
    expect((await call('GET', '/api/auth/sessions')).status).toBe(401);
  });
});

describe('PUT /api/auth/me/language', () => {
  it('keeps the language with the user: the session of every later sign-in says it; an unknown one is a Portuguese 400', async () => {
    const { email } = await newUser('idioma');
    const s = await w.login(email);
    expect(s.data.user.idioma).toBeNull();
    const res = await call('PUT', '/api/auth/me/language', { token: s.accessToken, body: { language: 'en' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.language).toBe('en');
    expect((await me(s.accessToken)).body.data.user.idioma).toBe('en');
    expect((await w.login(email)).data.user.idioma).toBe('en');
    const bad = await call('PUT', '/api/auth/me/language', { token: s.accessToken, body: { language: 'fr' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ field: 'language', message: 'Escolha um idioma: pt (português) ou en (inglês).' }]);
    expect((await me(s.accessToken)).body.data.user.idioma).toBe('en');
  });
});

describe('PUT /api/auth/me/profile', () => {
  it('changes the user’s own nickname, phones, time zone and date format over its version; the session follows; nothing else can be changed', async () => {
    const { user, email } = await newUser('perfil');
    const s = await w.login(email);
    const body = { nickname: 'Perfilzinha', phones: ['(14) 99876-5432'], timezone: 'America/Manaus', dateFormat: 'yyyy-MM-dd', version: user.version };
    const res = await call('PUT', '/api/auth/me/profile', { token: s.accessToken, body: { ...body, name: 'Outro Nome', profileId: w.profiles.administrator.id, branchIds: [] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ nickname: 'Perfilzinha', phones: ['(14) 99876-5432'], timezone: 'America/Manaus', dateFormat: 'yyyy-MM-dd', name: user.name, profileId: user.profileId, version: user.version + 1 });
    const session = (await me(s.accessToken)).body.data;
    expect(session.user).toMatchObject({ fuso: 'America/Manaus', formatoData: 'yyyy-MM-dd' });
    expect(session.abilities).not.toContainEqual(expect.objectContaining({ action: 'manage', subject: 'all' }));

    // The same version again: another tab saved first.
    expect((await call('PUT', '/api/auth/me/profile', { token: s.accessToken, body })).status).toBe(409);
    const bad = await call('PUT', '/api/auth/me/profile', { token: s.accessToken, body: { ...body, timezone: 'Marte/Olympus', version: user.version + 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0]).toEqual({ field: 'timezone', message: 'Informe um fuso horário válido (por exemplo, America/Sao_Paulo).' });
    expect((await call('PUT', '/api/auth/me/profile', { body })).status).toBe(401);
  });
});
