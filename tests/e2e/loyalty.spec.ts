import type { Page } from '@playwright/test';
import { addDays, businessDate, formatCalendarDate } from '../../packages/shared/src/calendar';
import { LoyaltyTexts } from '../../packages/shared/src/schemas/loyalty';
import { salesCompany } from '../../functions/src/testing/sales';
import { makeWorld, poster, type World } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * Cashback and points on the screens (issue 43, docs/loyalty.md): a client's "Fidelidade" tab shows
 * the balance a paid sale gave (cashback, points with their value and next expiry) and the credit
 * entry with its sale; the balances owed page shows the company's totals and the client, and a
 * salesman (who does not see every client) gets the API's word; a company that uses neither says
 * so on the tab. Desktop light and dark, 375 px dark (and light for the note).
 */
test.describe.configure({ mode: 'serial' });

interface Made {
  world: World;
  clientId: string;
  clientName: string;
  saleId: string;
  saleNumber: number;
}

let made: Promise<Made> | undefined;
/**
 * A company of this file's own (the balances owed are company-wide figures): cashback and points on
 * through the company's API (2 %, 1 point a real at R$ 0,01), one client with one sale of R$ 200,00
 * moved to paid by the administrator. Made once per worker.
 */
function loyaltyCompany() {
  made ??= (async () => {
    const world = await makeWorld(`Fidelidade ${process.pid}`);
    const s = await salesCompany(world);
    const company = (await s.api('GET', '/api/company', { token: s.tokens.admin })).body;
    const further = { ...company.settings.further, cashback: true, points: true, cashbackPercent: '2,00', pointsPerReal: 1, pointValue: '0,01', pointsExpiryDays: 365 };
    const saved = await s.api('PUT', '/api/company', { token: s.tokens.admin, body: { ...company, settings: { ...company.settings, further } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const box = await s.product('Caixa de Água 500ml c/ 12', '100.00', '50');
    const clientName = `Empório Fidelidade ${s.tag}`;
    const clientId = await s.client(clientName);
    const sale = await s.closed(clientId, [{ productId: box, quantity: '2', unitPrice: '100.00' }]);
    const now = await s.read(sale.id);
    const paid = await s.api('POST', `/api/sales/${sale.id}/status`, { token: s.tokens.admin, body: { version: now.version, to: 'paid' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    return { world, clientId, clientName, saleId: sale.id, saleNumber: sale.number as number };
  })();
  return made;
}

/** The date the sale's points expire, as the screens write it (365 days after today in the company's zone). */
const expiry = (world: World) => formatCalendarDate(addDays(businessDate(world.tenant.timezone, Date.now()), 365));

const viewTab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Seções do cliente' }).getByRole('tab', { name, exact: true });

/** The system's scheme, once the app has followed it (its theme is the system's by default). */
async function scheme(page: Page, colorScheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme });
  await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
}

/** Both themes: no serious or critical violation in light, then in dark. */
async function bothThemes(page: Page) {
  await scheme(page, 'light');
  expect(await seriousViolations(page)).toEqual([]);
  await scheme(page, 'dark');
  expect(await seriousViolations(page)).toEqual([]);
}

/** The client's "Fidelidade" tab: R$ 4,00 of cashback (2 % of R$ 200,00), 200 points worth R$ 2,00, and the credit of the sale. */
async function expectClientLoyalty(page: Page, m: Made) {
  await viewTab(page, 'Fidelidade').click();
  const tab = page.getByTestId('client-loyalty');
  await expect(tab.getByTestId('client-loyalty-cashback')).toContainText('R$ 4,00');
  await expect(tab.getByTestId('client-loyalty-cashback')).toContainText('não expira');
  await expect(tab.getByTestId('client-loyalty-points')).toContainText('200 pontos');
  await expect(tab.getByTestId('client-loyalty-points')).toContainText('Valem R$ 2,00 em um pedido (R$ 0,01 cada).');
  await expect(tab.getByTestId('client-loyalty-expiry')).toHaveText(`200 pontos expiram em ${expiry(m.world)}`);
  const sale = tab.getByRole('link', { name: `Pedido ${m.saleNumber}`, exact: true }).filter({ visible: true });
  await expect(sale).toHaveCount(1);
  await expect(sale).toHaveAttribute('href', `/sales/${m.saleId}`);
}

test('desktop: the client’s Fidelidade tab shows the paid sale’s credit, and the balances owed page the company’s totals and the client', async ({ page }) => {
  test.setTimeout(60_000);
  const m = await loyaltyCompany();
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, m.world, m.world.admin.email, `/clients/${m.clientId}`);
  await expectClientLoyalty(page, m);
  const entries = page.getByRole('table', { name: 'Lançamentos de fidelidade' }).locator('tbody tr');
  await expect(entries).toHaveCount(1);
  await expect(entries.first().getByRole('cell')).toHaveText([/\d{2}\/\d{2}\/\d{4}/, 'Crédito', `Pedido ${m.saleNumber}`, '+R$ 4,00', '+200', expiry(m.world)]);
  await bothThemes(page);

  // From the menu (Dashboards), without loading the app again.
  await scheme(page, 'light');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Saldos de cashback e pontos', exact: true }).click();
  await expect(page).toHaveURL(/\/clients\/loyalty$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saldos de cashback e pontos' })).toBeVisible();
  await expect(page.getByTestId('loyalty-owed-cashback')).toContainText('R$ 4,00');
  await expect(page.getByTestId('loyalty-owed-points')).toContainText('200');
  await expect(page.getByTestId('loyalty-owed-points-value')).toContainText('R$ 2,00');
  await expect(page.getByTestId('loyalty-owed-total')).toContainText('R$ 6,00');
  const rows = page.getByRole('table', { name: 'Clientes com saldo' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('cell')).toHaveText([m.clientName, 'R$ 4,00', '200', 'R$ 2,00', 'R$ 6,00']);
  await expect(rows.first().getByRole('link', { name: m.clientName })).toHaveAttribute('href', `/clients/${m.clientId}`);
  await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Exportar PDF' })).toBeEnabled();
  await bothThemes(page);
});

test('375 px, dark: the balances owed as cards lead to the client’s Fidelidade tab; a salesman gets the API’s word', async ({ page }) => {
  test.setTimeout(60_000);
  const m = await loyaltyCompany();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await loginAs(page, m.world, m.world.admin.email, '/clients/loyalty');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('loyalty-owed-total')).toContainText('R$ 6,00');
  const card = page.getByTestId('loyalty-owed-client-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('R$ 6,00');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);

  await card.getByRole('link', { name: m.clientName }).click();
  await expect(page).toHaveURL(`/clients/${m.clientId}`);
  await expectClientLoyalty(page, m);
  const entry = page.getByTestId('client-loyalty-entry-card');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Crédito');
  await expect(entry).toContainText('+R$ 4,00');
  await expect(entry).toContainText('+200 pontos');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);

  // A salesman sees only his clients: no menu entry, and the page says why.
  await loginAs(page, m.world, m.world.salesman.email, '/clients/loyalty');
  await expect(page.getByTestId('loyalty-owed-forbidden')).toHaveText(LoyaltyTexts.owedForbidden().message);
  await expect(page.getByRole('button', { name: 'Exportar CSV' })).toHaveCount(0);
});

test('a company that uses neither says so on the client’s tab, with where to turn them on; no entry yet', async ({ page, world }) => {
  // The worker's company keeps the defaults: cashback and points off.
  const admin = (await world.login(world.admin.email)).accessToken;
  const client = await poster(admin)('/api/clients', { name: `Bazar Sem Fidelidade ${Date.now()}`, birthDate: '1985-03-10' });
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, world, world.admin.email, `/clients/${client.id}`);
  await viewTab(page, 'Fidelidade').click();
  await expect(page.getByTestId('client-loyalty-off')).toHaveText(
    'A empresa não usa cashback nem pontos. Para usá-los, um administrador liga Cashback ou Pontos em Configurações > Empresa, no grupo Outras configurações.',
  );
  await expect(page.getByTestId('client-loyalty')).toContainText('Nenhum lançamento de cashback ou de pontos para este cliente.');
  expect(await seriousViolations(page)).toEqual([]);
});
