import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '@ev/core/clock';
import { resetEnv } from '@ev/core/env';
import { newId } from '@ev/core/ids';
import { call, makeWorld, type World } from './testing/world';

/**
 * The request limits (issue 17 item 4): each company's requests and each address's requests
 * without a session, counted in the table in fixed windows. One company past its share gets 429
 * with Retry-After; another company goes on. Small limits here (the suite runs with them off).
 */
const RATE_LIMITED = 'Muitas requisições em pouco tempo. Aguarde alguns segundos e tente novamente.';
const WINDOW = 10;
let a: World;
let b: World;
let tokens: { a: string; aSalesman: string; b: string };

beforeAll(async () => {
  [a, b] = await Promise.all([makeWorld('Cota A'), makeWorld('Cota B')]);
  tokens = {
    a: (await a.login(a.admin.email)).accessToken,
    aSalesman: (await a.login(a.salesman.email)).accessToken,
    b: (await b.login(b.admin.email)).accessToken,
  };
  Object.assign(process.env, { RATE_LIMIT_COMPANY: '5', RATE_LIMIT_ADDRESS: '4', RATE_LIMIT_WINDOW_SECONDS: String(WINDOW) });
  resetEnv();
});
afterAll(() => {
  Object.assign(process.env, { RATE_LIMIT_COMPANY: '0', RATE_LIMIT_ADDRESS: '0' });
  resetEnv();
  Clock.reset();
});

/** A settable clock `offset` seconds into the `ahead`-th next window (each test its own; tokens stay valid). */
function clockAt(ahead: number, offset: number) {
  let now = (Math.floor(Date.now() / 1000 / WINDOW) + ahead) * WINDOW * 1000 + offset * 1000;
  Clock.set(() => now);
  return { move: (seconds: number) => (now += seconds * 1000) };
}

function expectLimited(res: Awaited<ReturnType<typeof call>>, retryAfter: number) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ status: 'error', code: 'rate_limited', message: RATE_LIMITED, key: 'api.rateLimited' });
  expect(res.headers.get('retry-after')).toBe(String(retryAfter));
}

describe('request limits', () => {
  it("refuses a company past its window's share with 429 and Retry-After, while another company goes on", async () => {
    const clock = clockAt(1, 3);
    for (let i = 0; i < 5; i++) expect((await call('GET', '/api/auth/me', { token: tokens.a })).status).toBe(200);
    expectLimited(await call('GET', '/api/auth/me', { token: tokens.a }), WINDOW - 3);
    // The share is the company's: its salesman is refused too; the other company is not.
    expectLimited(await call('GET', '/api/clients', { token: tokens.aSalesman }), WINDOW - 3);
    for (let i = 0; i < 5; i++) expect((await call('GET', '/api/auth/me', { token: tokens.b })).status).toBe(200);
    clock.move(2);
    expectLimited(await call('GET', '/api/auth/me', { token: tokens.a }), WINDOW - 5);
    // The next window opens the company's share again.
    clock.move(WINDOW - 5);
    expect((await call('GET', '/api/auth/me', { token: tokens.a })).status).toBe(200);
  });

  it('counts requests without a session by address, and an invalid token spends no company’s share', async () => {
    clockAt(3, 1);
    const from = `2001:db8:${newId().slice(-4)}::1`;
    const other = `2001:db8:${newId().slice(-4)}::2`;
    const health = (address: string) => call('GET', '/api/health', { headers: { 'x-ev-client-address': address } });
    for (let i = 0; i < 4; i++) expect((await health(from)).status).toBe(200);
    expectLimited(await health(from), WINDOW - 1);
    expect((await health(other)).status).toBe(200);
    // A forged token is refused before it is counted: company A keeps its whole share.
    for (let i = 0; i < 8; i++) expect((await call('GET', '/api/auth/me', { token: `${tokens.a.slice(0, -4)}AAAA` })).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await call('GET', '/api/auth/me', { token: tokens.a })).status).toBe(200);
  });
});
