import { salesCompany } from '../../functions/src/testing/sales';
import { call, makeWorld, type World } from '../../functions/src/testing/world';
import { databaseNames, seedSessionOnNextLoad } from './auth-helpers';
import { expect, PASSWORD, test } from './fixtures';
import { seriousViolations } from './layout-helpers';
import { queueOrder } from './offline-helpers';

/**
 * The device's data for offline work (issue 45, docs/offline.md "The device's data layer"), at
 * 375 px: the login syncs the salesman's portfolio and /offline shows its counts; the browser set
 * offline shows "Sem conexão"; items queued while offline are sent when the connection comes back,
 * one getting its order number and one refused (no stock) landing in the review list with the
 * server's reason, discarded after a question; logout deletes the local database.
 */

let made: Promise<{ world: World; s: Awaited<ReturnType<typeof salesCompany>>; clients: string[]; arroz: string; feijao: string }> | undefined;
/** A company of this file's own: the salesman's portfolio is two clients (a third is another salesman's) and the company's two products, one without stock. */
function company() {
  made ??= (async () => {
    const world = await makeWorld(`Offline ${process.pid}`);
    const s = await salesCompany(world);
    const arroz = await s.product('Arroz Tipo 1 5kg', '24.90', '50');
    const feijao = await s.product('Feijão Carioca 1kg', '8.50', '0');
    const clients = [await s.client('Mercado São José'), await s.client('Açougue Boi Gordo')];
    await s.client('Padaria do Outro', world.otherSalesman.id);
    return { world, s, clients, arroz, feijao };
  })();
  return made;
}

test('the portfolio synced at login, the state offline, the queue sent on reconnect (a number, a refusal to review), and logout deleting the database', async ({ page }) => {
  test.setTimeout(60_000);
  const { world, s, clients, arroz, feijao } = await company();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/login?redirect=/offline');
  await page.getByLabel('E-mail').fill(world.salesman.email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/offline$/);
  await expect(page.getByRole('heading', { name: 'Trabalho offline', level: 1 })).toBeVisible();

  // The login's sync: the salesman's two clients (not the other salesman's), the company's two products.
  const state = page.getByTestId('offline-state');
  await expect(state.getByTestId('offline-count-clients')).toHaveText('2');
  await expect(state.getByTestId('offline-count-products')).toHaveText('2');
  await expect(state.getByTestId('offline-count-stock')).toHaveText(/^\d+$/);
  await expect(state.getByTestId('offline-last-sync')).toContainText(/Última sincronização\s*\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(state.getByTestId('offline-last-sync')).toContainText(/Tamanho\s*\d+,\d kB/);
  await expect(page.getByTestId('offline-queue')).toContainText('Nada aguardando envio.');
  await expect(page.getByTestId('offline-review')).toContainText('Nenhum item recusado.');
  await expect(page.getByTestId('offline-indicator')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Offline: the navbar says so, and syncing waits for a connection.
  await page.context().setOffline(true);
  const indicator = page.getByTestId('offline-indicator');
  await expect(indicator).toContainText('Sem conexão');
  await expect(page.getByTestId('offline-connection')).toHaveText('Sem conexão');
  await expect(page.getByRole('button', { name: 'Sincronizar agora' })).toBeDisabled();

  // Two orders closed offline: one the stock covers, one of a product with none.
  const draft = (productId: string, clientId: string) => ({ clientId, natureId: s.ids.venda, paymentConditionId: s.ids.prazo, paymentType: 'boleto', transport: { costing: 1 }, items: [{ productId, quantity: '2', unitPrice: productId === arroz ? '24.90' : '8.50' }] });
  const stamp = Date.now().toString(36);
  await queueOrder(page, `e2e-ok-${stamp}`, 'Pedido de Mercado São José', draft(arroz, clients[0]!));
  await queueOrder(page, `e2e-no-${stamp}`, 'Pedido de Açougue Boi Gordo', draft(feijao, clients[1]!));
  await expect(indicator).toContainText('Sem conexão');
  await expect(indicator).toHaveAccessibleName(/2 aguardando envio/);
  const queue = page.getByTestId('offline-queue');
  await expect(queue.getByRole('listitem')).toHaveText([/1\. Pedido de Mercado São José/, /2\. Pedido de Açougue Boi Gordo/]);
  await page.emulateMedia({ colorScheme: 'dark' });
  // The theme follows the system's (the default): applied once the app has seen the change.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await seriousViolations(page)).toEqual([]);

  // Back online: the queue goes in order; the first gets its number, the second is refused.
  await page.context().setOffline(false);
  await expect(queue).toContainText('Nada aguardando envio.');
  await expect(page.getByTestId('offline-sent')).toContainText(/Pedido de Mercado São José\s*enviado, pedido nº \d+/);
  const refused = page.getByTestId('offline-review-item');
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText('Pedido de Açougue Boi Gordo');
  // The server's reason, as the online close would say it.
  await expect(refused.getByText(/Estoque insuficiente para Feijão Carioca 1kg/)).toHaveCount(1);
  await expect(refused.getByRole('button', { name: 'Corrigir' })).toBeVisible();
  await expect(indicator).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await seriousViolations(page)).toEqual([]);

  // "Descartar" asks first.
  await refused.getByRole('button', { name: 'Descartar' }).click();
  const question = page.getByRole('alertdialog', { name: 'Descartar este item?' });
  await expect(question).toContainText('Pedido de Açougue Boi Gordo será apagado deste aparelho');
  await question.getByRole('button', { name: 'Descartar' }).click();
  await expect(page.getByTestId('offline-review')).toContainText('Nenhum item recusado.');

  // Logout deletes the device's database with everything in it.
  expect(await databaseNames(page)).toContain('escritorio-virtual');
  await page.getByRole('button', { name: /^Menu do usuário/ }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => databaseNames(page)).not.toContain('escritorio-virtual');
});

test('a session that fails (revoked elsewhere) deletes the device database with its queue', async ({ page }) => {
  const { world } = await company();
  await page.setViewportSize({ width: 375, height: 812 });
  const { data } = await world.login(world.supervisor.email);
  await seedSessionOnNextLoad(page, data);
  await page.goto('/offline');
  await expect(page.getByRole('heading', { name: 'Trabalho offline', level: 1 })).toBeVisible();
  // A seeded session skipped the login's sync: one asked now, over before the session ends, so it
  // is the click below that meets the refusal.
  await page.getByRole('button', { name: 'Sincronizar agora' }).click();
  await expect(page.getByTestId('offline-last-sync')).toBeVisible();
  expect(await databaseNames(page)).toContain('escritorio-virtual');
  await expect(page.getByRole('button', { name: 'Sincronizar agora' })).toBeEnabled();
  await queueOrder(page, `e2e-end-${Date.now().toString(36)}`, 'Pedido de Mercado São José', { clientId: null, items: [] });
  await expect(page.getByTestId('offline-queue')).toContainText('1. Pedido de Mercado São José');

  // Ended on the server (a logout elsewhere): the next call's refresh is refused.
  expect((await call('POST', '/api/auth/logout', { token: data.accessToken, body: {} })).status).toBe(200);
  await page.getByRole('button', { name: 'Sincronizar agora' }).click();
  await expect(page).toHaveURL(/\/login\?expired=1$/);
  await expect.poll(() => databaseNames(page)).not.toContain('escritorio-virtual');
});
