import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { portugueseTexts } from '@ev/shared/catalogue';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The check that a page read in English shows no text of the Portuguese catalogues (docs/texts.md):
 * each page's texts (text nodes, labels, placeholders, titles) are compared, whole, with the
 * Portuguese texts that differ from their English counterparts. The menu's every screen is walked
 * in English by the phone-width accessibility walk (a11y-menu.spec.ts); english.spec.ts checks
 * the forms and the sales in English.
 */

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

export const PORTUGUESE = portugueseOnly();

/** Every text a person reads or hears on the page: text nodes and the accessible attributes. */
export function textsOf(page: Page): Promise<string[]> {
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

/** Fails naming the Portuguese texts the page shows (the user reads it in English). */
export async function expectNoPortuguese(page: Page, where: string) {
  const found = [...new Set((await textsOf(page)).filter((t) => PORTUGUESE.has(t) && !DATA.has(t)))];
  expect(found, `Portuguese texts on ${where}`).toEqual([]);
}
