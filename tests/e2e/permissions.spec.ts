import type { Page } from '@playwright/test';
import { call } from '../../functions/src/testing/world';
import { expect, loginAs, PASSWORD, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * The permissions screen (/permissions, issue 14 item 1). A profile of its own (a copy of the
 * salesman preset) with a salesman of its own, so the world's presets stay as they are for the
 * other tests of the worker.
 */
async function salesmanProfile(world: Parameters<Parameters<typeof test>[2]>[0]['world'], label: string) {
  const { accessToken } = await world.login(world.admin.email);
  const name = `Vendas ${label} ${Date.now().toString(36)}`;
  const profile = await call('POST', '/api/profiles', { token: accessToken, body: { name, preset: 'salesman' } });
  expect(profile.status).toBe(201);
  const email = `perm-${label}-${Date.now().toString(36)}@${world.domain}`;
  const user = await call('POST', '/api/users', {
    token: accessToken,
    body: { email, name: `Sérgio ${label}`, password: PASSWORD, profileId: profile.body.id, branchIds: [world.branches[0]!.id], salesman: true },
  });
  expect(user.status).toBe(201);
  return { id: profile.body.id as string, name, email };
}

const choose = (page: Page, name: string) => page.getByLabel('Perfil', { exact: true }).selectOption({ label: name });

test('an administrator removes "read clientes", reads the diff and confirms; the salesman, still signed in, goes to 403 at its next navigation', async ({ page, browser, world }) => {
  // Two browsers, two sign-ins: more than the default 30 s on a loaded machine.
  test.setTimeout(60_000);
  const profile = await salesmanProfile(world, 'ler');
  // The salesman is signed in, in its own browser, and opens clients now.
  const salesmanContext = await browser.newContext();
  const salesman = await salesmanContext.newPage();
  await loginAs(salesman, world, profile.email, '/home');
  await salesman.getByRole('link', { name: 'Clientes', exact: true }).first().click();
  await expect(salesman).toHaveURL(/\/clients/);
  await salesman.getByRole('link', { name: 'Início', exact: true }).first().click();
  await expect(salesman).toHaveURL(/\/home$/);

  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, world, world.admin.email, '/permissions');
  await expect(page.getByRole('heading', { name: 'Permissões', level: 1 })).toBeVisible();
  await choose(page, profile.name);
  await expect(page.getByRole('heading', { name: `Perfil ${profile.name}` })).toBeVisible();
  const readClients = page.getByRole('checkbox', { name: 'Ler — Clientes', exact: true });
  await expect(readClients).toBeChecked();
  await readClients.uncheck();
  const diff = page.getByRole('region', { name: 'Alterações a salvar' });
  await expect(diff).toContainText('Removida (1)');
  await expect(diff).toContainText('Ler — Clientes');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Salvar o perfil ${profile.name}?`);
  await expect(dialog).toContainText('Ler — Clientes');
  await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText(`Perfil ${profile.name} salvo.`)).toBeVisible();
  await expect(diff).toContainText('Nenhuma alteração.');

  // No new login: the next navigation reads the abilities again and goes to 403. The read is made
  // slow, and the link hovered first (which preloads its route and starts the read): the click
  // waits for that read instead of passing on the abilities from before it.
  await salesman.route('**/api/auth/me', async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  const clientsLink = salesman.getByRole('link', { name: 'Clientes', exact: true }).first();
  const preloadRead = salesman.waitForRequest('**/api/auth/me');
  await clientsLink.hover();
  await preloadRead;
  await clientsLink.click();
  await expect(salesman).toHaveURL(/\/403$/);
  await salesmanContext.close();

  // The change is in the profile's history.
  const history = page.getByRole('list', { name: 'Histórico' });
  await expect(history.getByRole('listitem').first()).toContainText('Perfil alterado');
  await expect(history.getByRole('listitem').first()).toContainText('Alice Admin');
});

test('a high-risk ability asks for the profile name; revert drops the marks; new and copied profiles', async ({ page, world }) => {
  // Three profiles saved through the editor, each a round of the grid: more steps than one test's usual 30 s allow on a busy machine.
  test.setTimeout(60_000);
  const profile = await salesmanProfile(world, 'risco');
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, world, world.admin.email, `/permissions?profile=${profile.id}`);
  await expect(page.getByRole('heading', { name: `Perfil ${profile.name}` })).toBeVisible();

  // Revert: a mark undone, nothing to save.
  await page.getByRole('checkbox', { name: 'Criar — Vendas', exact: true }).uncheck();
  await page.getByRole('button', { name: 'Desfazer alterações' }).click();
  await expect(page.getByRole('checkbox', { name: 'Criar — Vendas', exact: true })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Alterações a salvar' })).toContainText('Nenhuma alteração.');

  await page.getByRole('checkbox', { name: 'Excluir — Clientes (alto risco)' }).check();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Estas alterações incluem permissões de alto risco.');
  const confirm = dialog.getByRole('button', { name: 'Salvar alterações' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Digite o nome do perfil/).fill('outro nome');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Digite o nome do perfil/).fill(profile.name);
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.click();
  await expect(page.getByText(`Perfil ${profile.name} salvo.`)).toBeVisible();
  const { accessToken } = await world.login(world.admin.email);
  const saved = (await call('GET', `/api/profiles/${profile.id}`, { token: accessToken })).body;
  expect(JSON.stringify(saved.rules)).toContain('delete');

  // A new profile from the manager preset, then a copy of it.
  const name = `Gerência ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Novo perfil' }).click();
  const create = page.getByRole('alertdialog');
  await create.getByLabel('Nome do perfil').fill(name);
  await create.getByLabel('Começar de um modelo').selectOption({ label: 'Gerente' });
  await create.getByRole('button', { name: 'Criar perfil' }).click();
  await expect(page.getByRole('heading', { name: `Perfil ${name}` })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Dashboard — Dashboards gerenciais', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Copiar perfil' }).click();
  const copy = page.getByRole('alertdialog');
  await copy.getByLabel('Nome do perfil').fill(name);
  await copy.getByRole('button', { name: 'Copiar' }).click();
  await expect(copy).toContainText('Já existe um perfil com esse nome.');
  expect(await seriousViolations(page)).toEqual([]);
  await copy.getByLabel('Nome do perfil').fill(`${name} 2`);
  await copy.getByRole('button', { name: 'Copiar' }).click();
  await expect(page.getByRole('heading', { name: `Perfil ${name} 2` })).toBeVisible();
});

test('the sales’ moves are abilities of their own under Vendas: the salesman’s preset cancels a pending sale only; refund is high-risk', async ({ page, world }) => {
  const profile = await salesmanProfile(world, 'mudancas');
  await loginAs(page, world, world.admin.email, `/permissions?profile=${profile.id}`);
  await expect(page.getByRole('heading', { name: `Perfil ${profile.name}` })).toBeVisible();
  const moves = page.getByRole('group', { name: 'Mudanças de status — Vendas' });
  await expect(moves.getByRole('checkbox', { name: 'Cancelar pedido pendente — Vendas (alto risco)' })).toBeChecked();
  for (const name of ['Processar pedidos — Vendas', 'Confirmar entrega — Vendas']) await expect(moves.getByRole('checkbox', { name, exact: true })).not.toBeChecked();
  await expect(moves.getByRole('checkbox', { name: 'Cancelar pedido — Vendas (alto risco)', exact: true })).not.toBeChecked();
  await expect(moves.getByRole('checkbox', { name: 'Estornar pedido — Vendas (alto risco)' })).not.toBeChecked();

  // A refund granted: marked high-risk in the diff and confirmed by the profile's name.
  await moves.getByRole('checkbox', { name: 'Estornar pedido — Vendas (alto risco)' }).check();
  await expect(page.getByRole('region', { name: 'Alterações a salvar' })).toContainText('Estornar pedido — Vendas');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Estas alterações incluem permissões de alto risco.');
  await dialog.getByLabel(/Digite o nome do perfil/).fill(profile.name);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText(`Perfil ${profile.name} salvo.`)).toBeVisible();
  const { accessToken } = await world.login(world.admin.email);
  const saved = (await call('GET', `/api/profiles/${profile.id}`, { token: accessToken })).body;
  expect(saved.rules).toContainEqual(expect.objectContaining({ subject: 'vendas', action: expect.arrayContaining(['cancelPending', 'refund']) }));
});

test('the export of the clients is an ability of its own, flagged high-risk; granted, the list offers the CSV', async ({ page, world }) => {
  const profile = await salesmanProfile(world, 'exportar');
  await loginAs(page, world, world.admin.email, `/permissions?profile=${profile.id}`);
  await expect(page.getByRole('heading', { name: `Perfil ${profile.name}` })).toBeVisible();
  const exporting = page.getByRole('group', { name: 'Exportação — Clientes' }).getByRole('checkbox', { name: 'Exportar clientes — Clientes (alto risco)' });
  await expect(exporting).not.toBeChecked();
  await exporting.check();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Estas alterações incluem permissões de alto risco.');
  await dialog.getByLabel(/Digite o nome do perfil/).fill(profile.name);
  await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText(`Perfil ${profile.name} salvo.`)).toBeVisible();

  // The profile's salesman now has the list's CSV; the preset's salesman has not.
  await loginAs(page, world, profile.email, '/clients');
  await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeVisible();
  await loginAs(page, world, world.salesman.email, '/clients');
  await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar CSV' })).toHaveCount(0);
});
