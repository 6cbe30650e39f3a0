import { call } from '../../functions/src/testing/world';
import { createUser, databaseNames, deactivateUser, seedSessionOnNextLoad, storedKeys, storeSession, tamper } from './auth-helpers';
import type { Page } from '@playwright/test';
import { expect, PASSWORD, test } from './fixtures';

const EXPIRED = 'O seu token de acesso expirou. Autentique-se novamente para ter acesso ao sistema.';

test('requests that meet a 401 together share one refresh and are replayed', async ({ page, world }) => {
  const refreshes: string[] = [];
  const refused: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/auth/refresh') refreshes.push(r.url());
  });
  page.on('response', (r) => {
    if (r.status() === 401 && new URL(r.url()).pathname.startsWith('/api/')) refused.push(new URL(r.url()).pathname);
  });
  const { data } = await world.login(world.supervisor.email);
  // A well-shaped access token the API refuses, as an expired one would be.
  await seedSessionOnNextLoad(page, { ...data, accessToken: tamper(data.accessToken) });
  await page.goto('/user/settings');
  await expect(page.getByRole('heading', { name: 'Meus dados' })).toBeVisible();
  await expect(page.locator('main dl').getByText(world.supervisor.email)).toBeVisible();
  await expect(page.getByText('Data de nascimento')).toBeVisible();
  expect(refreshes).toHaveLength(1);
  expect(refused).toEqual(['/api/auth/me']);

  // The page is open and its access token goes stale (written as another tab would write it);
  // the card's reload then fires its two requests at once: both meet a 401, one refresh serves both.
  await page.evaluate(() => {
    const t = localStorage.getItem('accessToken') ?? '';
    const [h, p, s = ''] = t.split('.');
    localStorage.setItem('accessToken', `${h}.${p}.${s.startsWith('AAAA') ? 'BBBB' : 'AAAA'}${s.slice(4)}`);
    // Runs in the page (the test project has no DOM types).
    const w = globalThis as unknown as { dispatchEvent(e: unknown): void; StorageEvent: new (type: string, init: { key: string }) => unknown };
    w.dispatchEvent(new w.StorageEvent('storage', { key: 'accessToken' }));
  });
  const replayed = Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/me' && r.status() === 200),
    page.waitForResponse((r) => new URL(r.url()).pathname === `/api/users/${world.supervisor.id}` && r.status() === 200),
  ]);
  await page.getByRole('button', { name: 'Recarregar os dados' }).click();
  await replayed;
  await expect(page.getByRole('button', { name: 'Recarregar os dados' })).toBeEnabled();
  expect(refused.slice(1).sort()).toEqual(['/api/auth/me', `/api/users/${world.supervisor.id}`]);
  expect(refreshes).toHaveLength(2);
  await expect(page.locator('main dl').getByText(world.supervisor.email)).toBeVisible();
  await expect(page).toHaveURL(/\/user\/settings$/);
});

test('two tabs of one session refreshing at once both stay logged in', async ({ context, world }) => {
  const refreshes: number[] = [];
  context.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/auth/refresh') refreshes.push(Date.now());
  });
  const { data } = await world.login(world.salesman.email);
  const first = await context.newPage();
  await storeSession(first, { ...data, accessToken: tamper(data.accessToken) });
  const second = await context.newPage();
  await Promise.all([first.goto('/home'), second.goto('/home')]);
  for (const page of [first, second]) {
    await expect(page.getByRole('heading', { name: 'Olá, Vera' })).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
  }
  // At most one refresh per tab; with the Web Lock the second tab usually adopts the first's tokens.
  expect(refreshes.length).toBeGreaterThanOrEqual(1);
  expect(refreshes.length).toBeLessThanOrEqual(2);
  // Later calls of both tabs succeed with the tokens they now share.
  for (const page of [first, second]) {
    const me = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/me');
    await page.reload();
    expect((await me).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Olá, Vera' })).toBeVisible();
  }
  const keys = await storedKeys(first);
  const res = await call('GET', '/api/auth/me', { token: keys.accessToken });
  expect(res.status).toBe(200);
});

test("a revoked session ('Token revogado.') goes to login with the expired text", async ({ page, world }) => {
  const { data } = await world.login(world.salesman.email);
  // Ending the session on the server (as a logout elsewhere would) revokes its refresh token.
  expect((await call('POST', '/api/auth/logout', { token: data.accessToken, body: {} })).status).toBe(200);
  const refresh = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/refresh');
  await seedSessionOnNextLoad(page, data);
  await page.goto('/home');
  expect(await (await refresh).json()).toMatchObject({ status: 'Token revogado.' });
  await expect(page).toHaveURL(/\/login\?expired=1$/);
  await expect(page.getByText(EXPIRED)).toBeVisible();
  expect(await storedKeys(page)).toEqual({ accessToken: '', refreshToken: '', userData: null });
});

test("an inactive user ('Perfil inativo.') goes to login with the reason as message", async ({ page, world }) => {
  const user = await createUser(world, 'inativa');
  const { data } = await world.login(user.email);
  await deactivateUser(world, user.id);
  await seedSessionOnNextLoad(page, data);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login\?message=/);
  expect(new URL(page.url()).searchParams.get('message')).toBe('Perfil inativo.');
  await expect(page.getByText('Perfil inativo.')).toBeVisible();
  await expect(page.getByText(EXPIRED)).toHaveCount(0);
});

test('any other refresh failure goes to the plain login', async ({ page, world }) => {
  await page.route('**/api/auth/refresh', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"error"}' }));
  const { data } = await world.login(world.salesman.email);
  await seedSessionOnNextLoad(page, { ...data, accessToken: tamper(data.accessToken) });
  await page.goto('/user/settings');
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.search === '');
  await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeVisible();
  await expect(page.getByText(EXPIRED)).toHaveCount(0);
  expect((await storedKeys(page)).accessToken).toBe('');
});

async function loginThroughForm(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

async function expectLoggedOut(page: Page, refreshToken: string | null) {
  await expect(page.getByText('Você foi desconectado do sistema com sucesso. Redirecionando.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedKeys(page)).toEqual({ accessToken: '', refreshToken: '', userData: null });
  await expect.poll(() => databaseNames(page)).not.toContain('escritorio-virtual');
  // The session ended on the server too: its refresh token is refused.
  const res = await call('POST', '/api/auth/refresh', { body: { refreshToken } });
  expect(res.status).toBe(401);
}

test('logout from the user menu clears the tokens and the user data, deletes the offline database and says so', async ({ page, world }) => {
  await loginThroughForm(page, world.otherSalesman.email);
  expect(await databaseNames(page)).toContain('escritorio-virtual');
  const before = await storedKeys(page);
  expect(before.accessToken?.length).toBeGreaterThan(5);
  expect(before.userData).toContain(world.otherSalesman.email);

  await page.getByRole('button', { name: /^Menu do usuário/ }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expectLoggedOut(page, before.refreshToken);
});

test('the settings page signs out the same way', async ({ page, world }) => {
  await loginThroughForm(page, world.employee.email);
  expect(await databaseNames(page)).toContain('escritorio-virtual');
  const before = await storedKeys(page);
  await page.goto('/user/settings');
  await page.getByRole('button', { name: 'Sair do sistema' }).click();
  await expectLoggedOut(page, before.refreshToken);
});
