import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { newId } from '../../packages/core/src/ids';
import { runAs } from '../../packages/core/src/context';
import { Keys } from '../../packages/core/src/db/keys';
import { transact, Tx } from '../../packages/core/src/db/tx';
import { Provisioning } from '../../packages/core/src/provisioning';
import { isRenavam } from '../../packages/shared/src/br';
import { REGISTRIES } from '../../packages/shared/src/registries/index';
import { REGISTRY_NAMES } from '../../web/src/features/registries/names';
import { call } from '../../functions/src/testing/world';
import { expect, loginAs, PASSWORD, test } from './fixtures';

/**
 * The generic registry pages (issue 5) for bearers, payment conditions and vehicles: create, find,
 * edit and delete through the UI with each special rule's message; the subject guard; the CSV of a
 * filter wider than a page.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** Opens a page from its menu entry (no new load of the app); focus and pointer then leave the collapsed menu, which stays wide over the page while it holds either. */
async function openFromMenu(page: Page, path: string) {
  const entry = menu(page).locator(`a[href="${path}"]`);
  await entry.click();
  await entry.blur();
  await page.mouse.move(720, 450);
  await expect(page).toHaveURL(path);
}

async function findAndOpen(page: Page, path: string, term: string, link: string, heading = link) {
  await openFromMenu(page, path);
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(term);
  await page.getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

async function deleteOpen(page: Page, path: string) {
  await page.getByRole('toolbar').getByRole('button', { name: 'Remover' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remover' }).click();
  await expect(toast(page, 'Registro removido com sucesso.')).toBeVisible();
  await expect(page).toHaveURL(path);
}

test('bearers: unknown bank code refused, a known one shows the bank; create, find, edit, delete', async ({ page, world }) => {
  const name = `Portador E2E ${newId().slice(-6)}`;
  await loginAs(page, world, world.admin.email, '/bearers');
  await expect(page.getByRole('heading', { level: 1, name: 'Portadores' })).toBeVisible();
  await page.getByRole('link', { name: 'Novo' }).click();
  await expect(page).toHaveURL('/bearers/new');
  await page.getByLabel('Nome *').fill(name);
  // Leaving with unsaved changes asks first; declining keeps the page and what was typed.
  const asked = page.waitForEvent('dialog').then(async (d) => {
    expect(d.message()).toBe('Há alterações não salvas neste formulário. Deseja sair e descartá-las?');
    await d.dismiss();
  });
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await asked;
  await expect(page).toHaveURL('/bearers/new');
  await expect(page.getByLabel('Nome *')).toHaveValue(name);
  await page.getByLabel('Código do banco').fill('999');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('O código inserido não pertence a nenhum banco cadastrado. Verifique se o mesmo está correto.')).toBeVisible();
  await page.getByLabel('Código do banco').fill('001');
  await expect(page.getByLabel('Banco', { exact: true })).toHaveValue('Banco do Brasil S.A.');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Registro adicionado com sucesso.')).toBeVisible();
  await expect(page).toHaveURL(/\/bearers\/[0-9a-f-]{36}$/);

  await findAndOpen(page, '/bearers', name.split(' ').slice(1).join(' ').toLowerCase(), name);
  await page.getByLabel('Nome *').fill(`${name} Editado`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Registro atualizado com sucesso.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `${name} Editado` })).toBeVisible();
  await deleteOpen(page, '/bearers');
});

test('payment conditions: invalid term removed with its message, 000 is cash, duplicates removed and sorted', async ({ page, world }) => {
  const name = `Condição E2E ${newId().slice(-6)}`;
  await loginAs(page, world, world.admin.email, '/payments-conditions/new');
  await page.getByLabel('Nome *').fill(name);
  const terms = page.getByRole('textbox', { name: /^Prazos/ });
  const chips = page.getByTestId('term-chip');
  await terms.fill('400');
  await terms.press('Enter');
  await expect(page.getByText('O prazo inserido é inválido e foi removido. Insira um prazo entre 0 e 365 dias.')).toBeVisible();
  await expect(chips).toHaveCount(0);
  for (const t of ['60', '30', '000', '030', '15']) {
    await terms.fill(t);
    await terms.press('Enter');
  }
  await expect(chips).toHaveText([/^000\s*\(à vista\)/, /^015/, /^030/, /^060/]);
  await expect(page.getByLabel('Quantidade de parcelas')).toHaveValue('4');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Registro adicionado com sucesso.')).toBeVisible();

  await findAndOpen(page, '/payments-conditions', 'condição e2e', name);
  await expect(chips).toHaveText([/^000/, /^015/, /^030/, /^060/]);
  await page.getByRole('button', { name: 'Remover o prazo 015' }).click();
  await expect(page.getByLabel('Quantidade de parcelas')).toHaveValue('3');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Registro atualizado com sucesso.')).toBeVisible();
  await openFromMenu(page, '/payments-conditions');
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('000/030/060');
  await page.getByRole('link', { name, exact: true }).click();
  await deleteOpen(page, '/payments-conditions');
});

test('vehicles: plate, RENAVAM and chassis messages, duplicate plate refused; create, find, edit, delete', async ({ page, world }) => {
  const { accessToken } = await world.login(world.admin.email);
  const taken = await call('POST', '/api/vehicles', { token: accessToken, body: { plate: 'QWE1A23', name: 'Caminhão existente' } });
  expect(taken.status).toBe(201);
  const renavam = Array.from({ length: 10 }, (_, d) => `0123456789${d}`).find(isRenavam)!;

  await loginAs(page, world, world.admin.email, '/vehicles/new');
  await page.getByLabel('Placa *').fill('AB1234');
  await page.getByLabel('Nome *').fill('Caminhão E2E');
  await page.getByLabel('RENAVAM').fill(renavam.slice(0, 10) + String((Number(renavam[10]) + 1) % 10));
  await page.getByLabel('Chassi').fill('9BWZZZ377VT00425I');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Informe a placa no formato antigo (AAA9999) ou Mercosul (AAA9A99).')).toBeVisible();
  await expect(page.getByText('O RENAVAM informado é inválido. Confira os 11 dígitos.')).toBeVisible();
  await expect(page.getByText('O chassi deve ter 17 caracteres, letras e números, sem I, O e Q.')).toBeVisible();

  await page.getByLabel('Placa *').fill('qwe1a23');
  await expect(page.getByLabel('Placa *')).toHaveValue('QWE-1A23');
  await page.getByLabel('RENAVAM').fill(renavam);
  await page.getByLabel('Chassi').fill('9bwzzz377vt004251');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Já existe um veículo com esta placa.')).toBeVisible();
  // Nothing typed is lost on the API's refusal.
  await expect(page.getByLabel('Nome *')).toHaveValue('Caminhão E2E');
  await page.getByLabel('Placa *').fill('RTY2B34');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Registro adicionado com sucesso.')).toBeVisible();

  await findAndOpen(page, '/vehicles', 'rty', 'RTY2B34', 'Caminhão E2E');
  await page.getByLabel('Modelo').fill('Atego 1719');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Registro atualizado com sucesso.')).toBeVisible();
  await page.getByRole('button', { name: 'Recarregar cache' }).click();
  await expect(toast(page, 'Cache do registro recarregado com sucesso.')).toBeVisible();
  const url = page.url();

  // The global search finds the record by its plate and opens it.
  await openFromMenu(page, '/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  const search = page.getByRole('dialog', { name: 'Pesquisa global' });
  await search.getByRole('combobox', { name: 'Pesquisar' }).fill('rty2');
  await expect(search.getByRole('group', { name: 'Veículos' }).getByRole('option')).toHaveText([/Caminhão E2E/]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(url);
  await deleteOpen(page, '/vehicles');
});

test('a user without the subject is sent to 403; bad ids and unknown registries', async ({ page, world }) => {
  // The route tree's light list of names (the routes match only these) follows the declarations.
  expect(REGISTRY_NAMES).toEqual(REGISTRIES.map((r) => r.name));
  const profile = { ...world.profiles.employee, id: newId(), name: 'Sem cadastros', preset: null, rules: [{ action: 'read' as const, subject: 'auth' as const }] };
  await runAs({ tenantId: world.tenant.id }, () => transact([Tx.putNew({ ...Keys.profile(profile.id), type: 'profile', ...profile })]));
  const email = `semcadastros@${world.domain}`;
  await Provisioning.addUser(world.tenant.id, { email, password: PASSWORD, name: 'Sílvia Sem Cadastros', profileId: profile.id, branchIds: world.branches.map((b) => b.id) });
  await loginAs(page, world, email, '/vehicles');
  await expect(page).toHaveURL('/403');
  await page.goto(`/vehicles/${newId()}`);
  await expect(page).toHaveURL('/403');

  await loginAs(page, world, world.admin.email, '/regions/abc');
  await expect(page.getByText('O parâmetro passado não é um identificador válido.')).toBeVisible();
  await page.goto(`/regions/${newId()}`);
  await expect(page.getByText('Nenhum registro encontrado.')).toBeVisible();
  for (const path of ['/no-such-registry', '/no-such-registry/abc']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Ir para o início' }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Veículos' })).toBeVisible();
});

test('the CSV of a filter wider than one page holds every row', async ({ page, world }) => {
  const { accessToken } = await world.login(world.admin.email);
  // Longer than "regiao", so the tag is the term the search reads by: the worker's company holds
  // other "Região …" records (other tests, a retry of this one) that only the tag tells apart.
  const tag = newId().replaceAll('-', '').slice(-10);
  for (let i = 1; i <= 23; i++) {
    const res = await call('POST', '/api/regions', { token: accessToken, body: { name: `Região Teste ${tag} ${i}` } });
    expect(res.status).toBe(201);
  }
  await loginAs(page, world, world.admin.email, '/regions');
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(`região teste ${tag}`);
  // The search applies after its pause (the sort is then disabled): before it, the unfiltered list
  // by name can already show these 20 regions, and an export then would hold every region.
  await expect(page.getByRole('combobox', { name: 'Ordenar' })).toBeDisabled();
  await expect(page.getByRole('link', { name: /^Região Teste/ })).toHaveCount(20);
  await expect(page.getByRole('button', { name: 'Carregar mais' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^regions-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Nome;Observações');
  expect(lines).toHaveLength(24);
  expect(lines.slice(1).every((l) => l.startsWith(`Região Teste ${tag} `))).toBe(true);
});
