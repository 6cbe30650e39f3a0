import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { poster, type World } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * Inventory position (/inventory, estoques): a salesman allowed both result centers filters by one
 * of them and switches between grouped rows and rows per result center, exports the CSV (seeing
 * progress) and gets the file; the cards at 375 px; a user without branches sees the spec's notice.
 */
test.use({ viewport: { width: 1440, height: 900 } });

interface Stocked {
  tag: string;
}

/** Two products of this test (refs unique to it), stocked in both branches of the world. */
async function stock(world: World): Promise<Stocked> {
  const tag = `E${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const { accessToken: token } = await world.login(world.admin.email);
  const post = poster(token);
  const unit = await post('/api/units', { name: `UN ${tag}` });
  const agua = await post('/api/products', { ref: `${tag}-AGUA`, name: `Água ${tag}`, unitId: unit.id });
  const suco = await post('/api/products', { ref: `${tag}-SUCO`, name: `Suco ${tag}`, unitId: unit.id });
  const [matriz, filial] = [world.branches[0]!.id, world.branches[1]!.id];
  await post('/api/inventory/movements', { productId: agua.id, branchId: matriz, kind: 'adjustment', quantity: '10', reason: 'Inicial' });
  await post('/api/inventory/movements', { productId: agua.id, branchId: filial, kind: 'adjustment', quantity: '4,5', reason: 'Inicial' });
  await post('/api/inventory/movements', { productId: agua.id, branchId: filial, kind: 'consignment_out', quantity: '1,5' });
  await post('/api/inventory/movements', { productId: suco.id, branchId: matriz, kind: 'adjustment', quantity: '2', reason: 'Inicial' });
  return { tag };
}

const row = (page: Page, text: string) => page.getByTestId('inventory-row').filter({ hasText: text });

async function open(page: Page, world: World, email: string, tag: string) {
  await loginAs(page, world, email, '/inventory');
  await expect(page.getByRole('heading', { name: 'Posição de estoque' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar produtos' }).fill(tag);
}

test('filters the inventory by result center and switches the grouping', async ({ page, world }) => {
  const { tag } = await stock(world);
  await open(page, world, world.salesman.email, tag);

  // Grouped (the default): one row per product, summed over both result centers.
  await expect(page.getByTestId('inventory-row')).toHaveCount(2);
  await expect(row(page, `Água ${tag}`)).toContainText('14,50');
  await expect(row(page, `Água ${tag}`)).toContainText('1,50');
  await expect(row(page, `Água ${tag}`)).toContainText('13,00');

  // Only the filial. (The box follows the address, which changes a moment after the click: clicked,
  // then waited for, rather than `check()`, which wants the new state at once.)
  await page.getByRole('checkbox', { name: 'Filial' }).click();
  await expect(page.getByRole('checkbox', { name: 'Filial' })).toBeChecked();
  await expect(page.getByText('1 centro de resultado escolhido.')).toBeVisible();
  await expect(row(page, `Água ${tag}`)).toContainText('4,50');
  await expect(row(page, `Água ${tag}`)).toContainText('3,00');
  await expect(row(page, `Suco ${tag}`)).toContainText('0,00');

  // One row per product and result center: with both ticked, água shows in each.
  await page.getByRole('radio', { name: 'Por centro de resultado' }).click();
  await expect(page.getByRole('columnheader', { name: 'Centro de resultado' })).toBeVisible();
  await expect(page.getByTestId('inventory-row')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Matriz' }).click();
  await expect(page.getByRole('checkbox', { name: 'Matriz' })).toBeChecked();
  await expect(page.getByTestId('inventory-row')).toHaveCount(4);
  await expect(row(page, `Água ${tag}`).filter({ hasText: 'Matriz' })).toContainText('10,00');
  await expect(row(page, `Água ${tag}`).filter({ hasText: 'Filial' })).toContainText('4,50');

  expect(await seriousViolations(page)).toEqual([]);

  // Back to grouped.
  await page.getByRole('radio', { name: 'Agrupar' }).click();
  await expect(page.getByTestId('inventory-row')).toHaveCount(2);
  await expect(page.getByRole('columnheader', { name: 'Centro de resultado' })).toHaveCount(0);
});

test('exports the position to CSV, showing progress, and downloads the file', async ({ page, world }) => {
  const { tag } = await stock(world);
  await open(page, world, world.salesman.email, tag);
  await page.getByRole('radio', { name: 'Por centro de resultado' }).click();
  await expect(page.getByTestId('inventory-row')).toHaveCount(4);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  await expect(page.getByTestId('inventory-export-progress')).toBeVisible();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^posicao-de-estoque-.*\.csv$/);
  const text = fs.readFileSync((await file.path())!, 'utf8');
  expect(text.startsWith('\uFEFFReferência;Nome;Preço de venda;Comprado;Físico;Reservado;Consignado;Disponível;Centro de resultado')).toBe(true);
  expect(text).toContain(`${tag}-AGUA;Água ${tag};;0,00;4,50;0,00;1,50;3,00;Filial`);
  expect(text).toContain(`${tag}-AGUA;Água ${tag};;0,00;10,00;0,00;0,00;10,00;Matriz`);
  expect(text.trim().split('\r\n')).toHaveLength(5);
});

test('shows cards at 375 px', async ({ page, world }) => {
  const { tag } = await stock(world);
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page, world, world.salesman.email, tag);
  await expect(page.getByTestId('inventory-card')).toHaveCount(2);
  await expect(page.getByTestId('inventory-card').filter({ hasText: `Água ${tag}` })).toContainText('14,50');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("tells a user without branches that no data is shown (the spec's notice)", async ({ page, world }) => {
  await loginAs(page, world, world.employee.email, '/inventory');
  await expect(page.getByText('Seu perfil não possui filiais liberadas.', { exact: false }).first()).toBeVisible();
  await expect(page.getByTestId('inventory-row')).toHaveCount(0);
});
