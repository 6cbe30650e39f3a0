import type { Page } from '@playwright/test';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * Issue 17 item 6: no serious or critical axe-core violation on any screen the menu reaches, at
 * desktop and phone widths, logged in (an administrator, who sees every entry) and out. The
 * screens are the menu's own links, read from the page, so a new entry is walked with no edit here.
 */
const WIDTHS = { desktop: { width: 1440, height: 900 }, phone: { width: 375, height: 812 } } as const;
const LOGGED_OUT = ['/login', '/login-forgot-password', '/403'] as const;

/** The app paths the navigation links to, as rendered for this user. */
async function menuPaths(page: Page): Promise<string[]> {
  const hrefs = await page.locator('nav a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((h) => h.split(/[?#]/)[0]!).filter((h) => h.length > 1))];
}

/** Opens each path, waits for its heading, and collects the serious and critical violations. */
async function walk(page: Page, paths: readonly string[]) {
  const found: Record<string, Awaited<ReturnType<typeof seriousViolations>>> = {};
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    // Loaded: no spinner or skeleton left on the page.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const violations = await seriousViolations(page);
    if (violations.length) found[path] = violations;
  }
  return found;
}

for (const [name, viewport] of Object.entries(WIDTHS)) {
  test(`every screen of the menu, logged in, at ${name} width, has no serious or critical violation`, async ({ page, world }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    await loginAs(page, world, world.admin.email, '/home');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // On a phone the menu is a drawer: opened to read its links, closed again.
    if (name === 'phone') await page.getByRole('button', { name: 'Abrir menu' }).click();
    const paths = await menuPaths(page);
    if (name === 'phone') await page.keyboard.press('Escape');
    expect(paths).toEqual(expect.arrayContaining(['/home', '/clients', '/products', '/messages']));
    expect(await walk(page, paths)).toEqual({});
  });

  test(`the screens before login, at ${name} width, have no serious or critical violation`, async ({ page }) => {
    await page.setViewportSize(viewport);
    expect(await walk(page, LOGGED_OUT)).toEqual({});
  });
}
