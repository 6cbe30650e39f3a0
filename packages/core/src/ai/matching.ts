import { AI_ALTERNATIVES, type AiDraftLine, type AiProductMatch } from '@ev/shared/schemas/ai';
import type { OrderTextLine } from '@ev/shared/ai/order-text';
import { fold } from '@ev/shared/text';

/**
 * The catalogue's side of a draft order (docs/ai.md "The draft order"): each line's words scored
 * against every active product of the company by accent-insensitive token similarity (the best of
 * a trigram Dice coefficient, an edit distance and a prefix, so "acucr", "detergnt" and "refri"
 * still find their word), sizes compared exactly ('500ml' against the name and the package 'FD
 * 12X500ML'), the unit named ('cx', 'fardo') against the product's, and a few words salesmen use
 * for brands ("coca" is a cola soft drink). Pure: the catalogue is read once per request by the
 * caller and indexed here once for all the lines.
 */

/** What the matching needs of a product (the list's summary). */
export interface CatalogueProduct {
  id: string;
  ref: string | null;
  name: string;
  package: string | null;
  unitName: string | null;
  maker?: string | null;
}

/** Below this confidence a line has no match (its alternatives still shown). */
export const MATCH_THRESHOLD = 45;

/** The words salesmen and clients write for a product's generic name (folded). */
const SYNONYMS: Record<string, string[]> = {
  coca: ['refrigerante', 'cola'],
  cocacola: ['refrigerante', 'cola'],
  pepsi: ['refrigerante', 'cola'],
  refri: ['refrigerante'],
  refris: ['refrigerante'],
  refrigerantes: ['refrigerante'],
  guarana: ['guarana', 'refrigerante'],
  fanta: ['refrigerante', 'laranja'],
  sprite: ['refrigerante', 'limao'],
  skol: ['cerveja', 'pilsen'],
  brahma: ['cerveja', 'pilsen'],
  antartica: ['cerveja', 'pilsen'],
  heineken: ['cerveja', 'puro', 'malte'],
  breja: ['cerveja'],
  cervejas: ['cerveja'],
  ype: ['detergente'],
  limpol: ['detergente'],
  omo: ['sabao', 'po'],
  ariel: ['sabao', 'po'],
  bombril: ['la', 'aco'],
  assolan: ['la', 'aco'],
  nescau: ['achocolatado'],
  toddy: ['achocolatado'],
  danone: ['iogurte'],
  moca: ['leite', 'condensado'],
  cotonete: ['hastes', 'flexiveis'],
  cotonetes: ['hastes', 'flexiveis'],
  gillette: ['aparelho', 'barbear'],
  qboa: ['agua', 'sanitaria'],
  kiboa: ['agua', 'sanitaria'],
  candida: ['agua', 'sanitaria'],
  pinhosol: ['desinfetante', 'pinho'],
  veja: ['limpador', 'multiuso'],
  colgate: ['creme', 'dental'],
  pasta: ['creme', 'dental'],
  maizena: ['maisena'],
  mussarela: ['mucarela'],
  mucarela: ['mucarela'],
  muzzarela: ['mucarela'],
  oleo: ['oleo'],
  leite: ['leite'],
  papel: ['papel', 'higienico'],
  fralda: ['fralda'],
  sabao: ['sabao'],
  agua: ['agua'],
  ovo: ['ovos'],
  ovos: ['ovos'],
  refrigerant: ['refrigerante'],
};

/** Words of the catalogue that carry no meaning for the matching. */
const NOISE = new Set(['de', 'do', 'da', 'e', 'com', 'em', 'ao', 'para', 'x']);

function tokensOf(value: string): string[] {
  return fold(value)
    .replace(/(\d),(\d)/g, '$1.$2')
    .split(/[^\p{L}\p{N}.]+/u)
    .map((w) => w.replace(/^\.+|\.+$/g, ''))
    .filter((w) => w && !NOISE.has(w));
}

/** A size as compared: '500ml', '1.5l', '5kg' (the package's '12x500ml' gives its '500ml'). */
function sizeOf(word: string): string | null {
  const m = /^(?:\d+x)?(\d+(?:\.\d+)?)(ml|l|kg|g)$/.exec(word);
  if (!m) return null;
  let n = Number(m[1]);
  let unit = m[2]!;
  // One scale per kind: litres in ml, kilos in grams.
  if (unit === 'l') [n, unit] = [n * 1000, 'ml'];
  if (unit === 'kg') [n, unit] = [n * 1000, 'g'];
  return `${n}${unit}`;
}

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

function dice(a: Set<string>, b: Set<string>): number {
  let common = 0;
  for (const g of a) if (b.has(g)) common++;
  return (2 * common) / (a.size + b.size);
}

/** Damerau-Levenshtein distance (adjacent swaps count one), for typos. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** How alike two words are, 0 to 1 (their trigrams given when already made). */
export function wordSimilarity(q: string, p: string, qGrams: Set<string> = trigrams(q), pGrams: Set<string> = trigrams(p)): number {
  if (q === p) return 1;
  if (/^\d/.test(q) || /^\d/.test(p)) return 0;
  let best = dice(qGrams, pGrams);
  // An abbreviation: "refri", "det", "choc" (three letters at least, the start of the word).
  if (q.length >= 3 && p.startsWith(q)) best = Math.max(best, 0.75 + 0.25 * (q.length / p.length));
  // A plural or a word cut at its end ("caixas", "biscoitos", "detergent").
  if (p.length >= 4 && q.startsWith(p)) best = Math.max(best, 0.9);
  const longest = Math.max(q.length, p.length);
  const allowed = longest >= 8 ? 2 : 1;
  // Typos: an edit distance, only where one could be close enough (the lengths near).
  if (longest >= 4 && best < 1 - allowed / (longest + 2) && Math.abs(q.length - p.length) <= allowed) {
    const typos = distance(q, p);
    if (typos <= allowed) best = Math.max(best, 1 - typos / (longest + 2));
  }
  return best;
}

interface IndexedProduct {
  product: CatalogueProduct;
  /** The name's words (no sizes). */
  words: string[];
  sizes: Set<string>;
  /** The other words the product answers to: its package's, its unit's, its maker's. */
  extra: string[];
  unit: string | null;
}

/** The catalogue indexed once per request: each product's words and sizes, and the vocabulary. */
export class CatalogueIndex {
  private readonly products: IndexedProduct[];
  private readonly vocabulary: { word: string; grams: Set<string> }[];
  private readonly similar = new Map<string, Map<string, number>>();
  /** Each catalogue word's products (positions in `products`): a line scores only the products sharing a likely word. */
  private readonly byWord = new Map<string, number[]>();

  constructor(products: readonly CatalogueProduct[]) {
    const words = new Set<string>();
    this.products = products.map((product) => {
      const name = tokensOf(product.name);
      const pkg = tokensOf(product.package ?? '');
      const sizes = new Set([...name, ...pkg].map(sizeOf).filter((s): s is string => s !== null));
      const own = name.filter((w) => sizeOf(w) === null && !/^\d+(\.\d+)?$/.test(w));
      const extra = [...tokensOf(product.maker ?? '')].filter((w) => sizeOf(w) === null);
      for (const w of [...own, ...extra]) words.add(w);
      const unit = (product.unitName ?? product.package ?? '').trim().split(/\s+/)[0]?.toUpperCase() || null;
      return { product, words: own, sizes, extra, unit };
    });
    this.vocabulary = [...words].map((word) => ({ word, grams: trigrams(word) }));
    this.products.forEach((p, i) => {
      for (const w of new Set([...p.words, ...p.extra])) {
        const list = this.byWord.get(w);
        if (list) list.push(i);
        else this.byWord.set(w, [i]);
      }
    });
  }

  /** Every catalogue word's likeness to the message's word, over the threshold (computed once a word). */
  private likeness(word: string): Map<string, number> {
    let found = this.similar.get(word);
    if (!found) {
      found = new Map();
      const grams = trigrams(word);
      for (const v of this.vocabulary) {
        const s = wordSimilarity(word, v.word, grams, v.grams);
        if (s >= 0.55) found.set(v.word, s);
      }
      this.similar.set(word, found);
    }
    return found;
  }

  /** The products a line may be, the most likely first, with their confidence (0 to 100). */
  rank(line: Pick<OrderTextLine, 'words' | 'unit'>, count = AI_ALTERNATIVES + 1): AiProductMatch[] {
    const queryWords: string[] = [];
    const querySizes: string[] = [];
    /** Bare numbers ("água 500"): a size without its unit, a hint only. */
    const queryNumbers: string[] = [];
    for (const w of line.words.flatMap((w) => tokensOf(w))) {
      const size = sizeOf(w);
      if (size) querySizes.push(size);
      else if (/^\d+(\.\d+)?$/.test(w)) queryNumbers.push(w);
      else queryWords.push(...(SYNONYMS[w] ?? [w]));
    }
    const words = [...new Set(queryWords)];
    if (!words.length) return [];
    const likeness = words.map((w) => this.likeness(w));
    const scored: { p: IndexedProduct; score: number }[] = [];
    const candidates = new Set<number>();
    for (const l of likeness) for (const w of l.keys()) for (const i of this.byWord.get(w) ?? []) candidates.add(i);
    for (const i of candidates) {
      const p = this.products[i]!;
      // Each word of the message: its best likeness among the product's name words (its maker's count less).
      let sum = 0;
      const used = new Set<string>();
      for (const l of likeness) {
        let best = 0;
        let bestWord: string | null = null;
        for (const w of p.words) {
          const s = l.get(w) ?? 0;
          if (s > best) [best, bestWord] = [s, w];
        }
        for (const w of p.extra) best = Math.max(best, 0.7 * (l.get(w) ?? 0));
        if (bestWord && best >= 0.6) used.add(bestWord);
        sum += best;
      }
      if (sum === 0) continue;
      const wordScore = sum / likeness.length;
      // How much of the product's name the message named: "arroz" fits "Arroz Tipo 1" better than "Arroz Integral Parboilizado".
      const coverage = p.words.length ? used.size / p.words.length : 0;
      let score = 0.78 * wordScore + 0.22 * coverage;
      // A size named must be the product's: 500ml is not the 1,5L.
      if (querySizes.length) {
        const hits = querySizes.filter((s) => p.sizes.has(s)).length;
        score *= hits === querySizes.length ? 1.08 : p.sizes.size ? 0.72 : 0.85;
      }
      if (queryNumbers.length && [...p.sizes].some((size) => queryNumbers.some((n) => size.startsWith(n) && /^[a-z]+$/.test(size.slice(n.length))))) score *= 1.03;
      if (line.unit && p.unit) {
        const same = line.unit === p.unit || (line.unit === 'UN' && p.unit === 'UN') || (line.unit === 'L' && p.unit === 'UN');
        // A salesman's "caixa" is often the product's bale: a small nudge only.
        score *= same ? 1.04 : 0.98;
      }
      scored.push({ p, score: Math.min(1, score) });
    }
    scored.sort((a, b) => b.score - a.score || a.p.product.name.length - b.p.product.name.length || a.p.product.name.localeCompare(b.p.product.name, 'pt-BR'));
    return scored.slice(0, count).map(({ p, score }) => ({
      productId: p.product.id,
      ref: p.product.ref,
      name: p.product.name,
      unit: [p.product.unitName, p.product.package].filter(Boolean).join(' · ') || null,
      confidence: Math.round(score * 100),
    }));
  }

  /**
   * A line of the draft: its best match over the threshold (else null) and the alternatives. A part
   * of the message with neither a quantity nor a match is talk ("bom dia seu João"): null.
   */
  line(parsed: OrderTextLine): AiDraftLine | null {
    const ranked = this.rank(parsed);
    const top = ranked[0] && ranked[0].confidence >= MATCH_THRESHOLD ? ranked[0] : null;
    if (!top && !parsed.counted) return null;
    return {
      source: parsed.source,
      quantity: parsed.quantity,
      unitWord: parsed.unitWord,
      match: top,
      alternatives: (top ? ranked.slice(1) : ranked).slice(0, AI_ALTERNATIVES),
    };
  }
}
