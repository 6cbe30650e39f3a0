import { expect, keepPortuguese, loginAs, test } from './fixtures';

// The administrator's English is kept with it: back to Portuguese for the worker's other tests.
test.afterEach(async ({ world }) => keepPortuguese(world, world.admin.email));

test.use({ viewport: { width: 1440, height: 900 } });

test('switching to English changes the menu and the user menu, survives a reload, and keeps a 30-day cookie on /', async ({ page, world }) => {
  await loginAs(page, world, world.admin.email, '/home');
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(menu.getByRole('link', { name: 'Controle de acesso' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  const enMenu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(enMenu.getByRole('link', { name: 'Access control' })).toBeVisible();
  await expect(enMenu.getByRole('link', { name: 'Home' })).toBeVisible();
  await page.getByRole('button', { name: /^User menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Customize' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'My profile' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await page.locator('html').getAttribute('lang')).toBe('en');

  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Access control' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: 'Global search' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Customize theme' }).click();
  await expect(page.getByRole('dialog', { name: 'Customize theme' }).getByRole('button', { name: 'Reset to defaults' })).toBeVisible();

  const cookie = (await page.context().cookies()).find((c) => c.name === 'language');
  expect(cookie?.value).toBe('en');
  expect(cookie?.path).toBe('/');
  const days = (cookie!.expires - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30.01);
});
