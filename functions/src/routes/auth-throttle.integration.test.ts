import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE } from '@ev/core/auth/throttle';
import { Clock } from '@ev/core/clock';
import { newId } from '@ev/core/ids';
import { Provisioning } from '@ev/core/provisioning/index';
import { call, makeWorld, PASSWORD, type World } from '../testing/world';

/**
 * Login throttling through HTTP with an injected clock: 5 failures per account and 20 per client
 * address (header `x-ev-client-address` in tests) close a fixed 15-minute window with a 429.
 */
let w: World;
beforeAll(async () => {
  w = await makeWorld('Limite');
});
afterEach(() => {
  Clock.reset();
});

const THROTTLED = 'Muitas tentativas de acesso sem sucesso. Aguarde alguns minutos e tente novamente.';
const WINDOW_MS = THROTTLE.windowSeconds * 1000;

/** A settable clock, started `offsetSeconds` into the next throttle window (so Retry-After is exact). */
function clockInWindow(offsetSeconds: number) {
  let now = (Math.floor(Date.now() / WINDOW_MS) + 1) * WINDOW_MS + offsetSeconds * 1000;
  Clock.set(() => now);
  return {
    move(seconds: number) {
      now += seconds * 1000;
    },
  };
}

/** A fresh address per test, so no test counts another's failures. */
const address = () => `2001:db8:${newId().slice(-4)}::${newId().slice(-4)}`;

const login = (email: string, password: string, from: string) =>
  call('POST', '/api/login', { body: { email, password }, headers: { 'x-ev-client-address': from } });

async function newUser(label: string) {
  const email = `${label}-${newId().slice(-8)}@${w.domain}`;
  await Provisioning.addUser(w.tenant.id, { email, password: PASSWORD, name: `Usuário ${label}`, profileId: w.profiles.salesman.id, branchIds: [w.branches[0]!.id] });
  return email;
}

function expectThrottled(res: Awaited<ReturnType<typeof call>>, retryAfter: number) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ status: 'error', code: 'auth.throttled', message: THROTTLED, key: 'api.throttled' });
  expect(res.headers.get('retry-after')).toBe(String(retryAfter));
}

describe('per account', () => {
  it('answers 429 after 5 wrong passwords, even to the right one, until the window ends', async () => {
    const clock = clockInWindow(10);
    const email = await newUser('conta');
    const from = address();
    for (let i = 0; i < THROTTLE.perAccount; i++) {
      const res = await login(email, `errada-${i}`, from);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('E-mail ou senha incorretos.');
    }
    expectThrottled(await login(email, PASSWORD, from), THROTTLE.windowSeconds - 10);
    // From another address too: the account itself is closed.
    clock.move(300);
    expectThrottled(await login(email, PASSWORD, address()), THROTTLE.windowSeconds - 310);
    // A throttled attempt does not extend the window.
    clock.move(THROTTLE.windowSeconds - 310 - 1);
    expectThrottled(await login(email, 'errada', from), 1);
    clock.move(1);
    const ok = await login(email, PASSWORD, from);
    expect(ok.status).toBe(200);
    expect(ok.body.data.accessToken).toBeTruthy();
  });

  it('throttles an unknown e-mail the same way, so the answer does not tell whether it exists', async () => {
    clockInWindow(20);
    const email = `ninguem-${newId().slice(-8)}@${w.domain}`;
    const from = address();
    for (let i = 0; i < THROTTLE.perAccount; i++) {
      const res = await login(email, 'qualquer', from);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 'error', code: 'auth.invalid_credentials', message: 'E-mail ou senha incorretos.', key: 'api.invalidCredentials' });
    }
    expectThrottled(await login(email, 'qualquer', from), THROTTLE.windowSeconds - 20);
  });

  it('counts e-mails regardless of letter case and surrounding spaces', async () => {
    clockInWindow(30);
    const email = await newUser('caixa');
    const from = address();
    const variants = [email.toUpperCase(), ` ${email}`, email.replace(/^./, (c) => c.toUpperCase()), `${email} `, email];
    for (const v of variants) expect((await login(v, 'errada', from)).status).toBe(401);
    expectThrottled(await login(email.toUpperCase(), PASSWORD, from), THROTTLE.windowSeconds - 30);
  });

  it('clears the count of an account after a successful login', async () => {
    clockInWindow(40);
    const email = await newUser('limpa');
    const from = address();
    for (let i = 0; i < THROTTLE.perAccount - 1; i++) expect((await login(email, 'errada', from)).status).toBe(401);
    expect((await login(email, PASSWORD, from)).status).toBe(200);
    for (let i = 0; i < THROTTLE.perAccount - 1; i++) expect((await login(email, 'errada', from)).status).toBe(401);
    expect((await login(email, PASSWORD, from)).status).toBe(200);
  });
});

describe('per address', () => {
  it('answers 429 to any e-mail from an address after 20 failures there, while another address still works', async () => {
    const clock = clockInWindow(50);
    const email = await newUser('endereco');
    const from = address();
    // 20 failures over 20 different e-mails: no single account reaches its own limit.
    for (let i = 0; i < THROTTLE.perAddress; i++) {
      const res = await login(`tentativa-${i}-${newId().slice(-6)}@${w.domain}`, 'errada', from);
      expect(res.status).toBe(401);
    }
    expectThrottled(await login(email, PASSWORD, from), THROTTLE.windowSeconds - 50);
    expectThrottled(await login(`mais-um-${newId().slice(-6)}@${w.domain}`, 'errada', from), THROTTLE.windowSeconds - 50);
    const elsewhere = await login(email, PASSWORD, address());
    expect(elsewhere.status).toBe(200);
    // The next window opens the address again.
    clock.move(THROTTLE.windowSeconds);
    expect((await login(email, PASSWORD, from)).status).toBe(200);
  });

  it('does not count a success against the address', async () => {
    clockInWindow(60);
    const email = await newUser('sucesso');
    const from = address();
    for (let i = 0; i < THROTTLE.perAddress + 5; i++) expect((await login(email, PASSWORD, from)).status).toBe(200);
  });
});
