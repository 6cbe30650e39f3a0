import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { portugueseTexts } from '@ev/shared/catalogue';
import { describe, expect, it } from 'vitest';

/**
 * Every text has a key in every language (docs/texts.md): the web's catalogues hold the same keys in
 * Portuguese and English, the shared catalogues' keys (Portuguese, in TypeScript) are exactly those
 * of the English `messages` file, and each side uses the same interpolation parameters.
 */

const ROOT = join(__dirname, '..');
const LOCALES = join(ROOT, 'web/src/locales');

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

const read = (language: string, file: string) => flatten(JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8')) as Tree);
const files = (language: string) => readdirSync(join(LOCALES, language)).filter((f) => f.endsWith('.json')).sort();
const params = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Keys in `a` and not in `b`, and the keys of both whose parameters differ. */
function mismatches(a: Record<string, string>, b: Record<string, string>) {
  const missing = Object.keys(a).filter((k) => !(k in b));
  const extra = Object.keys(b).filter((k) => !(k in a));
  const differentParams = Object.keys(a).filter((k) => k in b && params(a[k]!).join() !== params(b[k]!).join());
  return { missing, extra, differentParams };
}

describe('text keys in every language', () => {
  it('the web has the same catalogue files in Portuguese and English (messages: Portuguese from the shared catalogues)', () => {
    expect(files('pt')).toEqual(files('en').filter((f) => f !== 'messages.json'));
  });

  for (const file of files('en').filter((f) => f !== 'messages.json')) {
    it(`${file} has the same keys and parameters in Portuguese and English`, () => {
      expect(mismatches(read('pt', file), read('en', file))).toEqual({ missing: [], extra: [], differentParams: [] });
    });
  }

  it('the shared catalogues (every message, registry title, field, option and hint) have each key in English, and no other', () => {
    const pt = portugueseTexts();
    expect(Object.keys(pt).length).toBeGreaterThan(200);
    expect(mismatches(pt, read('en', 'messages.json'))).toEqual({ missing: [], extra: [], differentParams: [] });
  });

  it('no English text is left equal to its Portuguese one where the words differ (a forgotten translation)', () => {
    const pt = portugueseTexts();
    const en = read('en', 'messages.json');
    // Acronyms, codes, proper nouns and words both languages share (the fields' labels: Latitude, Supervisor, HTTP headers) read the same.
    const same = Object.keys(pt).filter((k) => pt[k] === en[k] && /[a-zà-ú]{4,}/.test(pt[k]!) && !/^(CPF\/CNPJ|E-mail|Leads|Altitude|Latitude|Longitude|Cashback|Cursor|Supervisor|Idempotency-Key|User-Agent|hub\.\w+)$/.test(pt[k]!));
    expect(same).toEqual([]);
  });
});

describe('no reverse lookup from Portuguese text', () => {
  it('no code outside the shared catalogues maps a Portuguese text back to its key', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'node_modules' && entry.name !== 'dist' && entry.name !== 'locales') walk(path);
        } else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
          const source = readFileSync(path, 'utf8');
          // A map built from a catalogue's entries with the text first ([text, key]), as the old serverText did.
          if (/Object\.entries\((\w*Messages|\w*Texts)\)\.map\(\(\[(\w+), (\w+)\]\) => \[\3, \2\]\)/.test(source)) offenders.push(relative(ROOT, path));
          if (/\bserverText\b/.test(source)) offenders.push(relative(ROOT, path));
        }
      }
    };
    for (const dir of ['web/src', 'packages', 'functions/src']) walk(join(ROOT, dir));
    expect(offenders).toEqual([]);
  });
});
