import path from 'node:path';
import { readOutbox } from '@ev/core/ports/email';
import { salesCompany } from '../../functions/src/testing/sales';
import { call } from '../../functions/src/testing/world';
import { expect, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * The store's own pages at phone width (issue 44, docs/store.md): an address of no store says so;
 * an invited client creates its password from the e-mail's link, signs in, reads "Meus pedidos"
 * (an order its salesperson took) and opens it, and signs out. The company's session plays no part.
 */
test('at 375 px: an invited client sets its password by the link, signs in, reads its orders and signs out', async ({ page, world }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const s = await salesCompany(world);
  const slug = `loja-${s.tag.toLowerCase()}`;
  const company = (await call('GET', '/api/company', { token: s.tokens.admin })).body;
  const { name, nickname, document, observations, taxRegime, settings, version } = company;
  const withStore = (further: Record<string, unknown>, v: number) => call('PUT', '/api/company', { token: s.tokens.admin, body: { name, nickname, document, observations, taxRegime, version: v, settings: { ...settings, further: { ...settings.further, ...further } } } });
  const on = await withStore({ selfCheckout: true, storeSlug: slug }, version);
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  try {
    await page.goto(`/vendas/nenhuma-${s.tag.toLowerCase()}`);
    await expect(page.getByTestId('store-not-found')).toContainText('Loja não encontrada: confira o endereço com a empresa.');
    expect(await seriousViolations(page)).toEqual([]);

    const product = await s.product(`Café Torrado 500g ${s.tag}`, '18.90', '50');
    const clientId = await s.client(`Padaria Loja ${s.tag}`);
    const email = (await call('GET', `/api/clients/${clientId}`, { token: s.tokens.admin })).body.email as string;
    const sale = await s.closed(clientId, [{ productId: product, quantity: '2', unitPrice: '18.90' }]);
    // Through the server the page talks to: its queue sends the e-mail into the outbox polled below.
    const invited = await page.request.post(`/api/clients/${clientId}/store-access/invite`, { headers: { authorization: `Bearer ${s.tokens.admin}` } });
    expect(invited.status(), await invited.text()).toBe(200);
    // The link the e-mail carries (the server runs in the global setup's process: its outbox is polled).
    const dir = path.join(process.env.DATA_DIR ?? '', 'outbox');
    let link: string | undefined;
    for (let i = 0; i < 50 && !link; i++) {
      link = (await readOutbox(dir)).filter((m) => m.to === email).at(-1)?.text.match(/https?:\/\/\S+\/vendas\/\S+/)?.[0];
      if (!link) await new Promise((r) => setTimeout(r, 200));
    }
    expect(link, 'the invitation e-mail').toBeTruthy();
    await page.goto(new URL(link!).pathname + new URL(link!).hash);
    await expect(page.getByRole('heading', { level: 1, name: 'Criar a senha da loja' })).toBeVisible();
    await expect(page.getByTestId('store-name')).toContainText(nickname || name);
    await page.getByLabel('Nova senha', { exact: true }).fill('minha-senha-da-loja');
    await page.getByLabel('Confirme a nova senha', { exact: true }).fill('minha-senha-da-loja');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Salvar a senha' }).click();
    await expect(page.getByText('Senha definida. Entre na loja com o seu e-mail e a nova senha.')).toBeVisible();
    await page.getByRole('link', { name: 'Entrar na loja' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Entrar na loja' })).toBeVisible();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada-123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('E-mail ou senha incorretos.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Senha', { exact: true }).fill('minha-senha-da-loja');
    await page.getByRole('button', { name: 'Entrar' }).click();

    await expect(page).toHaveURL(`/vendas/${slug}/sales`);
    await expect(page.getByRole('heading', { level: 1, name: 'Meus pedidos' })).toBeVisible();
    const orders = page.getByTestId('store-order');
    await expect(orders).toHaveCount(1);
    await expect(orders.first()).toContainText(`Pedido ${sale.number}`);
    await expect(orders.first()).toContainText('R$ 37,80');
    await expect(orders.first()).toContainText('Recebido');
    expect(await seriousViolations(page)).toEqual([]);
    await orders.first().click();
    await expect(page.getByTestId('store-order-detail')).toContainText(`Café Torrado 500g ${s.tag}`);
    await expect(page.getByTestId('store-order-total')).toContainText('R$ 37,80');
    expect(await seriousViolations(page)).toEqual([]);
    // Signed out: the login again, and "Meus pedidos" no longer opens.
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar na loja' })).toBeVisible();
    await page.goto(`/vendas/${slug}/sales`);
    await expect(page).toHaveURL(`/vendas/${slug}`);
  } finally {
    const now = (await call('GET', '/api/company', { token: s.tokens.admin })).body;
    await withStore({ selfCheckout: false, storeSlug: '' }, now.version);
  }
});
