import type { Page } from '@playwright/test';
import { call } from '../../functions/src/testing/world';
import { expectNoPortuguese, PORTUGUESE } from './english-helpers';
import { expect, keepPortuguese, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * No serious or critical axe-core violation on any screen the menu reaches, at desktop and phone
 * widths, logged in (an administrator, who sees every entry) and out. The screens are the menu's
 * own links, read from the page, so a new entry is walked with no edit here. The phone walk is
 * made in English and checks too that no screen shows a text of the Portuguese catalogues
 * (english-helpers.ts): one walk of every screen serves both, where two cost twice the app's
 * rendering and the audits (docs/decisions.md "Test time").
 */
const WIDTHS = { desktop: { width: 1440, height: 900 }, phone: { width: 375, height: 812 } } as const;
const LOGGED_OUT = ['/login', '/login-forgot-password', '/403'] as const;

/** The app paths the navigation links to, as rendered for this user. */
async function menuPaths(page: Page): Promise<string[]> {
  const hrefs = await page.locator('nav a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((h) => h.split(/[?#]/)[0]!).filter((h) => h.length > 1))];
}

/**
 * Opens each path, waits for its heading, and collects the serious and critical violations. Logged
 * in, the app is loaded once and each screen is reached as a link reaches it, inside the app (the
 * router follows the address on popstate): a screen then shows what a user who moves through the
 * menu sees, at a fraction of a page load's cost.
 */
async function walk(page: Page, paths: readonly string[], inApp = false, english = false) {
  const found: Record<string, Awaited<ReturnType<typeof seriousViolations>>> = {};
  for (const path of paths) {
    if (inApp && new URL(page.url()).pathname === path) {
      // Already there (the first screen after login).
    } else if (inApp) {
      // The screen left behind marks its heading, so the check below waits for the next screen's own.
      const left = await page.evaluate((to) => {
        const heading = document.querySelector('h1');
        heading?.setAttribute('data-left', '');
        window.history.pushState(window.history.state, '', to);
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
        return heading?.textContent ?? '';
      }, path);
      await expect(page, path).toHaveURL(path);
      await expect.poll(() => page.evaluate((text) => {
        const heading = document.querySelector('h1');
        return !!heading && (!heading.hasAttribute('data-left') || heading.textContent !== text);
      }, left), path).toBe(true);
    } else await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    // Loaded: no spinner or skeleton left on the page.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const violations = await seriousViolations(page);
    if (violations.length) found[path] = violations;
    if (english) await expectNoPortuguese(page, path);
  }
  return found;
}

for (const [name, viewport] of Object.entries(WIDTHS)) {
  const english = name === 'phone';
  test(`every screen of the menu, logged in, at ${name} width, has no serious or critical violation${english ? ', and in English no Portuguese text' : ''}`, async ({ page, world }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    if (english) {
      expect(PORTUGUESE.size).toBeGreaterThan(300);
      expect(PORTUGUESE.has('O campo {{label}} é obrigatório.')).toBe(false);
      expect(PORTUGUESE.has('Portadores')).toBe(true);
      // The administrator reads English (back to Portuguese after the test); a price table of the
      // test's own, so a registry list shows a row with a yes/no column.
      const { accessToken } = await world.login(world.admin.email);
      const [language, table] = await Promise.all([
        call('PUT', '/api/auth/me/language', { token: accessToken, body: { language: 'en' } }),
        call('POST', '/api/price-tables', { token: accessToken, body: { name: `Tabela E2E ${Date.now()}`, isDefault: true } }),
      ]);
      expect(language.status).toBe(200);
      expect(table.status).toBe(201);
    }
    try {
      await loginAs(page, world, world.admin.email, '/home');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // On a phone the menu is a drawer: opened to read its links, closed again.
      if (name === 'phone') await page.getByRole('button', { name: english ? 'Open menu' : 'Abrir menu' }).click();
      // The menu's screens, and the user menu's own (the account settings).
      const paths = [...(await menuPaths(page)), '/user/settings'];
      if (name === 'phone') await page.keyboard.press('Escape');
      expect(paths).toEqual(expect.arrayContaining(['/home', '/clients', '/products', '/messages', '/price-tables']));
      expect(paths.length).toBeGreaterThan(20);
      expect(await walk(page, paths, true, english)).toEqual({});
      if (english) {
        // The registry list with a record: its yes/no column in English too (the walk ended elsewhere).
        await walk(page, ['/price-tables'], true, true);
        await expect(page.getByRole('columnheader', { name: 'Default table' })).toBeVisible();
        await expectNoPortuguese(page, '/price-tables with a record');
      }
    } finally {
      if (english) await keepPortuguese(world, world.admin.email);
    }
  });

  test(`the screens before login, at ${name} width, have no serious or critical violation`, async ({ page }) => {
    await page.setViewportSize(viewport);
    expect(await walk(page, LOGGED_OUT)).toEqual({});
  });
}
