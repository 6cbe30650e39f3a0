import { expect, keepPortuguese, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * The language is chosen on the account settings and kept with the user (docs/decisions.md
 * "Auth"): English chosen on /user/settings turns the screens English at once, and a sign-in from
 * a browser that never chose (another device) opens in English too; at 375 px and desktop.
 */
// Each width its own user: the tests of a worker run at once, and a language is the user's.
for (const [viewport, who] of [
  [{ width: 1440, height: 900 }, 'supervisor'],
  [{ width: 375, height: 812 }, 'salesman'],
] as const) {
  test(`English chosen on the account settings follows the user to another browser (${viewport.width} px)`, async ({ page, world, browser }) => {
    await page.setViewportSize(viewport);
    await loginAs(page, world, world[who].email, '/user/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Configurações da conta' })).toBeVisible();
    await page.getByRole('main').getByLabel('Idioma').selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Another browser, which never chose a language: the user's choice comes with the session.
    const other = await browser.newContext({ viewport });
    try {
      const fresh = await other.newPage();
      await loginAs(fresh, world, world[who].email, '/home');
      await expect(fresh.locator('html')).toHaveAttribute('lang', 'en');
      await expect(fresh.getByRole('button', { name: /^User menu/ })).toBeVisible();
    } finally {
      await other.close();
    }

    // Back to Portuguese from the same screen (and, whatever happened, for the other tests of this company).
    await page.getByRole('main').getByLabel('Language').selectOption('pt');
    await expect(page.getByRole('heading', { level: 1, name: 'Configurações da conta' })).toBeVisible();
  });
  test.afterEach(async ({ world }) => keepPortuguese(world, world[who].email));
}
