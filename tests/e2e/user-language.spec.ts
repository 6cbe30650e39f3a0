import { Provisioning } from '../../packages/core/src/provisioning/index';
import { PASSWORD } from '../../functions/src/testing/world';
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

/**
 * The settings page reads the session when it opens; on a busy server that read may answer after the
 * user has already chosen English, with the language from before. The screens never go back to it:
 * the page's read is held at the network (its answer taken from the server at once) until the choice
 * has landed.
 */
test('a read of the session begun before the choice, answered after it, does not take the screens back', async ({ page, world }) => {
  const email = world.otherSalesman.email;
  // Portuguese kept with the user before (not merely never chosen): that is what the late read says.
  await keepPortuguese(world, email);
  let reads = 0;
  let chosen!: () => void;
  const landed = new Promise<void>((resolve) => (chosen = resolve));
  const late: Promise<unknown>[] = [];
  // The app's own read at start is answered as it comes (the app waits for it to draw); the
  // settings page's read, begun when it opens, is answered once the choice has landed.
  await page.route('**/api/auth/me', async (route) => {
    if (route.request().method() !== 'GET' || ++reads === 1) return route.continue();
    const answer = await route.fetch();
    const held = landed.then(() => route.fulfill({ response: answer }));
    late.push(held);
    await held;
  });
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, world, email, '/user/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Configurações da conta' })).toBeVisible();
    await expect.poll(() => late.length).toBe(1);

    const put = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/auth/me/language');
    await page.getByRole('main').getByLabel('Idioma').selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    expect((await put).status()).toBe(200);

    const lateAnswer = page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/auth/me');
    chosen();
    await (await lateAnswer).finished();
    // A moment for the page to take the answer in (it switches the document's language at once when it does).
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    await page.getByRole('main').getByLabel('Language').selectOption('pt');
    await expect(page.getByRole('heading', { level: 1, name: 'Configurações da conta' })).toBeVisible();
  } finally {
    chosen();
    await page.unroute('**/api/auth/me');
    await keepPortuguese(world, email);
  }
});

/**
 * A choice whose save was cut off (the request failed, or the page reloaded while it was sent) is
 * remembered in the browser for that user and sent again at the next read of the session: after the
 * reload the screens stay English, and another browser then opens in English too.
 */
test('a language chosen while its save fails is kept through a reload and saved then', async ({ page, world, browser }) => {
  const user = await Provisioning.addUser(world.tenant.id, { email: `idioma-${Date.now()}@${world.domain}`, password: PASSWORD, name: 'Irene Idioma', profileId: world.profiles.manager.id, branchIds: world.branches.map((b) => b.id) });
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, world, user.email, '/user/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações da conta' })).toBeVisible();
  await page.route('**/api/auth/me/language', (route) => route.abort('connectionreset'));
  await page.getByRole('main').getByLabel('Idioma').selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await page.unroute('**/api/auth/me/language');

  // Sent again at the next read of the session: after the reload, or by a read the page made before
  // it (either way once); the other browser below proves it was saved.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();

  const other = await browser.newContext();
  try {
    const fresh = await other.newPage();
    await loginAs(fresh, world, user.email, '/home');
    await expect(fresh.locator('html')).toHaveAttribute('lang', 'en');
  } finally {
    await other.close();
  }
});
