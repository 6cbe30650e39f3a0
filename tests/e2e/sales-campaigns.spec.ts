import { cpfDigits } from '../../functions/src/testing/documents';
import { call, poster } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * Campaigns in the order entry at phone width (issue 43, docs/campaigns.md "In an order"): a
 * salesman sees the campaigns in force for his client, a line short of a campaign's minimum says so,
 * reaching it takes the campaign's discount (and a fixed-price campaign its price), and the order
 * closes with them, each line of the sale naming its campaign.
 */
test.use({ geolocation: { latitude: -22.3, longitude: -49.06, accuracy: 20 }, permissions: ['geolocation'] });

test('at 375 px: a salesman sees the campaign on a line and closes the order with it; the results count it', async ({ page, world }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const admin = (await world.login(world.admin.email)).accessToken;
  const post = poster(admin);
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  // The campaigns are for a segment of this test's own: the other files' clients of this worker's company see none.
  const [unit, segment, table, condition] = await Promise.all([
    post('/api/units', { name: `UN ${tag}` }),
    post('/api/segments', { name: `Mercearias ${tag}` }),
    post('/api/price-tables', { name: `Mercearia ${tag}` }),
    post('/api/payments-conditions', { name: `À vista ${tag}`, terms: ['000'] }),
  ]);
  const product = async (ref: string, name: string, price: string) => {
    const p = await post('/api/products', { ref: `${ref}-${tag}`, name, unitId: unit.id });
    expect((await call('PUT', `/api/products/${p.id}/prices/${table.id}`, { token: admin, body: { price } })).status).toBe(200);
    await post('/api/inventory/movements', { productId: p.id, branchId: world.branches[0]!.id, kind: 'adjustment', quantity: '200', reason: 'Contagem inicial' });
    return p.id as string;
  };
  const [juice, water] = [`Suco de Caju ${tag}`, `Água de Coco ${tag}`];
  const [juiceId, waterId] = await Promise.all([product('CJ', juice, '10'), product('CC', water, '5.9')]);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  await post('/api/campaigns', { name: `Caju ${tag}`, validFrom: today, validUntil: today, kind: 'discount', discountPercent: '10', minimumQuantity: '6', productIds: [juiceId], segmentIds: [segment.id] });
  await post('/api/campaigns', { name: `Coco ${tag}`, validFrom: today, validUntil: today, kind: 'price', price: '4.5', productIds: [waterId], segmentIds: [segment.id] });
  const clientName = `Mercearia ${tag} Ltda`;
  await post('/api/clients', { name: clientName, nickname: 'Mercearia', email: 'compras@mercearia.com.br', document: cpfDigits(100_000_000 + Math.floor(Math.random() * 800_000_000)), birthDate: '1990-05-05', salesmanId: world.salesman.id, priceTableId: table.id, segmentId: segment.id, paymentConditionIds: [condition.id] });

  await loginAs(page, world, world.salesman.email, '/sales/create');
  await page.getByRole('combobox', { name: 'Cliente' }).click();
  await page.getByRole('combobox', { name: /Buscar por nome/ }).fill(tag);
  await page.getByRole('option', { name: new RegExp(clientName) }).click();
  const offers = page.getByTestId('entry-campaigns');
  await expect(offers).toContainText('Campanhas em vigor para este cliente');
  await expect(offers).toContainText(`Caju ${tag}: 10% de desconto, a partir de 6, até `);
  await expect(offers).toContainText(`Coco ${tag}: R$ 4,50 a unidade`);
  await expect(offers).toContainText('A empresa exige uma campanha');

  const search = page.getByRole('combobox', { name: 'Adicionar produto' });
  await search.fill(juice);
  await page.getByRole('option', { name: new RegExp(juice) }).click();
  const lines = page.getByTestId('entry-line');
  await expect(lines).toHaveCount(1);
  // One unit is short of the campaign's minimum: the line says from how many it holds.
  await expect(lines.first().getByTestId('line-campaign-hint')).toHaveText(`Campanha Caju ${tag} a partir de 6`);
  await lines.first().getByLabel('Quantidade').fill('6');
  await expect(lines.first().getByTestId('line-campaign')).toHaveText(`CampanhaCaju ${tag}: 10% de desconto`);
  // 6 × 10,00 less 10 %.
  await expect(lines.first().getByTestId('line-total')).toHaveText('R$ 54,00');
  await search.fill(water);
  await page.getByRole('option', { name: new RegExp(water) }).click();
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(1).getByTestId('line-campaign')).toHaveText(`CampanhaCoco ${tag}: R$ 4,50 a unidade`);
  await expect(lines.nth(1).getByLabel('Preço unitário')).toHaveValue('4,50');
  await expect(lines.nth(1).getByTestId('line-total')).toHaveText('R$ 4,50');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Fechar pedido' }).click();
  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  const items = page.getByTestId('sale-item');
  await expect(items).toHaveCount(2);
  await expect(items.first().getByTestId('sale-item-campaign')).toContainText(`Caju ${tag}: 10% de desconto`);
  await expect(items.nth(1).getByTestId('sale-item-campaign')).toContainText(`Coco ${tag}: R$ 4,50 a unidade`);
  await expect(page.getByTestId('sale-total')).toContainText('R$ 58,50');
  expect(await seriousViolations(page)).toEqual([]);

  // The administrator's results: what each campaign sold (6 units less 10 % gave R$ 6,00; 1 unit at R$ 4,50 instead of R$ 5,90 gave R$ 1,40).
  await loginAs(page, world, world.admin.email, '/sales/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: 'Resultados das campanhas' })).toBeVisible();
  const results = page.getByTestId('campaign-results');
  const caju = results.getByRole('row').filter({ hasText: `Caju ${tag}` });
  await expect(caju.getByRole('cell')).toHaveText([new RegExp(`Caju ${tag}`), '6', '1', '1', 'R$ 54,00', 'R$ 6,00']);
  const coco = results.getByRole('row').filter({ hasText: `Coco ${tag}` });
  await expect(coco.getByRole('cell')).toHaveText([new RegExp(`Coco ${tag}`), '1', '1', '1', 'R$ 4,50', 'R$ 1,40']);
  expect(await seriousViolations(page)).toEqual([]);
});

test('an administrator makes a campaign on its form: the period checked, products and segments chosen by name', async ({ page, world }) => {
  test.setTimeout(60_000);
  const admin = (await world.login(world.admin.email)).accessToken;
  const post = poster(admin);
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  const unit = await post('/api/units', { name: `UN ${tag}` });
  const product = `Biscoito Maizena ${tag}`;
  await post('/api/products', { ref: `BM-${tag}`, name: product, unitId: unit.id });
  const segment = `Padarias ${tag}`;
  await post('/api/segments', { name: segment });
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const [d, m, y] = today.split('/');
  const before = `${d}/${m}/${Number(y) - 1}`;

  await loginAs(page, world, world.admin.email, '/campaigns/new');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Campanha');
  await page.getByLabel('Nome *').fill(`Biscoitos ${tag}`);
  await page.getByLabel('Válida de *').fill(today);
  await page.getByLabel('Válida até *').fill(before);
  await page.getByLabel('Desconto (%)').fill('12,5');
  await page.getByRole('combobox', { name: 'Produtos', exact: true }).click();
  await page.getByRole('combobox', { name: 'Buscar pelo nome' }).fill(tag);
  await page.getByRole('option', { name: product }).click();
  await expect(page.getByRole('list', { name: 'Produtos', exact: true })).toContainText(product);
  await page.getByRole('combobox', { name: 'Segmentos de clientes' }).click();
  await page.getByRole('combobox', { name: 'Buscar pelo nome' }).fill(tag);
  await page.getByRole('option', { name: segment }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  // The end before the start: the message under the end, nothing saved, what was typed kept.
  await expect(page.getByText('A data final da vigência deve ser igual ou posterior à data inicial.')).toBeVisible();
  await expect(page).toHaveURL('/campaigns/new');
  await expect(page.getByRole('list', { name: 'Produtos', exact: true })).toContainText(product);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Válida até *').fill(today);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Produtos', exact: true })).toContainText(product);
  await expect(page.getByRole('list', { name: 'Segmentos de clientes' })).toContainText(segment);
  await expect(page.getByLabel('Desconto (%)')).toHaveValue('12,5000');
  expect(await seriousViolations(page)).toEqual([]);
});
