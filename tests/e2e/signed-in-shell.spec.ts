import type { Page } from '@playwright/test';
import type { World } from '../../functions/src/testing/world';
import { seedSessionOnNextLoad } from './auth-helpers';
import { holdScripts, seriousViolations } from './layout-helpers';
import { expect, test } from './fixtures';

/**
 * The signed-in pages painted before the app (docs/web-session.md, "The signed-in pages painted
 * before the app"): on a phone, /home and /sales/create show the layout's frame and the page's
 * first state from their HTML while the app's scripts are held; the app then draws the page in
 * their place. Who the markup does not fit (another language, a wider screen, abilities it
 * assumes and the user lacks) gets nothing from it.
 */

/** Signed in as `email`, opens `path` without waiting for its load (held scripts may hold it). */
async function open(page: Page, world: World, email: string, path: string, preferences?: Record<string, string>): Promise<void> {
  await seedSessionOnNextLoad(page, (await world.login(email)).data, preferences);
  await page.goto(path, { waitUntil: 'commit' });
}

test('375 px: the home from its HTML, the first name in the greeting, the shortcuts and the hint; the menu pressed then opens once the app draws the page', async ({ page, world }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const release = await holdScripts(page);
  try {
    await open(page, world, world.salesman.email, '/home', { theme: 'light' });
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'signed-in');
    const first = String(world.salesman.name).split(' ')[0]!;
    await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(`Olá, ${first}`);
    await expect(page.getByRole('link', { name: 'Novo pedido' })).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Roteiro de hoje' })).toBeInViewport();
    await expect(page.getByTestId('scheduling-hint')).toHaveText('Apenas um agendamento pode estar ativo por vez: conclua o atual antes de iniciar outro.');
    await expect(page.getByTestId('navbar')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // The menu pressed before the app starts opens once it has drawn the page.
    await page.getByTestId('menu-button').click();
    release();
    await expect(page.getByRole('dialog', { name: 'Menu principal' })).toBeVisible();
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu principal' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Olá, ${first}`);
    await expect(page.getByTestId('home-cards')).toContainText(world.salesman.email);
  } finally {
    release();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
});

test('375 px: a new order from its HTML, its title and what it is for; then the entry with its client field', async ({ page, world }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const release = await holdScripts(page);
  try {
    await open(page, world, world.salesman.email, '/sales/create');
    await expect(page.getByRole('heading', { name: 'Novo pedido', level: 1 })).toBeVisible();
    await expect(page.getByText('Cliente, produtos e pagamento: o rascunho é salvo enquanto você digita.')).toBeVisible();
    await expect(page.getByText('Escolha o cliente para começar')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    release();
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    await expect(page.getByRole('combobox', { name: 'Cliente' })).toBeVisible();
  } finally {
    release();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
});

test('no markup for whom it does not fit: an employee who takes no orders, a desktop width', async ({ page, world }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  let release = await holdScripts(page);
  try {
    // The employee reads sales but creates none: the home's markup assumes "Novo pedido".
    await open(page, world, world.employee.email, '/home');
    await expect(page.locator('html')).toHaveAttribute('data-prerender', 'off');
    await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
    release();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Novo pedido' })).toHaveCount(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    await page.setViewportSize({ width: 1280, height: 800 });
    release = await holdScripts(page);
    await open(page, world, world.salesman.email, '/home');
    await expect(page.locator('html')).toHaveAttribute('data-prerender', 'off');
    await expect(page.getByRole('link', { name: 'Novo pedido' })).toBeHidden();
    release();
    await expect(page.getByRole('link', { name: 'Novo pedido' })).toBeVisible();
  } finally {
    release();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
});
