import type { Page } from '@playwright/test';
import { ProductMessages } from '../../packages/shared/src/schemas/products';
import { call, type World } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * Products (list, form): an administrator creates a product with a bad barcode (the error shows
 * under the field), fixes it, and finds the product by its reference and by a word of its name, in
 * the list and in the global search; a salesman sees the list but no create button; the list at 375 px.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** A unit of this company, made once per file through the API. */
let unitName: string | undefined;
async function ensureUnit(world: World): Promise<string> {
  if (unitName) return unitName;
  const { accessToken } = await world.login(world.admin.email);
  const name = `UN ${letters(5).toUpperCase()}`;
  const res = await call('POST', '/api/units', { token: accessToken, body: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  unitName = name;
  return name;
}

test('an administrator creates a product, fixing a bad barcode, and finds it by reference and by name', async ({ page, world }) => {
  const unit = await ensureUnit(world);
  const word = letters(1).toUpperCase() + letters(7);
  const ref = `E2E-${letters(4).toUpperCase()}`;
  const name = `Biscoito ${word} Integral 200g`;
  await loginAs(page, world, world.admin.email, '/products');
  await page.getByRole('link', { name: 'Novo produto' }).click();
  const form = page.getByRole('form', { name: 'Dados do produto' });
  await expect(form).toBeVisible();

  await page.getByLabel('Referência *').fill(ref);
  await page.getByLabel('Nome *').fill(name);
  await page.getByLabel('Código de barras (GTIN/EAN)').fill('7891000100104');
  await page.getByLabel('Preço mínimo').fill('3.5');
  await expect(page.getByLabel('Preço mínimo')).toHaveValue('3,5');
  await page.getByLabel('Unidade *').click();
  await page.getByRole('combobox', { name: 'Pesquisar' }).fill(unit.slice(3).toLowerCase());
  await page.getByRole('option', { name: unit }).click();
  await expect(page.getByLabel('Unidade *')).toHaveText(unit);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText(ProductMessages.barcode)).toBeVisible();
  await expect(page.getByLabel('Código de barras (GTIN/EAN)')).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Código de barras (GTIN/EAN)').fill('7891000100103');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Registro adicionado com sucesso.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('product-summary')).toContainText('3,50');

  // The list finds it by its reference (any case) and by a word of its name.
  const productsEntry = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Produtos', exact: true });
  await productsEntry.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Produtos' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Pesquisar' });
  await search.fill(ref.toLowerCase());
  await expect(page.getByRole('table').getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
  await search.fill(word.toLowerCase());
  await expect(page.getByRole('table').getByRole('link', { name })).toBeVisible();
  await search.fill(`${word}zz`);
  await expect(page.getByText(ProductMessages.emptySearch)).toBeVisible();

  // The global search finds it too, and opens it.
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Pesquisa global' });
  await dialog.getByRole('combobox', { name: 'Pesquisar' }).fill(ref.toLowerCase());
  await dialog.getByRole('group', { name: 'Produtos' }).getByRole('option', { name: new RegExp(word) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // A second product with the same reference is refused on its field.
  await productsEntry.click();
  await page.getByRole('link', { name: 'Novo produto' }).click();
  await expect(page).toHaveURL('/products/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Novo produto' })).toBeVisible();
  await page.getByLabel('Referência *').fill(ref.toUpperCase());
  await page.getByLabel('Nome *').fill(`Outro ${word}`);
  await page.getByLabel('Unidade *').click();
  await page.getByRole('combobox', { name: 'Pesquisar' }).fill(unit.slice(3).toLowerCase());
  await page.getByRole('option', { name: unit }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(ProductMessages.refTaken(ref, name))).toBeVisible();
});

test('a salesman sees the catalogue but cannot create; the list fits 375 px', async ({ page, world }) => {
  const unit = await ensureUnit(world);
  const { accessToken } = await world.login(world.admin.email);
  const units = await call('GET', `/api/units?q=${encodeURIComponent(unit)}`, { token: accessToken });
  const name = `Sabonete ${letters(6)} Erva Doce`;
  const created = await call('POST', '/api/products', { token: accessToken, body: { ref: `E2E-S-${letters(4)}`, name, unitId: units.body.items[0].id } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);

  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, world, world.salesman.email, '/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Produtos' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(name.split(' ')[1]!);
  await expect(page.getByTestId('product-card').filter({ hasText: name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Novo produto' })).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The record opens read-only: no save button; /products/new is refused.
  await page.getByTestId('product-card').filter({ hasText: name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  await page.goto('/products/new');
  await expect(page).toHaveURL(/\/403$/);
});
