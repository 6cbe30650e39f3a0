import type { Browser, BrowserContext, Page } from '@playwright/test';
import { salesCompany } from '../../functions/src/testing/sales';
import { call, makeWorld, type World } from '../../functions/src/testing/world';
import { expect, PASSWORD, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * Orders taken without signal (issue 45, docs/offline.md "Orders offline"), at 375 px, in a
 * browser that allows the service worker (so a reload without a connection finds the app): the
 * salesman logs in online (the portfolio syncs), loses the signal, finds a client and a product on
 * the device, closes the order (judged by the server's own rules on the device, queued), reloads
 * offline and finds it waiting, and gets its number when the connection comes back. A second order
 * whose stock ran out meanwhile comes back refused with the server's reason, and opens in the
 * order entry as it was typed, to be corrected.
 */

let made: Promise<{ world: World; s: Awaited<ReturnType<typeof salesCompany>>; coffee: string }> | undefined;
function company() {
  made ??= (async () => {
    const world = await makeWorld(`Pedidos offline ${process.pid}`);
    const s = await salesCompany(world);
    await s.product('Arroz Agulhinha 5kg', '24.90', '40');
    const coffee = await s.product('Café Torrado 500g', '18.40', '3');
    await s.client('Mercado São José');
    await s.client('Padaria do Outro', world.otherSalesman.id);
    return { world, s, coffee };
  })();
  return made;
}

/** A phone's browser of its own, with the service worker allowed and the position granted. */
async function phone(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
    serviceWorkers: 'allow',
    viewport: { width: 375, height: 812 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    geolocation: { latitude: -22.3246, longitude: -49.0871, accuracy: 20 },
    permissions: ['geolocation'],
  });
}

/** Logs in by the form (the login's sync), lets the service worker take the page, and waits for the portfolio on the device. */
async function signIn(page: Page, world: World) {
  await page.goto('/login?redirect=/offline');
  await page.getByLabel('E-mail').fill(world.salesman.email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  // The login's first sync (the whole portfolio fetched, parsed and written to the device) on a busy machine may pass the usual wait.
  await expect(page.getByTestId('offline-count-clients')).toHaveText('1', { timeout: 15_000 });
  await page.evaluate(async () => {
    await (globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<unknown> } } }).navigator.serviceWorker.ready;
  });
}

async function takeOrder(page: Page, client: string, product: string, quantity: string, condition: string) {
  await page.getByRole('combobox', { name: 'Cliente' }).click();
  await page.getByRole('combobox', { name: /Buscar por nome/ }).fill(client.split(' ')[0]!);
  await page.getByRole('option', { name: new RegExp(client) }).click();
  await expect(page.getByTestId('entry-client-info')).toContainText(client);
  // The payment condition, from the registries the device holds.
  await page.getByRole('button', { name: 'Alterar dados do pedido' }).click();
  await page.getByLabel('Condição de pagamento').selectOption(condition);
  await page.getByRole('combobox', { name: 'Adicionar produto' }).fill(product.split(' ')[0]!);
  await page.getByRole('option', { name: new RegExp(product) }).click();
  const line = page.getByTestId('entry-line').first();
  await line.getByLabel('Quantidade').fill(quantity);
  return line;
}

test.describe.configure({ mode: 'serial' });

test('an order taken offline waits on the device across a reload, and gets its number when the connection comes back', async ({ browser }) => {
  test.setTimeout(90_000);
  const { world, s } = await company();
  const context = await phone(browser);
  try {
    const page = await context.newPage();
    await signIn(page, world);
    // The portfolio travels gzipped to a browser that accepts it (a phone's first sync is mostly JSON text).
    const { accessToken } = await world.login(world.salesman.email);
    const answer = await fetch(`http://127.0.0.1:${process.env.E2E_PORT}/api/offline/portfolio`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', 'accept-encoding': 'gzip' }, body: '{}' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect((await answer.json()).clients.items).toHaveLength(1);
    // The shell in the worker's cache: a reload now is served by it.
    await page.reload();
    await page.goto('/sales/create');
    await expect(page.getByRole('heading', { name: 'Novo pedido' })).toBeVisible();

    await context.setOffline(true);
    await expect(page.getByTestId('entry-offline')).toContainText('Sem conexão: o pedido usa os dados deste aparelho');
    // The device's portfolio: the salesman's client (never another's), the product priced by the shared resolution, its stock as of the sync.
    await page.getByRole('combobox', { name: 'Cliente' }).click();
    await page.getByRole('combobox', { name: /Buscar por nome/ }).fill('Padaria');
    await expect(page.getByRole('option', { name: /Padaria do Outro/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    const line = await takeOrder(page, 'Mercado São José', 'Arroz Agulhinha 5kg', '3', s.ids.prazo);
    await expect(line.getByLabel('Preço unitário')).toHaveValue('24,90');
    await expect(line.getByTestId('line-stock')).toContainText('40');
    await expect(page.getByTestId('entry-bar-total')).toHaveText('R$ 74,70');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Fechar pedido' }).click();
    await expect(page).toHaveURL(/\/offline$/);
    const queue = page.getByTestId('offline-queue');
    await expect(queue).toContainText('1. Pedido de Mercado São José, 1 itens');
    await expect(page.getByTestId('offline-indicator')).toHaveAccessibleName(/1 aguardando envio/);

    // Reloaded without a connection: the app from the worker, the order still waiting.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Trabalho offline', level: 1 })).toBeVisible();
    await expect(queue).toContainText('1. Pedido de Mercado São José, 1 itens');

    // Back online: sent, numbered (on the `online` event, or by the agent's look every five seconds
    // while a queue waits: a page reloaded offline does not always get the event).
    await context.setOffline(false);
    await expect(queue).toContainText('Nada aguardando envio.');
    const sent = page.getByTestId('offline-sent');
    await expect(sent).toContainText(/Pedido de Mercado São José, 1 itens\s*enviado, pedido nº \d+/);
    const number = Number((await sent.textContent())!.match(/pedido nº (\d+)/)![1]);
    const found = await call('GET', `/api/sales?q=${number}`, { token: s.tokens.admin });
    const sale = (found.body.items as { number: number; id: string }[]).find((x) => x.number === number)!;
    const whole = await s.read(sale.id);
    expect(whole).toMatchObject({ status: 'pending', salesmanId: world.salesman.id, totals: { total: '74.70' } });
    expect(whole.geolocation).toMatchObject({ latitude: -22.3246, longitude: -49.0871 });
  } finally {
    await context.close();
  }
});

test('an order whose stock ran out meanwhile comes back refused with the reason, and opens as typed to be corrected', async ({ browser }) => {
  test.setTimeout(90_000);
  const { world, s, coffee } = await company();
  const context = await phone(browser);
  try {
    const page = await context.newPage();
    await signIn(page, world);
    await page.goto('/sales/create');
    await context.setOffline(true);
    await takeOrder(page, 'Mercado São José', 'Café Torrado 500g', '3', s.ids.prazo);
    await page.getByRole('button', { name: 'Fechar pedido' }).click();
    await expect(page.getByTestId('offline-queue')).toContainText('1. Pedido de Mercado São José, 1 itens');

    // Meanwhile the coffee is sold elsewhere.
    await s.closed((await s.client('Empório Vizinho')), [{ productId: coffee, quantity: '3', unitPrice: '18.40' }], { token: s.tokens.admin });
    await context.setOffline(false);
    const refused = page.getByTestId('offline-review-item');
    await expect(refused).toHaveCount(1);
    await expect(refused).toContainText(/Estoque insuficiente para Café Torrado 500g/);
    expect(await seriousViolations(page)).toEqual([]);

    // "Corrigir": the order entry with the order as typed, to change and close again.
    await refused.getByRole('button', { name: 'Corrigir' }).click();
    await expect(page).toHaveURL(/\/sales\/create\?offline=/);
    await expect(page.getByTestId('entry-client-info')).toContainText('Mercado São José');
    const line = page.getByTestId('entry-line').first();
    await expect(line).toContainText('Café Torrado 500g');
    await expect(line.getByLabel('Quantidade')).toHaveValue('3');
    await expect(line.getByLabel('Quantidade')).toBeEditable();

    // Leaving with the refused order still on the device asks first: the database goes with the session.
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: /^Menu do usuário/ }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    const question = page.getByRole('alertdialog', { name: 'Há itens não enviados neste aparelho' });
    await expect(question).toContainText('1 item deste aparelho (pedido ou visita) ainda não foi enviado ou foi recusado');
    expect(await seriousViolations(page)).toEqual([]);
    await question.getByRole('button', { name: 'Continuar conectado' }).click();
    await expect(page).toHaveURL(/\/sales\/create/);
    await page.getByRole('button', { name: /^Menu do usuário/ }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sair e apagar' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect.poll(() => page.evaluate(async () => (await (globalThis as unknown as { indexedDB: { databases(): Promise<{ name: string }[]> } }).indexedDB.databases()).map((d) => d.name))).not.toContain('escritorio-virtual');
  } finally {
    await context.close();
  }
});
