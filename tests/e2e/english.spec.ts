import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { portugueseTexts } from '@ev/shared/catalogue';
import type { Page } from '@playwright/test';
import { call } from '../../functions/src/testing/world';
import { expect, keepPortuguese, loginAs, test } from './fixtures';

// The administrator's English is kept with it: back to Portuguese for the worker's other tests.
test.afterEach(async ({ world }) => keepPortuguese(world, world.admin.email));

/**
 * In English, no page of the menu shows a text of the Portuguese catalogues (docs/texts.md): the
 * administrator's menu is read from the app and every entry walked; each page's texts (text nodes,
 * labels, placeholders, titles) are compared, whole, with the Portuguese texts that differ from
 * their English counterparts. The company is the test's own (no demo records), so what shows is
 * the interface, plus the records this test makes.
 */

test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ mode: 'serial' });

type Tree = { [key: string]: string | Tree };
const LOCALES = fileURLToPath(new URL('../../web/src/locales', import.meta.url));

function flatten(tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else flatten(value, path, out);
  }
  return out;
}
const catalogue = (language: string, file: string): Record<string, string> =>
  flatten(JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8')) as Tree);

/** The Portuguese texts (without parameters) whose English differs, and are not also an English text. */
function portugueseOnly(): Set<string> {
  const pairs: [string, string | undefined][] = [];
  const english = new Set<string>();
  for (const file of readdirSync(join(LOCALES, 'en'))) {
    const en = catalogue('en', file);
    Object.values(en).forEach((v) => english.add(v));
    if (file === 'messages.json') {
      for (const [k, v] of Object.entries(portugueseTexts())) pairs.push([v, en[k]]);
    } else {
      for (const [k, v] of Object.entries(catalogue('pt', file))) pairs.push([v, en[k]]);
    }
  }
  return new Set(pairs.filter(([pt, en]) => pt !== en && !english.has(pt) && !pt.includes('{{') && /[a-zA-Zà-úÀ-Ú]{3,}/.test(pt)).map(([pt]) => pt));
}

const PORTUGUESE = portugueseOnly();

/** Every text a person reads or hears on the page: text nodes and the accessible attributes. */
function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || parent.closest('script, style, [hidden]')) continue;
      const text = n.textContent?.trim();
      if (text) out.push(text);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const attr of ['aria-label', 'placeholder', 'title']) {
        const v = el.getAttribute(attr)?.trim();
        if (v) out.push(v);
      }
    }
    return out;
  });
}

/** The test company's own records (its branches 'Matriz' and 'Filial') are data, not interface. */
const DATA = new Set(['Matriz', 'Filial']);

async function expectNoPortuguese(page: Page, where: string) {
  const found = [...new Set((await textsOf(page)).filter((t) => PORTUGUESE.has(t) && !DATA.has(t)))];
  expect(found, `Portuguese texts on ${where}`).toEqual([]);
}

test('in English, every page of the menu shows no Portuguese catalogue text', async ({ page, world }) => {
  test.setTimeout(180_000);
  expect(PORTUGUESE.size).toBeGreaterThan(300);
  expect(PORTUGUESE.has('O campo {{label}} é obrigatório.')).toBe(false);
  expect(PORTUGUESE.has('Portadores')).toBe(true);
  // A price table of the test's own, so a registry list shows a row with a yes/no column.
  const { accessToken } = await world.login(world.admin.email);
  const table = await call('POST', '/api/price-tables', { token: accessToken, body: { name: 'Tabela E2E', isDefault: true } });
  expect(table.status).toBe(201);

  await loginAs(page, world, world.admin.email, '/home');
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
  const paths = [...new Set(await menu.getByRole('link').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname)))];
  expect(paths.length).toBeGreaterThan(20);

  // Page by page through the menu's own links (a reload for each would load the whole app again):
  // each page has a title of its own, so the next page is known to be shown when the title changes.
  const title = page.getByRole('heading', { level: 1 });
  for (const path of paths) {
    const before = await title.first().textContent();
    await menu.locator(`a[href="${path}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    if (path !== paths[0]) await expect(title.first()).not.toHaveText(before ?? '');
    await expect(page.getByRole('main')).toBeVisible();
    // The page has rendered its own content (no loading text left).
    await expect(page.getByText(/Loading…|Carregando…/)).toHaveCount(0, { timeout: 10_000 });
    await expectNoPortuguese(page, path);
  }
  await menu.locator('a[href="/price-tables"]').first().click();
  await expect(page).toHaveURL(/\/price-tables$/);
  await expect(page.getByRole('cell', { name: 'Tabela E2E' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Default table' })).toBeVisible();
  await expectNoPortuguese(page, '/price-tables with a record');
});

test("in English, the client form's validation messages are English", async ({ page, world }) => {
  await loginAs(page, world, world.admin.email, '/home');
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Clients', exact: true }).click();
  await page.getByRole('link', { name: 'New client' }).click();
  await expect(page).toHaveURL('/clients/new');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The field Name/Company name is required.')).toBeVisible();
  await expectNoPortuguese(page, '/clients/new, empty');

  await page.getByLabel(/^Name\/Company name/).fill('Cliente E2E');
  await page.getByRole('tab', { name: /Contacts/ }).click();
  await page.getByLabel(/^Phone 1/).fill('12');
  await page.getByLabel(/^E-mail/).first().fill('nao-e-email');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('tab', { name: /Contacts/ }).click();
  await expect(page.getByText('Enter the phone with the area code: 10 or 11 digits.')).toBeVisible();
  await expect(page.getByText('Enter a valid e-mail.')).toBeVisible();
  await expectNoPortuguese(page, '/clients/new, invalid');
});
