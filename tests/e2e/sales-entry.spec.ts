import type { Locator, Page } from '@playwright/test';
import { call, poster, setCompanySetting, type World } from '../../functions/src/testing/world';
import { expect, loginAs, PASSWORD, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * The order entry (/sales/create/{id?}, issue 13; the phone path, issue 39 item 9): from home, a
 * salesman takes a five-product order in the taps counted in docs/sales.md (a barcode line, one
 * below its minimum: the spec's error; one short of stock: the warning answered on the line),
 * reloads mid-way and finds his draft with its stock and warnings, closes it and sees the sale with
 * its installments; a free order at phone width (a product twice: the spec's question; a line
 * removed and undone); cloning a sale into a new draft.
 */
test.use({ geolocation: { latitude: -22.3, longitude: -49.06, accuracy: 20 }, permissions: ['geolocation'] });

const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

interface Setup {
  clientName: string;
  /** The client's own price table. */
  table: string;
  coffee: string;
  coffeeBarcode: string;
  sugar: string;
  oil: string;
  /** Sold in bales: its unit and package beside its name. */
  beans: string;
  rice: string;
  riceRef: string;
  condition: string;
}

/** An EAN-13 from its first 12 digits: the check digit of GS1 (weights 1 and 3). */
function ean13(twelve: string): string {
  const sum = [...twelve].reduce((acc, d, i) => acc + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

/** A CNPJ from its first 12 digits, with its two check digits (weights of the Receita Federal). */
function cnpj(twelve: string): string {
  const digit = (base: string) => {
    const weights = base.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const rest = [...base].reduce((acc, d, i) => acc + Number(d) * weights[i]!, 0) % 11;
    return rest < 2 ? '0' : String(11 - rest);
  };
  const first = twelve + digit(twelve);
  return first + digit(first);
}

/** What one walk needs, its own (the short product's stock is used up by a close): registries, three products, a complete client. */
async function setup(world: World): Promise<Setup> {
  // Prices typed by the salesman (so a price below the minimum can be typed at all).
  await setCompanySetting(world, 'sales', 'blockPriceChange', false);
  const admin = (await world.login(world.admin.email)).accessToken;
  const post = poster(admin);
  const t = tag();
  const [unit, condition, table] = await Promise.all([
    post('/api/units', { name: `UN ${t}` }),
    post('/api/payments-conditions', { name: `28/56 ${t}`, terms: ['028', '056'] }),
    // The client's own table (not a default one: other files of this worker's company keep theirs).
    post('/api/price-tables', { name: `Empório ${t}` }),
  ]);
  const product = async (name: string, ref: string, price: string, stock: string, extra: Record<string, unknown> = {}) => {
    const p = await post('/api/products', { ref, name, unitId: unit.id, ...extra });
    expect((await call('PUT', `/api/products/${p.id}/prices/${table.id}`, { token: admin, body: { price } })).status).toBe(200);
    await post('/api/inventory/movements', { productId: p.id, branchId: world.branches[0]!.id, kind: 'adjustment', quantity: stock, reason: 'Contagem inicial' });
    return p.id as string;
  };
  const coffeeBarcode = ean13(`789${Math.floor(Math.random() * 1e9).toString().padStart(9, '0')}`);
  const [coffee, sugar, oil] = [`Café Torrado ${t}`, `Açúcar Cristal ${t}`, `Óleo de Soja ${t}`];
  const [beans, rice] = [`Feijão Carioca ${t}`, `Arroz Agulhinha ${t}`];
  await Promise.all([
    product(coffee, `CF-${t}`, '24.9', '500', { barcode: coffeeBarcode }),
    product(sugar, `AC-${t}`, '5', '2'),
    product(oil, `OL-${t}`, '9.5', '300', { minimumPrice: '9' }),
    product(beans, `FJ-${t}`, '79.9', '40', { package: 'FD 10X1KG' }),
    product(rice, `AR-${t}`, '31.92', '80'),
  ]);
  const clientName = `Empório ${t} Ltda`;
  // The client's own payment condition: the order's data follows from him.
  await post('/api/clients', { name: clientName, nickname: 'Empório', email: 'compras@emporio.com.br', document: cnpj(`${Math.floor(Math.random() * 1e8).toString().padStart(8, '0')}0001`), birthDate: '1990-05-05', salesmanId: world.salesman.id, priceTableId: table.id, paymentConditionIds: [condition.id] });
  return { clientName, table: table.id, coffee, coffeeBarcode, sugar, oil, beans, rice, riceRef: `AR-${t}`, condition: condition.id };
}

/**
 * The taps (clicks) a walk makes, counted: every press of the walk goes through `tap`; typing and a
 * scanner's Enter are not taps.
 */
function tapCounter() {
  let count = 0;
  return {
    async tap(target: Locator) {
      count += 1;
      await target.click();
    },
    get count() {
      return count;
    },
  };
}

async function chooseClient(page: Page, name: string, taps = tapCounter()) {
  await taps.tap(page.getByRole('combobox', { name: 'Cliente' }));
  await page.getByRole('combobox', { name: /Buscar por nome/ }).fill(name.split(' ')[1]!);
  await taps.tap(page.getByRole('option', { name: new RegExp(name) }));
  await expect(page.getByTestId('entry-client-info')).toContainText(name);
}

async function addProduct(page: Page, term: string, optionName?: string, taps = tapCounter()) {
  const search = page.getByRole('combobox', { name: 'Adicionar produto' });
  await search.fill(term);
  if (optionName) await taps.tap(page.getByRole('option', { name: new RegExp(optionName) }));
  else await search.press('Enter');
}

/** The order's data, folded once the client is chosen, opened to change a field. */
async function openOrderData(page: Page) {
  await page.getByRole('button', { name: 'Alterar dados do pedido' }).click();
}

const lines = (page: Page) => page.getByTestId('entry-line');

for (const [label, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['375 px', { width: 375, height: 800 }],
] as const) {
  test(`${label}: from home, a five-product order in at most 8 taps: a barcode line, a price below the minimum, short stock answered on the line, a reload keeping stock and warnings, the close and its installments`, async ({ page, world }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    const s = await setup(world);
    const taps = tapCounter();
    await loginAs(page, world, world.salesman.email, '/home');
    await taps.tap(page.getByRole('link', { name: 'Novo pedido' }));
    await expect(page.getByRole('heading', { name: 'Novo pedido' })).toBeVisible();
    await chooseClient(page, s.clientName, taps);
    // The order's data follows from the client: folded into a summary, the products next.
    await expect(page.getByTestId('entry-order-summary')).toContainText('28/56');
    await expect(page.getByLabel('Condição de pagamento')).toHaveCount(0);
    const search = page.getByRole('combobox', { name: 'Adicionar produto' });
    // In sight at once, clear of the bottom bar.
    const [searchBox, barTop] = [await search.boundingBox(), (await page.getByTestId('entry-bar').boundingBox())!.y];
    expect(searchBox!.y + searchBox!.height).toBeLessThanOrEqual(barTop);
    // Nothing floats over the fields at phone width: the customizer's side button is not on this page.
    if (viewport.width < 640) await expect(page.getByTestId('customizer-button')).toBeHidden();

    // A barcode scanner: the code and Enter put the product on the order, say so, and leave the focus in the search.
    await addProduct(page, s.coffeeBarcode);
    await expect(lines(page)).toHaveCount(1);
    await expect(page.getByTestId('entry-notice')).toHaveText(`${s.coffee} adicionado ao pedido (item 1).`);
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('');
    await expect(lines(page).first()).toBeInViewport();
    // The unit price in the Brazilian format, at the branch's decimals.
    await expect(lines(page).first().getByLabel('Preço unitário')).toHaveValue('24,90');

    // Below the minimum: the spec's text on the line.
    await addProduct(page, s.oil, s.oil, taps);
    const oil = lines(page).nth(1);
    await oil.getByLabel('Preço unitário').fill('8,50');
    await expect(oil).toContainText('O preço inserido está abaixo do mínimo permitido.');
    await oil.getByLabel('Preço unitário').fill('9,50');
    await expect(oil).not.toContainText('abaixo do mínimo');

    // Short of stock (its reference and Enter): a warning with what is available.
    await addProduct(page, `AC-${s.sugar.split(' ').pop()}`);
    const sugar = lines(page).nth(2);
    await expect(sugar).toContainText(s.sugar);
    await sugar.getByLabel('Quantidade').fill('10');
    await expect(sugar.getByTestId('stock-note')).toContainText('disponível 2');

    // A bale: its unit and package beside its name, in the search and on the line.
    await addProduct(page, s.beans, s.beans, taps);
    const beans = lines(page).nth(3);
    await expect(beans.getByTestId('line-unit')).toContainText('FD 10X1KG');
    await expect(beans.getByLabel('Preço unitário')).toHaveValue('79,90');

    // Totals follow every change, in the bar always in reach: 24,90 + 9,50 + 10 × 5,00 + 79,90 = 164,30.
    await expect(page.getByTestId('entry-total')).toContainText('164,30');
    await expect(page.getByTestId('entry-bar-total')).toHaveText('R$ 164,30');
    await expect(page.getByTestId('entry-bar')).toBeInViewport();
    await expect(page.getByTestId('save-state')).toHaveText('Rascunho salvo', { timeout: 10_000 });
    await expect(page).toHaveURL(/\/sales\/create\/[0-9a-f-]{36}$/);

    // A reload mid-way finds the draft, every line in its order, with its stock and warnings.
    await page.reload();
    await expect(lines(page)).toHaveCount(4);
    await expect(lines(page).nth(2).getByLabel('Quantidade')).toHaveValue('10');
    await expect(lines(page).nth(2).getByTestId('stock-note')).toContainText('disponível 2');
    await expect(lines(page).nth(2).getByTestId('line-stock')).toContainText('Estoque: 2');
    await expect(lines(page).nth(3).getByTestId('line-unit')).toContainText('FD 10X1KG');
    await expect(lines(page).nth(1).getByLabel('Preço unitário')).toHaveValue('9,50');
    await expect(page.getByTestId('entry-total')).toContainText('164,30');
    // No text cut at phone width: nothing wider than the screen, no text of a line clipped.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    if (viewport.width < 640) expect(await lines(page).locator('p, span, label').evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().width > 1 && e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent))).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // The fifth product, priced '31,92' (never '31.92').
    await addProduct(page, s.rice, s.rice, taps);
    await expect(lines(page)).toHaveCount(5);
    await expect(lines(page).nth(4).getByLabel('Preço unitário')).toHaveValue('31,92');

    // The stock question answered on the line: take the 2 available.
    await taps.tap(lines(page).nth(2).getByRole('button', { name: 'Usar o disponível (2)' }));
    await expect(lines(page).nth(2).getByLabel('Quantidade')).toHaveValue('2');
    await expect(lines(page).nth(2).getByTestId('stock-note')).toHaveCount(0);
    // 24,90 + 9,50 + 2 × 5,00 + 79,90 + 31,92 = 156,22.
    await expect(page.getByTestId('entry-bar-total')).toHaveText('R$ 156,22');
    // The scroll-to-top button floats above the bar, never over the total or the close.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const up = page.getByRole('button', { name: 'Voltar ao topo' });
    await expect(up).toBeVisible();
    const [upBox, barBox] = [await up.boundingBox(), await page.getByTestId('entry-bar').boundingBox()];
    expect(upBox!.y + upBox!.height).toBeLessThanOrEqual(barBox!.y);

    await taps.tap(page.getByRole('button', { name: 'Fechar pedido' }));
    await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Pedido \d+/);
    await expect(page.getByTestId('sale-installment')).toHaveCount(2);
    await expect(page.getByText('156,22').first()).toBeVisible();
    // Home, the client (open, choose), three products chosen from the list, the stock answer, the close (docs/sales.md).
    expect(taps.count).toBeLessThanOrEqual(8);
    expect(taps.count).toBe(8);
  });
}

test('at phone width: a free order takes no payment; a closed sale is copied into a new draft, which suggests the client’s usual products with their last price and keeps its extra data', async ({ page, world }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const s = await setup(world);
  // The company suggests products and shows the last price (both off by default).
  await setCompanySetting(world, 'sales', 'suggestProducts', true);
  await setCompanySetting(world, 'further', 'lastPrice', true);
  await loginAs(page, world, world.salesman.email, '/sales/create');
  await chooseClient(page, s.clientName);
  // A new client has bought nothing: nothing to suggest.
  await expect(page.getByTestId('entry-suggestions')).toHaveCount(0);
  await openOrderData(page);
  await page.getByLabel('Situação').selectOption('free');
  await expect(page.getByLabel('Condição de pagamento')).toBeDisabled();
  await expect(page.getByLabel('Forma de pagamento')).toBeDisabled();
  await addProduct(page, s.coffeeBarcode);
  await expect(lines(page)).toHaveCount(1);
  // The same product again: the spec's question; yes adds a second line, which is removed and brought back.
  await addProduct(page, s.coffeeBarcode);
  await expect(page.getByRole('alertdialog')).toContainText('Produto já lançado no pedido. Deseja adicionar novamente?');
  await page.getByRole('button', { name: 'Adicionar novamente' }).click();
  await expect(lines(page)).toHaveCount(2);
  await lines(page).nth(1).getByRole('button', { name: `Remover ${s.coffee}` }).click();
  await expect(lines(page)).toHaveCount(1);
  await expect(page.getByTestId('entry-notice')).toHaveText(`${s.coffee} removido do pedido.`);
  await page.getByRole('button', { name: 'Desfazer' }).click();
  await expect(lines(page)).toHaveCount(2);
  await lines(page).nth(1).getByRole('button', { name: `Remover ${s.coffee}` }).click();
  await expect(lines(page)).toHaveCount(1);
  await addProduct(page, s.oil, s.oil);
  await expect(lines(page)).toHaveCount(2);
  await expect(lines(page).first().getByLabel('Desconto (%)')).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Fechar pedido' }).click();
  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Pedido \d+/);
  await expect(page.getByTestId('sale-installment')).toHaveCount(0);

  await page.getByRole('button', { name: 'Copiar pedido' }).click();
  await expect(page).toHaveURL(/\/sales\/create\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Pedido em digitação' })).toBeVisible();
  await expect(lines(page)).toHaveCount(2);
  await expect(lines(page).first()).toContainText(s.coffee);
  // The last price the client paid, and when (today, in the company's calendar).
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  await expect(lines(page).first().getByTestId('last-price')).toHaveText(`Último preço: R$ 24,90 em ${today}`);

  // A product of the last order taken off is suggested again, and one press puts it back.
  await page.getByRole('button', { name: `Remover ${s.oil}` }).click();
  await expect(lines(page)).toHaveCount(1);
  const suggestions = page.getByTestId('entry-suggestions');
  await expect(suggestions).toContainText(s.oil);
  await expect(suggestions).toContainText('em 1 pedido');
  await page.getByRole('button', { name: `Adicionar ${s.oil} ao pedido` }).click();
  await expect(lines(page)).toHaveCount(2);
  await expect(page.getByTestId('entry-suggestions')).toHaveCount(0);

  // Extra data (in the order's data, folded): a value without a name says so; named, it is saved with the draft.
  await openOrderData(page);
  await page.getByRole('button', { name: 'Adicionar campo' }).click();
  await page.getByLabel('Valor do campo 1', { exact: true }).fill('OC-4471');
  await expect(page.getByText('Informe o nome do campo: sem ele, o valor não é salvo.')).toBeVisible();
  await page.getByLabel('Nome do campo 1', { exact: true }).fill('Pedido de compra');
  await expect(page.getByText('Informe o nome do campo')).toHaveCount(0);
  await expect(page.getByTestId('save-state')).toHaveText('Rascunho salvo', { timeout: 10_000 });
  await page.reload();
  await openOrderData(page);
  await expect(page.getByLabel('Nome do campo 1', { exact: true })).toHaveValue('Pedido de compra');
  await expect(page.getByLabel('Valor do campo 1', { exact: true })).toHaveValue('OC-4471');
  expect(await seriousViolations(page)).toEqual([]);
  await setCompanySetting(world, 'sales', 'suggestProducts', false);
  await setCompanySetting(world, 'further', 'lastPrice', false);
});

test('an incomplete client is completed in place; where the company uses password authorization, a price below the minimum closes with an authorizer’s e-mail and password', async ({ page, world }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const s = await setup(world);
  await setCompanySetting(world, 'further', 'passwordAuthorization', true);
  // A client registered without e-mail and CNPJ: the entry asks for them in place, before the close.
  const incomplete = `Mercadinho ${tag()} Ltda`;
  await poster((await world.login(world.admin.email)).accessToken)('/api/clients', { name: incomplete, birthDate: '1988-02-20', salesmanId: world.salesman.id, priceTableId: s.table });
  await loginAs(page, world, world.salesman.email, '/sales/create');
  await chooseClient(page, incomplete);
  const complete = page.getByRole('form', { name: /Complete o cadastro do cliente/ });
  await expect(complete).toBeVisible();
  await complete.getByLabel('Apelido/Nome fantasia').fill('Mercadinho');
  await complete.getByLabel('E-mail').fill('nao-e-email');
  await complete.getByLabel('CPF/CNPJ').fill(cnpj(`${Math.floor(Math.random() * 1e8).toString().padStart(8, '0')}0001`));
  await complete.getByRole('button', { name: 'Salvar o cadastro' }).click();
  // The client's own validation, on the field; what was typed stays.
  await expect(complete.getByText('Informe um e-mail válido.')).toBeVisible();
  await expect(complete.getByLabel('Apelido/Nome fantasia')).toHaveValue('Mercadinho');
  await complete.getByLabel('E-mail').fill('compras@mercadinho.com.br');
  await complete.getByRole('button', { name: 'Salvar o cadastro' }).click();
  await expect(page.getByText('Cadastro do cliente atualizado.')).toBeVisible();
  await expect(complete).toHaveCount(0);
  await addProduct(page, s.oil, s.oil);
  await lines(page).first().getByLabel('Preço unitário').fill('8,50');
  await expect(lines(page).first()).toContainText('Ao fechar, será pedida a senha de um autorizador.');
  await openOrderData(page);
  await page.getByLabel('Condição de pagamento').selectOption(s.condition);
  await page.getByRole('button', { name: 'Fechar pedido' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('O preço inserido está abaixo do mínimo permitido.');
  // A wrong password is refused with its text, and nothing closes.
  await ask.getByLabel('E-mail do autorizador').fill(world.admin.email);
  await ask.getByLabel('Senha do autorizador').fill('senha-errada-1');
  await ask.getByRole('button', { name: 'Autorizar e fechar' }).click();
  await expect(page.getByText('Senha do autorizador incorreta, ou o usuário não é autorizador da liberação financeira.')).toBeVisible();
  await page.getByRole('button', { name: 'Fechar pedido' }).click();
  await page.getByRole('alertdialog').getByLabel('Senha do autorizador').fill(PASSWORD);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Autorizar e fechar' }).click();
  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Pedido \d+/);
  // The sale's page says who authorized the price below the minimum, and with what profile.
  const authorizer = page.getByTestId('sale-authorizer');
  await expect(authorizer).toContainText(world.admin.name);
  await expect(authorizer).toContainText('Administrador');
});

test.describe('without the location allowed', () => {
  test.use({ permissions: [] });

  test('the sale type offers only active sale natures; the vehicle is chosen; where the company does not require the location the order closes without it, saying so', async ({ page, world }) => {
    test.setTimeout(60_000);
    const s = await setup(world);
    const admin = (await world.login(world.admin.email)).accessToken;
    const post = poster(admin);
    const t = tag();
    const [, , , truck] = await Promise.all([
      post('/api/natures', { name: `Venda ${t}`, cfop: '5102', financialMovement: true }),
      post('/api/natures', { name: `Compra ${t}`, cfop: '1102', financialMovement: true }),
      post('/api/natures', { name: `Antiga ${t}`, cfop: '5102', financialMovement: true, status: 'inactive' }),
      post('/api/vehicles', { plate: `BRA${Math.floor(Math.random() * 10)}E${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`, name: `Baú ${t}` }),
    ]);
    await loginAs(page, world, world.salesman.email, '/sales/create');
    await chooseClient(page, s.clientName);
    await openOrderData(page);
    const nature = page.getByLabel('Tipo de venda');
    await expect(nature.locator('option', { hasText: `Venda ${t}` })).toHaveCount(1);
    await expect(nature.locator('option', { hasText: `Compra ${t}` })).toHaveCount(0);
    await expect(nature.locator('option', { hasText: `Antiga ${t}` })).toHaveCount(0);
    await nature.selectOption({ label: `Venda ${t}` });
    await page.getByLabel('Veículo').selectOption(truck.id);
    await addProduct(page, s.coffeeBarcode);
    await expect(page.getByTestId('save-state')).toHaveText('Rascunho salvo', { timeout: 10_000 });

    await page.getByRole('button', { name: 'Fechar pedido' }).click();
    await expect(page.getByText(/o registro segue sem ela/)).toBeVisible();
    await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    const id = page.url().split('/').pop()!;
    const sale = (await call('GET', `/api/sales/${id}`, { token: admin })).body;
    expect(sale.geolocation).toBeNull();
    expect(sale.transport.vehicleId).toBe(truck.id);
  });
});
