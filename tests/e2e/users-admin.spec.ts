import type { Page } from '@playwright/test';
import { call } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * Users (issue 14 item 2, /permissions/users): an administrator opens Configurações → Permissões →
 * Usuários, creates a salesman with one allowed branch and an initial password (a bad e-mail named
 * at its field first), logs out, and the new salesman logs in and lands on the home page in that
 * branch. The list and the form have no serious accessibility violation at phone and desktop widths.
 */
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const stamp = () => Date.now().toString(36);

test('an administrator creates a salesman with an allowed branch, who then logs in on that branch', async ({ page, world }) => {
  const name = `Valéria Vendas ${stamp()}`;
  const email = `valeria-${stamp()}@${world.domain}`;
  const password = 'senha-inicial-42';
  // A long walk (two logins, a creation, the history): room for a loaded machine.
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, world, world.admin.email, '/home');

  // Configurações → Permissões → Usuários.
  await page.getByRole('link', { name: 'Permissões', exact: true }).first().click();
  await expect(page).toHaveURL(/\/permissions$/);
  // The tab by keyboard (the menu, still focused after the click, stays open over the page).
  const usersTab = page.getByRole('navigation', { name: 'Permissões' }).getByRole('link', { name: 'Usuários' });
  await usersTab.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/permissions\/users/);
  await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible();
  await expect(page.getByRole('link', { name: world.salesman.name })).toBeVisible();

  await page.getByRole('link', { name: 'Novo usuário' }).click();
  const sheet = page.getByRole('dialog', { name: 'Novo usuário' });
  await expect(sheet).toBeVisible();
  const form = sheet.getByRole('form', { name: 'Dados do novo usuário' });
  await form.getByLabel('Nome *').fill(name);
  await form.getByLabel('E-mail *').fill('valeria-sem-arroba');
  await form.getByLabel('Perfil *').selectOption({ label: 'Vendedor' });
  await form.getByRole('switch', { name: 'Vendedor' }).click();
  await form.getByRole('checkbox', { name: 'Filial', exact: true }).check();
  await expect(form.getByLabel('Filial padrão')).toHaveValue('');
  await form.getByLabel('Senha inicial *').fill(password);
  await form.getByRole('button', { name: 'Cadastrar usuário' }).click();
  await expect(form.getByText('Informe um e-mail válido.')).toBeVisible();
  await expect(form.getByLabel('E-mail *')).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  await form.getByLabel('E-mail *').fill(email);
  await form.getByRole('button', { name: 'Cadastrar usuário' }).click();
  await expect(toast(page, `Usuário ${name} cadastrado.`)).toBeVisible();
  await expect(sheet).toHaveCount(0);

  // The list finds it by a word of its name, with its profile, type and branch.
  await page.getByLabel('Pesquisar usuários').fill(name.split(' ')[1]!);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Vendedor');
  await expect(row).toContainText('Filial');
  await expect(row).toContainText('Ativo');

  // Its history names the creation (written before the creation answered).
  await row.getByRole('link', { name }).click();
  const edit = page.getByRole('dialog', { name });
  await expect(page).toHaveURL(/user=[0-9a-f-]{36}/);
  await expect(edit.getByRole('list', { name: 'Histórico' })).toContainText('Cadastro');
  await expect(edit.getByRole('button', { name: 'Redefinir senha' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await edit.getByRole('button', { name: 'Fechar' }).click();
  await expect(edit).toHaveCount(0);

  // Log out (once the creation's notice, over the user menu, has gone); the salesman logs in and
  // lands on the home page in its branch.
  // The pointer leaves the notice (a hovered notice stays).
  await page.mouse.move(10, 400);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await page.getByRole('button', { name: /^Menu do usuário/ }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('branch-switcher')).toHaveText('Filial');
  const session = JSON.parse((await page.evaluate(() => localStorage.getItem('userData')))!) as { user: { email: string; vendedor: boolean }; branch: { nome: string } | null; message: string | null };
  expect(session.user).toMatchObject({ email, vendedor: true });
  expect(session.branch?.nome).toBe('Filial');
  expect(session.message).toBeNull();
});

test('the users screen at phone width: cards, filters and the form, keyboard-reachable and without serious violations', async ({ page, world }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, world, world.admin.email, '/permissions/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible();
  await expect(page.getByTestId('user-card').first()).toBeVisible();
  // No horizontal scroll at 390 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  // Filters in the URL: the salesmen, then nothing for a search that matches none.
  await page.getByLabel('Tipo').selectOption({ label: 'Vendedor' });
  await expect(page).toHaveURL(/flag=salesman/);
  await expect(page.getByTestId('user-card').filter({ hasText: world.salesman.email })).toBeVisible();
  await expect(page.getByTestId('user-card').filter({ hasText: world.employee.email })).toHaveCount(0);
  await page.getByLabel('Pesquisar usuários').fill('ninguém-com-este-nome');
  await expect(page.getByText('Nenhum usuário encontrado para esta pesquisa.')).toBeVisible();
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await page.getByLabel('Pesquisar usuários').fill('');

  // The form opens by keyboard and closes with Escape.
  await page.getByRole('link', { name: 'Novo usuário' }).focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Novo usuário' });
  await expect(sheet).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
});

test('a deactivated user is shown inactive and comes back by reactivation; a salesman cannot open the screen', async ({ page, world }) => {
  const { accessToken } = await world.login(world.admin.email);
  const email = `rui-${stamp()}@${world.domain}`;
  const made = await call('POST', '/api/users', { token: accessToken, body: { email, name: `Rui Reativado ${stamp()}`, password: 'senha-inicial-1', profileId: world.profiles.salesman.id, branchIds: [world.branches[0]!.id], salesman: true } });
  expect(made.status).toBe(201);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, world, world.admin.email, `/permissions/users?user=${made.body.id}`);
  const edit = page.getByRole('dialog', { name: made.body.name });
  await edit.getByRole('button', { name: 'Desativar' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText(`Desativar ${made.body.name}?`);
  await ask.getByRole('button', { name: 'Desativar' }).click();
  await expect(toast(page, `Usuário ${made.body.name} desativado.`)).toBeVisible();
  await expect(edit.getByTestId('user-state')).toContainText('Inativo');
  expect((await call('POST', '/api/login', { body: { email, password: 'senha-inicial-1' } })).status).toBe(401);

  await edit.getByRole('button', { name: 'Reativar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reativar' }).click();
  await expect(toast(page, `Usuário ${made.body.name} reativado.`)).toBeVisible();
  await expect(edit.getByTestId('user-state')).toContainText('Ativo');
  expect((await call('POST', '/api/login', { body: { email, password: 'senha-inicial-1' } })).status).toBe(200);

  await loginAs(page, world, world.salesman.email, '/permissions/users');
  await expect(page).toHaveURL(/\/403$/);
});
