import type { Page } from '@playwright/test';
import { salesCompany } from '../../functions/src/testing/sales';
import { call, type World } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * Correcting a pending sale on the screen (docs/sales.md "Correcting a pending sale"): the
 * administrator opens the sale, "Alterar pedido", changes a line's quantity and cancels another
 * with its reason, saves, and the sale's page shows the new total, the cancelled line and the
 * history with her name and each line before and after; at 375 px and at desktop width.
 */

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A pending sale of the salesman: 3 × 24,90 of coffee and 2 × 5,00 of sugar under a 0/30/60 condition. */
async function pendingSale(world: World) {
  const s = await salesCompany(world);
  const [coffee, sugar] = [`Café Torrado ${s.tag}`, `Açúcar Cristal ${s.tag}`];
  const [coffeeId, sugarId] = await Promise.all([s.product(coffee, '24.9', '100'), s.product(sugar, '5', '100')]);
  const sale = await s.closed(await s.client(`Mercado ${s.tag} Ltda`), [
    { productId: coffeeId, quantity: '3', unitPrice: '24.9' },
    { productId: sugarId, quantity: '2', unitPrice: '5' },
  ]);
  return { sale: { id: sale.id, number: Number(sale.number) }, admin: s.tokens.admin, coffee, sugar };
}

for (const [label, viewport] of [
  ['at desktop width', { width: 1440, height: 900 }],
  ['at 375 px', { width: 375, height: 812 }],
] as const) {
  test.describe(label, () => {
    test.use({ viewport });

    test('the administrator corrects a pending sale (a quantity changed, a line cancelled with its reason) and sees the history with her name', async ({ page, world }) => {
      const { sale, admin, coffee, sugar } = await pendingSale(world);
      await loginAs(page, world, world.admin.email, `/sales/${sale.id}`);
      await page.getByRole('link', { name: 'Alterar pedido' }).click();
      await expect(page).toHaveURL(`/sales/${sale.id}/edit`);
      await expect(page.getByRole('heading', { name: `Alterar o pedido ${sale.number}`, level: 1 })).toBeVisible();
      // Nothing changed yet: nothing to save.
      await expect(page.getByRole('button', { name: 'Salvar alterações' })).toBeDisabled();

      const lines = page.getByTestId('entry-line');
      await expect(lines).toHaveCount(2);
      await lines.filter({ hasText: coffee }).getByLabel('Quantidade').fill('5');
      await lines.filter({ hasText: sugar }).getByRole('button', { name: `Cancelar o item ${sugar}` }).click();
      const ask = page.getByRole('alertdialog', { name: 'Cancelar o item?' });
      // The reason is asked before the line is cancelled.
      await expect(ask.getByRole('button', { name: 'Cancelar o item' })).toBeDisabled();
      await ask.getByLabel('Motivo do cancelamento').fill('Cliente ainda tem açúcar');
      await ask.getByRole('button', { name: 'Cancelar o item' }).click();
      await expect(lines.filter({ hasText: sugar }).getByTestId('cancelled-line')).toHaveText('Cancelado: Cliente ainda tem açúcar');
      // 5 × 24,90
      await expect(page.getByTestId('entry-total')).toHaveText(/124,50/);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Salvar alterações' }).click();
      await expect(toast(page, `Pedido ${sale.number} alterado.`)).toBeVisible();
      await expect(page).toHaveURL(`/sales/${sale.id}`);
      const history = page.getByTestId('sale-history').last();
      await expect(history).toContainText('Pedido alterado');
      await expect(history).toContainText('Alice Admin');
      await expect(history.getByTestId('sale-history-changes')).toContainText(`${coffee}: 3 × R$ 24,90 = R$ 74,70 → 5 × R$ 24,90 = R$ 124,50`);
      await expect(history.getByTestId('sale-history-changes')).toContainText(`${sugar}: 2 × R$ 5,00 = R$ 10,00 → cancelado (Motivo: Cliente ainda tem açúcar)`);
      await expect(history.getByTestId('sale-history-changes')).toContainText('Total: R$ 84,70 → R$ 124,50');
      await expect(page.getByTestId('sale-installment')).toHaveCount(3);
      expect(await seriousViolations(page)).toEqual([]);

      // The API says the same: the stock of the cancelled line went back, the total is the new one.
      const now = (await call('GET', `/api/sales/${sale.id}`, { token: admin })).body;
      expect(now.totals.total).toBe('124.50');
      expect(now.items.map((i: { cancelled: boolean }) => i.cancelled)).toEqual([false, true]);
    });
  });
}
