import { salesCompany } from '../../functions/src/testing/sales';
import { makeWorld, type World } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * The management geolocation map (issue 41 item 3, docs/management.md): the company's points of the
 * day clustered on a plain background (the company has no maps token), the table behind the map, a
 * far check-in marked, the sales without a position counted, the kind filter and a period with
 * nothing; at desktop width in the light theme (the administrator), and at 375 px in the dark one
 * (the supervisor: one salesman's day as a trail).
 */
test.describe.configure({ mode: 'serial' });

interface Made {
  world: World;
  today: string;
}
let made: Promise<Made> | undefined;
/**
 * A company of this file's own (the worker's holds other files' sales, which would be on its map):
 * three sales of the salesman closed a few metres apart (one cluster), one without a position, a
 * sale of the other salesman 60 km away and a visit of the salesman 40 km away, started 1.2 km
 * from its client (flagged); made once per worker.
 */
function mapOf() {
  made ??= (async () => {
    const world = await makeWorld(`Mapa ${process.pid}`);
    const s = await salesCompany(world);
    const arroz = await s.product('Arroz Tipo 1 5kg', '24.90', '100');
    const line = [{ productId: arroz, quantity: '1', unitPrice: '24.90' }];
    const close = async (salesmanId: string, geolocation: { latitude: number; longitude: number; accuracy: number } | null) => s.closed(await s.client(undefined, salesmanId), line, { token: s.tokens.admin, geolocation });
    for (const [lat, lng] of [[-22.3145, -49.0587], [-22.31455, -49.05875], [-22.3146, -49.0588]] as const) await close(world.salesman.id, { latitude: lat, longitude: lng, accuracy: 15 });
    await close(world.salesman.id, null);
    await close(world.otherSalesman.id, { latitude: -22.75, longitude: -49.5, accuracy: 60 });
    const today = (await s.api('GET', '/api/management/geolocation', { token: s.tokens.admin })).body.from as string;
    const type = await s.post('/api/schedulings-types', { name: 'Visita de venda', type: 'visit' });
    const client = await s.post('/api/clients', { name: 'Padaria do Centro', birthDate: '1980-01-01', salesmanId: world.salesman.id, addresses: [{ main: true, street: 'Rua Batista de Carvalho', city: 'Bauru', state: 'SP', latitude: -22.0, longitude: -49.3 }] });
    const visit = await s.post<{ id: string; version: number }>('/api/schedulings', { clientId: client.id, typeId: type.id, date: today }, s.tokens.salesman);
    const started = await s.api('POST', `/api/schedulings/${visit.id}/start`, { token: s.tokens.salesman, body: { version: visit.version, position: { latitude: -22.011, longitude: -49.3, accuracy: 25, takenAt: Date.now() } } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return { world, today };
  })();
  return made;
}

const PATH = '/management/dashboard-geolocation';

test('desktop: the administrator sees the day’s points clustered on a plain background, the table behind them, a far check-in marked, and filters them', async ({ page }) => {
  const { world } = await mapOf();
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, world, world.admin.email, PATH, { theme: 'light' });
  await expect(page.getByRole('heading', { level: 1, name: 'Mapa de geolocalização' })).toBeVisible();
  // No maps token: the spec's message, and the points still drawn (on a plain background).
  await expect(page.getByTestId('map-no-token')).toContainText('A empresa não configurou o token de mapas');
  const map = page.getByTestId('points-map');
  await expect(map).toHaveAttribute('data-state', 'ready');
  await expect(map.locator('canvas')).toBeVisible();
  // The three sales a few metres apart are one cluster of 3; the far sale and the visit stand alone.
  await expect(map).toHaveAttribute('data-clusters', '1');
  await expect(map).toHaveAttribute('data-points', '2');
  await expect(map.getByTestId('map-cluster')).toHaveText('3');
  const table = page.getByTestId('geo-points-table');
  await expect(table.locator('tbody tr')).toHaveCount(5);
  await expect(page.getByTestId('geo-summary')).toContainText('5 pontos no mapa');
  await expect(table.getByTestId('geo-flagged')).toHaveCount(1);
  await expect(table.getByRole('row', { name: /Visita · Padaria do Centro/ })).toContainText('± 25 m');
  await expect(table.getByRole('link', { name: /Visita · Padaria do Centro/ })).toHaveAttribute('href', /\/schedulings\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('geo-unlocated')).toHaveText('Endereço sem geolocalização: 1 venda do período não tem a posição registrada e fica fora do mapa.');
  expect(await seriousViolations(page)).toEqual([]);

  // Only the visits; then a period with nothing: the no-data message instead of the map.
  await page.getByRole('radio', { name: 'Visitas', exact: true }).click();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(page).toHaveURL(/kind=visits/);
  await page.getByLabel('De', { exact: true }).fill('01/01/2020');
  await page.getByLabel('Até', { exact: true }).fill('02/01/2020');
  await expect(page.getByTestId('geo-no-data')).toHaveText('Nenhuma venda ou visita com geolocalização no período.');
  await expect(page.getByTestId('points-map')).toHaveCount(0);
});

test('375 px, dark: the supervisor follows his salesman’s day as a trail, within his team', async ({ page }) => {
  const { world, today } = await mapOf();
  await page.setViewportSize({ width: 375, height: 812 });
  await loginAs(page, world, world.supervisor.email, `${PATH}?salesmanId=${world.salesman.id}&from=${today}&until=${today}`, { theme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const map = page.getByTestId('points-map');
  await expect(map).toHaveAttribute('data-state', 'ready');
  // His salesman's three sales and the visit; the other salesman's sale is outside his team.
  await expect(page.getByTestId('geo-points-table').locator('tbody tr')).toHaveCount(4);
  await expect(page.getByTestId('geo-trail')).toContainText('Trilha do dia');
  await expect(map).toHaveAttribute('data-trail', '4');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
});
