import { fold } from '../text';

/**
 * A client's order as written in a WhatsApp message (issue 46, docs/ai.md "The draft order"):
 * "manda 10 caixas de água 500ml e 5 fardos de açúcar", "2cx coca lata, 3 fd arroz 5kg", "quero 12
 * un de detergente ype". Pure text work, no catalogue: the message split into lines, each with its
 * quantity (digits or words: "dez", "duas", "meia dúzia"), the unit word it named ("cx", "fardos",
 * "und", "kg") and the words left for the catalogue's matching (in core). Shared so the web can
 * show what a message reads as before asking.
 */

/** The units an order names, by what a salesman writes (folded: no accents, lower case). */
export type OrderUnit = 'CX' | 'FD' | 'UN' | 'PCT' | 'KG' | 'L' | 'DZ';

const UNIT_WORDS: Record<string, OrderUnit> = {
  cx: 'CX', cxs: 'CX', cxa: 'CX', cxas: 'CX', caixa: 'CX', caixas: 'CX', caixinha: 'CX', caixinhas: 'CX', caxa: 'CX', caxas: 'CX', caicha: 'CX', caichas: 'CX',
  fd: 'FD', fds: 'FD', frd: 'FD', fdo: 'FD', fardo: 'FD', fardos: 'FD', fardinho: 'FD', fardinhos: 'FD', fardu: 'FD', fardus: 'FD', fado: 'FD', fados: 'FD',
  un: 'UN', und: 'UN', unds: 'UN', unid: 'UN', unids: 'UN', uni: 'UN', unidade: 'UN', unidades: 'UN', unidad: 'UN', unidads: 'UN', pc: 'UN', pcs: 'UN', peca: 'UN', pecas: 'UN',
  pct: 'PCT', pcts: 'PCT', pt: 'PCT', pac: 'PCT', pacote: 'PCT', pacotes: 'PCT', pacotinho: 'PCT', pacotinhos: 'PCT', pacot: 'PCT',
  kg: 'KG', kgs: 'KG', kilo: 'KG', kilos: 'KG', quilo: 'KG', quilos: 'KG',
  l: 'L', lt: 'L', lts: 'L', litro: 'L', litros: 'L',
  dz: 'DZ', dzs: 'DZ', duzia: 'DZ', duzias: 'DZ',
};

const NUMBER_WORDS: Record<string, number> = {
  um: 1, uma: 1, hum: 1, dois: 2, duas: 2, tres: 3, treis: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9, dez: 10,
  onze: 11, doze: 12, treze: 13, quatorze: 14, catorze: 14, quinze: 15, dezesseis: 16, dezeseis: 16, dezessete: 17, dezesete: 17, dezoito: 18, dezenove: 19,
  vinte: 20, trinta: 30, quarenta: 40, cinquenta: 50, sessenta: 60, setenta: 70, oitenta: 80, noventa: 90, cem: 100, cento: 100, duzentos: 200, trezentos: 300,
  meia: 0.5, meio: 0.5,
};
const TENS = ['vinte', 'trinta', 'quarenta', 'cinquenta', 'sessenta', 'setenta', 'oitenta', 'noventa'];
const UNITS = ['um', 'uma', 'dois', 'duas', 'tres', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove'];

/** Words of the message that are no product: requests, greetings, politeness, connectors. */
const FILLERS = new Set(
  [
    'manda', 'mande', 'mandar', 'me', 'mim', 'pra', 'para', 'pro', 'quero', 'queria', 'gostaria', 'preciso', 'precisamos', 'vou', 'querer', 'vai', 'traz', 'traga', 'trazer', 'envia', 'envie', 'enviar',
    'coloca', 'coloque', 'separa', 'separe', 've', 'pode', 'poderia', 'favor', 'por', 'pfv', 'pf', 'pls', 'obrigado', 'obrigada', 'obg', 'brigado', 'valeu', 'oi', 'ola', 'bom', 'boa', 'dia', 'tarde', 'noite',
    'tudo', 'bem', 'beleza', 'blz', 'ai', 'aqui', 'mais', 'tambem', 'tb', 'tbm', 'o', 'a', 'os', 'as', 'de', 'do', 'da', 'dos', 'das', 'no', 'na', 'nos', 'nas', 'e', 'um', 'uma', 'uns', 'umas',
    'pedido', 'pedir', 'semana', 'hoje', 'amanha', 'entrega', 'so', 'tipo', 'aquele', 'aquela', 'daquele', 'daquela', 'mesmo', 'mesma', 'ok', 'sim', 'moço', 'moco', 'amigo', 'amiga', 'ta', 'to',
  ].map(fold),
);
/** Sizes as the catalogue names them: 500ml, 1,5l, 5kg, 250g. */
const SIZE = /^(\d+(?:[.,]\d+)?)(ml|l|lt|lts|litro|litros|kg|kilo|kilos|quilo|quilos|g|gr|grs|m|cm|un)$/;
const SIZE_UNIT: Record<string, string> = { ml: 'ml', l: 'l', lt: 'l', lts: 'l', litro: 'l', litros: 'l', kg: 'kg', kilo: 'kg', kilos: 'kg', quilo: 'kg', quilos: 'kg', g: 'g', gr: 'g', grs: 'g', m: 'm', cm: 'cm', un: 'un' };

export interface OrderTextLine {
  /** The part of the message the line was read from, as written. */
  source: string;
  /** A decimal string ('1' when the message names none). */
  quantity: string;
  /** The unit word as written ('caixas', 'fd'), or null. */
  unitWord: string | null;
  unit: OrderUnit | null;
  /** The words left for the catalogue (folded; sizes joined: '500ml', '1,5l'). */
  words: string[];
  /** Whether the message named the quantity (a part without one may be talk: "bom dia seu João"). */
  counted: boolean;
}

/** Numbers written in words joined into one ("vinte e cinco" → 25), so " e " between them splits nothing. */
function joinNumberWords(folded: string): string {
  return folded.replace(new RegExp(`\\b(${TENS.join('|')}) e (${UNITS.join('|')})\\b`, 'g'), (_, t: string, u: string) => String(NUMBER_WORDS[t]! + NUMBER_WORDS[u]!));
}

const isQuantityWord = (w: string) => /^\d+(?:[.,]\d+)?$/.test(w) || /^\d+(?:[.,]\d+)?[a-z]+$/.test(w) || w in NUMBER_WORDS;

/**
 * The message's parts that may be lines: newlines, ';', ',' (not a decimal comma), '.', '!' and '?'
 * at a word's end, '+', and ' e ' / ' mais ' when a quantity follows ("água e sal" stays one).
 */
export function splitOrderText(text: string): string[] {
  const parts = text
    .replace(/\r/g, '')
    .split(/\n|;|\+|(?<!\d),|,(?!\d)|[.!?](?=\s|$)/)
    .map((p) => p.trim())
    .filter(Boolean);
  const out: string[] = [];
  for (const part of parts) {
    const tokens = part.split(/\s+/);
    let current: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const word = fold(tokens[i]!);
      const next = tokens[i + 1] ? fold(tokens[i + 1]!) : '';
      const after = tokens[i + 2] ? fold(tokens[i + 2]!) : '';
      const tensBefore = current.length > 0 && TENS.includes(fold(current[current.length - 1]!));
      const splits = (word === 'e' || word === 'mais' || word === '&') && current.length > 0 && !tensBefore && (isQuantityWord(next) || (next === 'mais' && isQuantityWord(after)));
      if (splits) {
        out.push(current.join(' '));
        current = [];
        continue;
      }
      current.push(tokens[i]!);
    }
    if (current.length) out.push(current.join(' '));
  }
  return out.map((p) => p.trim()).filter(Boolean);
}

function decimalOf(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toFixed(4)));
}

/** One part of the message read as a line, or null when no word of a product is left ("bom dia"). */
export function parseOrderLine(source: string): OrderTextLine | null {
  const raw = joinNumberWords(fold(source))
    // "s/ gás", "c/ sal": without, with.
    .replace(/(^|\s)s\/\s*/g, '$1sem ')
    .replace(/(^|\s)c\/\s*/g, '$1com ')
    .replace(/(\d)\s*x\s+/g, '$1 ')
    // "500 ml", "1,5 litros", "5 kg" after a product word: one size token.
    .replace(/(\d+(?:[.,]\d+)?)\s+(ml|lt|lts|litro|litros|kg|kilo|kilos|quilo|quilos|g|gr|grs)\b/g, '$1$2')
    .split(/[^\p{L}\p{N},.]+/u)
    .map((w) => w.replace(/^[.,]+|[.,]+$/g, ''))
    .filter(Boolean);
  // A number glued to a count unit ("2cx", "10un", "3fd") is the quantity and its unit.
  const tokens = raw.flatMap((w) => {
    const glued = /^(\d+(?:[.,]\d+)?)([a-z]+)$/.exec(w);
    if (glued && UNIT_WORDS[glued[2]!] && !['L', 'KG'].includes(UNIT_WORDS[glued[2]!]!)) return [glued[1]!, glued[2]!];
    return [w];
  });
  const numberAt = (i: number): number | null => {
    const w = tokens[i];
    if (w === undefined) return null;
    if (/^\d+(?:[.,]\d+)?$/.test(w)) return Number(w.replace(',', '.'));
    return NUMBER_WORDS[w] ?? null;
  };
  const countUnit = (w: string | undefined) => (w !== undefined && UNIT_WORDS[w] && UNIT_WORDS[w] !== 'L' && UNIT_WORDS[w] !== 'KG' ? UNIT_WORDS[w] : null);

  // The quantity: the number before a count unit ("3 fardos") wherever it stands; else the first
  // number before any product word ("10 caixas", "12 un", "dez água", "5kg de queijo").
  let at = -1;
  for (let i = 0; i < tokens.length; i++) {
    if (numberAt(i) !== null && (countUnit(tokens[i + 1]) || (tokens[i + 1] === 'duzia' || tokens[i + 1] === 'duzias'))) {
      at = i;
      break;
    }
  }
  if (at < 0) {
    for (let i = 0; i < tokens.length; i++) {
      const w = tokens[i]!;
      if (numberAt(i) !== null && (w !== 'um' && w !== 'uma' ? true : !!UNIT_WORDS[tokens[i + 1] ?? ''] || i === 0 || FILLERS.has(tokens[i - 1] ?? ''))) {
        at = i;
        break;
      }
      const size = SIZE.exec(w);
      if (size && ['kg', 'kilo', 'kilos', 'quilo', 'quilos', 'l', 'lt', 'lts', 'litro', 'litros'].includes(size[2]!) && tokens.slice(0, i).every((t) => FILLERS.has(t))) {
        // "5kg de queijo": the quantity in kilos (or litres), at the start.
        const unitWord = /^\d+(?:[.,]\d+)?(.*)$/.exec(source.trim().split(/\s+/)[i] ?? '')?.[1] || size[2]!;
        return finish(source, Number(size[1]!.replace(',', '.')), unitWord, UNIT_WORDS[size[2]!] ?? null, tokens.filter((_, j) => j !== i), true);
      }
      if (!FILLERS.has(w)) break;
    }
  }
  let quantity = 1;
  let unit: OrderUnit | null = null;
  let unitWord: string | null = null;
  const rest = [...tokens];
  if (at >= 0) {
    quantity = numberAt(at)!;
    const next = tokens[at + 1];
    // "meia dúzia": half a dozen; "dez dúzias".
    if (next !== undefined && UNIT_WORDS[next]) {
      unit = UNIT_WORDS[next]!;
      unitWord = writtenWord(source, next);
      rest.splice(at, 2);
    } else rest.splice(at, 1);
  }
  return finish(source, quantity, unitWord, unit, rest, at >= 0);
}

/** The word of the source whose folded form is `folded` (as written), else the folded one. */
function writtenWord(source: string, folded: string): string {
  const found = source.split(/[^\p{L}\p{N}]+/u).find((w) => fold(w) === folded || fold(w).endsWith(folded));
  if (!found) return folded;
  const glued = /^\d+(?:[.,]\d+)?(\p{L}+)$/u.exec(found);
  return glued ? glued[1]! : found;
}

function finish(source: string, quantity: number, unitWord: string | null, unit: OrderUnit | null, tokens: string[], counted: boolean): OrderTextLine | null {
  const words = tokens
    .map((w) => {
      const size = SIZE.exec(w);
      return size ? `${size[1]}${SIZE_UNIT[size[2]!]}` : w;
    })
    .filter((w) => !FILLERS.has(w) && !/^[.,]+$/.test(w));
  if (!words.some((w) => /\p{L}/u.test(w))) return null;
  if (!(quantity > 0)) return null;
  return { source: source.trim(), quantity: decimalOf(quantity), unitWord, unit, words, counted };
}

/** The message read as order lines (at most `max`), in the order written. */
export function parseOrderText(text: string, max = 50): OrderTextLine[] {
  return splitOrderText(text)
    .map(parseOrderLine)
    .filter((l): l is OrderTextLine => l !== null)
    .slice(0, max);
}
