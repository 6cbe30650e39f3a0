import { documentKey, fold, searchTerms } from '@ev/shared/text';

/**
 * The device's searches (pure): an index built once from the records held (after each sync), then
 * every search a plain scan of short strings, with no allocation per record: at 2,000 clients a
 * search is a few thousand `includes` on a slow phone (docs/offline.md, "The device's data layer").
 *
 * A record's words are folded (lower case, no accents: "São José" is found by "sao jose") and kept
 * in one string, each word after a space, so "a term begins a word" is `words.includes(' ' + term)`,
 * as the API's searches read it. Every term must begin a word of the record.
 */

interface Entry<T> {
  item: T;
  /** ' word word …': the folded words searched. */
  words: string;
  /** The codes a digits term is found in anywhere (a document's digits, a barcode, a reference). */
  codes: string;
}

export interface SearchIndex<T> {
  entries: Entry<T>[];
}

/** Builds an index, in the order the results are shown (the caller sorts; names by default). */
export function buildIndex<T>(items: readonly T[], words: (item: T) => (string | null | undefined)[], codes: (item: T) => (string | null | undefined)[]): SearchIndex<T> {
  return {
    entries: items.map((item) => ({
      item,
      words: ` ${words(item)
        .filter(Boolean)
        .map((w) => searchTerms(w).join(' '))
        .join(' ')}`,
      codes: ` ${codes(item)
        .filter(Boolean)
        .map((c) => fold(documentKey(c)))
        .join(' ')}`,
    })),
  };
}

/**
 * A text of digits, letters and mask characters holding a digit is one code ("12.345.678/0001-90"
 * → "12345678000190"), as the clients' search on the API reads it (`clientSearchTerms`); anything
 * else is words.
 */
function codeOf(text: string): string | null {
  if (/\d/.test(text) && /^[0-9A-Za-z.\-/()\s]+$/.test(text) && !/[A-Za-z]{3,}\s/.test(text)) return fold(documentKey(text)) || null;
  return null;
}

/** The first `limit` records whose words each term begins, or whose codes hold the code typed; an empty text finds the first `limit`. */
export function searchIndex<T>(index: SearchIndex<T>, q: string, limit: number): T[] {
  const text = q.trim();
  const out: T[] = [];
  if (limit <= 0) return out;
  const code = text ? codeOf(text) : null;
  const terms = searchTerms(text).map((t) => ` ${t}`);
  for (const entry of index.entries) {
    let hit: boolean;
    if (code && entry.codes.includes(code)) hit = true;
    else {
      hit = true;
      for (const term of terms) {
        if (!entry.words.includes(term)) {
          hit = false;
          break;
        }
      }
    }
    if (hit) {
      out.push(entry.item);
      if (out.length >= limit) break;
    }
  }
  return out;
}

/** Sorted by the folded name, the way a person reads it ("Água" beside "Agua"); each name folded once. */
export function sortByName<T extends { name: string }>(items: readonly T[]): T[] {
  return items
    .map((item) => ({ item, key: fold(item.name) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((x) => x.item);
}

/** What a client is searched by: name, nickname, its addresses' cities (and nicknames); the document's digits as a code. */
export function clientIndex<T extends { name: string; nickname: string | null; document: string | null; addresses: { city?: string | null; nickname?: string | null }[] }>(clients: readonly T[]): SearchIndex<T> {
  return buildIndex(
    sortByName(clients),
    (c) => [c.name, c.nickname, ...c.addresses.map((a) => a.city)],
    (c) => [c.document],
  );
}

/** What a product is searched by: name and reference as words; reference and barcode as codes. */
export function productIndex<T extends { name: string; ref: string; barcode: string | null }>(products: readonly T[]): SearchIndex<T> {
  return buildIndex(
    sortByName(products),
    (p) => [p.name, p.ref],
    (p) => [p.ref, p.barcode],
  );
}
