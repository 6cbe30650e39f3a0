import type { Page } from '@playwright/test';
import { poster, type World } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * The itineraries (issue 15) at phone width: a salesman opens his day, moves a stop with the
 * keyboard (the order is saved: a reload keeps it), asks the optimiser for a shorter order and
 * applies it, opens the map dialog (drawn on a plain background: the company has no maps token)
 * and follows the route out to Google Maps.
 */

const HERE = { latitude: -22.3246, longitude: -49.0871, accuracy: 20 };
test.use({ viewport: { width: 375, height: 800 }, geolocation: HERE, permissions: ['geolocation'] });

const DAY = '2026-12-15';
/** Four shops across Bauru, scheduled in a zig-zag (north, south, north, south), and one never located. */
const SHOPS = [
  { name: 'Padaria Norte', latitude: -22.3, longitude: -49.06, at: '08:00' },
  { name: 'Mercearia Sul', latitude: -22.35, longitude: -49.1, at: '09:00' },
  { name: 'Açougue Norte', latitude: -22.301, longitude: -49.062, at: '10:00' },
  { name: 'Bazar Sul', latitude: -22.351, longitude: -49.102, at: '11:00' },
];

async function setup(world: World, day: string) {
  const admin = (await world.login(world.admin.email)).accessToken;
  const post = poster(admin);
  // Named by its day: both tests may run in the same worker, and so in the same company.
  const type = await post('/api/schedulings-types', { name: `Visita de rota ${day}`, type: 'visit' });
  const salesman = poster((await world.login(world.salesman.email)).accessToken);
  for (const shop of SHOPS) {
    const client = await post('/api/clients', {
      name: shop.name, birthDate: '1980-01-01', salesmanId: world.salesman.id,
      addresses: [{ main: true, street: 'Rua Araújo Leite', number: '10', neighborhood: 'Centro', city: 'Bauru', state: 'SP', latitude: shop.latitude, longitude: shop.longitude }],
    });
    await salesman('/api/schedulings', { clientId: client.id, typeId: type.id, date: day, scheduledStart: shop.at });
  }
  const lost = await post('/api/clients', { name: 'Sítio Sem Mapa', birthDate: '1980-01-01', salesmanId: world.salesman.id, addresses: [{ main: true, street: 'Estrada Municipal', city: 'Bauru', state: 'SP' }] });
  await salesman('/api/schedulings', { clientId: lost.id, typeId: type.id, date: day, scheduledStart: '16:00' });
}

/** The stops' client names, in the order the page shows them. */
const stopNames = (page: Page) => page.getByRole('list', { name: 'Paradas do roteiro' }).locator(':scope > li a[href^="/schedulings/"]').allTextContents();

test('a salesman reorders his day by keyboard, optimises it, sees it on the map and opens it in Google Maps', async ({ page, world }) => {
  test.setTimeout(90_000);
  await setup(world, DAY);
  await loginAs(page, world, world.salesman.email, `/schedulings/itineraries?date=${DAY}`);
  await expect(page.getByRole('heading', { name: 'Roteiros' })).toBeVisible();
  const card = page.getByRole('list', { name: /^Roteiros de / }).getByRole('listitem');
  await expect(card).toContainText('5 paradas');
  await expect(card).toContainText('Padaria Norte → Sítio Sem Mapa');
  expect(await seriousViolations(page)).toEqual([]);
  await card.getByRole('link', { name: /Abrir roteiro de/ }).click();

  await expect(page.getByRole('heading', { name: /^Roteiro de Vera Vendedora em/ })).toBeVisible();
  await expect.poll(() => stopNames(page)).toEqual(['Padaria Norte', 'Mercearia Sul', 'Açougue Norte', 'Bazar Sul', 'Sítio Sem Mapa']);
  await expect(page.getByText('O endereço principal do cliente não tem geolocalização: a distância do check-in não pôde ser medida.')).toBeVisible();

  // The keyboard: focus the fourth stop's handle, arrow up once; focus stays on it.
  await page.getByRole('button', { name: /^Mover Bazar Sul, parada 4 de 5/ }).focus();
  await page.keyboard.press('ArrowUp');
  const moved = ['Padaria Norte', 'Mercearia Sul', 'Bazar Sul', 'Açougue Norte', 'Sítio Sem Mapa'];
  await expect.poll(() => stopNames(page)).toEqual(moved);
  await expect(page.getByRole('button', { name: /^Mover Bazar Sul, parada 3 de 5/ })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Bazar Sul agora é a parada 3 de 5.' })).toBeAttached();
  await expect(page.getByText('salvando a ordem…')).toBeHidden();
  await page.reload();
  await expect.poll(() => stopNames(page)).toEqual(moved);

  // The optimiser proposes; nothing changes until applied.
  await page.getByLabel('Partir de').selectOption('first');
  await page.getByRole('button', { name: 'Otimizar' }).click();
  const proposal = page.getByTestId('itinerary-proposal');
  const best = ['Padaria Norte', 'Açougue Norte', 'Mercearia Sul', 'Bazar Sul', 'Sítio Sem Mapa'];
  await expect(proposal).toContainText(/Distância atual: [\d,]+ km\. Proposta: [\d,]+ km \(\d+% mais curta\)/);
  await expect(proposal.getByRole('list', { name: 'Ordem proposta' }).getByRole('listitem')).toHaveText(best);
  await expect(proposal).toContainText('1 parada sem geolocalização fica no fim.');
  expect(await seriousViolations(page)).toEqual([]);
  await proposal.getByRole('button', { name: 'Aplicar esta ordem' }).click();
  await expect.poll(() => stopNames(page)).toEqual(best);
  await expect(page.getByText('salvando a ordem…')).toBeHidden();
  await page.reload();
  await expect.poll(() => stopNames(page)).toEqual(best);

  // The map: drawn without a token on a plain background, the stops listed in order.
  await page.getByRole('button', { name: 'Ver no mapa' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/token de mapas/)).toBeVisible();
  await expect(dialog.locator('canvas')).toBeVisible();
  await expect(dialog.getByRole('list').first().getByRole('listitem')).toHaveCount(5);
  await expect(dialog.getByRole('list').first()).toContainText('Padaria Norte');
  await expect(dialog.getByRole('list').first()).toContainText('Endereço sem geolocalização');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Out to Google Maps: the located stops in the new order, in one leg (under ten).
  await page.context().route('https://www.google.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Google Maps</title>' }));
  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Abrir no Google Maps' }).click();
  const url = new URL((await popup).url());
  expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
  expect(url.searchParams.get('destination')).toBe('-22.351,-49.102');
  expect(url.searchParams.get('waypoints')).toBe('-22.3,-49.06|-22.301,-49.062|-22.35,-49.1');
  await expect(page.getByRole('link', { name: 'Abrir Padaria Norte no Waze' })).toHaveAttribute('href', 'https://waze.com/ul?ll=-22.3%2C-49.06&navigate=yes');
});

test('the itineraries read at desktop width too, and a day without schedulings says so', async ({ page, world }) => {
  test.setTimeout(60_000);
  await setup(world, '2026-12-17');
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, world, world.supervisor.email, '/schedulings/itineraries?date=2026-12-18');
  await expect(page.getByText(/Nenhum roteiro em 18\/12\/2026/)).toBeVisible();
  await page.getByRole('button', { name: 'Dia anterior' }).click();
  await expect(page).toHaveURL(/date=2026-12-17/);
  await expect(page.getByRole('list', { name: /^Roteiros de / }).getByRole('listitem').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
