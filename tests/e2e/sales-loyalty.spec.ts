import { cpfDigits } from '../../functions/src/testing/documents';
import { call, poster, setCompanySetting } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * A client's cashback and points used in its next order at phone width (issue 43, docs/loyalty.md
 * "In an order"): a paid sale credited the client; the salesman's entry shows the balance, takes
 * all the cashback and some points as a discount off the total, and the close debits them.
 */
test.use({ geolocation: { latitude: -22.3, longitude: -49.06, accuracy: 20 }, permissions: ['geolocation'] });

test('at 375 px: the client’s balance from a paid sale is used as a discount in the next order', async ({ page, world }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await setCompanySetting(world, 'further', 'cashback', true);
  await setCompanySetting(world, 'further', 'points', true);
  try {
    const admin = (await world.login(world.admin.email)).accessToken;
    const salesman = (await world.login(world.salesman.email)).accessToken;
    const post = poster(admin);
    const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
    const [unit, table, condition, nature] = await Promise.all([
      post('/api/units', { name: `UN ${tag}` }),
      post('/api/price-tables', { name: `Fidelidade ${tag}` }),
      post('/api/payments-conditions', { name: `À vista ${tag}`, terms: ['000'] }),
      post('/api/natures', { name: `Venda ${tag}`, cfop: '5102', financialMovement: true }),
    ]);
    const name = `Óleo de Soja 900ml cx ${tag}`;
    const product = await post('/api/products', { ref: `OS-${tag}`, name, unitId: unit.id });
    expect((await call('PUT', `/api/products/${product.id}/prices/${table.id}`, { token: admin, body: { price: '125' } })).status).toBe(200);
    await post('/api/inventory/movements', { productId: product.id, branchId: world.branches[0]!.id, kind: 'adjustment', quantity: '50', reason: 'Contagem inicial' });
    const clientName = `Empório ${tag} Ltda`;
    const client = await post('/api/clients', { name: clientName, nickname: 'Empório', email: 'compras@emporio.com.br', document: cpfDigits(100_000_000 + Math.floor(Math.random() * 800_000_000)), birthDate: '1990-05-05', salesmanId: world.salesman.id, priceTableId: table.id, paymentConditionIds: [condition.id] });
    // A sale of R$ 250,00 paid: 2 % of cashback (R$ 5,00) and 250 points (R$ 2,50 at R$ 0,01).
    const draft = await poster(salesman)<{ id: string; version: number }>('/api/sales', { clientId: client.id, natureId: nature.id, paymentConditionId: condition.id, paymentType: 'cash', transport: { costing: 1 }, items: [{ productId: product.id, quantity: '2', unitPrice: '125' }] });
    const closed = await call('POST', `/api/sales/${draft.id}/close`, { token: salesman, body: { version: draft.version, geolocation: { latitude: -22.3, longitude: -49.06, accuracy: 20 } } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect((await call('POST', `/api/sales/${draft.id}/status`, { token: admin, body: { version: closed.body.version, to: 'paid' } })).status).toBe(200);

    await loginAs(page, world, world.salesman.email, '/sales/create');
    await page.getByRole('combobox', { name: 'Cliente' }).click();
    await page.getByRole('combobox', { name: /Buscar por nome/ }).fill(tag);
    await page.getByRole('option', { name: new RegExp(clientName) }).click();
    const search = page.getByRole('combobox', { name: 'Adicionar produto' });
    await search.fill(name);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await expect(page.getByTestId('entry-line')).toHaveCount(1);
    const loyalty = page.getByTestId('entry-loyalty');
    await expect(loyalty).toContainText('Disponível: R$ 5,00.');
    await expect(loyalty).toContainText('Disponíveis: 250 pontos (R$ 2,50, a R$ 0,0100 cada).');
    await loyalty.getByRole('button', { name: 'Usar todo o cashback' }).click();
    await expect(page.getByTestId('entry-loyalty-cashback')).toHaveValue('5,00');
    await page.getByTestId('entry-loyalty-points').fill('100');
    // R$ 125,00 less R$ 5,00 of cashback and 100 points (R$ 1,00).
    await expect(page.getByTestId('entry-loyalty-discount')).toHaveText('− R$ 6,00');
    await expect(page.getByTestId('entry-total')).toHaveText('R$ 119,00');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Fechar pedido' }).click();
    await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    await expect(page.getByTestId('sale-total-loyalty')).toContainText('R$ 6,00');
    await expect(page.getByTestId('sale-total')).toContainText('R$ 119,00');
    expect(await seriousViolations(page)).toEqual([]);
    const left = await call('GET', `/api/clients/${client.id}/loyalty`, { token: admin });
    expect(left.body.balance).toMatchObject({ cashback: '0.00', points: 150 });
  } finally {
    await setCompanySetting(world, 'further', 'cashback', false);
    await setCompanySetting(world, 'further', 'points', false);
  }
});
