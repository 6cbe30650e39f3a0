import { ApiTexts } from '@ev/shared/messages';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEMP_PASSWORD_TTL_SECONDS } from '@ev/core/auth';
import { Clock } from '@ev/core/clock';
import { newId } from '@ev/core/ids';
import { Ports, registerEmailJob } from '@ev/core/ports';
import { readOutbox } from '@ev/core/ports/email';
import { runJob } from '@ev/core/ports/queue-runner';
import type { JobMessage, JobRequest } from '@ev/core/ports/queue';
import { Provisioning } from '@ev/core/provisioning/index';
import { injectUnprocessed, type Unprocessed } from '@ev/core/db/testing/unprocessed';
import { mailTo, temporaryPasswordIn } from '../testing/mail';
import { call, makeWorld, PASSWORD, type World } from '../testing/world';

// The `email.send` handler (the jobs consumer registers it with the others).
registerEmailJob();

/**
 * POST /api/auth/password and POST /api/auth/forgot-password through HTTP: the checks of the
 * change, the end of every session, and the single-use, expiring temporary password by e-mail.
 */
let w: World;
beforeAll(async () => {
  w = await makeWorld('Senha');
});
afterEach(() => {
  Clock.reset();
  Ports.reset();
});

const NEW_PASSWORD = 'outra-senha-456';
const NEUTRAL = 'Se o e-mail informado estiver cadastrado, enviaremos uma senha temporária para ele em instantes.';

const login = (email: string, password: string) =>
  call('POST', '/api/login', { body: { email, password }, headers: { 'x-ev-client-address': `198.51.100.${Math.floor(Math.random() * 250)}` } });
const refresh = (refreshToken: string) => call('POST', '/api/auth/refresh', { body: { refreshToken } });
const me = (accessToken: string) => call('GET', '/api/auth/me', { token: accessToken });
const changePassword = (accessToken: string, currentPassword: string, newPassword: string, confirmation = newPassword) =>
  call('POST', '/api/auth/password', { token: accessToken, body: { currentPassword, newPassword, confirmation } });
const forgot = (email: string) => call('POST', '/api/auth/forgot-password', { body: { email } });

/** A user of its own: these tests change passwords and consume temporary ones. */
async function newUser(label: string) {
  const email = `${label}-${newId().slice(-8)}@${w.domain}`;
  const user = await Provisioning.addUser(w.tenant.id, {
    email,
    password: PASSWORD,
    name: `Paula ${label}`,
    nickname: 'Paula',
    profileId: w.profiles.salesman.id,
    branchIds: w.branches.map((b) => b.id),
    salesman: true,
  });
  return { user, email };
}

describe('POST /api/auth/password', () => {
  it('refuses a wrong current password with 400 naming currentPassword', async () => {
    const { email } = await newUser('errada');
    const s = (await login(email, PASSWORD)).body.data;
    const res = await changePassword(s.accessToken, 'nao-e-a-senha', NEW_PASSWORD);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', code: 'auth.wrong_password', message: 'A senha atual não confere.' });
    expect(res.body.fields).toEqual([{ field: 'currentPassword', message: 'A senha atual não confere.' }]);
    // Nothing changed: the session lives and the old password still opens one.
    expect((await me(s.accessToken)).status).toBe(200);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('refuses a confirmation that differs from the new password with 400 naming confirmation', async () => {
    const { email } = await newUser('confirma');
    const s = (await login(email, PASSWORD)).body.data;
    const res = await changePassword(s.accessToken, PASSWORD, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('error');
    expect(res.body.fields).toContainEqual({ field: 'confirmation', message: 'A confirmação não confere com a nova senha.' });
    expect((await login(email, NEW_PASSWORD)).status).toBe(401);
  });

  it('is 401 without a session', async () => {
    const res = await call('POST', '/api/auth/password', { body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmation: NEW_PASSWORD } });
    expect(res.status).toBe(401);
  });

  it('ends every session of the user; the new password logs in and the old one does not', async () => {
    const { email } = await newUser('troca');
    const one = (await login(email, PASSWORD)).body.data;
    const two = (await login(email, PASSWORD)).body.data;
    const res = await changePassword(one.accessToken, PASSWORD, NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Senha alterada com sucesso. Todas as sessões foram desconectadas; autentique-se novamente com a nova senha.',
    });
    for (const s of [one, two]) {
      const r = await refresh(s.refreshToken);
      expect(r.status).toBe(401);
      expect(r.body.status).toBe('Token revogado.');
      expect((await me(s.accessToken)).status).toBe(401);
    }
    const fresh = await login(email, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.mustChangePassword).toBe(false);
    const old = await login(email, PASSWORD);
    expect(old.status).toBe(401);
    expect(old.body.message).toBe('E-mail ou senha incorretos.');
  });
});

describe('POST /api/auth/password when DynamoDB leaves deletes unprocessed (injected)', () => {
  let probe: Unprocessed | undefined;
  afterEach(() => {
    probe?.remove();
    probe = undefined;
  });

  /** More sessions than one BatchWriteItem call holds (25), so the end of them takes several calls. */
  async function manySessions(email: string, n = 30) {
    const out: { accessToken: string; refreshToken: string }[] = [];
    for (let i = 0; i < n; i += 10) {
      const batch = await Promise.all(Array.from({ length: Math.min(10, n - i) }, () => login(email, PASSWORD)));
      out.push(...batch.map((r) => r.body.data));
    }
    return out;
  }

  it('ends every session even when the first nine calls leave deletes unprocessed', async () => {
    const { email } = await newUser('lotes');
    const sessions = await manySessions(email);
    probe = injectUnprocessed({ command: 'BatchWriteItem', times: 9, leave: 10 });
    const res = await changePassword(sessions[0]!.accessToken, PASSWORD, NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect(probe.left()).toBeGreaterThan(0);
    probe.remove();
    for (const s of sessions) {
      const r = await refresh(s.refreshToken);
      expect(r.status).toBe(401);
      expect(r.body.status).toBe('Token revogado.');
    }
    expect((await me(sessions.at(-1)!.accessToken)).status).toBe(401);
  });

  it('never answers success while a session is left: a delete that never goes through is an error', async () => {
    const { email } = await newUser('sobra');
    const sessions = await manySessions(email, 3);
    probe = injectUnprocessed({ command: 'BatchWriteItem', times: Infinity, leave: 1 });
    const res = await changePassword(sessions[0]!.accessToken, PASSWORD, NEW_PASSWORD);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ status: 'error', code: 'storage.busy', message: 'O banco de dados está ocupado e parte da operação não foi concluída. Tente novamente.' });
  });
});

describe('POST /api/auth/forgot-password', () => {
  it('answers the same neutral 200 for a registered and an unknown e-mail, and mails only the registered one', async () => {
    const { email } = await newUser('esqueci');
    const unknown = `ninguem-${newId().slice(-8)}@${w.domain}`;
    const known = await forgot(email);
    const other = await forgot(unknown);
    expect(known.status).toBe(200);
    expect(other.status).toBe(200);
    expect(known.body).toEqual({ status: 'success', message: NEUTRAL });
    expect(other.body).toEqual(known.body);
    const mails = await mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Escritório Virtual: sua senha temporária');
    expect(mails[0]!.text).toContain('Olá, Paula.');
    expect(await mailTo(unknown)).toHaveLength(0);
  });

  it('issues a single-use temporary password that forces a new one and never replaces the current one', async () => {
    const { email } = await newUser('temporaria');
    expect((await forgot(email)).status).toBe(200);
    const mails = await mailTo(email);
    expect(mails).toHaveLength(1);
    const temp = temporaryPasswordIn(mails[0]!.text);
    expect(temp).not.toBe(PASSWORD);

    // The current password still works: knowing the e-mail locks nobody out.
    const usual = await login(email, PASSWORD);
    expect(usual.status).toBe(200);
    expect(usual.body.data.mustChangePassword).toBe(false);

    // The temporary password logs in once, in a session that must change the password.
    const first = await login(email, temp);
    expect(first.status).toBe(200);
    expect(first.body.data.mustChangePassword).toBe(true);
    const second = await login(email, temp);
    expect(second.status).toBe(401);
    expect(second.body.message).toBe('E-mail ou senha incorretos.');

    const s = first.body.data;
    const users = await call('GET', '/api/users', { token: s.accessToken });
    expect(users.status).toBe(403);
    expect(users.body).toMatchObject({
      status: 'error',
      code: 'auth.must_change_password',
      message: 'Você entrou com uma senha temporária. Defina uma nova senha para continuar.',
    });
    const meRes = await me(s.accessToken);
    expect(meRes.status).toBe(200);
    expect(meRes.body.data.mustChangePassword).toBe(true);
    // A refresh keeps the session in its must-change state.
    const refreshed = await refresh(s.refreshToken);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.mustChangePassword).toBe(true);

    const changed = await changePassword(refreshed.body.data.accessToken, temp, NEW_PASSWORD);
    expect(changed.status).toBe(200);

    const after = await login(email, NEW_PASSWORD);
    expect(after.status).toBe(200);
    expect(after.body.data.mustChangePassword).toBe(false);
    expect((await call('GET', '/api/users', { token: after.body.data.accessToken })).status).toBe(200);
    expect((await login(email, PASSWORD)).status).toBe(401);
    expect((await login(email, temp)).status).toBe(401);
  });

  it('refuses an expired temporary password', async () => {
    const { email } = await newUser('expirada');
    const start = Date.now();
    Clock.set(() => start);
    await forgot(email);
    const temp = temporaryPasswordIn((await mailTo(email))[0]!.text);
    Clock.set(() => start + (TEMP_PASSWORD_TTL_SECONDS + 60) * 1000);
    const res = await login(email, temp);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('E-mail ou senha incorretos.');
    // The current password is untouched.
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('accepts a temporary password just inside its validity', async () => {
    const { email } = await newUser('quase');
    const start = Date.now();
    Clock.set(() => start);
    await forgot(email);
    const temp = temporaryPasswordIn((await mailTo(email))[0]!.text);
    Clock.set(() => start + (TEMP_PASSWORD_TTL_SECONDS - 60) * 1000);
    const res = await login(email, temp);
    expect(res.status).toBe(200);
    expect(res.body.data.mustChangePassword).toBe(true);
  });

  it('mails a working password when the form is sent twice in the same second', async () => {
    const { email } = await newUser('duplo');
    const at = Math.floor(Date.now() / 1000) * 1000;
    Clock.set(() => at);
    expect((await forgot(email)).status).toBe(200);
    expect((await forgot(email)).status).toBe(200);
    const mails = await mailTo(email);
    // Each request mails its own password; the latest replaces the earlier one, which is refused.
    expect(mails).toHaveLength(2);
    const passwords = mails.map((m) => temporaryPasswordIn(m.text));
    expect(new Set(passwords).size).toBe(2);
    const results = [];
    for (const p of passwords) results.push((await login(email, p)).status);
    expect(results.filter((s) => s === 200)).toHaveLength(1);
  });

  it('sends one e-mail when the forgot-password job is delivered twice', async () => {
    const { email } = await newUser('reentrega');
    const sent: JobRequest[] = [];
    Ports.set({ queue: { send: async (job) => void sent.push(job) } });
    expect((await forgot(email)).status).toBe(200);
    expect(sent).toHaveLength(1);
    const job: JobMessage = { ...sent[0]!, id: newId(), attempt: 1 };
    expect(job.sensitive).toBe(true);
    expect(await runJob(job)).toBe('done');
    // The same message again (an SQS redelivery): skipped by its idempotency key.
    expect(await runJob({ ...job, attempt: 2 })).toBe('skipped');
    expect(await runJob({ ...job, id: newId() })).toBe('skipped');
    const mails = (await readOutbox()).filter((m) => m.to === email);
    expect(mails).toHaveLength(1);
    expect((await login(email, temporaryPasswordIn(mails[0]!.text))).body.data.mustChangePassword).toBe(true);
  });

  it('sends one e-mail for two sends with one idempotency key through the local queue', async () => {
    const { email } = await newUser('chave');
    const queue = Ports.queue();
    const request: JobRequest = {
      type: 'email.send',
      tenantId: w.tenant.id,
      idempotencyKey: `teste-senha:${newId()}`,
      sensitive: true,
      payload: { to: email, subject: 'Escritório Virtual: sua senha temporária', text: 'Sua senha temporária é: abcdefgh23' },
    };
    await queue.send(request);
    await queue.send(request);
    expect(await mailTo(email)).toHaveLength(1);
  });

  it('counts each request like a login attempt: past the account’s limit it is refused with 429 and Retry-After, known or unknown e-mail alike', async () => {
    const { email } = await newUser('insistente');
    const unknown = `ninguem-${newId().slice(-8)}@${w.domain}`;
    for (const address of [email, unknown]) {
      for (let i = 0; i < 5; i++) expect((await forgot(address)).status).toBe(200);
      const refused = await forgot(address);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(ApiTexts.throttled().message);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The five requests mailed five passwords; the sixth mailed none.
    expect(await mailTo(email)).toHaveLength(5);
  });

  it('mails nothing to a deactivated user', async () => {
    const { user, email } = await newUser('inativa');
    const admin = (await login(w.admin.email, PASSWORD)).body.data;
    expect((await call('DELETE', `/api/users/${user.id}`, { token: admin.accessToken })).status).toBe(200);
    const res = await forgot(email);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(NEUTRAL);
    expect(await mailTo(email)).toHaveLength(0);
  });
});
