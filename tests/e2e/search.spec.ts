import type { Page } from '@playwright/test';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

test.use({ viewport: { width: 1440, height: 900 } });

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Pesquisa global' });
const input = (page: Page) => dialog(page).getByRole('combobox', { name: 'Pesquisar' });
const options = (page: Page) => dialog(page).getByRole('option');

async function open(page: Page, keys = 'Control+k') {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press(keys);
  await expect(dialog(page)).toBeVisible();
  await expect(input(page)).toBeFocused();
}

test('Ctrl+K opens the search; "contr" finds Controle de acesso for an administrator; Enter opens it', async ({ page, world }) => {
  await loginAs(page, world, world.admin.email, '/home');
  await open(page);
  await input(page).fill('contr');
  await expect(options(page)).toHaveText([/Controle de acesso/]);
  await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
  await expect(dialog(page).getByRole('group', { name: 'Páginas' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/access-control$/);
  await expect(dialog(page)).toHaveCount(0);
});

test('a salesman does not find Controle de acesso, only the pages it may open', async ({ page, world }) => {
  await loginAs(page, world, world.salesman.email, '/home');
  await open(page);
  await input(page).fill('contr');
  await expect(dialog(page).getByText('Nenhum resultado para “contr”.')).toBeVisible();
  await expect(options(page)).toHaveCount(0);
  // Accents and case do not matter: "INICIO" finds Início.
  await input(page).fill('INICIO');
  await expect(options(page)).toHaveText([/Início/]);
});

test('arrow keys choose among the results, Escape closes and gives the focus back', async ({ page, world }) => {
  await loginAs(page, world, world.admin.email, '/home');
  const trigger = page.getByRole('button', { name: 'Pesquisar' });
  await trigger.click();
  await expect(dialog(page)).toBeVisible();
  // "configuracoes" matches the section of the three settings pages.
  await input(page).fill('configuracoes');
  await expect(options(page)).toHaveText([/Controle de acesso/, /Permissões/, /Empresa/, /Mensagens \(WhatsApp\)/, /Logs/, /Minha conta/]);
  await page.keyboard.press('ArrowDown');
  await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(input(page)).toHaveAttribute('aria-activedescendant', (await options(page).nth(1).getAttribute('id'))!);
  // Past the last result the choice wraps to the first, and back up to the last.
  const count = await options(page).count();
  for (let i = 1; i < count; i++) await page.keyboard.press('ArrowDown');
  await expect(options(page).nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(options(page).nth(count - 1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(trigger).toBeFocused();
  await expect(page).toHaveURL(/\/home$/);

  // ⌘K opens it too; a click on a result navigates.
  await open(page, 'Meta+k');
  await input(page).fill('minha');
  await options(page).first().click();
  await expect(page).toHaveURL(/\/user\/settings$/);
});

test('the open search, with results, has no serious accessibility violation', async ({ page, world }) => {
  await loginAs(page, world, world.admin.email, '/home');
  await open(page);
  await input(page).fill('con');
  await expect(options(page).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
