import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { cpf } from 'cpf-cnpj-validator';
import { Clock } from '../../packages/core/src/clock';
import { addDays } from '../../packages/shared/src/calendar';
import { Provisioning } from '../../packages/core/src/provisioning/index';
import { Messages } from '../../packages/shared/src/messages';
import { call, PASSWORD, poster, setCompanySetting, type World } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * Sales (list and detail, web): the salesman sees his closed sale in "Pedidos" and his draft under
 * "Rascunhos", a status filter survives a reload; the detail shows the items, totals and
 * installments, and offers him only the moves he may make (docs/sales.md "Who moves a sale"); the
 * administrator moves a sale pending → Liberado financeiro → Cancelado (with its reason) and sees
 * the history, and deletes a draft; at 375 px the list and the client's "Vendas" tab are cards.
 * The whole sale's page (docs/sales.md "The sale's page"), at desktop and 375 px: every section with
 * its values, the shipping address as it was at the close, the map where the company has a token;
 * the list row's payment state (open, partly paid after a payment recorded on the client, overdue).
 */
test.use({ viewport: { width: 1440, height: 900 } });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();
const here = { latitude: -22.3, longitude: -49.06, accuracy: 30 };

interface Setup {
  admin: string;
  salesman: string;
  clientId: string;
  clientName: string;
  productName: string;
  productId: string;
  /** A product with only 2 in stock (a line of 10 is cut to 2 at closing). */
  shortId: string;
  natureId: string;
  conditionId: string;
  /** What the whole sale's page shows (`wholeSale`): its names, a condition with a discount rate, a vehicle, the client's delivery address. */
  natureName: string;
  tableId: string;
  tableName: string;
  rated: { id: string; name: string };
  vehicle: { id: string; name: string };
  depotId: string;
}

/** What every sale of a worker needs, made once per worker (its company): registries, a priced and stocked product, a complete client. */
/** Code page 850's bytes for the letters these sales' texts hold (the printer's file). */
const CP850: Record<string, number> = { 'ç': 0x87, 'ú': 0xa3, 'ã': 0xc6, 'á': 0xa0, 'é': 0x82, 'ê': 0x88, 'í': 0xa1, 'ó': 0xa2, 'õ': 0xe4, 'ô': 0x93, 'â': 0x83, 'à': 0x85, 'Ç': 0x80, 'Á': 0xb5, 'É': 0x90, 'º': 0xa7, 'ª': 0xa6, '·': 0xfa };

const setups = new Map<string, Promise<Setup>>();
function setup(world: World): Promise<Setup> {
  let made = setups.get(world.tenant.id);
  if (!made) {
    made = (async () => {
      const [admin, salesman] = (await Promise.all([world.login(world.admin.email), world.login(world.salesman.email)])).map((l) => l.accessToken) as [string, string];
      const post = poster(admin);
      const t = tag();
      const [unit, nature, condition, table, rated, vehicle] = await Promise.all([
        post('/api/units', { name: `UN ${t}` }),
        post('/api/natures', { name: `Venda ${t}`, cfop: '5102', financialMovement: true }),
        post('/api/payments-conditions', { name: `30/60 ${t}`, terms: ['030', '060'] }),
        post('/api/price-tables', { name: `Varejo ${t}`, isDefault: true }),
        post('/api/payments-conditions', { name: `30/60 com desconto ${t}`, terms: ['030', '060'], discountRate: '2' }),
        post('/api/vehicles', { name: `Caminhão Baú ${t}`, plate: `ABC${Math.floor(1000 + Math.random() * 8999)}` }),
      ]);
      const productName = `Café Torrado ${t}`;
      const product = await post('/api/products', { ref: `C-${t}`, name: productName, unitId: unit.id });
      const price = await call('PUT', `/api/products/${product.id}/prices/${table.id}`, { token: admin, body: { price: '24.9' } });
      expect(price.status, JSON.stringify(price.body)).toBe(200);
      await post('/api/inventory/movements', { productId: product.id, branchId: world.branches[0]!.id, kind: 'adjustment', quantity: '1000', reason: 'Contagem inicial' });
      const short = await post('/api/products', { ref: `A-${t}`, name: `Açúcar Cristal ${t}`, unitId: unit.id });
      const shortPrice = await call('PUT', `/api/products/${short.id}/prices/${table.id}`, { token: admin, body: { price: '5' } });
      expect(shortPrice.status, JSON.stringify(shortPrice.body)).toBe(200);
      await post('/api/inventory/movements', { productId: short.id, branchId: world.branches[0]!.id, kind: 'adjustment', quantity: '2', reason: 'Contagem inicial' });
      const clientName = `Atacadão ${t} Ltda`;
      const addresses = [
        { main: true, street: 'Rua das Flores', number: '100', neighborhood: 'Centro', city: 'Bauru', state: 'SP', cep: '17010000' },
        { delivery: true, nickname: 'Depósito', street: 'Avenida Getúlio Vargas', number: '2000', neighborhood: 'Jardim Europa', city: 'Bauru', state: 'SP', cep: '17017000' },
      ];
      const client = await post('/api/clients', { name: clientName, nickname: 'Atacadão', email: 'compras@atacadao.com.br', document: '11.222.333/0001-81', birthDate: '1990-05-05', salesmanId: world.salesman.id, addresses });
      const depotId = (client.addresses as { id: string; delivery: boolean }[]).find((a) => a.delivery)!.id;
      return {
        admin, salesman, clientId: client.id, clientName, productName, productId: product.id, shortId: short.id, natureId: nature.id, conditionId: condition.id,
        natureName: `Venda ${t}`, tableId: table.id, tableName: `Varejo ${t}`, rated: { id: rated.id, name: `30/60 com desconto ${t}` }, vehicle: { id: vehicle.id, name: `Caminhão Baú ${t}` }, depotId,
      };
    })();
    setups.set(world.tenant.id, made);
  }
  return made;
}

/** A draft of the salesman: 3 × 24,90 under the 30/60 condition (and `more` lines). */
async function draft(s: Setup, more: Record<string, unknown>[] = []): Promise<{ id: string; version: number }> {
  const res = await call('POST', '/api/sales', {
    token: s.salesman,
    body: { clientId: s.clientId, natureId: s.natureId, paymentConditionId: s.conditionId, paymentType: 'boleto', transport: { costing: 1 }, items: [{ productId: s.productId, quantity: '3', unitPrice: '24.9' }, ...more] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A closed (pending) sale of the salesman. */
async function closedSale(s: Setup, more: Record<string, unknown>[] = []): Promise<{ id: string; number: number }> {
  const d = await draft(s, more);
  const res = await call('POST', `/api/sales/${d.id}/close`, { token: s.salesman, body: { version: d.version, geolocation: here, acceptShortStock: more.length > 0 } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The client's delivery address, its street set to `street` (null: kept), and its first phone (undefined: kept), by the client's own PUT over its version. */
async function moveDepot(s: Setup, street: string | null, phone1?: string | null) {
  const now = (await call('GET', `/api/clients/${s.clientId}`, { token: s.admin })).body;
  const addresses = now.addresses.map((a: { id: string }) => (a.id === s.depotId && street ? { ...a, street } : a));
  const res = await call('PUT', `/api/clients/${s.clientId}`, { token: s.admin, body: { ...now, addresses, phone1: phone1 === undefined ? now.phone1 : phone1, version: now.version } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

interface WholeSale {
  id: string;
  number: number;
  branchId: string;
  orderDate: string;
  installments: { installment: string; dueDate: string; value: string }[];
  /** The delivery street when it was closed (the client's address moves on after). */
  street: string;
}

/**
 * A sale with every field the page shows (docs/sales.md "The sale's page"): the negotiation, a
 * condition with a discount rate, the delivery address, the carrier, vehicle and freight,
 * observations and extra data, closed with the position; then the client's delivery address changes.
 */
async function wholeSale(s: Setup): Promise<WholeSale> {
  const street = `Avenida Getúlio Vargas ${tag()}`;
  // A mobile on the client: the sale's WhatsApp message goes to it.
  await moveDepot(s, street, '14991234567');
  const res = await call('POST', '/api/sales', {
    token: s.salesman,
    body: {
      clientId: s.clientId, natureId: s.natureId, priceTableId: s.tableId, paymentConditionId: s.rated.id, paymentType: 'boleto', shippingAddressId: s.depotId,
      transport: { costing: 1, carrier: 'Transportes Rápido Bauru', vehicleId: s.vehicle.id }, transportIncrease: '10',
      observations: { invoice: 'Entregar pela manhã', internal: 'Conferir a carga com o cliente' }, extra: { 'Pedido de compra': 'OC-4471' },
      items: [{ productId: s.productId, quantity: '3', unitPrice: '24.9' }],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const closed = await call('POST', `/api/sales/${res.body.id}/close`, { token: s.salesman, body: { version: res.body.version, geolocation: here } });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  await moveDepot(s, 'Rua Mudou Depois do Pedido');
  return { ...closed.body, street };
}

/** An installment of the sale recorded on the client, as the ERP's integration does: paid, or open and due on `dueDate`. */
async function recordInstallment(s: Setup, sale: WholeSale, i: WholeSale['installments'][number], paid: boolean, dueDate = i.dueDate) {
  const res = await call('PUT', `/api/clients/${s.clientId}/installments`, {
    token: s.admin,
    body: [{ document: String(sale.number), installment: i.installment, branchId: sale.branchId, type: 'title', issueDate: sale.orderDate, dueDate, installmentValue: i.value, openValue: paid ? '0' : i.value, paidValue: paid ? i.value : '0', paymentDate: paid ? sale.orderDate : null }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The whole sale's page, section by section, with its values (any width). */
async function expectWholeSale(page: Page, world: World, s: Setup, sale: WholeSale) {
  await expect(page.getByRole('heading', { name: `Pedido ${sale.number}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('sale-header')).toContainText(world.salesman.name);
  const order = page.getByTestId('sale-order');
  await expect(order.getByTestId('sale-supervisor')).toContainText(world.supervisor.name);
  await expect(order.getByTestId('sale-branch')).toContainText(world.branches[0]!.name);
  await expect(order.getByTestId('sale-nature')).toContainText(s.natureName);
  await expect(order.getByTestId('sale-situation')).toContainText('Normal');
  await expect(order.getByTestId('sale-negotiation')).toContainText(s.tableName);
  const payment = page.getByTestId('sale-payment-terms');
  await expect(payment.getByTestId('sale-payment-type')).toContainText('Boleto');
  await expect(payment.getByTestId('sale-payment-condition')).toContainText(s.rated.name);
  await expect(payment.getByTestId('sale-discount-rate')).toContainText('2,00 %');
  await expect(page.getByTestId('sale-item')).toHaveCount(1);
  await expect(page.getByTestId('sale-installment')).toHaveCount(2);
  const transport = page.getByTestId('sale-transport');
  await expect(transport.getByTestId('sale-costing')).toContainText('1 – Destinatário (FOB)');
  await expect(transport.getByTestId('sale-carrier')).toContainText('Transportes Rápido Bauru');
  await expect(transport.getByTestId('sale-vehicle')).toContainText(s.vehicle.name);
  await expect(transport.getByTestId('sale-freight')).toContainText('R$ 10,00');
  // The address as it was when the sale was closed, not the client's address now.
  const address = page.getByTestId('sale-address');
  await expect(address).toContainText(`${sale.street}, 2000`);
  await expect(address).toContainText('Jardim Europa · Bauru/SP · 17017-000');
  await expect(address).not.toContainText('Rua Mudou Depois do Pedido');
  await expect(page.getByTestId('sale-invoice-observation')).toContainText('Entregar pela manhã');
  await expect(page.getByTestId('sale-internal-observation')).toContainText('Conferir a carga com o cliente');
  await expect(page.getByTestId('sale-extra')).toContainText('Pedido de compra');
  await expect(page.getByTestId('sale-extra')).toContainText('OC-4471');
  const location = page.getByTestId('sale-location');
  await expect(location).toContainText('-22,300000');
  await expect(location).toContainText('-49,060000');
  await expect(location).toContainText('30 m');
  // The history names who closed it.
  await expect(page.getByTestId('sale-history').first()).toContainText(world.salesman.name);
}

const saleRow = (page: Page, number: number) => page.getByTestId('sale-row').filter({ has: page.getByRole('link', { name: String(number), exact: true }) });

test('the salesman sees his sale under "Pedidos" and his draft under "Rascunhos"; a status filter survives a reload', async ({ page, world }) => {
  const s = await setup(world);
  const [sale, d] = await Promise.all([closedSale(s), draft(s)]);
  await loginAs(page, world, world.salesman.email, '/home');
  await page.getByRole('navigation').getByRole('link', { name: 'Vendas' }).first().click();
  await expect(page).toHaveURL(/\/sales$/);
  await expect(page.getByRole('heading', { name: 'Vendas', level: 1 })).toBeVisible();

  const row = saleRow(page, sale.number);
  await expect(row).toContainText(s.clientName);
  await expect(row).toContainText('Pendente');
  await expect(row).toContainText('R$ 74,70');
  // Its payment state, from the client's financial position: nothing paid yet.
  await expect(row.getByTestId('sale-row-payment')).toHaveText('Em aberto');

  // The drafts apart.
  await page.getByRole('radio', { name: 'Rascunhos' }).click();
  await expect(page).toHaveURL(/tab=drafts/);
  await expect(page.getByTestId('sale-row').filter({ has: page.locator(`a[href="/sales/${d.id}"]`) })).toContainText('Em digitação');
  await expect(saleRow(page, sale.number)).toHaveCount(0);

  // Back to the orders, filtered by status: the filter is in the URL and survives a reload.
  await page.getByRole('radio', { name: 'Pedidos' }).click();
  await page.getByLabel('Status').selectOption({ label: 'Pendente' });
  await expect(page).toHaveURL(/status=pending/);
  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('pending');
  await expect(saleRow(page, sale.number)).toBeVisible();
  // The period, typed in the user's date format (today, in the company's time zone).
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  await page.getByLabel('Data inicial').fill(today);
  await expect(page).toHaveURL(new RegExp(`from=${today.split('/').reverse().join('-')}`));
  await expect(saleRow(page, sale.number)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Status').selectOption({ label: 'Estornado' });
  await expect(page.getByText('Nenhum pedido encontrado com estes filtros.')).toBeVisible();

  // The global search finds the sale by its number and opens it.
  await page.keyboard.press('Control+k');
  const search = page.getByRole('dialog', { name: 'Pesquisa global' });
  await search.getByRole('combobox', { name: 'Pesquisar' }).fill(String(sale.number));
  await expect(search.getByRole('group', { name: 'Vendas' }).getByRole('option').first()).toContainText(`Pedido ${sale.number}`);
  await search.getByRole('group', { name: 'Vendas' }).getByRole('option').first().click();
  await expect(page).toHaveURL(new RegExp(`/sales/${sale.id}$`));

  // An id that is not one: the app's usual text.
  await page.goto('/sales/nao-e-um-id');
  await expect(page.getByText(Messages.invalidId)).toBeVisible();
});

test('the salesman selects two sales and exports them to CSV and PDF; with none selected the export says so', async ({ page, world }) => {
  test.setTimeout(90_000);
  const s = await setup(world);
  const [first, second] = [await closedSale(s), await closedSale(s)];
  await loginAs(page, world, world.salesman.email, '/sales');
  await expect(saleRow(page, second.number)).toBeVisible();

  // Nothing selected: the spec's message, and no export started.
  await expect(page.getByTestId('selection-count')).toHaveText('Nenhuma venda selecionada');
  await page.getByTestId('sales-export-csvItems').click();
  await expect(page.getByTestId('sales-export-message')).toHaveText('Nenhuma venda selecionada. Selecione ao menos uma venda para exportar.');
  await expect(page.getByTestId('sales-export-progress')).toHaveCount(0);

  // Chosen with the keyboard (Space on the row's box) and with a click.
  const box = (n: number) => page.getByRole('checkbox', { name: `Selecionar o pedido ${n}` });
  await box(first.number).focus();
  await page.keyboard.press('Space');
  await box(second.number).click();
  await expect(page.getByTestId('selection-count')).toHaveText('2 vendas selecionadas');
  await expect(page.getByTestId('sales-export-message')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV dos itens' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^vendas-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  const lines = fs.readFileSync((await csv.path())!, 'utf8').split('\r\n');
  expect(lines[0]).toBe('\uFEFFNúmero;Data;Cliente;CPF/CNPJ;Vendedor;Status;Condição de pagamento;Referência;Produto;Quantidade;Preço unitário;Desconto %;Campanha;Total da linha;Cancelado');
  // In the order chosen: a line per item.
  expect(lines[1]).toMatch(new RegExp(`^${first.number};\\d{2}/\\d{2}/\\d{4};${s.clientName};11\\.222\\.333/0001-81;${world.salesman.name};Pendente;`));
  expect(lines[1]).toContain(`;${s.productName};3;24,90;;;74,70;Não`);
  expect(lines[2]).toMatch(new RegExp(`^${second.number};`));

  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF', exact: true }).click();
  await expect(page.getByTestId('sales-export-progress')).toBeVisible();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^vendas-.*\.pdf$/);
  expect(fs.readFileSync((await pdf.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByTestId('sales-export-progress')).toHaveCount(0);
});

test('the detail shows items (a cancelled one, one cut to the stock), totals and installments; the salesman cannot release it (authorizer only); the whole sale, and its payment on the list', async ({ page, world }) => {
  // Two sales' pages, the map's library downloaded, and the list: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const s = await setup(world);
  // Café 3 × 24,90; Açúcar 10 × 5,00 cut to the 2 in stock; a cancelled Café line that counts nowhere.
  const sale = await closedSale(s, [
    { productId: s.shortId, quantity: '10', unitPrice: '5' },
    { productId: s.productId, quantity: '1', unitPrice: '24.9', cancelled: true },
  ]);
  // The client without a phone (another test may have given it one).
  await moveDepot(s, null, null);
  await loginAs(page, world, world.salesman.email, `/sales/${sale.id}`);
  await expect(page.getByRole('heading', { name: `Pedido ${sale.number}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('sale-header').getByRole('link', { name: s.clientName })).toHaveAttribute('href', `/clients/${s.clientId}`);
  await expect(page.getByTestId('sale-header')).toContainText(world.salesman.name);

  const items = page.getByTestId('sale-item');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0).locator('td').first()).toHaveText('1');
  await expect(items.nth(0)).toContainText(s.productName);
  await expect(items.nth(0)).toContainText('R$ 24,90');
  await expect(items.nth(0)).toContainText('R$ 74,70');
  await expect(items.nth(1)).toContainText('2,00 (pedido: 10,00)');
  await expect(items.nth(1)).toContainText('R$ 10,00');
  await expect(items.nth(2)).toContainText('Cancelado');
  await expect(items.nth(2).getByText(s.productName)).toHaveCSS('text-decoration-line', 'line-through');
  await expect(page.getByTestId('sale-total-items')).toContainText('R$ 84,70');
  await expect(page.getByTestId('sale-total')).toContainText('R$ 84,70');
  const installments = page.getByTestId('sale-installment');
  await expect(installments).toHaveCount(2);
  await expect(installments.nth(0)).toContainText('1/2');
  await expect(installments.nth(0)).toContainText('R$ 42,35');
  await expect(installments.nth(1)).toContainText('2/2');
  await expect(page.getByTestId('sale-history')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  // The printed slip (docs/sales.md "The printed slip") at the company's 80 columns: nothing past
  // the width, amounts at the right edge, the cancelled line named, the installments at the end.
  await page.getByRole('button', { name: 'Imprimir' }).click();
  const dialog = page.getByRole('dialog', { name: `Impressão do pedido ${sale.number}` });
  await expect(dialog.getByTestId('sale-slip')).toContainText(`Pedido ${sale.number}`);
  const lines = ((await dialog.getByTestId('sale-slip').textContent()) ?? '').split('\n');
  expect(lines.filter((l) => l.length > 80)).toEqual([]);
  expect(lines.find((l) => l.startsWith(`Pedido ${sale.number} `))).toMatch(/ Data \d\d\/\d\d\/\d{4}$/);
  expect(lines).toContain(`Cliente: ${s.clientName}`);
  expect(lines.filter((l) => l.includes(s.productName)).map((l) => l.replace(/^.* /, ''))).toEqual(['74,70', 'cancelado']);
  expect(lines.find((l) => l.startsWith('Total do pedido'))).toMatch(/ R\$ 84,70$/);
  expect(lines.find((l) => l.startsWith('1/2 '))).toMatch(/ R\$ 42,35$/);
  expect(await seriousViolations(page)).toEqual([]);
  // The .txt for the printer: the same lines in code page 850 (ç 0x87, ú 0xA3), each ended by CR LF, a form feed last.
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Baixar .txt' }).click()]);
  expect(download.suggestedFilename()).toBe(`pedido-${sale.number}.txt`);
  const file = fs.readFileSync((await download.path())!);
  expect(file.includes(Buffer.from([0x41, 0x87, 0xa3, 0x63, 0x61, 0x72]))).toBe(true); // "Açúcar"
  expect(file.toString('latin1').split('\r\n').slice(0, -1)).toEqual(lines.map((l) => [...l].map((c) => (c.charCodeAt(0) < 128 ? c : String.fromCharCode(CP850[c]!))).join('')));
  // Printed, the slip alone: not the page behind, nor the dialog's title and buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('sale-slip')).toBeVisible();
  for (const hidden of [page.getByTestId('sale-header'), page.getByTestId('sale-print-now'), page.getByText(`Impressão do pedido ${sale.number}`)]) await expect(hidden).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The client has no mobile: WhatsApp is offered disabled, with the reason. A browser without the
  // share sheet (a desktop's) says so; the text copy takes the order's message.
  await expect(page.getByTestId('sale-whatsapp')).toBeDisabled();
  await expect(page.getByText('O cliente não tem celular cadastrado: o envio direto pelo WhatsApp fica desativado.', { exact: false })).toBeVisible();
  await page.evaluate(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
  const [sharedInstead] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Compartilhar' }).click()]);
  await expect(page.getByRole('alert').filter({ hasText: 'Seu navegador não permite compartilhar. O arquivo foi baixado' })).toBeVisible();
  // The sale's PDF, downloaded in its place.
  expect(sharedInstead.suggestedFilename()).toMatch(/\.pdf$/);
  expect(fs.readFileSync((await sharedInstead.path())!).subarray(0, 5).toString()).toBe('%PDF-');
  // The page's own "PDF": this sale's PDF, downloaded.
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('group', { name: 'Enviar o pedido' }).getByRole('button', { name: 'PDF', exact: true }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/^vendas-.*\.pdf$/);
  expect(fs.readFileSync((await pdf.path())!).subarray(0, 5).toString()).toBe('%PDF-');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  // The message ends with the sale's delivery link, the one its page shows.
  const deliveryUrl = await page.getByRole('textbox', { name: 'Link para o cliente ou o motorista confirmar a entrega' }).inputValue();
  expect(deliveryUrl).toMatch(/\/sales\/delivery#.{40,}$/);
  await page.getByRole('button', { name: 'Copiar texto' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Texto do pedido copiado.' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`*Pedido ${sale.number}*`);
  expect(copied).toMatch(new RegExp(`\\n~1 x \\S+ ${s.productName}~ \\(cancelado\\)\\n`));
  expect(copied).toContain('*Total do pedido: R$ 84,70*');
  expect(copied.endsWith(`\n\nConfirme a entrega: ${deliveryUrl}`)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  // Where the company turns printing off, the page offers none.
  await setCompanySetting(world, 'sales', 'printEnabled', false);
  try {
    await page.reload();
    await expect(page.getByTestId('sale-header')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Imprimir' })).toHaveCount(0);
  } finally {
    await setCompanySetting(world, 'sales', 'printEnabled', true);
  }

  // Only an authorizer releases and only the back office processes: the salesman is offered the cancel of his pending sale alone.
  const moves = page.getByRole('group', { name: 'Mudar status' });
  await expect(moves.getByRole('button')).toHaveText(['Cancelado']);

  // The whole sale, each section with its values; the company has a maps token: the position on a small map.
  const whole = await wholeSale(s);
  await recordInstallment(s, whole, whole.installments[0]!, true);
  await page.route('https://api.maptiler.com/**', (r) => r.abort());
  await setCompanySetting(world, 'map', 'mapsToken', 'chave-de-teste');
  try {
    await page.goto(`/sales/${whole.id}`);
    await expectWholeSale(page, world, s, whole);
    // The client has a mobile now: the WhatsApp link opens a chat with it, the order's text typed.
    const whatsapp = new URL((await page.getByTestId('sale-whatsapp').getAttribute('href'))!);
    expect(`${whatsapp.origin}${whatsapp.pathname}`).toBe('https://wa.me/5514991234567');
    expect(whatsapp.searchParams.get('text')).toMatch(new RegExp(`^\\*${world.tenant.name}\\*\\n\\*Pedido ${whole.number}\\* · \\d\\d/\\d\\d/\\d{4}\\nCliente: ${s.clientName}\\n`));
    expect(whatsapp.searchParams.get('text')).toContain('Observações: Entregar pela manhã');
    await expect(page.getByTestId('sale-location').getByTestId('route-map')).toBeVisible();
  } finally {
    await setCompanySetting(world, 'map', 'mapsToken', '');
  }
  // A payment recorded on the client shows on the sale and on its list row; a due date passed: overdue.
  await expect(page.getByTestId('sale-payment')).toContainText('Pago em parte');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('main').getByRole('link', { name: 'Vendas', exact: true }).click();
  const row = saleRow(page, whole.number);
  await expect(row.getByTestId('sale-row-payment')).toHaveText('Pago em parte');
  await recordInstallment(s, whole, whole.installments[1]!, false, addDays(whole.orderDate, -1));
  await page.reload();
  await expect(row.getByTestId('sale-row-payment')).toHaveText('Em atraso');
  // The overdue mark reads against its shade (it once had the red text on red, below AA contrast).
  expect(await seriousViolations(page)).toEqual([]);
});

test('the administrator moves a sale to Liberado financeiro, then cancels it with a reason, and deletes a draft', async ({ page, world }) => {
  const s = await setup(world);
  const [sale, d] = await Promise.all([closedSale(s), draft(s)]);
  await loginAs(page, world, world.admin.email, `/sales/${sale.id}`);
  const moves = page.getByRole('group', { name: 'Mudar status' });

  await moves.getByRole('button', { name: 'Liberado financeiro' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(toast(page, 'Pedido alterado para Liberado financeiro.')).toBeVisible();
  await expect(page.getByTestId('sale-header')).toContainText('Liberado financeiro');
  await expect(moves.getByRole('button')).toHaveText(['Em processamento', 'Cancelado', 'Estornado']);

  await moves.getByRole('button', { name: 'Cancelado' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Mudar o pedido para Cancelado?' });
  await dialog.getByLabel('Motivo').fill('Cliente desistiu');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(toast(page, 'Pedido alterado para Cancelado.')).toBeVisible();
  await expect(page.getByTestId('sale-header')).toContainText('Cancelado');
  // Final: no move left; the history tells the way, with the reason.
  await expect(moves).toHaveCount(0);
  const history = page.getByTestId('sale-history');
  await expect(history).toHaveCount(3);
  await expect(history.nth(1)).toContainText('Pendente → Liberado financeiro');
  await expect(history.nth(2)).toContainText('Liberado financeiro → Cancelado');
  await expect(history.nth(2)).toContainText('Motivo: Cliente desistiu');
  await expect(page.getByTestId('sale-installment').filter({ hasText: 'Cancelada' })).toHaveCount(2);

  // A draft: opened from the drafts list, deleted after a confirmation, then the drafts list.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Vendas', exact: true }).click();
  await page.getByRole('radio', { name: 'Rascunhos' }).click();
  await page.getByTestId('sale-row').locator(`a[href="/sales/${d.id}"]`).click();
  await expect(page).toHaveURL(`/sales/${d.id}`);
  await expect(page.getByRole('heading', { name: 'Rascunho', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Excluir rascunho' }).click();
  await page.getByRole('alertdialog', { name: 'Excluir este rascunho?' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, 'Rascunho do pedido excluído.')).toBeVisible();
  await expect(page).toHaveURL(/\/sales\?tab=drafts$/);
  await expect(page.locator(`a[href="/sales/${d.id}"]`)).toHaveCount(0);
  expect((await call('GET', `/api/sales/${d.id}`, { token: s.admin })).status).toBe(404);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the list shows cards, the whole sale reads at phone width, and the client page has its "Vendas" tab', async ({ page, world }) => {
    test.setTimeout(90_000);
    const s = await setup(world);
    const sale = await closedSale(s);
    await loginAs(page, world, world.salesman.email, '/sales');
    const card = page.getByTestId('sale-card').filter({ hasText: `Pedido ${sale.number}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText('R$ 74,70');
    await expect(page.getByTestId('sale-row').first()).toBeHidden();
    await expect(card.getByTestId('sale-row-payment')).toHaveText('Em aberto');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);

    // The whole sale at phone width: every section with its values, the items and installments as cards, nothing wider than the screen.
    const whole = await wholeSale(s);
    await page.goto(`/sales/${whole.id}`);
    await expectWholeSale(page, world, s, whole);
    // The client has a mobile now: the WhatsApp link opens a chat with it, the order's text typed.
    const whatsapp = new URL((await page.getByTestId('sale-whatsapp').getAttribute('href'))!);
    expect(`${whatsapp.origin}${whatsapp.pathname}`).toBe('https://wa.me/5514991234567');
    expect(whatsapp.searchParams.get('text')).toMatch(new RegExp(`^\\*${world.tenant.name}\\*\\n\\*Pedido ${whole.number}\\* · \\d\\d/\\d\\d/\\d{4}\\nCliente: ${s.clientName}\\n`));
    expect(whatsapp.searchParams.get('text')).toContain('Observações: Entregar pela manhã');
    await expect(page.getByTestId('sale-item').locator('td')).toHaveCount(0);
    await expect(page.getByTestId('sale-location').getByTestId('route-map')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
    // Its printed slip on a phone: 80 columns scroll sideways inside their own box, the page does not.
    await page.getByRole('button', { name: 'Imprimir' }).click();
    const slip = page.getByRole('dialog', { name: `Impressão do pedido ${whole.number}` }).getByTestId('sale-slip');
    await expect(slip).toContainText(`Pedido ${whole.number}`);
    expect(await slip.evaluate((el) => [el.scrollWidth > el.clientWidth, el.getBoundingClientRect().right <= 375])).toEqual([true, true]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Fechar' }).last().click();
    await page.goBack();

    // The client's page, from the sale's header.
    await card.click();
    await expect(page.getByRole('heading', { name: `Pedido ${sale.number}`, level: 1 })).toBeVisible();
    await page.getByTestId('sale-header').getByRole('link', { name: s.clientName }).click();
    await expect(page).toHaveURL(`/clients/${s.clientId}`);
    await page.getByRole('tab', { name: 'Vendas' }).click();
    const link = page.getByTestId('client-sales').getByRole('link', { name: new RegExp(`Pedido ${sale.number}\\b`) });
    await expect(link).toHaveAttribute('href', `/sales/${sale.id}`);
    await link.click();
    await expect(page.getByRole('heading', { name: `Pedido ${sale.number}`, level: 1 })).toBeVisible();
  });
});

for (const [label, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['375 px', { width: 375, height: 800 }],
] as const) {
  test.describe(`${label}: a draft closed in the entry`, () => {
    test.use({ viewport, geolocation: { latitude: -22.3, longitude: -49.06, accuracy: 20 }, permissions: ['geolocation'] });

    test('leaves "Rascunhos" at once and after a reload, and stays out of it once completed', async ({ page, world }) => {
      test.setTimeout(120_000);
      const s = await setup(world);
      // Typed a minute before the close, as a user does (a draft's place in the list is its last change).
      Clock.set(() => Date.now() - 60_000);
      const d = await draft(s).finally(() => Clock.reset());
      // The sale in the list: its row's link (desktop) or its card (phone); none at all once closed.
      const drafted = (p: Page) => p.locator(`a[href="/sales/${d.id}"]`);
      const shown = (p: Page) => (viewport.width < 1024 ? p.locator(`[data-testid="sale-card"][href="/sales/${d.id}"]`) : p.getByTestId('sale-row').filter({ has: drafted(p) }));
      await loginAs(page, world, world.salesman.email, '/sales?tab=drafts');
      // A worker's first load of the app on a busy machine may take longer than an assertion waits.
      await expect(page.getByRole('heading', { name: 'Vendas', level: 1 })).toBeVisible({ timeout: 20_000 });
      await expect(shown(page)).toContainText('Em digitação');

      // Opened from the drafts and closed in the entry.
      await drafted(page).filter({ visible: true }).click();
      await expect(page).toHaveURL(`/sales/${d.id}`);
      await page.getByRole('link', { name: 'Continuar a digitação' }).click();
      await expect(page).toHaveURL(`/sales/create/${d.id}`);
      await page.getByRole('button', { name: 'Fechar pedido' }).click();
      await expect(page).toHaveURL(`/sales/${d.id}`, { timeout: 15_000 });
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/Pedido \d+/);

      // The drafts list, back from the sale in the app (the list it had read) and after a reload: not there.
      await page.getByRole('main').getByRole('link', { name: 'Vendas', exact: true }).click();
      await page.getByRole('radio', { name: 'Rascunhos' }).click();
      await expect(page).toHaveURL(/tab=drafts/);
      await expect(page.getByRole('heading', { name: 'Vendas', level: 1 })).toBeVisible();
      await expect(drafted(page)).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('radio', { name: 'Rascunhos' })).toBeChecked();
      await expect(drafted(page)).toHaveCount(0);

      // Taken to completed by the office: still no draft, and an order "Concluído" under "Pedidos".
      let sale = (await call('GET', `/api/sales/${d.id}`, { token: s.admin })).body as { version: number; number: number };
      for (const to of ['processing', 'receipt', 'delivered', 'completed']) {
        const moved = await call('POST', `/api/sales/${d.id}/status`, { token: s.admin, body: { version: sale.version, to } });
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
        sale = moved.body;
      }
      await page.reload();
      await expect(page.getByRole('radio', { name: 'Rascunhos' })).toBeChecked();
      await expect(drafted(page)).toHaveCount(0);
      await page.getByRole('radio', { name: 'Pedidos' }).click();
      await expect(shown(page)).toContainText('Concluído', { timeout: 15_000 });
      await expect(shown(page)).toContainText(String(sale.number));
    });
  });
}

for (const [label, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['375 px', { width: 375, height: 800 }],
] as const) {
  test.describe(`${label}: who moves a sale`, () => {
    test.use({ viewport });

    test('a salesman sees no move he may not make; a refusal names the statuses in the user’s language', async ({ page, world, baseURL }) => {
      const s = await setup(world);
      const [mine, worked] = await Promise.all([closedSale(s), closedSale(s)]);
      const processing = await call('POST', `/api/sales/${worked.id}/status`, { token: s.admin, body: { version: (await call('GET', `/api/sales/${worked.id}`, { token: s.admin })).body.version, to: 'processing' } });
      expect(processing.status, JSON.stringify(processing.body)).toBe(200);

      // His own pending sale: the cancel alone (no release, no processing).
      await loginAs(page, world, world.salesman.email, `/sales/${mine.id}`);
      await expect(page.getByRole('heading', { name: `Pedido ${mine.number}`, level: 1 })).toBeVisible();
      const moves = page.getByRole('group', { name: 'Mudar status' });
      await expect(moves.getByRole('button')).toHaveText(['Cancelado']);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await seriousViolations(page)).toEqual([]);
      // Once the back office has it: no move at all.
      await page.goto(`/sales/${worked.id}`);
      await expect(page.getByTestId('sale-header')).toContainText('Em processamento');
      await expect(moves).toHaveCount(0);

      // A clerk on a copy of the salesman's profile, in English, whose cancel is taken away while the page is open.
      const t = tag();
      const profile = await call('POST', '/api/profiles', { token: s.admin, body: { name: `Balcão ${t}`, preset: 'salesman' } });
      expect(profile.status, JSON.stringify(profile.body)).toBe(201);
      const clerk = await Provisioning.addUser(world.tenant.id, { email: `balcao-${t.toLowerCase()}@${world.domain}`, password: PASSWORD, name: `Bia Balcão ${t}`, profileId: profile.body.id, branchIds: world.branches.map((b) => b.id) });
      const another = await closedSale(s);
      await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL! }]);
      await loginAs(page, world, clerk.email, `/sales/${another.id}`);
      const englishMoves = page.getByRole('group', { name: 'Change status' });
      await expect(englishMoves.getByRole('button')).toHaveText(['Cancelled']);
      const rules = (profile.body.rules as { action: string | string[]; subject: string | string[] }[]).filter((r) => r.action !== 'cancelPending');
      const saved = await call('PUT', `/api/profiles/${profile.body.id}`, { token: s.admin, body: { name: profile.body.name, rules, financialReleaseAuthorizer: false, version: profile.body.version } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      await englishMoves.getByRole('button', { name: 'Cancelled' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByRole('textbox').fill('Client gave up');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Your profile does not allow moving the order from "Pending" to "Cancelled". If you need to, ask your manager.' })).toBeVisible();
      await expect(page.getByTestId('sale-header')).toContainText('Pending');
    });
  });

  test.describe(`${label}: the list filtered from the URL`, () => {
    test.use({ viewport });

    test('by client and salesman: only their sales, newest first, with the filtered set’s count and total; the server sorts by total', async ({ page, world }) => {
      test.setTimeout(120_000);
      const s = await setup(world);
      // A client without a salesman: the administrator's orders name theirs (one for each salesman).
      const t = tag();
      const client = await poster(s.admin)('/api/clients', { name: `Empório ${t}`, nickname: `Empório ${t}`, email: `emporio${t.toLowerCase()}@exemplo.com.br`, document: cpf.generate(), birthDate: '1985-03-03' });
      const sell = async (salesmanId: string, quantity: string) => {
        const d = await call('POST', '/api/sales', {
          token: s.admin,
          body: { clientId: client.id, salesmanId, natureId: s.natureId, paymentConditionId: s.conditionId, paymentType: 'boleto', transport: { costing: 1 }, items: [{ productId: s.productId, quantity, unitPrice: '24.9' }] },
        });
        expect(d.status, JSON.stringify(d.body)).toBe(201);
        const res = await call('POST', `/api/sales/${d.body.id}/close`, { token: s.admin, body: { version: d.body.version, geolocation: here } });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body as { id: string; number: number };
      };
      const small = await sell(world.salesman.id, '3');
      const large = await sell(world.salesman.id, '5');
      const others = await sell(world.otherSalesman.id, '1');

      await loginAs(page, world, world.admin.email, `/sales?clientId=${client.id}&salesmanId=${world.salesman.id}`);
      await expect(page.getByRole('heading', { name: 'Vendas', level: 1 })).toBeVisible({ timeout: 20_000 });
      // The filters read from the URL show their records' names.
      await expect(page.locator('#sales-clientId')).toContainText(`Empório ${t}`);
      await expect(page.locator('#sales-salesmanId')).toContainText('Vera Vendedora');
      const phone = viewport.width < 1024;
      const shown = phone ? page.getByTestId('sale-card') : page.getByTestId('sale-row');
      const numbers = async () => (await shown.allInnerTexts()).map((text) => Number(/(\d+)/.exec(text)![1]));
      await expect(shown).toHaveCount(2);
      expect(await numbers()).toEqual([large.number, small.number]);
      await expect(page.locator(`a[href="/sales/${others.id}"]`)).toHaveCount(0);
      await expect(page.getByTestId('sales-totals')).toContainText('2 pedidos · R$ 199,20');
      if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);

      // The other salesman's, from the URL too.
      await page.goto(`/sales?clientId=${client.id}&salesmanId=${world.otherSalesman.id}`);
      await expect(shown).toHaveCount(1);
      await expect(page.getByTestId('sales-totals')).toContainText('1 pedido · R$ 24,90');

      if (!phone) {
        // Sorted by total by the server: the highest first, then the lowest, kept in the URL.
        await page.goto(`/sales?clientId=${client.id}`);
        await expect(shown).toHaveCount(3);
        await page.getByRole('columnheader', { name: 'Total' }).getByRole('button').click();
        await expect(page).toHaveURL(/sort=-total/);
        await expect.poll(numbers).toEqual([large.number, small.number, others.number]);
        await page.getByRole('columnheader', { name: 'Total' }).getByRole('button').click();
        await expect(page).toHaveURL(/sort=total/);
        await expect.poll(numbers).toEqual([others.number, small.number, large.number]);
      }
    });
  });
}
