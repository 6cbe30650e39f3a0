import type { Page } from '@playwright/test';
import { ApiTexts } from '../../packages/shared/src/messages';
import { ClientMessages } from '../../packages/shared/src/schemas/clients';
import { call, type World } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * The company's settings (/settings/company, issue 14 item 3): an administrator opens "Empresa"
 * from the menu, sees each setting with its effect, has a bad value refused at its field, meets a
 * save that came second (409: what was typed stays), turns on "block repeated phone" and saves;
 * the clients form then refuses a phone another client has, which it only questioned before. The
 * page has no serious accessibility violation at desktop and phone widths.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function adminToken(world: World) {
  return (await world.login(world.admin.email)).accessToken;
}

/** The company's settings through the API, one customers' setting changed (another tab, or the clean-up: the cashback's percent back to its default too). */
async function setBlockRepeatedPhone(world: World, value: boolean, nickname?: string, further: Record<string, unknown> = {}) {
  const token = await adminToken(world);
  const company = (await call('GET', '/api/company', { token })).body;
  const body = { ...company, ...(nickname ? { nickname } : {}), settings: { ...company.settings, customers: { ...company.settings.customers, blockRepeatedPhone: value }, further: { ...company.settings.further, ...further } } };
  const res = await call('PUT', '/api/company', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

// The world is the worker's: the other specs of this worker find the setting as the spec gives it.
test.afterAll(async ({ world }) => {
  await setBlockRepeatedPhone(world, false, undefined, { cashbackPercent: '2.00' });
});

test('an administrator turns on “block repeated phone”, and the clients form then refuses a repeated phone', async ({ page, world }) => {
  // One walk over the settings page and the clients form (two pages, several saves).
  test.setTimeout(60_000);
  const phone = `1498${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;
  const shown = `(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`;
  // Before: a second client with the same phone is only questioned, and saved once confirmed.
  const salesman = (await world.login(world.salesman.email)).accessToken;
  const client = (name: string, extra: Record<string, unknown> = {}) => ({ name, birthDate: '1980-05-20', phone1: phone, ...extra });
  expect((await call('POST', '/api/clients', { token: salesman, body: client('Armazém do Fone') })).status).toBe(201);
  const asked = await call('POST', '/api/clients', { token: salesman, body: client('Armazém Vizinho') });
  expect(asked.body.code).toBe('clients.phone_repeated');
  expect((await call('POST', '/api/clients', { token: salesman, body: client('Armazém Vizinho', { confirmRepeatedPhone: true }) })).status).toBe(201);

  await loginAs(page, world, world.admin.email, '/home');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Empresa', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/company$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Empresa', exact: true })).toBeVisible();
  for (const group of ['Dados da empresa', 'Clientes', 'Mapa', 'Vendas', 'Agendamentos', 'Endereços', 'Outras configurações', 'Filiais', 'Empresas de produtos']) {
    await expect(page.getByRole('group', { name: group, exact: true })).toBeVisible();
  }
  const block = page.getByRole('switch', { name: 'Bloquear telefone repetido' });
  await expect(block).not.toBeChecked();
  // Its effect, in one line, is what describes it.
  await expect(block).toHaveAccessibleDescription('Recusa um cliente com telefone já cadastrado em outro; desligado, o sistema só avisa e pede confirmação.');
  // The spec's defaults.
  await expect(page.getByLabel('Latitude')).toHaveValue('-22,264');
  await expect(page.getByLabel('Zoom')).toHaveValue('15');
  await expect(page.getByLabel('Colunas de impressão')).toHaveValue('80');
  await expect(page.getByRole('switch', { name: 'Exigir data de nascimento' })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  // A value out of range is refused at its field, with the schema's text.
  await page.getByLabel('Latitude').fill('95');
  await page.getByRole('button', { name: 'Salvar as configurações' }).click();
  await expect(page.getByText('O campo Latitude deve ser um número de -90 a 90.')).toBeVisible();
  await expect(page.getByLabel('Latitude')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Latitude').fill('-22,264');
  // A decimal setting: its default as the API keeps it ('2.00'), typed with a comma; above 100 refused with the schema's text.
  const percent = page.getByLabel('Percentual de cashback (%)');
  await expect(percent).toHaveValue('2,00');
  await expect(percent).toHaveAccessibleDescription(/^Parte do total da venda creditada como cashback/);
  await percent.fill('101');
  await page.getByRole('button', { name: 'Salvar as configurações' }).click();
  await expect(page.getByText('O campo Percentual de cashback (%) deve ser um número de 0,01 a 100, com até 2 casas decimais.')).toBeVisible();
  await expect(percent).toHaveAttribute('aria-invalid', 'true');
  await percent.fill('2,00');

  // Someone else saved meanwhile: the save is refused as stale and what was typed stays.
  await setBlockRepeatedPhone(world, false, 'Apelido de outra aba');
  await block.click();
  await page.getByRole('button', { name: 'Salvar as configurações' }).click();
  await expect(page.getByText(ApiTexts.versionConflict().message)).toBeVisible();
  await expect(block).toBeChecked();
  await page.getByRole('button', { name: 'Recarregar a versão atual' }).click();
  await expect(page.getByLabel('Apelido', { exact: true })).toHaveValue('Apelido de outra aba');
  await expect(block).not.toBeChecked();

  await block.click();
  await percent.fill('2,5');
  await page.getByRole('button', { name: 'Salvar as configurações' }).click();
  await expect(toast(page, 'Configurações salvas. Já valem para todos os usuários.')).toBeVisible();
  await expect(block).toBeChecked();
  // Kept as the API's decimal string at its places, shown with a comma.
  await expect(percent).toHaveValue('2,50');
  expect((await call('GET', '/api/company', { token: await adminToken(world) })).body.settings.further.cashbackPercent).toBe('2.50');
  // The company's "histórico" names the setting, before and after.
  const history = page.getByRole('list', { name: 'Histórico' });
  const entry = history.getByRole('listitem').filter({ hasText: 'Bloquear telefone repetido' }).first();
  await expect(entry).toContainText('Empresa alterada');
  await expect(entry).toContainText('Alice Admin');
  await expect(entry.getByRole('row', { name: /Bloquear telefone repetido/ })).toContainText(/Não\s*Sim/);

  // The clients form now refuses the repeated phone at its field, without the question.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Clientes', exact: true }).click();
  await page.getByRole('link', { name: 'Novo cliente' }).click();
  await expect(page).toHaveURL('/clients/new');
  await page.getByLabel('Nome/Razão social *').fill('Armazém Terceiro');
  await page.getByLabel('Data de nascimento *').fill('1975-11-30');
  await page.getByRole('tablist', { name: 'Partes do formulário' }).getByRole('tab', { name: /^Contatos/ }).click();
  await page.getByLabel('Telefone 1').fill(phone);
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText(ClientMessages.phoneBlocked(shown))).toBeVisible();
  await expect(page.getByRole('alertdialog', { name: 'Telefone repetido' })).toHaveCount(0);
  await expect(page).toHaveURL('/clients/new');
});

test('the company page works at a phone’s width with no serious accessibility violation', async ({ page, world }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, world, world.admin.email, '/settings/company');
  await expect(page.getByRole('heading', { level: 1, name: 'Empresa', exact: true })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Bloquear telefone repetido' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Filiais' }).getByText('Matriz', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  // A branch's edit opens in a side sheet, with the branch's history; Escape closes it.
  await page.getByRole('button', { name: 'Alterar a filial Matriz' }).click();
  const sheet = page.getByRole('dialog', { name: /Alterar a filial/ });
  await expect(sheet.getByLabel('Casas decimais')).toHaveValue('2');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  // The store's payments: Mercado Pago asks its token and secret (refused on their fields), and shows the webhook's address.
  const payments = page.getByRole('group', { name: 'Pagamentos da loja' });
  await payments.getByRole('radio', { name: 'Mercado Pago' }).click();
  await expect(payments.getByRole('textbox', { name: 'URL do webhook (cadastre no Mercado Pago)' })).toHaveValue(new RegExp(`/api/payments/mercadopago/${world.tenant.id}/webhook$`));
  await payments.getByRole('button', { name: 'Salvar pagamentos' }).click();
  await expect(payments.getByText('Informe o access token do Mercado Pago (APP_USR-… ou TEST-…).')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A salesman is sent to 403.
  await loginAs(page, world, world.salesman.email, '/settings/company');
  await expect(page).toHaveURL(/\/403$/);
});
