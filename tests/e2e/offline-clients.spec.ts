import type { BrowserContext } from '@playwright/test';
import { cpfDigits } from '../../functions/src/testing/documents';
import { makeWorld, poster, type World } from '../../functions/src/testing/world';
import { expect, PASSWORD, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * Clients without signal (issue 45, docs/offline.md "Clients offline"), at 375 px, in a company of
 * this file's own: the salesman logs in online (the portfolio syncs his two clients), loses the
 * signal, opens "Clientes" from the menu and finds his clients on the device (by a word, by the
 * document's digits), never another salesman's, and opens one: its record read only, its financial
 * summary of the last sync, the server's tabs saying they need the connection.
 */

const document = cpfDigits(700_000_000 + (process.pid % 100_000));

let made: Promise<{ world: World }> | undefined;
function company() {
  made ??= (async () => {
    const world = await makeWorld(`Clientes offline ${process.pid}`);
    const post = poster((await world.login(world.admin.email)).accessToken);
    const address = { main: true, cep: '17010120', street: 'Rua Batista de Carvalho', number: '100', neighborhood: 'Centro', city: 'Bauru', state: 'SP' };
    await Promise.all([
      post('/api/clients', { name: 'Mercado São José', nickname: 'Zé do Mercado', document, birthDate: '1980-01-01', creditLimit: '5000.00', salesmanId: world.salesman.id, addresses: [address] }),
      post('/api/clients', { name: 'Armazém Central', birthDate: '1980-01-01', salesmanId: world.salesman.id }),
      post('/api/clients', { name: 'Mercado do Outro', birthDate: '1980-01-01', salesmanId: world.otherSalesman.id }),
    ]);
    return { world };
  })();
  return made;
}

test('offline, the clients list and a client’s page answer from the device: the salesman’s own clients, found by a word or the document’s digits', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const { world } = await company();
  let context: BrowserContext | undefined;
  try {
    // Its own context: service workers allowed (blocked in the other tests), so the screens' code is served from the worker's precache offline.
    context = await browser.newContext({ baseURL, serviceWorkers: 'allow', locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto('/login?redirect=/offline');
    // Typed again should the prerendered form's hydration take a field from under the typing.
    await expect(async () => {
      await page.getByLabel('E-mail').fill(world.salesman.email);
      await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
      await expect(page.getByLabel('E-mail')).toHaveValue(world.salesman.email, { timeout: 500 });
      await expect(page.getByLabel('Senha', { exact: true })).toHaveValue(PASSWORD, { timeout: 500 });
    }).toPass();
    await page.getByRole('button', { name: 'Entrar' }).click();
    // The login's sync brought the salesman's two clients.
    await expect(page.getByTestId('offline-count-clients')).toHaveText('2');
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      if (!reg.active) throw new Error('no active service worker');
    });
    // A reload while online: the page is the worker's from now on.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Trabalho offline', level: 1 })).toBeVisible();

    // Offline: "Clientes" from the menu; the list is the device's.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('link', { name: 'Clientes', exact: true }).click();
    await expect(page.getByTestId('clients-from-device')).toContainText('Sem conexão: a lista mostra os clientes deste aparelho, sincronizados em');
    const cards = page.getByTestId('client-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('Armazém Central');
    await expect(cards.nth(1)).toContainText('Mercado São José');
    await expect(cards.nth(1)).toContainText('Bauru/SP');
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await seriousViolations(page)).toEqual([]);

    // By a word: his "Mercado", never the other salesman's.
    const search = page.getByLabel('Pesquisar');
    await search.fill('mercado');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Mercado São José');
    await expect(page.getByText('Mercado do Outro')).toHaveCount(0);
    await search.fill('outro');
    await expect(page.getByText('Nenhum cliente encontrado para a busca.')).toBeVisible();
    await expect(cards).toHaveCount(0);
    // By the document's digits (a part of them).
    await search.fill(document.slice(3, 9));
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Mercado São José');

    // The client's page: the device's record, read only, its financial summary, the server's tabs saying so.
    await cards.first().click();
    await expect(page.getByRole('heading', { name: 'Mercado São José', level: 1 })).toBeVisible();
    await expect(page.getByTestId('client-from-device')).toContainText('Sem conexão: os dados deste cliente são os deste aparelho');
    await expect(page.getByLabel('Apelido/Nome fantasia')).toHaveValue('Zé do Mercado');
    await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
    const tabs = page.getByRole('tablist', { name: 'Seções do cliente' });
    await tabs.getByRole('tab', { name: 'Endereços' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Endereços' })).toContainText('Rua Batista de Carvalho');
    await tabs.getByRole('tab', { name: 'Parcelas' }).click();
    const financial = page.getByTestId('client-device-financial');
    await expect(financial).toContainText('Crédito disponível');
    await expect(financial).toContainText('R$ 5.000,00');
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    await tabs.getByRole('tab', { name: 'Fidelidade' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Fidelidade' }).getByTestId('client-tab-offline')).toHaveText('Sem conexão: esta aba precisa do servidor. Ela volta quando a conexão voltar.');
  } finally {
    await context?.close();
  }
});
