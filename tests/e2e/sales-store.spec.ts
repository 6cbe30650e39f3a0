import { salesCompany } from '../../functions/src/testing/sales';
import { storeOf } from '../../functions/src/testing/store';
import { call } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * The staff's side of a store order (issue 44, docs/store.md "The staff's side"): two orders a
 * client made in the store, one paid by the sandbox's Pix, the other paid with another amount (in
 * review); the staff's sale page shows each one's "Loja virtual" section (the review a warning
 * saying why, what arrived and what to do) and the sales list marks both, at 375 px and on a
 * desktop, light and dark, with no serious axe violation; its filter lists the one to resolve.
 */
test('at 375 px and desktop: the staff read a store order’s part, a payment in review as a warning, and the list marks store orders', async ({ page, world }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const s = await salesCompany(world);
  const st = await storeOf(s, `equipe-${s.tag.toLowerCase()}`);
  const slug = st.slug;
  try {
    const aVista = await s.post('/api/payments-conditions', { name: `À vista ${s.tag}`, terms: ['000'] });
    const product = await s.product(`Farinha de trigo 5kg ${s.tag}`, '21.40', '30');
    const clientId = await s.client(`Empório Equipe ${s.tag}`);
    const token = await st.signIn(await st.grant(clientId));
    const buy = async (key: string) => {
      const res = await st.order(token, { items: [{ productId: product, quantity: '2' }], paymentConditionId: aVista.id, paymentMethod: 'pix' }, key);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { id: string; number: number };
    };
    const paid = await buy(`equipe-${s.tag}-pago`);
    const review = await buy(`equipe-${s.tag}-conferir`);
    expect((await call('POST', `/api/store/${slug}/sales/${paid.id}/sandbox-pay`, { token })).status).toBe(200);
    // The payer pays R$ 40,00 of the R$ 42,80 charged: the sandbox's notice, signed, through the webhook.
    const chargeId = (await call('GET', `/api/sales/${review.id}`, { token: s.tokens.admin })).body.store.paymentId as string;
    expect((await st.payInSandbox(chargeId, '40.00')).body).toEqual({ received: true });

    await loginAs(page, world, world.admin.email, `/sales/${review.id}`, { theme: 'system' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const section = page.getByTestId('sale-store');
    await expect(section.getByRole('heading', { name: 'Loja virtual' })).toBeVisible();
    const warning = section.getByTestId('sale-store-review');
    await expect(warning).toContainText('Pagamento em conferência: o pedido não foi marcado como pago.');
    await expect(warning).toContainText('Valor pago diferente do total.');
    await expect(warning).toContainText('Recebido: R$ 40,00 em');
    await expect(warning).toContainText('(o Pix cobrava R$ 42,80)');
    await expect(warning).toContainText(`Pagamento ${chargeId} no processador.`);
    await expect(warning).toContainText('Se aceitar o valor, mude o pedido para Liberado financeiro');
    await expect(section.getByTestId('sale-store-state')).toContainText('Pagamento em conferência');
    await expect(section.getByTestId('sale-store-method')).toContainText('Pix');
    await expect(section.getByTestId('sale-store-processor')).toContainText('Sandbox');
    await expect(section.getByTestId('sale-store-payment-id')).toContainText(chargeId);
    await expect(section.getByTestId('sale-store-pix-amount')).toContainText('R$ 42,80');
    await expect(section.getByTestId('sale-store-pix-until')).toContainText(/\d{2}\/\d{2}\/\d{4}/);
    await expect(section.getByTestId('sale-store-ip')).toContainText('200.150.10.7');
    await expect(section.getByTestId('sale-store-user-agent')).toContainText('Mozilla/5.0 (Linux; Android 14) Loja');
    await expect(section.getByTestId('sale-store-paid-at')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);

    // The paid one: no warning, paid when.
    await page.goto(`/sales/${paid.id}`);
    await expect(section.getByTestId('sale-store-state')).toContainText('Pago por Pix');
    await expect(section.getByTestId('sale-store-paid-at')).toContainText(/\d{2}\/\d{2}\/\d{4}/);
    await expect(section.getByTestId('sale-store-review')).toHaveCount(0);

    // The list marks both; the one in review says so.
    await page.goto(`/sales?clientId=${clientId}`);
    const cards = page.getByTestId('sale-card');
    await expect(cards).toHaveCount(2);
    const card = (n: number) => cards.filter({ has: page.getByText(`Pedido ${n}`, { exact: true }) });
    await expect(card(paid.number).getByTestId('sale-row-store')).toHaveText('Loja');
    await expect(card(review.number).getByTestId('sale-row-store')).toHaveText('Loja: pagamento em conferência');
    expect(await seriousViolations(page)).toEqual([]);

    // A desktop, light: the table's rows, then the page.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    const row = (n: number) => page.getByTestId('sale-row').filter({ has: page.getByRole('link', { name: String(n), exact: true }) });
    await expect(row(review.number).getByTestId('sale-row-store')).toHaveText('Loja: pagamento em conferência');
    await expect(row(paid.number).getByTestId('sale-row-store')).toHaveText('Loja');
    expect(await seriousViolations(page)).toEqual([]);
    // The filter of the payments to resolve: only the one in review.
    await page.getByLabel('Loja virtual', { exact: true }).selectOption({ label: 'Pagamento da loja em conferência' });
    await expect(page).toHaveURL(/store=review/);
    await expect(page.getByTestId('sale-row')).toHaveCount(1);
    await expect(row(review.number)).toBeVisible();
    await expect(page.getByTestId('sales-totals')).toContainText('1 pedido · R$ 42,80');
    await row(review.number).getByRole('link', { name: String(review.number), exact: true }).click();
    await expect(page.getByTestId('sale-store-review')).toContainText('Valor pago diferente do total.');
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await st.off();
  }
});
