import type { Locator, Page } from '@playwright/test';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

test.use({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });

const css = (locator: Locator, property: string) => locator.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);
const bodyBackground = (page: Page) => css(page.locator('body'), 'background-color');
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(`escritorio-virtual-${k}`), key);
const html = (page: Page, attribute: string) => page.locator('html').getAttribute(attribute);

async function openCustomizer(page: Page) {
  await page.getByRole('button', { name: 'Personalizar tema' }).click();
  const dialog = page.getByRole('dialog', { name: 'Personalizar tema' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Opens home with a fresh set of stored preferences (one load of the app). */
async function home(page: Page, world: Parameters<typeof loginAs>[1], prefs: Record<string, string> = {}) {
  await loginAs(page, world, world.salesman.email, '/home', prefs);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('the defaults are the spec\'s: collapsed nav, semi-dark, system theme, boxed, static navbar with blur, no footer', async ({ page, world }) => {
  await home(page, world);
  expect(await html(page, 'data-theme')).toBe('light');
  expect(await html(page, 'data-semi-dark')).toBe('true');
  expect(await html(page, 'data-nav-collapsed')).toBe('true');
  expect(await html(page, 'data-content-width')).toBe('boxed');
  expect(await html(page, 'data-navbar-type')).toBe('static');
  expect(await html(page, 'data-navbar-blur')).toBe('true');
  expect(await html(page, 'data-footer')).toBe('hidden');
  expect(await html(page, 'data-horizontal-nav-type')).toBe('sticky');
  expect(await html(page, 'dir')).toBe('ltr');
  await expect(page.getByTestId('vertical-nav')).toHaveCSS('width', '72px');
  await expect(page.getByTestId('navbar')).toHaveCSS('position', 'static');
  await expect(page.getByTestId('app-footer')).toHaveCount(0);
  const dialog = await openCustomizer(page);
  for (const name of ['Sistema', 'Recolhida', 'Contida', 'Estática', 'Padrão', 'Da esquerda para a direita']) {
    await expect(dialog.getByRole('button', { name, exact: true }).first()).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(dialog.getByRole('button', { name: 'Verde' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByRole('switch', { name: /Menu semiescuro/ })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: /Desfoque na barra superior/ })).toBeChecked();
});

test('each option visibly changes the page, and every change survives a reload', async ({ page, world }) => {
  await home(page, world);
  // The floating customizer button is a primary button (getByTestId: it is aria-hidden while the sheet is open).
  const primaryButton = page.getByTestId('customizer-button');
  const nav = page.getByTestId('vertical-nav');
  const main = page.locator('#main-content');
  const greenButton = await css(primaryButton, 'background-color');
  const lightBody = await bodyBackground(page);
  const semiDarkMenu = await css(nav, 'background-color');
  expect(semiDarkMenu).not.toBe(lightBody);
  const boxedWidth = (await main.boundingBox())!.width;
  expect(await css(main, 'max-width')).toBe('1280px');

  const dialog = await openCustomizer(page);

  // Primary colour: a swatch, then any colour from the colour input.
  // The text on it is white or dark, whichever contrasts more (white on the default green).
  expect(greenButton).toBe('rgb(21, 128, 61)');
  await expect(primaryButton).toHaveCSS('color', 'rgb(255, 255, 255)');
  await dialog.getByRole('button', { name: 'Azul', exact: true }).click();
  await expect(primaryButton).toHaveCSS('background-color', 'rgb(37, 99, 235)');
  await expect(primaryButton).toHaveCSS('color', 'rgb(255, 255, 255)');
  // A light colour takes dark text.
  await dialog.getByTestId('primary-color-input').fill('#facc15');
  await expect(primaryButton).toHaveCSS('background-color', 'rgb(250, 204, 21)');
  await expect(primaryButton).toHaveCSS('color', 'rgb(17, 24, 39)');
  await dialog.getByTestId('primary-color-input').fill('#aa3366');
  await expect(primaryButton).toHaveCSS('background-color', 'rgb(170, 51, 102)');
  expect(await stored(page, 'primary-color')).toBe('#aa3366');

  // Semi-dark off: the menu takes the light surface colour.
  await dialog.getByRole('switch', { name: /Menu semiescuro/ }).click();
  await expect(nav).not.toHaveCSS('background-color', semiDarkMenu);
  await expect(nav).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await dialog.getByRole('switch', { name: /Menu semiescuro/ }).click();
  await expect(nav).toHaveCSS('background-color', semiDarkMenu);

  // Fluid: the content grows past the boxed width.
  await dialog.getByRole('button', { name: 'Fluida' }).click();
  await expect(main).toHaveCSS('max-width', 'none');
  expect((await main.boundingBox())!.width).toBeGreaterThan(boxedWidth);

  // Vertical (expanded) navigation.
  await dialog.getByRole('button', { name: 'Vertical', exact: true }).click();
  await expect(nav).toHaveCSS('width', '260px');

  // Bordered skin: cards get a border.
  const card = page.locator('#main-content .rounded-lg').first();
  await expect(card).toHaveCSS('border-top-width', '0px');
  await dialog.getByRole('button', { name: 'Com bordas' }).click();
  await expect(card).toHaveCSS('border-top-width', '1px');

  // Sticky navbar without blur; a static footer.
  await dialog.getByRole('button', { name: 'Fixa' }).click();
  await expect(page.getByTestId('navbar')).toHaveCSS('position', 'sticky');
  await expect(page.getByTestId('navbar')).toHaveCSS('backdrop-filter', /blur/);
  await dialog.getByRole('switch', { name: /Desfoque na barra superior/ }).click();
  await expect(page.getByTestId('navbar')).toHaveCSS('backdrop-filter', 'none');
  await dialog.getByRole('group', { name: 'Rodapé' }).getByRole('button', { name: 'Estático' }).click();
  await expect(page.getByTestId('app-footer')).toBeVisible();

  // Dark theme changes the page background.
  await dialog.getByRole('button', { name: 'Escuro' }).click();
  await expect(page.locator('body')).not.toHaveCSS('background-color', lightBody);
  const darkBody = await bodyBackground(page);

  // RTL: the whole layout mirrors; the menu moves to the right side.
  await dialog.getByRole('button', { name: 'Da direita para a esquerda' }).click();
  expect(await html(page, 'dir')).toBe('rtl');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  const box = (await nav.boundingBox())!;
  expect(box.x).toBeGreaterThan(1440 / 2);
  expect(Math.round(box.x + box.width)).toBe(1440);

  // Everything is kept across a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(primaryButton).toHaveCSS('background-color', 'rgb(170, 51, 102)');
  await expect(page.locator('body')).toHaveCSS('background-color', darkBody);
  await expect(main).toHaveCSS('max-width', 'none');
  await expect(nav).toHaveCSS('width', '260px');
  await expect(card).toHaveCSS('border-top-width', '1px');
  await expect(page.getByTestId('navbar')).toHaveCSS('position', 'sticky');
  await expect(page.getByTestId('navbar')).toHaveCSS('backdrop-filter', 'none');
  await expect(page.getByTestId('app-footer')).toBeVisible();
  expect(await html(page, 'dir')).toBe('rtl');
  expect((await nav.boundingBox())!.x).toBeGreaterThan(1440 / 2);
  for (const [key, value] of Object.entries({ theme: 'dark', direction: 'rtl', 'content-width': 'fluid', 'layout-nav': 'vertical', 'nav-collapsed': 'false', skin: 'bordered', 'primary-color': '#aa3366', 'semi-dark': 'true', 'navbar-type': 'sticky', 'navbar-blur': 'false', footer: 'static' })) {
    expect(await stored(page, key), key).toBe(value);
  }
  expect(await stored(page, 'color-scheme')).toBe('dark');

  // Reset to defaults.
  const again = await openCustomizer(page);
  await again.getByRole('button', { name: 'Restaurar padrões' }).click();
  await expect(primaryButton).toHaveCSS('background-color', greenButton);
  await expect(page.locator('body')).toHaveCSS('background-color', lightBody);
  await expect(nav).toHaveCSS('width', '72px');
  expect(await html(page, 'dir')).toBe('ltr');
  expect(await stored(page, 'theme')).toBeNull();
});

test('semi-dark: the menu is dark while the page is light', async ({ page, world }) => {
  await home(page, world, { 'nav-collapsed': 'false' });
  const nav = page.getByTestId('vertical-nav');
  const menuBg = await css(nav, 'background-color');
  const body = await bodyBackground(page);
  expect(menuBg).not.toBe(body);
  const luminance = (rgb: string) => {
    const [r, g, b] = rgb.match(/\d+/g)!.map(Number);
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  expect(luminance(menuBg)).toBeLessThan(80);
  expect(luminance(body)).toBeGreaterThan(200);
});

test('navbar sticky stays at the top while scrolling; static scrolls away; hidden is gone', async ({ page, world }) => {
  await home(page, world, { 'navbar-type': 'sticky' });
  await page.locator('#main-content').evaluate((main) => {
    const spacer = document.createElement('div');
    spacer.style.height = '3000px';
    main.append(spacer);
  });
  const navbar = page.getByTestId('navbar');
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(async () => (await navbar.boundingBox())!.y).toBe(0);

  const dialog = await openCustomizer(page);
  await dialog.getByRole('button', { name: 'Estática' }).click();
  await expect.poll(async () => (await navbar.boundingBox())!.y).toBeLessThan(-100);
  await dialog.getByRole('button', { name: 'Oculta' }).click();
  await expect(navbar).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('navbar')).toHaveCount(0);
  // The customizer stays reachable through its floating button.
  await expect(page.getByRole('button', { name: 'Personalizar tema' })).toBeVisible();
});

test('switching to horizontal un-collapses the vertical nav and turns a hidden navbar into sticky', async ({ page, world }) => {
  await home(page, world, { 'navbar-type': 'hidden', 'nav-collapsed': 'true' });
  await expect(page.getByTestId('navbar')).toHaveCount(0);
  const dialog = await openCustomizer(page);
  await dialog.getByRole('button', { name: 'Horizontal', exact: true }).click();
  await expect(page.getByTestId('navbar')).toHaveCSS('position', 'sticky');
  await expect(page.getByTestId('horizontal-nav')).toBeVisible();
  await expect(page.getByTestId('vertical-nav')).toHaveCount(0);
  expect(await stored(page, 'navbar-type')).toBe('sticky');
  expect(await stored(page, 'nav-collapsed')).toBe('false');
  expect(await stored(page, 'layout-nav')).toBe('horizontal');
  // Hidden is not offered while horizontal.
  await expect(dialog.getByRole('group', { name: 'Barra superior' }).getByRole('button', { name: 'Oculta' })).toBeDisabled();
  // The horizontal nav is sticky by default (spec), under the sticky navbar.
  await expect(page.getByTestId('horizontal-nav')).toHaveCSS('position', 'sticky');
  await expect(page.getByTestId('horizontal-nav')).toHaveCSS('top', '64px');
  // Back to vertical: expanded, as the interplay left it.
  await dialog.getByRole('button', { name: 'Vertical', exact: true }).click();
  await expect(page.getByTestId('vertical-nav')).toHaveCSS('width', '260px');
});

test('theme "system" follows the OS preference live', async ({ page, world }) => {
  await home(page, world);
  expect(await html(page, 'data-theme')).toBe('light');
  const light = await bodyBackground(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => html(page, 'data-theme')).toBe('dark');
  await expect(page.locator('body')).not.toHaveCSS('background-color', light);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => html(page, 'data-theme')).toBe('light');
});

test('keyboard: open from the floating button or the user menu, Tab stays inside, Enter/Space choose, Escape closes and returns focus', async ({ page, world }) => {
  await home(page, world);
  const opener = page.getByRole('button', { name: 'Personalizar tema' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Personalizar tema' });
  await expect(dialog).toBeVisible();
  const inside = () => dialog.evaluate((el) => el.contains(document.activeElement));
  expect(await inside()).toBe(true);
  const seen = new Set<string>();
  for (let i = 0; i < 45; i += 1) {
    await page.keyboard.press('Tab');
    expect(await inside()).toBe(true);
    seen.add(await page.evaluate(() => (document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '').trim()));
  }
  // Tab went all the way round (the options, the reset button, the close button).
  expect(seen).toContain('Restaurar padrões');
  expect(seen).toContain('Fechar');
  expect(seen).toContain('Escuro');

  // Enter and Space choose.
  await dialog.getByRole('button', { name: 'Escuro' }).focus();
  await page.keyboard.press('Space');
  await expect.poll(() => html(page, 'data-theme')).toBe('dark');
  await dialog.getByRole('button', { name: 'Claro' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => html(page, 'data-theme')).toBe('light');
  await dialog.getByRole('switch', { name: /Menu semiescuro/ }).focus();
  await page.keyboard.press('Space');
  await expect.poll(() => html(page, 'data-semi-dark')).toBe('false');

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  // From the user menu, by keyboard: focus comes back to the user menu button.
  const userMenu = page.getByRole('button', { name: /^Menu do usuário/ });
  await userMenu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Personalizar' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  expect(await inside()).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(userMenu).toBeFocused();
});

test('the inline boot script applies the stored preferences before the app runs, as the app does', async ({ page, world }) => {
  const prefs = { theme: 'dark', direction: 'rtl', 'content-width': 'fluid', 'layout-nav': 'horizontal', 'nav-collapsed': 'false', skin: 'bordered', 'primary-color': '#2563eb', 'semi-dark': 'false', 'navbar-type': 'sticky', 'navbar-blur': 'false', footer: 'static', 'horizontal-nav-type': 'static' };
  await home(page, world, prefs);
  const names = ['data-theme', 'data-semi-dark', 'data-skin', 'data-content-width', 'data-layout-nav', 'data-nav-collapsed', 'data-navbar-type', 'data-navbar-blur', 'data-footer', 'data-horizontal-nav-type', 'dir', 'style'];
  const read = () => page.evaluate((n) => Object.fromEntries(n.map((a) => [a, document.documentElement.getAttribute(a)])), names);
  const byApp = await read();
  // No script of the app runs now: only index.html's inline script.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.reload();
  // The app never took over: the page is its HTML (the home's prerendered markup, which the app replaces when it starts).
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'signed-in');
  const byBoot = await read();
  expect(byBoot).toEqual(byApp);
  expect(byBoot['data-theme']).toBe('dark');
  expect(byBoot.dir).toBe('rtl');
  expect(byBoot.style).toContain('--ev-primary: #2563eb');
  // Invalid stored values fall back to the defaults in both.
  await page.evaluate(() => {
    localStorage.setItem('escritorio-virtual-theme', 'purple');
    localStorage.setItem('escritorio-virtual-primary-color', 'red');
  });
  await page.reload();
  const bootFallback = await read();
  await page.unroute(/\/assets\/.*\.js$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await read()).toEqual(bootFallback);
  expect(bootFallback['data-theme']).toBe('light');
  expect(bootFallback.style).toContain('--ev-primary: #15803d');
});

test('the layout and the open customizer have no serious accessibility violation, in light, dark and without semi-dark', async ({ page, world }) => {
  const found: Record<string, unknown> = {};
  const variants: Record<string, Record<string, string>> = {
    default: {},
    dark: { theme: 'dark', 'nav-collapsed': 'false' },
    plain: { 'semi-dark': 'false', 'nav-collapsed': 'false', footer: 'static' },
    horizontal: { 'layout-nav': 'horizontal' },
  };
  for (const [name, prefs] of Object.entries(variants)) {
    await home(page, world, prefs);
    const violations = await seriousViolations(page);
    if (violations.length) found[name] = violations;
  }
  await openCustomizer(page);
  const inCustomizer = await seriousViolations(page);
  if (inCustomizer.length) found.customizer = inCustomizer;
  expect(found).toEqual({});
});
