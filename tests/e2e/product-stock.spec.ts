import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { InventoryMessages } from '../../packages/shared/src/schemas/inventory';
import { runAs } from '../../packages/core/src/context';
import { Reservations } from '../../packages/core/src/inventory/reservations';
import { poster, type World } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * The "Estoque" tab of a product: an administrator sees the balance per result center and the
 * movements (an order's reservation and delivery linked to it), posts an adjustment (its missing
 * reason first shows on the field), and sees the new balance and movement; a salesman (read only on
 * estoques) sees the tab without the form; at 375 px the movements are cards, a purchase posts and
 * the movements of one result center show.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const letters = () => Math.random().toString(36).slice(2, 8).toUpperCase();
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const balance = (page: Page, branch: string) => page.getByTestId('stock-balance').filter({ has: page.getByRole('heading', { name: branch, exact: true }) });

/**
 * A product of this test: stock counted in both branches (Matriz 10, Filial 4,5) when `stocked`,
 * and in Matriz an order reserved and delivered (2) and another only reserved (1).
 */
async function product(world: World, stocked: boolean): Promise<{ id: string; orderId: string }> {
  const tag = letters();
  const { accessToken: token } = await world.login(world.admin.email);
  const post = poster(token);
  const unit = await post('/api/units', { name: `UN ${tag}` });
  const { id } = await post('/api/products', { ref: `${tag}-CAFE`, name: `Café ${tag}`, unitId: unit.id });
  const orderId = randomUUID();
  if (stocked) {
    const [matriz, filial] = [world.branches[0]!.id, world.branches[1]!.id];
    await post('/api/inventory/movements', { productId: id, branchId: matriz, kind: 'adjustment', quantity: '10', reason: 'Contagem inicial' });
    await post('/api/inventory/movements', { productId: id, branchId: filial, kind: 'adjustment', quantity: '4,5', reason: 'Contagem inicial' });
    // Orders reserve and deliver through the core (the sales module's calls).
    await runAs({ tenantId: world.tenant.id }, async () => {
      expect(await Reservations.reserve(orderId, [{ productId: id, branchId: matriz, quantity: '2' }])).toMatchObject({ ok: true });
      await Reservations.deliver(orderId);
      expect(await Reservations.reserve(randomUUID(), [{ productId: id, branchId: matriz, quantity: '1' }])).toMatchObject({ ok: true });
    });
  }
  return { id, orderId };
}

async function openStock(page: Page, world: World, email: string, productId: string) {
  await loginAs(page, world, email, `/products/${productId}`);
  await page.getByRole('tab', { name: 'Estoque' }).click();
  await expect(page.getByRole('heading', { name: 'Saldo por centro de resultado' })).toBeVisible();
}

test('an administrator sees the balances and movements, and posts an adjustment (its reason first missing)', async ({ page, world }) => {
  const { id, orderId } = await product(world, true);
  await openStock(page, world, world.admin.email, id);

  // Matriz: 10 counted, 2 delivered, 1 reserved; Filial: 4,5.
  await expect(balance(page, 'Matriz').getByTestId('stock-balance-physical')).toHaveText('8,00');
  await expect(balance(page, 'Matriz').getByTestId('stock-balance-reserved')).toHaveText('1,00');
  await expect(balance(page, 'Matriz').getByTestId('stock-balance-available')).toHaveText('7,00');
  await expect(balance(page, 'Filial').getByTestId('stock-balance-physical')).toHaveText('4,50');

  // The ledger, by result center and newest first; the order's reservation and delivery link to it.
  const rows = page.getByTestId('stock-movement');
  const matriz = rows.filter({ hasText: 'Matriz' });
  await expect(rows).toHaveCount(5);
  await expect(matriz.first()).toContainText('Reserva para pedido');
  const short = orderId.replace(/-/g, '').slice(-8).toUpperCase();
  const delivery = rows.filter({ hasText: 'Entrega de pedido' });
  await expect(delivery.getByRole('link', { name: `Pedido ${short}` })).toHaveAttribute('href', `/sales/${orderId}`);
  await expect(rows.filter({ hasText: `Pedido ${short}` })).toHaveCount(2);

  // An adjustment without its reason: the API's message on the field, and what was typed stays.
  const form = page.getByRole('form', { name: 'Lançar movimento' });
  await expect(form.getByLabel('Tipo de movimento *')).toHaveValue('adjustment');
  await form.getByLabel('Centro de resultado *').selectOption({ label: 'Matriz' });
  await form.getByLabel('Quantidade *').fill('-1.5');
  await expect(form.getByLabel('Quantidade *')).toHaveValue('-1,5');
  await form.getByRole('button', { name: 'Lançar movimento' }).click();
  await expect(form.getByText(InventoryMessages.reasonRequired)).toBeVisible();
  await expect(form.getByLabel('Motivo *')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Motivo *')).toBeFocused();
  await expect(form.getByLabel('Quantidade *')).toHaveValue('-1,5');
  expect(await seriousViolations(page)).toEqual([]);

  // Fixed: posted, the toast names the new balance, and the tab reads it again.
  await page.keyboard.type('Quebra na conferência');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Movimento lançado. Saldo em Matriz: físico 6,50, disponível 5,50.')).toBeVisible();
  await expect(balance(page, 'Matriz').getByTestId('stock-balance-physical')).toHaveText('6,50');
  await expect(rows).toHaveCount(6);
  await expect(matriz.first()).toContainText('Ajuste');
  await expect(matriz.first()).toContainText('-1,50');
  await expect(matriz.first()).toContainText('Quebra na conferência');
  await expect(form.getByLabel('Quantidade *')).toHaveValue('');
});

test('a salesman sees the stock tab without the form to post movements', async ({ page, world }) => {
  const { id } = await product(world, false);
  await openStock(page, world, world.salesman.email, id);
  await expect(balance(page, 'Matriz').getByTestId('stock-balance-physical')).toHaveText('0,00');
  await expect(balance(page, 'Filial').getByTestId('stock-balance-available')).toHaveText('0,00');
  await expect(page.getByText('Nenhum movimento de estoque.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Lançar movimento' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Lançar movimento' })).toHaveCount(0);
});

test('the tab works at 375 px: balances, movement cards and a purchase posted', async ({ page, world }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const { id } = await product(world, true);
  await openStock(page, world, world.admin.email, id);
  await expect(page.getByTestId('stock-movement-card')).toHaveCount(5);
  await expect(page.getByRole('table', { name: 'Movimentos' })).toBeHidden();

  const form = page.getByRole('form', { name: 'Lançar movimento' });
  await form.getByLabel('Tipo de movimento *').selectOption({ label: 'Compra pedida' });
  await form.getByLabel('Centro de resultado *').selectOption({ label: 'Filial' });
  await form.getByLabel('Quantidade *').fill('3');
  await form.getByRole('button', { name: 'Lançar movimento' }).click();
  await expect(toast(page, 'Saldo em Filial')).toBeVisible();
  await expect(balance(page, 'Filial').getByTestId('stock-balance-bought')).toHaveText('3,00');
  await expect(page.getByTestId('stock-movement-card')).toHaveCount(6);
  await page.getByLabel('Mostrar movimentos de').selectOption({ label: 'Filial' });
  await expect(page.getByTestId('stock-movement-card')).toHaveCount(2);
  await expect(page.getByTestId('stock-movement-card').first()).toContainText('Compra pedida');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
