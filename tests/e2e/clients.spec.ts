import type { Page } from '@playwright/test';
import { putCacheItem } from '../../packages/core/src/ports/cep';
import { DEMO_CEPS, seedDemoCeps } from '../../packages/core/src/ports/cep-demo';
import { isCnpj } from '../../packages/shared/src/br';
import { ClientMessages } from '../../packages/shared/src/schemas/clients';
import { Provisioning } from '../../packages/core/src/provisioning';
import { call, PASSWORD, type World } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * Clients (list, view, form): a salesman creates a client with an alphanumeric CNPJ and an address
 * filled by CEP, finds it by a word of its name and by the CNPJ typed without mask, edits it, and
 * never finds another salesman's client; field errors land on their field in the right tab; a
 * repeated phone asks and saves on confirmation; the only address cannot be removed; the list at
 * 375 px.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const word = () => letters(1).toUpperCase() + letters(7);

/** A valid alphanumeric CNPJ: check digits over (ASCII code − 48) with the CNPJ weights. */
function alphanumericCnpj(): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  let base = '';
  for (let i = 0; i < 8; i++) base += chars[Math.floor(Math.random() * chars.length)];
  base += '0001';
  const dv = (s: string) => {
    const weights = s.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = [...s].reduce((acc, c, i) => acc + (c.charCodeAt(0) - 48) * weights[i]!, 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const first = dv(base);
  const second = dv(base + first);
  const cnpj = `${base}${first}${second}`;
  // Letters in the base, or it is an ordinary numeric CNPJ: try again.
  return /[A-Z]/.test(base) ? cnpj : alphanumericCnpj();
}
const masked = (c: string) => `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;

async function createThroughApi(world: World, email: string, body: Record<string, unknown>) {
  const { accessToken } = await world.login(email);
  const res = await call('POST', '/api/clients', { token: accessToken, body: { birthDate: '1980-05-20', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string };
}

const UNKNOWN_CEP = '17999999';
const tab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Partes do formulário' }).getByRole('tab', { name: new RegExp(`^${name}`) });
const address = (page: Page, n: number) => page.getByRole('group', { name: `Endereço ${n}` });

test.beforeAll(async () => {
  // The e2e server reads CEPs from the table's cache first: the demo CEPs answer without network.
  await seedDemoCeps();
  // And a CEP known to have no address (as ViaCEP's "erro" is cached), so no lookup leaves the machine.
  await putCacheItem(UNKNOWN_CEP, { found: false });
});

test('a salesman creates a client with an alphanumeric CNPJ and a CEP address, finds it by name and CNPJ, edits it; another salesman\'s client stays hidden', async ({ page, world }) => {
  test.setTimeout(60_000);
  const cnpj = alphanumericCnpj();
  expect(isCnpj(cnpj)).toBe(true);
  const key = word();
  const name = `Mercearia ${key} Ltda`;
  const hiddenKey = word();
  await createThroughApi(world, world.otherSalesman.email, { name: `Empório ${hiddenKey}` });
  const cep = DEMO_CEPS.find((c) => c.cep === '17010120')!;

  await loginAs(page, world, world.salesman.email, '/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  await page.getByRole('link', { name: 'Novo cliente' }).click();
  await expect(page).toHaveURL('/clients/new');
  await page.getByLabel('Nome/Razão social *').fill(name);
  // Typed without mask, in lower case: the mask upper-cases it and keeps the letters.
  await page.getByLabel('CPF/CNPJ').fill(cnpj.toLowerCase());
  await expect(page.getByLabel('CPF/CNPJ')).toHaveValue(masked(cnpj));
  await page.getByLabel('Data de nascimento *').fill('1985-04-12');

  await tab(page, 'Endereços').click();
  const first = address(page, 1);
  await first.getByLabel('CEP').fill('17010120');
  await expect(first.getByLabel('CEP')).toHaveValue('17010-120');
  await expect(first.getByLabel('Logradouro')).toHaveValue(cep.street);
  await expect(first.getByLabel('Bairro')).toHaveValue(cep.neighborhood);
  await expect(first.getByLabel('Cidade')).toHaveValue('Bauru');
  await expect(first.getByLabel('UF')).toHaveValue('SP');
  await first.getByLabel('Número').fill('250');

  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Registro adicionado com sucesso.')).toBeVisible();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // No nickname nor e-mail: the header marks the record incomplete.
  await expect(page.getByTestId('client-summary').getByTestId('badge-incomplete')).toBeVisible();
  // The view's Endereços tab shows the saved address.
  await page.getByRole('tablist', { name: 'Seções do cliente' }).getByRole('tab', { name: 'Endereços' }).click();
  await expect(page.getByText(`${cep.street}, 250`)).toBeVisible();

  // Found by a word of the name (its beginning, any case) and by the CNPJ without mask.
  const clientsEntry = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Clientes', exact: true });
  await clientsEntry.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Pesquisar' });
  await search.fill(key.slice(0, 5).toLowerCase());
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(masked(cnpj));
  await search.fill(cnpj);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('table').getByRole('link')).toHaveCount(1);

  // Edit: the nickname.
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByLabel('Apelido/Nome fantasia').fill(`${key} Centro`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Registro atualizado com sucesso.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Apelido/Nome fantasia')).toHaveValue(`${key} Centro`);

  // The other salesman's client is not found, by the list nor by the global search.
  await clientsEntry.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  await search.fill(hiddenKey);
  await expect(page.getByText(ClientMessages.emptySearch)).toBeVisible();

  // The global search finds the client by a word of its name and opens it.
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Pesquisa global' });
  await dialog.getByRole('combobox', { name: 'Pesquisar' }).fill(key.toLowerCase());
  await expect(dialog.getByRole('group', { name: 'Clientes' }).getByRole('option')).toHaveText([new RegExp(name)]);
  await dialog.getByRole('combobox', { name: 'Pesquisar' }).fill(hiddenKey.toLowerCase());
  await expect(dialog.getByText(`Nenhum resultado para “${hiddenKey.toLowerCase()}”.`)).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Pesquisar' }).fill(key.toLowerCase());
  await dialog.getByRole('option', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('errors show on their field and mark their tab; the first such tab opens; what was typed stays', async ({ page, world }) => {
  const taken = await createThroughApi(world, world.salesman.email, { name: `Padaria ${word()}`, document: masked(alphanumericCnpj()) });
  const { accessToken } = await world.login(world.salesman.email);
  const existing = (await call('GET', `/api/clients/${taken.id}`, { token: accessToken })).body as { document: string; name: string };

  await loginAs(page, world, world.salesman.email, '/clients/new');
  const name = `Açougue ${word()}`;
  await page.getByLabel('Nome/Razão social *').fill(name);
  // The birth date is required by the company's default settings; it is left empty at first.
  await tab(page, 'Contatos').click();
  await page.getByLabel('E-mail', { exact: true }).fill('compras@');
  await tab(page, 'Endereços').click();
  await address(page, 1).getByLabel('CEP').fill('17017383');
  await expect(address(page, 1).getByLabel('Logradouro')).toHaveValue('Avenida Getúlio Vargas');
  await page.getByRole('button', { name: 'Salvar' }).click();

  // Identificação (birth date) and Contatos (e-mail) are marked; the first one opens.
  await expect(tab(page, 'Identificação')).toHaveAttribute('data-invalid', 'true');
  await expect(tab(page, 'Contatos')).toHaveAttribute('data-invalid', 'true');
  await expect(tab(page, 'Endereços')).not.toHaveAttribute('data-invalid', 'true');
  await expect(tab(page, 'Identificação')).toHaveAttribute('aria-selected', 'true');
  const birth = page.getByLabel('Data de nascimento *');
  await expect(birth).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('O campo Data de nascimento é obrigatório.')).toBeVisible();
  await expect(birth).toBeFocused();
  await birth.fill('1990-02-03');
  await tab(page, 'Contatos').click();
  await expect(page.getByText(ClientMessages.email)).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill('compras@acougue.com.br');

  // The API's error (a CPF/CNPJ already used) lands on its field, in its tab, which opens.
  await tab(page, 'Identificação').click();
  await page.getByLabel('CPF/CNPJ').fill(existing.document);
  await tab(page, 'Observações').click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(tab(page, 'Identificação')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'Identificação')).toHaveAttribute('data-invalid', 'true');
  await expect(page.getByText(ClientMessages.documentTakenVisible(existing.name))).toBeVisible();
  await expect(page.getByLabel('CPF/CNPJ')).toHaveAttribute('aria-invalid', 'true');
  // Nothing typed was lost.
  await expect(page.getByLabel('Nome/Razão social *')).toHaveValue(name);
  await expect(page).toHaveURL('/clients/new');

  // A CEP without address: the spec's message on the CEP field.
  await tab(page, 'Endereços').click();
  await address(page, 1).getByLabel('CEP').fill(UNKNOWN_CEP);
  await expect(address(page, 1).getByText('CEP não encontrado. Verifique o CEP digitado e tente novamente.')).toBeVisible();
  await expect(address(page, 1).getByLabel('Logradouro')).toHaveValue('Avenida Getúlio Vargas');
});

test('a repeated phone asks "Deseja salvar mesmo assim?" and saves only on confirmation', async ({ page, world }) => {
  const phone = `1499${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;
  const shown = `(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`;
  await createThroughApi(world, world.salesman.email, { name: `Quitanda ${word()}`, phone1: phone });

  await loginAs(page, world, world.salesman.email, '/clients/new');
  const name = `Bar ${word()}`;
  await page.getByLabel('Nome/Razão social *').fill(name);
  await page.getByLabel('Data de nascimento *').fill('1975-11-30');
  await tab(page, 'Contatos').click();
  await page.getByLabel('Telefone 1').fill(phone);
  await expect(page.getByLabel('Telefone 1')).toHaveValue(shown);
  await tab(page, 'Endereços').click();
  await address(page, 1).getByLabel('CEP').fill('17030570');
  await expect(address(page, 1).getByLabel('Logradouro')).toHaveValue('Rua Amazonas');

  await page.getByRole('button', { name: 'Salvar' }).click();
  const question = page.getByRole('alertdialog', { name: 'Telefone repetido' });
  await expect(question).toContainText(ClientMessages.phoneRepeated(shown));
  await expect(question).toContainText('Deseja salvar mesmo assim?');
  // Declined: nothing saved, the form as it was.
  await question.getByRole('button', { name: 'Cancelar' }).click();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL('/clients/new');
  await expect(toast(page, 'Registro adicionado com sucesso.')).toHaveCount(0);

  await page.getByRole('button', { name: 'Salvar' }).click();
  await question.getByRole('button', { name: 'Salvar mesmo assim' }).click();
  await expect(toast(page, 'Registro adicionado com sucesso.')).toBeVisible();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await tab(page, 'Contatos').click();
  await expect(page.getByLabel('Telefone 1')).toHaveValue(shown);
});

test('the only address cannot be removed; another one asks first; choosing a main address unsets the other', async ({ page, world }) => {
  await loginAs(page, world, world.salesman.email, '/clients/new');
  await tab(page, 'Endereços').click();
  const remove = page.getByRole('button', { name: 'Remover endereço' });
  await expect(remove).toHaveCount(1);
  await expect(remove).toBeDisabled();
  await page.getByTestId('only-address-remove').hover();
  await expect(page.getByRole('tooltip')).toHaveText(ClientMessages.onlyAddress);

  await page.getByRole('button', { name: 'Adicionar endereço' }).click();
  await expect(address(page, 2)).toBeVisible();
  await expect(address(page, 1).getByRole('radio', { name: 'Principal' })).toBeChecked();
  await expect(address(page, 2).getByRole('radio', { name: 'Principal' })).not.toBeChecked();
  await address(page, 2).getByRole('radio', { name: 'Principal' }).check();
  await expect(address(page, 1).getByRole('radio', { name: 'Principal' })).not.toBeChecked();
  await expect(address(page, 2).getByRole('radio', { name: 'Principal' })).toBeChecked();

  await expect(remove).toHaveCount(2);
  await expect(remove.first()).toBeEnabled();
  await address(page, 1).getByLabel('Número').fill('12');
  // Leaving with unsaved changes asks first; declining keeps the page and what was typed.
  const asked = page.waitForEvent('dialog').then(async (d) => {
    expect(d.message()).toBe('Há alterações não salvas neste formulário. Deseja sair e descartá-las?');
    await d.dismiss();
  });
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await asked;
  await expect(page).toHaveURL('/clients/new');
  await expect(address(page, 1).getByLabel('Número')).toHaveValue('12');
  await address(page, 1).getByRole('button', { name: 'Remover endereço' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remover o endereço 1?' });
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(address(page, 2)).toBeVisible();
  await address(page, 1).getByRole('button', { name: 'Remover endereço' }).click();
  await confirm.getByRole('button', { name: 'Remover endereço' }).click();
  await expect(address(page, 2)).toHaveCount(0);
  // The one left is the main address, its number not the removed one's, and it cannot go.
  await expect(address(page, 1).getByRole('radio', { name: 'Principal' })).toBeChecked();
  await expect(address(page, 1).getByLabel('Número')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Remover endereço' })).toBeDisabled();
});

test('blocked and incomplete clients are marked; card actions; bad and unknown ids', async ({ page, world }) => {
  const key = word();
  const blocked = await createThroughApi(world, world.salesman.email, {
    name: `Armazém ${key}`,
    nickname: 'Armazém',
    email: 'armazem@example.com',
    document: masked(alphanumericCnpj()),
    situation: 'analysis',
    creditLimit: '1500,5',
  });
  await loginAs(page, world, world.salesman.email, '/clients');
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(key);
  const row = page.getByRole('row', { name: new RegExp(key) });
  await expect(row.getByTestId('badge-blocked')).toHaveText('Bloqueado');
  await expect(row.getByTestId('badge-incomplete')).toHaveCount(0);
  await expect(row).toContainText('Em análise');

  await row.getByRole('link', { name: blocked.name }).click();
  const summary = page.getByTestId('client-summary');
  await expect(summary).toContainText('Cadastro completo');
  await expect(summary).toContainText('R$ 1.500,50');
  await expect(summary.getByText(ClientMessages.situationBlocks)).toBeVisible();
  const toolbar = page.getByRole('toolbar', { name: 'Ações do cartão' });
  await toolbar.getByRole('button', { name: 'Recarregar cache' }).click();
  await expect(toast(page, 'Cache do registro recarregado com sucesso.')).toBeVisible();
  await toolbar.getByRole('button', { name: 'Recolher' }).click();
  await expect(page.getByRole('form', { name: 'Cliente' })).toBeHidden();
  await toolbar.getByRole('button', { name: 'Expandir' }).click();
  await expect(page.getByRole('form', { name: 'Cliente' })).toBeVisible();
  await toolbar.getByRole('link', { name: 'Novo cadastro' }).click();
  await expect(page).toHaveURL('/clients/new');

  await page.goto('/clients/not-an-id');
  await expect(page.getByText('O parâmetro passado não é um identificador válido.')).toBeVisible();
  await page.goto('/clients/0190a0b0-0000-7000-8000-000000000000');
  await expect(page.getByText('Nenhum registro encontrado.')).toBeVisible();
});

test('list and form have no serious accessibility violations; a reference shows its record\'s name', async ({ page, world }) => {
  const { accessToken: admin } = await world.login(world.admin.email);
  const regionName = `Região ${word()}`;
  const region = await call('POST', '/api/regions', { token: admin, body: { name: regionName } });
  expect(region.status).toBe(201);
  const client = await createThroughApi(world, world.salesman.email, { name: `Drogaria ${word()}`, situation: 'problem', regionId: region.body.id });
  // A saved reference shows the referenced record's name (the record opened first, nothing read before it).
  await loginAs(page, world, world.salesman.email, `/clients/${client.id}`);
  await tab(page, 'Comercial').click();
  await expect(page.getByLabel('Região')).toHaveText(regionName);

  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Clientes', exact: true }).click();
  await expect(page.getByRole('table')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Novo cliente' }).click();
  await expect(page.getByRole('form', { name: 'Cliente' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(tab(page, 'Identificação')).toHaveAttribute('data-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await tab(page, 'Comercial').click();
  await page.getByLabel('Região').click();
  await page.getByRole('combobox', { name: 'Pesquisar' }).fill(regionName.split(' ')[1]!.slice(0, 4));
  const option = page.getByRole('option', { name: regionName });
  await expect(option).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // Enter pressed while the options of what was just typed still load chooses once they arrive.
  await page.route('**/api/regions?*', async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await page.getByRole('combobox', { name: 'Pesquisar' }).fill(regionName.split(' ')[1]!.slice(0, 5));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(page.getByLabel('Região')).toHaveText(regionName);
});

test('a supervisor without subordinates is told so; the salesman filter is for staff only', async ({ page, world }) => {
  const lonely = await Provisioning.addUser(world.tenant.id, {
    email: `sozinho-${letters(6)}@${world.domain}`,
    password: PASSWORD,
    name: 'Sílvia Sozinha',
    profileId: world.profiles.manager.id,
    branchIds: world.branches.map((b) => b.id),
    supervisor: true,
  });
  await loginAs(page, world, lonely.email, '/clients');
  await expect(page.getByText(ClientMessages.noSubordinates)).toBeVisible();
  await expect(page.getByLabel('Vendedor')).toBeVisible();

  await loginAs(page, world, world.supervisor.email, '/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  await expect(page.getByLabel('Vendedor')).toBeVisible();
  await expect(page.getByText(ClientMessages.noSubordinates)).toHaveCount(0);

  await loginAs(page, world, world.salesman.email, '/clients');
  await expect(page.getByLabel('Região')).toBeVisible();
  await expect(page.getByLabel('Vendedor')).toHaveCount(0);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the list shows cards, fits the width and opens a client', async ({ page, world }) => {
    const key = word();
    const client = await createThroughApi(world, world.salesman.email, {
      name: `Mercadinho ${key}`,
      phone1: '1432345678',
      addresses: [{ street: 'Rua Bandeirantes', number: '10', city: 'Bauru', state: 'SP', cep: '17010260' }],
    });
    await loginAs(page, world, world.salesman.email, '/clients');
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(key);
    const card = page.getByTestId('client-card').filter({ hasText: client.name });
    await expect(card).toBeVisible();
    await expect(card).toContainText('(14) 3234-5678');
    await expect(card).toContainText('Bauru/SP');
    await expect(page.getByRole('table')).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await card.click();
    await expect(page).toHaveURL(`/clients/${client.id}`);
    await expect(page.getByRole('heading', { level: 1, name: client.name })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test('a prospect is saved with a name, a birth date and a phone: the untouched address is not sent', async ({ page, world }) => {
  const name = `Prospect ${word()}`;
  await loginAs(page, world, world.salesman.email, '/clients/new');
  await page.getByLabel('Nome/Razão social *').fill(name);
  await page.getByLabel('Data de nascimento *').fill('1990-01-02');
  await tab(page, 'Contatos').click();
  await page.getByLabel('Telefone 1').fill(`1498${String(Date.now()).slice(-7)}`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Registro adicionado com sucesso.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const id = page.url().split('/').pop()!;
  const { accessToken } = await world.login(world.salesman.email);
  const saved = await call('GET', `/api/clients/${id}`, { token: accessToken });
  expect(saved.body).toMatchObject({ name, document: null, addresses: [], incomplete: true });
});

test('a list that cannot load says so and loads again on "Tentar novamente"', async ({ page, world }) => {
  const name = `Armazém ${word()}`;
  await createThroughApi(world, world.salesman.email, { name });
  let fail = true;
  await page.route('**/api/clients?*', (route) => (fail ? route.abort('connectionrefused') : route.continue()));
  await loginAs(page, world, world.salesman.email, '/clients');
  const alert = page.getByRole('alert').filter({ hasText: 'Não foi possível carregar os dados. Verifique sua conexão com a internet e tente novamente.' });
  await expect(alert).toBeVisible();
  fail = false;
  await alert.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(alert).toHaveCount(0);
});
