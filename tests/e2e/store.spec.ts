import path from 'node:path';
import { readOutbox } from '@ev/core/ports/email';
import { salesCompany } from '../../functions/src/testing/sales';
import { STORE_PASSWORD, storeOf } from '../../functions/src/testing/store';
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
  const st = await storeOf(s, `loja-${s.tag.toLowerCase()}`);
  const slug = st.slug;
  const { name, nickname } = (await call('GET', '/api/company', { token: s.tokens.admin })).body;
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
    await expect(page.getByTestId('store-order-state')).toHaveText('Pedido feito pelo seu vendedor');
    expect(await seriousViolations(page)).toEqual([]);
    // "Comprar de novo": its lines in a new cart, at today's prices.
    await page.getByRole('button', { name: 'Comprar de novo' }).click();
    await expect(page).toHaveURL(`/vendas/${slug}/sales/create`);
    await expect(page.getByTestId('store-cart-line')).toHaveCount(1);
    await expect(page.getByTestId('store-cart-quantity')).toHaveValue('2');
    await expect(page.getByTestId('store-cart-total')).toContainText('R$ 37,80');
    // Signed out: the login again, and "Meus pedidos" no longer opens.
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar na loja' })).toBeVisible();
    await page.goto(`/vendas/${slug}/sales`);
    await expect(page).toHaveURL(`/vendas/${slug}`);
  } finally {
    await st.off();
  }
});

/**
 * The store's purchase at phone width (issue 44's acceptance, docs/store.md "The purchase" and
 * "Payment"): a client signs in, searches the catalogue, fills a cart, sees the minimum-billing
 * message, closes with Pix, sees the QR code, the sandbox confirms it, and the order shows paid in
 * "Meus pedidos" and to the staff.
 */
test('at 375 px: a client searches, fills a cart, meets the minimum billing, closes with Pix and pays it in the sandbox', async ({ page, world }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const s = await salesCompany(world);
  const st = await storeOf(s, `compra-${s.tag.toLowerCase()}`);
  const slug = st.slug;
  const { name, nickname } = (await call('GET', '/api/company', { token: s.tokens.admin })).body;
  try {
    const aVista = await s.post('/api/payments-conditions', { name: `À vista ${s.tag}`, terms: ['000'], minimumInvoice: '50.00' });
    await s.product(`Água mineral 500ml cx ${s.tag}`, '18.90', '100');
    await s.product(`Açúcar cristal fardo ${s.tag}`, '42.50', '0');
    const clientId = await s.client(`Mercearia Compra ${s.tag}`);
    const email = await st.grant(clientId);

    await page.goto(`/vendas/${slug}`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(STORE_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Meus pedidos' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Loja' }).getByRole('link', { name: 'Nova compra' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nova compra' })).toBeVisible();
    // The store installs as its company's app: its own manifest, icon and title.
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', `/api/store/${slug}/manifest.webmanifest`);
    await expect(page).toHaveTitle(nickname || name);

    await page.getByTestId('store-search').fill(s.tag);
    const products = page.getByTestId('store-product');
    await expect(products).toHaveCount(2);
    await expect(products.filter({ hasText: 'Água mineral' })).toContainText('R$ 18,90');
    await expect(products.filter({ hasText: 'Açúcar cristal' })).toContainText('Sem estoque');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: `Adicionar Água mineral 500ml cx ${s.tag}` }).click();
    await expect(page.getByTestId('store-cart-line')).toHaveCount(1);
    await page.getByTestId('store-condition').selectOption(aVista.id);
    // R$ 18,90 under the condition's R$ 50,00: the entry's own message, and no close.
    await expect(page.getByTestId('store-cart')).toContainText('O total do pedido (R$ 18,90) está abaixo do faturamento mínimo da condição de pagamento (R$ 50,00): faltam R$ 31,10.');
    await expect(page.getByTestId('store-close')).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
    // A reload loses nothing typed: the cart is kept in the browser.
    await page.reload();
    await expect(page.getByTestId('store-cart-line')).toHaveCount(1);
    await page.getByTestId('store-cart-quantity').fill('3');
    await expect(page.getByTestId('store-cart-total')).toContainText('R$ 56,70');
    await expect(page.getByTestId('store-cart-installments')).toContainText('R$ 56,70');
    await expect(page.getByTestId('store-close')).toBeEnabled();
    // The same page on a desktop: no serious violation there either.
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByTestId('store-close').click();

    await expect(page.getByTestId('store-order-detail')).toBeVisible();
    await expect(page.getByTestId('store-order-state')).toHaveText('Aguardando o pagamento do Pix');
    await expect(page.getByTestId('pix-qr')).toBeVisible();
    await expect(page.getByTestId('pix-code').getByRole('textbox')).toHaveValue(/^000201.*6304[0-9A-F]{4}$/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    const saleId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByRole('button', { name: 'Simular pagamento' }).click();
    await expect(page.getByTestId('store-order-state')).toHaveText('Pix pago');
    await expect(page.getByTestId('store-order-detail')).toContainText('Pagamento confirmado');
    await expect(page.getByTestId('pix-panel')).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Loja' }).getByRole('link', { name: 'Meus pedidos' }).click();
    await expect(page.getByTestId('store-order').first()).toContainText('Pagamento confirmado');
    await expect(page.getByTestId('store-order').first()).toContainText('Pix pago');
    await expect(page.getByTestId('store-order').first()).toContainText('R$ 56,70');
    // The staff see it paid, a store order of the client's salesman.
    const staff = (await call('GET', `/api/sales/${saleId}`, { token: s.tokens.admin })).body;
    expect(staff).toMatchObject({ status: 'paid', salesmanId: world.salesman.id, store: { status: 'paid', processor: 'sandbox' } });
    const listed = (await call('GET', `/api/sales?clientId=${clientId}`, { token: s.tokens.admin })).body.items;
    expect(listed.find((r: { id: string }) => r.id === saleId)).toMatchObject({ status: 'paid', payment: 'paid' });
  } finally {
    await st.off();
  }
});

/** "Meus dados" at phone width (docs/store.md "Meus dados"): contacts and a delivery address saved, a refusal at its field, the password changed with the current one. */
test('at 375 px: a client keeps its contacts and delivery addresses and changes its password in Meus dados', async ({ page, world }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const s = await salesCompany(world);
  const st = await storeOf(s, `dados-${s.tag.toLowerCase()}`);
  const slug = st.slug;
  try {
    const clientId = await s.client(`Empório Dados ${s.tag}`);
    const email = await st.grant(clientId);
    await page.goto(`/vendas/${slug}`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('senha-da-loja-1');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('navigation', { name: 'Loja' }).getByRole('link', { name: 'Meus dados' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Meus dados' })).toBeVisible();
    await expect(page.getByTestId('store-profile-record')).toContainText(email);
    await page.getByLabel('Telefone', { exact: true }).fill('14991234567');
    await page.getByLabel('Pessoa de contato').fill('Dona Cida');
    await page.getByRole('button', { name: 'Novo endereço de entrega' }).click();
    const address = page.getByTestId('store-address');
    await address.getByLabel('Apelido do endereço').fill('Depósito');
    await address.getByLabel('CEP').fill('170');
    await address.getByLabel('Logradouro').fill('Rua Primeiro de Agosto');
    await address.getByLabel('Número').fill('1200');
    await address.getByLabel('Bairro').fill('Centro');
    await address.getByLabel('Cidade').fill('Bauru');
    await page.getByRole('button', { name: 'Salvar meus dados' }).click();
    await expect(address.getByLabel('CEP')).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);
    await address.getByLabel('CEP').fill('17012-000');
    await page.getByRole('button', { name: 'Salvar meus dados' }).click();
    await expect(page.getByText('Dados salvos.')).toBeVisible();
    // The first address is the main one, as the company keeps it.
    await expect(page.getByText('Rua Primeiro de Agosto, 1200')).toBeVisible();
    const staff = (await call('GET', `/api/clients/${clientId}`, { token: s.tokens.admin })).body;
    expect(staff).toMatchObject({ phone1: '14991234567', contact: 'Dona Cida' });
    expect(staff.addresses).toHaveLength(1);

    await page.getByLabel('Senha atual').fill('senha-errada-1');
    await page.getByLabel('Nova senha', { exact: true }).fill('nova-senha-da-loja');
    await page.getByLabel('Confirme a nova senha').fill('nova-senha-da-loja');
    await page.getByRole('button', { name: 'Trocar a senha' }).click();
    await expect(page.getByText('A senha atual não confere.')).toBeVisible();
    await page.getByLabel('Senha atual').fill('senha-da-loja-1');
    await page.getByRole('button', { name: 'Trocar a senha' }).click();
    await expect(page.getByText('Senha alterada. As outras sessões da loja foram encerradas.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    // Still signed in with the new session.
    await page.getByRole('navigation', { name: 'Loja' }).getByRole('link', { name: 'Meus pedidos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Meus pedidos' })).toBeVisible();
  } finally {
    await st.off();
  }
});
