import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { call, type World } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * The price chart (/price-charts, vendas): a salesman filters it by product group and sees the
 * default table's prices with a column per payment condition shown in price tables; exports CSV and
 * PDF (seeing progress) and gets the files; the WhatsApp link carries the chart as text; the share
 * sheet, missing in this browser, answers the spec's "sharing not supported".
 */
test.use({ viewport: { width: 1440, height: 900 } });

interface Priced {
  tag: string;
  group: string;
}

/** A group of this test with two priced products, a product of another group, a default table and a condition. */
async function priced(world: World): Promise<Priced> {
  const tag = `P${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const { accessToken: token } = await world.login(world.admin.email);
  const send = async (method: string, path: string, body: Record<string, unknown>, status = 201) => {
    const res = await call(method, path, { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body as { id: string };
  };
  const unit = await send('POST', '/api/units', { name: `UN ${tag}` });
  const group = `Bebidas ${tag}`;
  const bebidas = await send('POST', '/api/product-groups', { name: group });
  const outros = await send('POST', '/api/product-groups', { name: `Outros ${tag}` });
  const table = await send('POST', '/api/price-tables', { name: `Varejo ${tag}`, isDefault: true });
  await send('POST', '/api/payments-conditions', { name: `À vista ${tag}`, terms: ['000'], discountRate: '5', showInPriceTables: true });
  const cola = await send('POST', '/api/products', { ref: `${tag}-COLA`, name: `Refrigerante Cola ${tag}`, unitId: unit.id, groupId: bebidas.id, package: 'FD 6X2L' });
  const agua = await send('POST', '/api/products', { ref: `${tag}-AGUA`, name: `Água Mineral ${tag}`, unitId: unit.id, groupId: bebidas.id });
  const sabao = await send('POST', '/api/products', { ref: `${tag}-SABAO`, name: `Sabão ${tag}`, unitId: unit.id, groupId: outros.id });
  await send('PUT', `/api/products/${cola.id}/prices/${table.id}`, { price: '19,99' }, 200);
  await send('PUT', `/api/products/${sabao.id}/prices/${table.id}`, { price: '5' }, 200);
  void agua;
  return { tag, group };
}

const row = (page: Page, text: string) => page.getByTestId('price-chart-row').filter({ hasText: text });

async function openFiltered(page: Page, world: World, p: Priced) {
  await loginAs(page, world, world.salesman.email, '/price-charts');
  await expect(page.getByRole('heading', { name: 'Tabela de preços' })).toBeVisible();
  // The chart has loaded (as a user sees it) before the filter is opened.
  await expect(page.getByTestId('price-chart-row').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Grupos de produtos' }).click();
  await page.getByRole('combobox', { name: 'Buscar' }).fill(p.tag.toLowerCase());
  await page.getByRole('option', { name: p.group }).click();
  await expect(page.getByRole('list', { name: 'Grupos de produtos escolhidos' })).toContainText(p.group);
  await expect(page.getByTestId('price-chart-row')).toHaveCount(2);
}

test('a salesman filters the price chart by group and sees the condition columns', async ({ page, world }) => {
  const p = await priced(world);
  await openFiltered(page, world, p);
  await expect(page.getByTestId('price-chart-table-info')).toContainText(`Varejo ${p.tag} (padrão)`);
  await expect(page.getByRole('columnheader', { name: new RegExp(`À vista ${p.tag}`) })).toContainText('desconto de 5%');
  // 19,99 with 5% off: 18,9905 → 18,99 (two places, the branch's decimals).
  await expect(row(page, `Refrigerante Cola ${p.tag}`)).toContainText('R$ 19,99');
  await expect(row(page, `Refrigerante Cola ${p.tag}`)).toContainText('R$ 18,99');
  await expect(row(page, `Água Mineral ${p.tag}`)).toContainText('sem preço');
  await expect(row(page, `Sabão ${p.tag}`)).toHaveCount(0);

  // The WhatsApp link carries the chart as text.
  const href = await page.getByTestId('price-chart-whatsapp').getAttribute('href');
  expect(href).toMatch(/^https:\/\/wa\.me\/\?text=/);
  const text = decodeURIComponent(href!.slice('https://wa.me/?text='.length));
  expect(text).toContain(`*Tabela de preços: Varejo ${p.tag} (padrão)*`);
  expect(text).toContain(`Grupos de produtos: ${p.group}`);
  // A line per product: its price, then a column per condition shown in price tables (the
  // company's others, made by other tests of this worker, may sit between).
  const cola = text.split('\n').find((line) => line.startsWith(`${p.tag}-COLA `));
  expect(cola).toMatch(new RegExp(`^${p.tag}-COLA Refrigerante Cola ${p.tag} \\(FD 6X2L\\): R\\$ 19,99 \\|.* À vista ${p.tag} R\\$ 18,99( \\||$)`));

  // A share sheet that takes no files (as some desktop browsers'): the spec's "file sharing not
  // supported", and the PDF downloaded instead.
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'share', { value: () => Promise.reject(new Error('not to be called')), configurable: true });
    Object.defineProperty(navigator, 'canShare', { value: (data: ShareData) => !data.files?.length, configurable: true });
  });
  const [sharedInstead] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Compartilhar' }).click()]);
  await expect(page.getByRole('alert').filter({ hasText: 'Seu navegador não permite compartilhar arquivos. O arquivo foi baixado' })).toBeVisible();
  expect(sharedInstead.suggestedFilename()).toMatch(/^tabela-de-precos-.*\.pdf$/);

  // The text copy: the same text as the link's, taken whole.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copiar texto' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Texto da tabela copiado.' })).toBeAttached();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
});

test('exports the filtered chart to CSV and PDF, showing progress, and downloads the files', async ({ page, world }) => {
  const p = await priced(world);
  await openFiltered(page, world, p);

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV', exact: true }).click();
  await expect(page.getByTestId('price-chart-export-progress')).toBeVisible();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^tabela-de-precos-.*\.csv$/);
  const text = fs.readFileSync((await csv.path())!, 'utf8');
  expect(text.startsWith(`\uFEFFReferência;Nome;Fabricante;Embalagem;Unidade;Preço de venda;`)).toBe(true);
  expect(text).toContain(`À vista ${p.tag}`);
  expect(text).toContain(`${p.tag}-COLA;Refrigerante Cola ${p.tag};;FD 6X2L;UN ${p.tag};19,99;`);
  expect(text).not.toContain(`${p.tag}-SABAO`);
  await expect(page.getByTestId('price-chart-export-progress')).toHaveCount(0);

  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF', exact: true }).click();
  await expect(page.getByTestId('price-chart-export-progress')).toBeVisible();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^tabela-de-precos-.*\.pdf$/);
  expect(fs.readFileSync((await pdf.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('scrolls the table sideways on a phone, keeping the page within the screen', async ({ page, world }) => {
  const p = await priced(world);
  await page.setViewportSize({ width: 375, height: 800 });
  await openFiltered(page, world, p);
  await expect(row(page, `Refrigerante Cola ${p.tag}`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("an administrator sets a product's price in the Preços tab and removes it after confirming", async ({ page, world }) => {
  const p = await priced(world);
  const { accessToken: token } = await world.login(world.admin.email);
  const found = await call('GET', `/api/products?q=${p.tag}-AGUA`, { token });
  await loginAs(page, world, world.admin.email, `/products/${found.body.items[0].id}`);
  await page.getByRole('tab', { name: 'Preços' }).click();
  const rowOf = page.getByTestId('product-price-row').filter({ hasText: `Varejo ${p.tag}` });
  await expect(rowOf).toContainText('Sem preço nesta tabela');
  await rowOf.getByRole('button', { name: `Definir preço: Varejo ${p.tag}` }).click();
  const input = page.getByRole('textbox', { name: `Preço na tabela Varejo ${p.tag}` });
  await input.fill('0');
  await rowOf.getByRole('button', { name: 'Salvar' }).click();
  await expect(rowOf).toContainText('O preço deve ser um número maior que zero');
  await input.fill('3,455');
  await rowOf.getByRole('button', { name: 'Salvar' }).click();
  // Stored with 4 places, shown at the branch's 2 (half-up).
  await expect(rowOf.getByTestId('product-price-value')).toHaveText('R$ 3,46');
  await rowOf.getByRole('button', { name: `Remover: Varejo ${p.tag}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remover' }).click();
  await expect(rowOf).toContainText('Sem preço nesta tabela');
});

test('the chart has no serious or critical accessibility violation', async ({ page, world }) => {
  const p = await priced(world);
  await openFiltered(page, world, p);
  expect(await seriousViolations(page)).toEqual([]);
});
