import type { Page } from '@playwright/test';
import { salesCompany } from '../../functions/src/testing/sales';
import { call } from '../../functions/src/testing/world';
import { expect, test } from './fixtures';
import { holdScripts, seriousViolations } from './layout-helpers';

/**
 * A store's pages painted before the app (docs/web-session.md, "A store's pages painted before the
 * app"): at phone width, /vendas/<slug> shows the store's frame around its login and, signed in,
 * /vendas/<slug>/sales/create the client's tabs around the catalogue loading, from their HTML while
 * the app's scripts are held, their links at the visit's address; the app then takes over (a login
 * typed and sent before it reaches the client's orders, "Sair" pressed before it signs out). Who the markup does not fit (the other
 * page's visitor, another language) gets nothing from it.
 */

/** The store's session as its login stores it (web/src/lib/storage-keys.ts storeSession). */
const sessionKey = (slug: string) => `escritorio-virtual-store:${slug}`;

/** What the shell's head script put into a slot of the markup (a CSS variable drawn by `::before`). */
const slotText = (page: Page, slot: string) => page.locator(`[data-shell-slot="${slot}"]`).evaluate((el) => getComputedStyle(el, '::before').content);

test('375 px: the store login and its catalogue from their HTML at the visit’s address; a login sent before the app signs in; the app draws each page', async ({ page, world }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const s = await salesCompany(world);
  const slug = `pronta-${s.tag.toLowerCase()}`;
  const company = (await call('GET', '/api/company', { token: s.tokens.admin })).body;
  const { name, nickname, document, observations, taxRegime, settings, version } = company;
  const withStore = (further: Record<string, unknown>, v: number) => call('PUT', '/api/company', { token: s.tokens.admin, body: { name, nickname, document, observations, taxRegime, version: v, settings: { ...settings, further: { ...settings.further, ...further } } } });
  expect((await withStore({ selfCheckout: true, storeSlug: slug }, version)).status).toBe(200);
  let release = await holdScripts(page);
  try {
    const clientId = await s.client(`Armazém Pronto ${s.tag}`);
    const client = (await call('GET', `/api/clients/${clientId}`, { token: s.tokens.admin })).body as { email: string };
    expect((await call('PUT', `/api/clients/${clientId}/store-access`, { token: s.tokens.admin, body: { password: 'senha-da-loja-1', confirmation: 'senha-da-loja-1' } })).status).toBe(200);

    // The login, a first visit: the store's frame (its name's place empty) around the form.
    await page.goto(`/vendas/${slug}`, { waitUntil: 'commit' });
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'store-public');
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar na loja' })).toBeVisible();
    await expect(page.getByTestId('store-name')).toHaveAttribute('href', `/vendas/${slug}`);
    await expect(page.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute('href', `/vendas/${slug}/forgot-password`);
    expect(await seriousViolations(page)).toEqual([]);
    // The store's frame is the same at every width: the markup is shown on a desktop too.
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    // Typed and sent before the app starts: held, then sent by the app.
    await page.getByLabel('E-mail').fill(client.email);
    await page.getByLabel('Senha', { exact: true }).fill('senha-da-loja-1');
    await page.getByLabel('Senha', { exact: true }).press('Enter');
    expect(new URL(page.url()).search).toBe('');
    release();
    await expect(page).toHaveURL(`/vendas/${slug}/sales`);
    await expect(page.getByRole('heading', { level: 1, name: 'Meus pedidos' })).toBeVisible();
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    await expect(page.getByTestId('store-name')).toContainText(nickname || name);
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    // The catalogue, signed in (the session the app just stored), dark: the client's tabs, the
    // heading, the search and the products' place held.
    await page.emulateMedia({ colorScheme: 'dark' });
    release = await holdScripts(page);
    await page.goto(`/vendas/${slug}/sales/create`, { waitUntil: 'commit' });
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'store-signed-in');
    await expect(page.locator('html')).not.toHaveAttribute('data-prerender', 'off');
    await expect(page.getByRole('heading', { level: 1, name: 'Nova compra' })).toBeVisible();
    await expect(page.getByTestId('store-search')).toBeVisible();
    await expect(page.getByTestId('store-catalogue-loading')).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Loja' });
    await expect(tabs.getByRole('link', { name: 'Meus pedidos' })).toHaveAttribute('href', `/vendas/${slug}/sales`);
    await expect(tabs.getByRole('link', { name: 'Meus dados' })).toHaveAttribute('href', `/vendas/${slug}/sales?tab=dados`);
    const stored = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), sessionKey(slug)))!) as { client: { name: string; nickname: string | null } };
    expect(await slotText(page, 'client-name')).toBe(JSON.stringify(stored.client.nickname || stored.client.name));
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    release();
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    await expect(page.getByTestId('store-client')).toContainText(stored.client.nickname || stored.client.name);
    await expect(page.getByTestId('store-catalogue-loading')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Nova compra' })).toBeVisible();
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    // Signed in, the login's markup is not this visit's: hidden until the app sends it to its orders.
    release = await holdScripts(page);
    await page.goto(`/vendas/${slug}`, { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-prerender', 'off');
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar na loja' })).toBeHidden();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    release();

    // "Sair" pressed on the catalogue's markup: held, and pressed once the app has drawn the page.
    release = await holdScripts(page);
    await page.goto(`/vendas/${slug}/sales/create`, { waitUntil: 'commit' });
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'store-signed-in');
    await page.getByRole('button', { name: 'Sair' }).click();
    expect(await page.evaluate((k) => localStorage.getItem(k), sessionKey(slug))).not.toBeNull();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar na loja' })).toBeVisible();
    await expect(page).toHaveURL(`/vendas/${slug}`);
    expect(await page.evaluate((k) => localStorage.getItem(k), sessionKey(slug))).toBeNull();
  } finally {
    release();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const now = (await call('GET', '/api/company', { token: s.tokens.admin })).body;
    await withStore({ selfCheckout: false, storeSlug: '' }, now.version);
  }
});

test('no store markup for whom it does not fit: the catalogue without that store’s session, the login in English', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const release = await holdScripts(page);
  try {
    // Another store's session is not this one's.
    await page.addInitScript((key) => localStorage.setItem(key, JSON.stringify({ token: 't', expiresAt: '2999-01-01 00:00:00', client: { id: 'c', name: 'Outra', nickname: null, email: 'o@x.com', canBuy: true } })), sessionKey('outra-loja'));
    await page.goto('/vendas/uma-loja/sales/create', { waitUntil: 'commit' });
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'store-signed-in');
    await expect(page.locator('html')).toHaveAttribute('data-prerender', 'off');
    await expect(page.getByRole('heading', { level: 1, name: 'Nova compra' })).toBeHidden();
    // A session of this store whose client may not buy: the markup, without the app's warning, is not its page.
    await page.addInitScript((key) => localStorage.setItem(key, JSON.stringify({ token: 't', expiresAt: '2999-01-01 00:00:00', client: { id: 'c', name: 'Bloqueado', nickname: null, email: 'b@x.com', canBuy: false } })), sessionKey('uma-loja'));
    await page.goto('/vendas/uma-loja/sales/create', { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-prerender', 'off');
    // The login, English chosen in this browser.
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
    await page.goto('/vendas/uma-loja-en', { waitUntil: 'commit' });
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'store-public');
    await expect(page.locator('html')).toHaveAttribute('data-prerender', 'off');
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar na loja' })).toBeHidden();
  } finally {
    release();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
});
