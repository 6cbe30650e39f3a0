import { call } from '../../functions/src/testing/world';
import { expectNoPortuguese } from './english-helpers';
import { expect, keepPortuguese, loginAs, test } from './fixtures';

// The administrator's English is kept with it: back to Portuguese for the worker's other tests.
test.afterEach(async ({ world }) => keepPortuguese(world, world.admin.email));

/**
 * In English, the forms' messages and the sales' pages show no text of the Portuguese catalogues
 * (english-helpers.ts; the menu's every screen is walked in English by a11y-menu.spec.ts at phone
 * width). The company is the test's own (no demo records), so what shows is the interface, plus
 * the records these tests make.
 */

test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ mode: 'serial' });

test("in English, the client form's validation messages are English", async ({ page, world }) => {
  await loginAs(page, world, world.admin.email, '/home');
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Clients', exact: true }).click();
  await page.getByRole('link', { name: 'New client' }).click();
  await expect(page).toHaveURL('/clients/new');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The field Name/Company name is required.')).toBeVisible();
  await expectNoPortuguese(page, '/clients/new, empty');

  await page.getByLabel(/^Name\/Company name/).fill('Cliente E2E');
  await page.getByRole('tab', { name: /Contacts/ }).click();
  await page.getByLabel(/^Phone 1/).fill('12');
  await page.getByLabel(/^E-mail/).first().fill('nao-e-email');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('tab', { name: /Contacts/ }).click();
  await expect(page.getByText('Enter the phone with the area code: 10 or 11 digits.')).toBeVisible();
  await expect(page.getByText('Enter a valid e-mail.')).toBeVisible();
  await expectNoPortuguese(page, '/clients/new, invalid');
});

test('in English, the order entry, the sales list and a sale’s page show no Portuguese; a product’s reason and a refused close’s stock reason are English', async ({ page, world }) => {
  test.setTimeout(90_000);
  const { accessToken: admin } = await world.login(world.admin.email);
  const post = async (path: string, body: unknown) => {
    const res = await call('POST', path, { token: admin, body });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
    return res.body as { id: string; version: number };
  };
  const t = Math.random().toString(36).slice(2, 7).toUpperCase();
  const [unit, condition, table] = await Promise.all([
    post('/api/units', { name: `UN ${t}` }),
    post('/api/payments-conditions', { name: `30/60 ${t}`, terms: ['030', '060'] }),
    post('/api/price-tables', { name: `English ${t}` }),
  ]);
  const product = async (name: string, stock: string, status = 'active') => {
    const p = await post('/api/products', { ref: `${name.slice(0, 3).toUpperCase()}-${t}`, name, unitId: unit.id, status });
    expect((await call('PUT', `/api/products/${p.id}/prices/${table.id}`, { token: admin, body: { price: '12.5' } })).status).toBe(200);
    if (stock !== '0') await post('/api/inventory/movements', { productId: p.id, branchId: world.branches[0]!.id, kind: 'adjustment', quantity: stock, reason: 'Contagem' });
    return p.id;
  };
  const coffee = await product(`Coffee ${t}`, '0');
  await product(`Rice ${t}`, '10', 'inactive');
  // A complete client (name, nickname, e-mail and a CPF with its check digits), so the close reaches the stock.
  const cpf = (nine: string) => {
    const digit = (base: string) => ((base.split('').reduce((acc, d, i) => acc + Number(d) * (base.length + 1 - i), 0) * 10) % 11) % 10;
    const first = nine + digit(nine);
    return first + digit(first);
  };
  const document = cpf(String(100_000_000 + Math.floor(Math.random() * 800_000_000)));
  const client = await post('/api/clients', { name: `Grocer ${t} Ltd`, nickname: 'Grocer', email: 'buyer@grocer.com.br', document, birthDate: '1990-05-05', salesmanId: world.salesman.id, priceTableId: table.id });
  const draft = await post('/api/sales', { clientId: client.id, salesmanId: world.salesman.id, paymentConditionId: condition.id, paymentType: 'boleto', transport: { costing: 1 }, items: [{ productId: coffee, quantity: '3', unitPrice: '12.5' }] });

  await loginAs(page, world, world.admin.email, '/home');
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' })).toBeVisible();

  // The entry: an inactive product says why in English; the close refused for stock names it in English.
  await page.goto(`/sales/create/${draft.id}`);
  await expect(page.getByTestId('entry-line')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Add product' }).fill(`Rice ${t}`);
  await expect(page.getByText('Inactive product: it cannot be sold.')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Close order' }).click();
  // The close's own message (an alert), not only the line's reason beside its quantity.
  await expect(page.getByRole('alert').filter({ hasText: `Insufficient stock for Coffee ${t}: 0 available. Change the quantity or remove the item.` })).toBeVisible();
  await expectNoPortuguese(page, `/sales/create/${draft.id}`);

  // With stock come in and closed, it shows in English in the list and on its page.
  await post('/api/inventory/movements', { productId: coffee, branchId: world.branches[0]!.id, kind: 'adjustment', quantity: '5', reason: 'Contagem' });
  const closed = await call('POST', `/api/sales/${draft.id}/close`, { token: admin, body: { version: draft.version } });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  await page.goto(`/sales?q=${encodeURIComponent(`Grocer ${t}`)}`);
  await expect(page.getByRole('link', { name: String(closed.body.number) }).first()).toBeVisible();
  await expect(page.getByText(/Loading…|Carregando…/)).toHaveCount(0, { timeout: 10_000 });
  await expectNoPortuguese(page, '/sales');
  await page.goto(`/sales/${draft.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(String(closed.body.number));
  await expect(page.getByText(/Loading…|Carregando…/)).toHaveCount(0, { timeout: 10_000 });
  await expectNoPortuguese(page, `/sales/${draft.id}`);
});
