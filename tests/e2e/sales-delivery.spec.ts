import { cnpj } from 'cpf-cnpj-validator';
import { call, poster } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * The delivery confirmation (docs/sales.md "The delivery confirmation"), on a phone (375 px): the
 * sale's page shows its link to copy; opened without a session, the link asks to confirm order N
 * for the client with its volume count; confirmed, the success page; opened again, the same page
 * (already delivered, the tab can be closed). No request of the page carries the token in its
 * address or its `Referer`, and no serious axe violation on any of them.
 */
test.use({ viewport: { width: 375, height: 812 } });

const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

test('at 375 px: the link on the sale page, confirm on the public page, then the already-delivered page on a reload', async ({ page, world }) => {
  // A sale in receipt (the invoice issued), prepared through the API as the office would.
  const [admin, salesman] = (await Promise.all([world.login(world.admin.email), world.login(world.salesman.email)])).map((l) => l.accessToken) as [string, string];
  const post = poster(admin);
  const t = tag();
  const [unit, nature, condition, table] = await Promise.all([
    post('/api/units', { name: `UN ${t}` }),
    post('/api/natures', { name: `Venda ${t}`, cfop: '5102', financialMovement: true }),
    post('/api/payments-conditions', { name: `30 dias ${t}`, terms: ['030'] }),
    post('/api/price-tables', { name: `Varejo ${t}`, isDefault: true }),
  ]);
  const [rice, beans] = await Promise.all([post('/api/products', { ref: `AR-${t}`, name: `Arroz ${t}`, unitId: unit.id }), post('/api/products', { ref: `FE-${t}`, name: `Feijão ${t}`, unitId: unit.id })]);
  for (const product of [rice, beans]) {
    expect((await call('PUT', `/api/products/${product.id}/prices/${table.id}`, { token: admin, body: { price: '10' } })).status).toBe(200);
    await post('/api/inventory/movements', { productId: product.id, branchId: world.branches[0]!.id, kind: 'adjustment', quantity: '100', reason: 'Contagem inicial' });
  }
  const clientName = `Mercearia Boa Entrega ${t}`;
  const client = await post('/api/clients', { name: clientName, nickname: 'Mercearia', email: 'compras@mercearia.com.br', document: cnpj.generate(), birthDate: '1990-05-05', salesmanId: world.salesman.id });
  const draft = await poster(salesman)<{ id: string; version: number }>('/api/sales', {
    clientId: client.id, natureId: nature.id, paymentConditionId: condition.id, paymentType: 'boleto', transport: { costing: 1 },
    items: [{ productId: rice.id, quantity: '6', unitPrice: '10' }, { productId: beans.id, quantity: '4', unitPrice: '10' }],
  });
  let sale = (await call('POST', `/api/sales/${draft.id}/close`, { token: salesman, body: { version: draft.version, geolocation: { latitude: -22.3, longitude: -49.06, accuracy: 30 } } })).body as { id: string; number: number; version: number };
  for (const to of ['processing', 'receipt']) {
    const res = await call('POST', `/api/sales/${sale.id}/status`, { token: admin, body: { version: sale.version, to } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    sale = res.body;
  }

  // The sale's page: the link to copy, valid for 30 days.
  await loginAs(page, world, world.admin.email, `/sales/${sale.id}`);
  const section = page.getByRole('region', { name: 'Link de confirmação de entrega' });
  const field = section.getByRole('textbox', { name: 'Link para o cliente ou o motorista confirmar a entrega' });
  await expect(field).toHaveValue(/\/sales\/delivery#[\w-]{82}$/);
  await expect(section.getByRole('button', { name: /^Copiar/ })).toBeVisible();
  await expect(section).toContainText('Válido até');
  expect(await seriousViolations(page)).toEqual([]);
  const link = await field.inputValue();
  const token = link.split('#')[1]!;

  // The driver's phone: no session. Every request the page makes is watched for the token.
  await page.evaluate(() => localStorage.clear());
  const leaks: string[] = [];
  page.on('request', (r) => {
    const referer = r.headers().referer ?? '';
    if (r.url().includes(token) || referer.includes(token) || referer.includes('/sales/delivery#')) leaks.push(r.url());
  });
  await page.goto(link);
  await expect(page.getByText(`Confirmar a entrega do pedido ${sale.number} para ${clientName}?`)).toBeVisible();
  await expect(page.getByTestId('delivery-volumes')).toHaveText('10');
  await expect(page.getByTestId('delivery-question')).toContainText('2 produtos');
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Confirmar entrega' }).click();
  const done = `O pedido ${sale.number} já está marcado como entregue. Você já pode fechar esta aba.`;
  await expect(page.getByRole('heading', { name: 'Pedido entregue', level: 1 })).toBeVisible();
  await expect(page.getByText(done)).toBeVisible();
  await expect(page.getByText(/^Entregue em \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d\.$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A second visit: already delivered, nothing to confirm.
  await page.reload();
  await expect(page.getByText(done)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirmar entrega' })).toHaveCount(0);
  expect(leaks).toEqual([]);

  // The office sees it delivered, from the link.
  const after = (await call('GET', `/api/sales/${sale.id}`, { token: admin })).body as { status: string; history: { to: string; confirmation?: { via: string } }[] };
  expect(after.status).toBe('delivered');
  expect(after.history.at(-1)).toMatchObject({ to: 'delivered', confirmation: { via: 'link' } });
});
