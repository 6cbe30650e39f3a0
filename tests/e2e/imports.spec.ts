import type { Locator, Page } from '@playwright/test';
import { ProductImportMessages } from '../../packages/core/src/products/import';
import { PriceImportMessages } from '../../packages/core/src/prices/imports';
import { StockImportMessages } from '../../packages/core/src/inventory/import';
import { call, type World } from '../../functions/src/testing/world';
import { expect, loginAs, test } from './fixtures';
import { seriousViolations } from './layout-helpers';

/**
 * CSV imports through the generic import dialog (issue 7): an administrator imports products from a
 * Windows-1252 file separated by ';' with accents, sees the dry run's rejected lines by number with
 * their Portuguese reasons, confirms, sees the progress and the done state, finds an imported product
 * in the list; importing the same file again changes nothing. Prices from a UTF-8 file separated by
 * ','. A salesman has no import button (and the API refuses him). The dialog fits 375 px.
 */
test.use({ viewport: { width: 1280, height: 900 } });

const tagOf = () => `I${Math.random().toString(36).slice(2, 7).toUpperCase()}`;

/** Text as Windows-1252 bytes (Latin-1 plus the few 0x80–0x9F characters used here). */
function win1252(text: string): Buffer {
  const extra: Record<string, number> = { '€': 0x80, '–': 0x96, '—': 0x97, '“': 0x93, '”': 0x94 };
  return Buffer.from(
    [...text].map((c) => {
      const code = c.codePointAt(0)!;
      if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
      if (extra[c] !== undefined) return extra[c];
      throw new Error(`no Windows-1252 byte for ${c}`);
    }),
  );
}

/** A GTIN-13 of 12 given digits with its check digit. */
function gtin13(digits12: string): string {
  const sum = [...digits12].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return digits12 + String((10 - (sum % 10)) % 10);
}
const randomDigits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

async function adminToken(world: World): Promise<string> {
  return (await world.login(world.admin.email)).accessToken;
}

async function post(token: string, path: string, body: Record<string, unknown>, status = 201) {
  const res = await call('POST', path, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as { id: string };
}

/** Chooses a file the way a user does: the dialog's button opens the browser's file chooser. */
async function chooseFile(page: Page, dialog: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: /^Escolher (outro )?arquivo$/ }).click();
  await (await chooser).setFiles(file);
}

/** The dry run's (or the run's) rejected lines, in order: [line number, reason]. */
async function expectRejected(dialog: Locator, expected: [number, string][]) {
  const rows = dialog.getByRole('table', { name: 'Linhas recusadas' }).locator('tbody tr');
  await expect(rows).toHaveCount(expected.length);
  for (const [i, [line, reason]] of expected.entries()) {
    await expect(rows.nth(i).getByRole('cell').nth(0)).toHaveText(String(line));
    await expect(rows.nth(i).getByRole('cell').nth(1)).toHaveText(reason);
  }
}

/**
 * Holds the job's answers once it is done running until `release()`: the dialog stays in its running
 * state, so the test sees the progress whatever the worker's speed (no timing).
 */
async function holdRunDone(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route('**/api/jobs/*', async (route) => {
    const response = await route.fetch();
    const job = (await response.json()) as { phase?: string; status?: string };
    if (job.phase === 'run' && job.status === 'done') await released;
    await route.fulfill({ response, json: job }).catch(() => undefined);
  });
  return {
    release: async () => {
      release();
      await page.unroute('**/api/jobs/*');
    },
  };
}

test('an administrator imports products from a Windows-1252 file, sees the rejected lines by number, and re-importing changes nothing', async ({ page, world }) => {
  const tag = tagOf();
  const token = await adminToken(world);
  await post(token, '/api/units', { name: `UN ${tag}` });
  await post(token, '/api/product-groups', { name: `Grãos ${tag}` });
  const code = gtin13(`789${randomDigits(9)}`);
  const badCode = code.slice(0, 12) + String((Number(code[12]) + 1) % 10);
  const feijao = `Feijão Carioca – ${tag} 1kg`;
  const csv = [
    'ref;nome;codigo_barras;fabricante;embalagem;unidade;grupo;empresa;tamanho;preco_minimo;situacao',
    `${tag}-1;${feijao};${code};Camil;FD 10X1KG;UN ${tag};Grãos ${tag};;;8,90;Ativo`,
    `${tag}-2;Açúcar Cristal ${tag};;União;;un ${tag.toLowerCase()};grãos ${tag.toLowerCase()};;;1.234,5;`,
    `${tag}-3;Arroz Agulhinha ${tag};;;;CXA ${tag};;;;;`,
    `${tag}-4;Café Torrado ${tag};${badCode};;;UN ${tag};;;;;`,
    `${tag}-1;Feijão Preto ${tag};;;;UN ${tag};;;;;`,
    `${tag}-5;Macarrão ${tag};;;;UN ${tag};;;;12,5x;`,
  ].join('\r\n');
  const file = { name: `catálogo-${tag}.csv`, mimeType: 'text/csv', buffer: win1252(csv) };
  const rejected: [number, string][] = [
    [4, ProductImportMessages.unit(`CXA ${tag}`)],
    [5, ProductImportMessages.barcode(badCode)],
    [6, ProductImportMessages.refRepeated(2)],
    [7, ProductImportMessages.price('12,5x')],
  ];

  await loginAs(page, world, world.admin.email, '/products');
  await page.getByRole('button', { name: 'Importar produtos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar produtos' });
  await expect(dialog).toBeVisible();
  // Nothing to confirm before a file is checked (and no "Importar 0 linha").
  await expect(dialog.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();

  // The dry run: counts and every rejected line by its number, in Portuguese; nothing written yet.
  await chooseFile(page, dialog, file);
  await expect(dialog.getByText('6 linhas lidas: 2 aceitas, 4 recusadas.')).toBeVisible();
  await expectRejected(dialog, rejected);
  expect(await seriousViolations(page)).toEqual([]);
  if (process.env.IMPORT_SHOTS) await page.screenshot({ path: `${process.env.IMPORT_SHOTS}/import-1280-checked.png` });
  const before = await call('GET', `/api/products?q=${tag}`, { token });
  expect(before.body.items).toEqual([]);

  // Confirms: the progress shows while the import runs, then the done state with the counts.
  const held = await holdRunDone(page);
  await dialog.getByRole('button', { name: 'Importar 2 linhas' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Importando…' })).toBeVisible();
  await expect(dialog.getByRole('status')).toContainText('Importando…');
  // While it runs the dialog cannot be closed (nor the file changed).
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  if (process.env.IMPORT_SHOTS) await page.screenshot({ path: `${process.env.IMPORT_SHOTS}/import-1280-running.png` });
  await held.release();
  await expect(dialog.getByText('Importação concluída: 2 incluídos, 0 alterados, 0 sem alteração; 4 recusadas.')).toBeVisible();
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  if (process.env.IMPORT_SHOTS) await page.screenshot({ path: `${process.env.IMPORT_SHOTS}/import-1280-done.png` });
  await expectRejected(dialog, rejected);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The imported product, read from Windows-1252 (ã and –), is in the list by its reference.
  const search = page.getByRole('searchbox', { name: 'Pesquisar' });
  await search.fill(`${tag}-1`);
  await expect(page.getByRole('table').getByRole('link', { name: feijao })).toBeVisible();
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
  await search.fill(tag);
  await expect(page.getByRole('table').getByRole('link', { name: `Açúcar Cristal ${tag}` })).toBeVisible();
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(2);

  // The same file again: the same dry run, and the import changes nothing.
  await page.getByRole('button', { name: 'Importar produtos' }).click();
  await expect(dialog).toBeVisible();
  await chooseFile(page, dialog, file);
  await expect(dialog.getByText('6 linhas lidas: 2 aceitas, 4 recusadas.')).toBeVisible();
  await expectRejected(dialog, rejected);
  await dialog.getByRole('button', { name: 'Importar 2 linhas' }).click();
  await expect(dialog.getByText('Importação concluída: 0 incluídos, 0 alterados, 2 sem alteração; 4 recusadas.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(2);
});

test('an administrator imports prices from a UTF-8 file separated by commas on the price chart', async ({ page, world }) => {
  const tag = tagOf();
  const token = await adminToken(world);
  const unit = await post(token, '/api/units', { name: `UN ${tag}` });
  const product = await post(token, '/api/products', { ref: `${tag}-OLEO`, name: `Óleo de Soja ${tag}`, unitId: unit.id });
  await post(token, '/api/price-tables', { name: `Atacado ${tag}` });
  const csv = [
    'Referência,Tabela de preço,Preço',
    `${tag}-OLEO,Atacado ${tag},"7,49"`,
    `${tag}-NADA,Atacado ${tag},"3,00"`,
    `${tag}-OLEO,Varejão ${tag},"8,00"`,
    `${tag}-OLEO,Atacado ${tag},0`,
  ].join('\n');
  const file = { name: `precos-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') };

  await loginAs(page, world, world.admin.email, '/price-charts');
  await page.getByRole('button', { name: 'Importar preços' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar preços' });
  await chooseFile(page, dialog, file);
  await expect(dialog.getByText('4 linhas lidas: 1 aceita, 3 recusadas.')).toBeVisible();
  await expectRejected(dialog, [
    [3, PriceImportMessages.productMissing(`${tag}-NADA`)],
    [4, PriceImportMessages.tableMissing(`Varejão ${tag}`)],
    [5, PriceImportMessages.price('0')],
  ]);
  await dialog.getByRole('button', { name: 'Importar 1 linha' }).click();
  await expect(dialog.getByText('Importação concluída: 1 incluídos, 0 alterados, 0 sem alteração; 3 recusadas.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The price is on the product's Preços tab.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Produtos', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(`${tag}-OLEO`);
  await page.getByRole('table').getByRole('link', { name: `Óleo de Soja ${tag}` }).click();
  await expect(page).toHaveURL(`/products/${product.id}`);
  await page.getByRole('tab', { name: 'Preços' }).click();
  await expect(page.getByTestId('product-price-row').filter({ hasText: `Atacado ${tag}` }).getByTestId('product-price-value')).toHaveText('R$ 7,49');
});

test('an administrator imports stock on the inventory position: adjustments reach the stated balance, and a second import changes nothing', async ({ page, world }) => {
  const tag = tagOf();
  const token = await adminToken(world);
  const unit = await post(token, '/api/units', { name: `KG ${tag}` });
  await post(token, '/api/products', { ref: `${tag}-ARROZ`, name: `Arroz Agulhinha ${tag}`, unitId: unit.id });
  const csv = ['ref;filial;quantidade', `${tag}-ARROZ;Matriz;12,5`, `${tag}-NADA;Matriz;3`, `${tag}-ARROZ;Filial Norte;4`, `${tag}-ARROZ;Filial;-2`].join('\r\n');
  const file = { name: `estoque-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') };

  await loginAs(page, world, world.admin.email, '/inventory');
  await expect(page.getByRole('heading', { name: 'Posição de estoque' })).toBeVisible();
  await page.getByRole('button', { name: 'Importar estoque' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar estoque' });
  await chooseFile(page, dialog, file);
  await expect(dialog.getByText('4 linhas lidas: 1 aceita, 3 recusadas.')).toBeVisible();
  await expectRejected(dialog, [
    [3, StockImportMessages.product(`${tag}-NADA`)],
    [4, StockImportMessages.branch('Filial Norte')],
    [5, StockImportMessages.quantity('-2')],
  ]);
  await dialog.getByRole('button', { name: 'Importar 1 linha' }).click();
  await expect(dialog.getByText(/^Importação concluída: /)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The position shows the stated physical stock (reached by an adjustment movement).
  await page.getByRole('searchbox', { name: 'Buscar produtos' }).fill(tag);
  const row = page.getByTestId('inventory-row').filter({ hasText: `Arroz Agulhinha ${tag}` });
  await expect(row).toContainText('12,50');

  // The same file again: the balance is already what the line states, so nothing is posted.
  await page.getByRole('button', { name: 'Importar estoque' }).click();
  await chooseFile(page, dialog, file);
  await dialog.getByRole('button', { name: 'Importar 1 linha' }).click();
  await expect(dialog.getByText(/0 alterados, 1 sem alteração/)).toBeVisible();
  const product = (await call('GET', `/api/products?q=${tag}-arroz`, { token })).body as { items: { id: string }[] };
  const movements = (await call('GET', `/api/inventory/products/${product.items[0]!.id}/movements`, { token })).body as { items: unknown[] };
  expect(movements.items).toHaveLength(1);
});

test('a salesman has no import button, and the API refuses his import', async ({ page, world }) => {
  await loginAs(page, world, world.salesman.email, '/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Produtos' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importar produtos' })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Tabela de preços', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Tabela de preços' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importar preços' })).toHaveCount(0);

  const { accessToken } = await world.login(world.salesman.email);
  const res = await call('POST', '/api/imports/products', { token: accessToken, body: { fileName: 'produtos.csv', size: 100 } });
  expect(res.status).toBe(403);
});

test('the import dialog fits a 375 px phone and works from the keyboard', async ({ page, world }) => {
  const tag = tagOf();
  const token = await adminToken(world);
  await post(token, '/api/units', { name: `UN ${tag}` });
  const lines = ['ref;nome;unidade;preco_minimo'];
  for (let i = 1; i <= 12; i++) lines.push(`${tag}-${i};Produto com um nome bem comprido para quebrar a linha ${tag} ${i};${i % 3 === 0 ? `UNIDADE-INEXISTENTE-${tag}` : `UN ${tag}`};${i % 4 === 0 ? '-1' : '1,5'}`);
  const file = { name: `um-nome-de-arquivo-muito-comprido-para-a-tela-do-celular-${tag}.csv`, mimeType: 'text/csv', buffer: win1252(lines.join('\r\n')) };

  await page.setViewportSize({ width: 375, height: 740 });
  await loginAs(page, world, world.admin.email, '/products');
  await page.getByRole('button', { name: 'Importar produtos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar produtos' });
  await expect(dialog).toBeVisible();
  // Focus stays in the dialog: tabbing from the last control comes back to the first.
  const focusInside = () => dialog.evaluate((el) => el.contains(document.activeElement));
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside()).toBe(true);
  }
  if (process.env.IMPORT_SHOTS) await page.screenshot({ path: `${process.env.IMPORT_SHOTS}/import-375-empty.png` });

  // The file chosen from the keyboard: Enter on the dialog's button opens the browser's chooser.
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Escolher arquivo' }).focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(file);
  await expect(dialog.getByText('12 linhas lidas: 6 aceitas, 6 recusadas.')).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Linhas recusadas' }).locator('tbody tr')).toHaveCount(6);
  if (process.env.IMPORT_SHOTS) await page.screenshot({ path: `${process.env.IMPORT_SHOTS}/import-375-checked.png` });

  // Within the screen: the dialog's box, its buttons, and no sideways scroll of the page.
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(740);
  const confirm = dialog.getByRole('button', { name: 'Importar 6 linhas' });
  await expect(confirm).toBeInViewport();
  expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The focus waits on the next step: confirm after the dry run, then close; Enter does each.
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Importação concluída: 6 incluídos, 0 alterados, 0 sem alteração; 6 recusadas.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Fechar' }).last()).toBeFocused();
  if (process.env.IMPORT_SHOTS) await page.screenshot({ path: `${process.env.IMPORT_SHOTS}/import-375-done.png` });
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Importar produtos' })).toBeFocused();
});
