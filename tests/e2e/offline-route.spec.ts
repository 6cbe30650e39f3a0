import type { BrowserContext, Page } from '@playwright/test';
import { call, makeWorld, poster, type World } from '../../functions/src/testing/world';
import { expect, PASSWORD, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * The day's itinerary offline (issue 45, docs/offline.md "The day's itinerary offline"), at 375 px,
 * in a company of this file's own: the salesman has three schedulings today, put in an order that is
 * neither their creation's nor their names'. He logs in online (the portfolio brings his day), goes
 * offline, opens today's itinerary from the device (the stops in their sequence, each with its
 * client's address, reordering and optimising said to need a connection), starts a visit from a
 * stop's detail (queued), comes back and sees that stop under way and waiting to send; the home
 * says the visit is under way, from the device. Axe at 375 px light and dark, and at desktop width.
 */

/** Today in São Paulo (the company's zone). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

const SHOPS = [
  { name: 'Armazém Primeiro', street: 'Rua Araújo Leite', latitude: -22.3, longitude: -49.06 },
  { name: 'Bazar Segundo', street: 'Rua Gustavo Maciel', latitude: -22.35, longitude: -49.1 },
  { name: 'Casa Terceira', street: 'Avenida Rodrigues Alves', latitude: -22.31, longitude: -49.07 },
];
/** The day's order: the third shop first, then the first, then the second. */
const ORDER = ['Casa Terceira', 'Armazém Primeiro', 'Bazar Segundo'];

let made: Promise<{ world: World }> | undefined;
function company() {
  made ??= (async () => {
    const world = await makeWorld(`Roteiro offline ${process.pid}`);
    const post = poster((await world.login(world.admin.email)).accessToken);
    const type = await post('/api/schedulings-types', { name: 'Visita de rota', type: 'visit' });
    const salesman = (await world.login(world.salesman.email)).accessToken;
    const ids = new Map<string, string>();
    for (const shop of SHOPS) {
      const client = await post('/api/clients', {
        name: shop.name, birthDate: '1980-01-01', salesmanId: world.salesman.id,
        addresses: [{ main: true, street: shop.street, number: '10', neighborhood: 'Centro', city: 'Bauru', state: 'SP', latitude: shop.latitude, longitude: shop.longitude }],
      });
      const created = await call('POST', '/api/schedulings', { token: salesman, body: { clientId: client.id, typeId: type.id, date: today() } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids.set(shop.name, (created.body as { id: string }).id);
    }
    const ordered = await call('PUT', `/api/schedulings/itineraries/${today()}_${world.salesman.id}/order`, { token: salesman, body: { order: ORDER.map((n) => ids.get(n)) } });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    return { world };
  })();
  return made;
}

/** The stops as the page shows them: each one's position, client and the rest of its text. */
const stops = (page: Page) => page.getByRole('list', { name: 'Paradas do roteiro' }).locator(':scope > li');
const stopNames = (page: Page) => stops(page).locator('a[href^="/schedulings/"]').allTextContents();

test('offline, today’s itinerary comes from the device in its order, a visit started from it waits to send, and the home says it is under way', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const { world } = await company();
  let context: BrowserContext | undefined;
  try {
    // Its own context: service workers allowed (blocked in the other tests), so pages load offline from the worker.
    context = await browser.newContext({
      baseURL,
      serviceWorkers: 'allow',
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      viewport: { width: 375, height: 812 },
      permissions: ['geolocation'],
      geolocation: { latitude: -22.3101, longitude: -49.0701, accuracy: 10 },
    });
    const page = await context.newPage();
    await page.goto('/login?redirect=/offline');
    await page.getByLabel('E-mail').fill(world.salesman.email);
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { name: 'Trabalho offline', level: 1 })).toBeVisible();
    await expect(page.getByTestId('offline-count-schedulings')).toHaveText('3');
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      if (!reg.active) throw new Error('no active service worker');
    });

    // Offline: the day's itineraries are the device's, his own day among them.
    await context.setOffline(true);
    await page.goto('/schedulings/itineraries');
    await expect(page.getByTestId('itineraries-from-device')).toHaveText('Sem conexão: o roteiro mostra os seus agendamentos guardados neste aparelho (hoje e os próximos 7 dias).');
    const card = page.getByRole('list', { name: /^Roteiros de / }).getByRole('listitem');
    await expect(card).toContainText('3 paradas');
    await expect(card).toContainText('Casa Terceira → Bazar Segundo');
    await card.getByRole('link', { name: /Abrir roteiro de/ }).click();

    // The stops in the day's sequence, each with its client's address; moves wait for a connection.
    await expect(page.getByRole('heading', { name: /^Roteiro de Vera Vendedora em/ })).toBeVisible();
    await expect(page.getByTestId('itinerary-from-device')).toContainText('Sem conexão');
    await expect.poll(() => stopNames(page)).toEqual(ORDER);
    await expect(stops(page).nth(0)).toContainText('Avenida Rodrigues Alves, 10 - Centro - Bauru');
    await expect(stops(page).nth(1)).toContainText('Rua Araújo Leite, 10 - Centro - Bauru');
    await expect(page.getByText('Reordenar e otimizar o roteiro precisam de conexão.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Otimizar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Subir / })).toHaveCount(0);
    await expect(page.getByTestId('scheduling-waiting')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The first stop's visit, started from its detail: queued on the device.
    await stops(page).nth(0).getByRole('link', { name: 'Casa Terceira', exact: true }).click();
    await expect(page.getByTestId('scheduling-from-device')).toBeVisible();
    await page.getByRole('button', { name: 'Iniciar' }).click();
    await expect(page.getByTestId('scheduling-device-state')).toHaveText('Iniciada neste aparelho, aguardando envio.');

    // Back on the itinerary: that stop under way and waiting to send, the others as they were.
    await page.goBack();
    await expect(page.getByRole('heading', { name: /^Roteiro de Vera Vendedora em/ })).toBeVisible();
    await expect(stops(page).nth(0).getByTestId('scheduling-waiting')).toHaveText('Aguardando envio');
    await expect(stops(page).nth(0)).toContainText('Em andamento');
    await expect(stops(page).nth(1)).toContainText('Pendente');
    await expect(page.getByTestId('scheduling-waiting')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    // The theme follows the system's: audited once the app has applied it (not mid-transition).
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });

    // The home, offline: the visit under way, from the device (not a hint left busy).
    await page.goto('/home');
    await expect(page.getByTestId('active-scheduling')).toContainText('Casa Terceira');
    await expect(page.getByTestId('scheduling-hint')).toHaveCount(0);
  } finally {
    await context?.close();
  }
});
