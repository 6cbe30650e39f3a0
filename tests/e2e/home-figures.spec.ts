import { Provisioning } from '../../packages/core/src/provisioning/index';
import { salesCompany } from '../../functions/src/testing/sales';
import { makeWorld, PASSWORD, type World } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * The home's sales figures (issue 41, docs/sales.md "Home figures"): the month's statistics, a
 * period by day and by sale type, the tabs of the user's flags and "only financial movement"; at
 * desktop width in the light theme (the administrator: the whole company) and at 375 px in the dark
 * one (the supervisor: his team, on the sales dashboard with its products ranked, and his salesman's
 * tab of his own).
 */
test.describe.configure({ mode: 'serial' });

let made: Promise<World> | undefined;
/**
 * A company of this file's own (the worker's is shared with other files, whose sales would count in
 * the company's figures): one sale of the salesman with installments and one free order of the
 * supervisor, closed today; made once per worker.
 */
function salesOf() {
  made ??= (async () => {
    const world = await makeWorld(`Início ${process.pid}`);
    const s = await salesCompany(world);
    const arroz = await s.product('Arroz Tipo 1 5kg', '24.90', '100');
    const client = await s.client('Mercado Boa Vista');
    await s.closed(client, [{ productId: arroz, quantity: '4', unitPrice: '24.90' }]);
    const free = await s.post<{ id: string; version: number }>('/api/sales', { clientId: client, situation: 'free', transport: { costing: 1 }, items: [{ productId: arroz, quantity: '1', unitPrice: '24.90' }] }, s.tokens.supervisor);
    const res = await s.api('POST', `/api/sales/${free.id}/close`, { token: s.tokens.supervisor, body: { version: free.version } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return world;
  })();
  return made;
}

test('desktop: the administrator reads the company’s month and the last 7 days by sale type; only financial movement leaves the free order out', async ({ page }) => {
  const world = await salesOf();
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, world, world.admin.email, '/home', { theme: 'light' });
  const figures = page.getByRole('region', { name: 'Vendas' });
  const month = figures.getByTestId('month-statistics');
  await expect(month.getByText('Pedidos')).toBeVisible();
  // Two orders today: 99,60 with installments and a free order of 24,90.
  await expect(month).toContainText('R$ 124,50');
  await expect(month).toContainText('R$ 62,25');
  // Both orders are one client's.
  await expect(month.getByTestId('statistic-clients-served')).toContainText(/Clientes atendidos\s*1/);
  await expect(month.getByTestId('statistic-visits-done')).toContainText(/Visitas realizadas\s*0\s*Sem visitas no mês anterior para comparar/);
  const byType = figures.getByTestId('chart-by-type');
  await expect(byType).toContainText(/De \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}: 2 pedidos/);
  await expect(figures.locator('canvas').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await figures.getByLabel('Somente com movimentação financeira').click();
  await expect(month).toContainText('R$ 99,60');
  await expect(byType).toContainText(/\d{4}: 1 pedido(?!s)/);
  // By the emission date: both were begun today too.
  const asked = page.waitForRequest((r) => r.url().includes('/api/sales/home-figures') && r.url().includes('date=emission'));
  await figures.getByRole('radio', { name: 'Emissão' }).click();
  await asked;
  await expect(figures.getByRole('radio', { name: 'Emissão' })).toHaveAttribute('aria-checked', 'true');
  await expect(month).toContainText('R$ 99,60');
  await figures.getByRole('radio', { name: 'Mês anterior' }).click();
  await expect(figures.getByTestId('chart-by-day')).toContainText('Nenhuma venda no período.');
});

test('375 px, dark: the supervisor reads his team (on the sales dashboard too, its products ranked); a supervisor who sells has both tabs, and none of his own subordinates', async ({ page }) => {
  const world = await salesOf();
  await page.setViewportSize({ width: 375, height: 812 });
  await loginAs(page, world, world.supervisor.email, '/home', { theme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const figures = page.getByRole('region', { name: 'Vendas' });
  // The team: his salesman's sale and his own free order.
  await expect(figures.getByTestId('month-statistics')).toContainText('R$ 124,50');
  await expect(figures.getByTestId('no-subordinates')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // His sales dashboard is his team's, the products' ranking too: his salesman's four rice and his own one.
  await page.goto('/sales/dashboard');
  await expect(page.getByTestId('sales-dashboard-figures')).toContainText('R$ 124,50');
  const products = page.getByTestId('chart-product');
  await expect(products).toContainText(/SW-\w+-1 · Arroz Tipo 1 5kg: R\$ 124,50/);
  await products.getByText('Ver tabela').click();
  await expect(products.getByRole('row', { name: /Arroz Tipo 1 5kg/ })).toContainText('R$ 124,50 · 2 pedidos · qtd. 5');
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const both = await Provisioning.addUser(world.tenant.id, {
    email: `sonia-${Date.now()}@${world.domain}`, password: PASSWORD, name: 'Sônia Supervisora', profileId: world.profiles.manager.id, branchIds: world.branches.map((b) => b.id), supervisor: true, salesman: true,
  });
  await loginAs(page, world, both.email, '/home', { theme: 'dark' });
  const tabs = figures.getByRole('tablist', { name: 'Visão dos números' });
  await expect(tabs.getByRole('tab')).toHaveText(['Supervisor', 'Vendedor']);
  await expect(figures.getByTestId('no-subordinates')).toContainText('ainda não tem vendedores subordinados');
  await tabs.getByRole('tab', { name: 'Vendedor' }).click();
  await expect(figures.getByTestId('no-subordinates')).toHaveCount(0);
  await expect(figures.getByTestId('chart-by-day')).toContainText('Nenhuma venda no período.');
  expect(await seriousViolations(page)).toEqual([]);
});

test('375 px: the sales dashboard of the company, its salespeople and products ranked, and a period too long named on its date', async ({ page }) => {
  const world = await salesOf();
  await page.setViewportSize({ width: 375, height: 812 });
  await loginAs(page, world, world.admin.email, '/sales/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard de vendas' })).toBeVisible();
  const figures = page.getByTestId('sales-dashboard-figures');
  await expect(figures).toContainText('R$ 124,50');
  await expect(figures).toContainText('R$ 62,25');
  await expect(page.getByTestId('chart-salesman')).toContainText('Vera Vendedora: R$ 99,60; Sérgio Supervisor: R$ 24,90.');
  // The clients that bought most: both orders are one client's.
  await expect(page.getByTestId('chart-client')).toContainText('Mercado Boa Vista: R$ 124,50');
  // Its product has no group: one row for the lines without one.
  await expect(page.getByTestId('chart-group')).toContainText('Sem grupo: R$ 124,50');
  // The products sold most: the one product of both orders, by its reference and name, with its quantity in the table.
  const products = page.getByTestId('chart-product');
  await expect(products).toContainText(/SW-\w+-1 · Arroz Tipo 1 5kg: R\$ 124,50/);
  await products.getByText('Ver tabela').click();
  await expect(products.getByRole('row', { name: /Arroz Tipo 1 5kg/ })).toContainText('R$ 124,50 · 2 pedidos · qtd. 5');
  // The sales list has no filter by product: the row opens nothing.
  await expect(products.getByRole('link')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The table behind the ranking; a salesman's row opens the sales list filtered to her, in the period.
  const ranking = page.getByTestId('chart-salesman');
  await ranking.getByText('Ver tabela').click();
  await expect(ranking.getByRole('row', { name: /Vera Vendedora/ })).toContainText('R$ 99,60 · 1 pedido');
  await ranking.getByRole('link', { name: 'Vera Vendedora' }).click();
  await expect(page).toHaveURL(new RegExp(`/sales\\?.*salesmanId=${world.salesman.id}`));
  await expect(page.getByText('Mercado Boa Vista').locator('visible=true').first()).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard de vendas' })).toBeVisible();

  await page.getByRole('radio', { name: 'Escolher datas' }).click();
  await page.getByLabel('De', { exact: true }).fill('2020-01-01');
  await expect(page.getByText('O período do dashboard de vendas vai até 731 dias: escolha datas mais próximas.')).toBeVisible();
});

test('desktop, dark: the management dashboard of the company, its coverage, and a salesman’s row drilled down to the sales list', async ({ page }) => {
  const world = await salesOf();
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, world, world.admin.email, '/management/dashboard', { theme: 'dark' });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard gerencial' })).toBeVisible();
  const figures = page.getByTestId('management-figures');
  await expect(figures).toContainText('R$ 124,50');
  // Two orders of one line each.
  await expect(figures.getByTestId('statistic-mix')).toContainText(/Mix \(itens por pedido\)\s*1,0/);
  // The salesman's client bought this month: one client served of his portfolio.
  const coverage = page.getByTestId('coverage');
  // Her active portfolio, served, coverage, without a purchase for 90 days.
  await expect(coverage.getByRole('row', { name: /Vera Vendedora/ }).getByRole('cell')).toHaveText(['1', '1', '100,0%', '0']);
  await expect(page.getByTestId('chart-segment')).toContainText('Sem segmento');
  expect(await seriousViolations(page)).toEqual([]);

  const ranking = page.getByTestId('chart-salesman');
  await ranking.getByText('Ver tabela').click();
  await ranking.getByRole('link', { name: 'Vera Vendedora' }).click();
  await expect(page).toHaveURL(new RegExp(`/sales\\?.*salesmanId=${world.salesman.id}`));
  await expect(page.getByText('Mercado Boa Vista').locator('visible=true').first()).toBeVisible();
});
