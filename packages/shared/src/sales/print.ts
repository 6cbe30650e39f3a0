import Decimal from 'decimal.js';
import { formatDecimalAtLeast, formatMoney } from '../money';
import { fitWhatsapp } from '../whatsapp-link';

/**
 * A sale as a text slip for dot-matrix and thermal printers (docs/sales.md "The printed slip"):
 * one function for the print view, its `.txt` download and any other plain-text copy of a sale, at
 * the company's print columns (80 by default; 48 and 40 for thermal rolls). Every line fits the
 * width; a long name or address wraps at a space (a word longer than the line is broken, never
 * cut); numbers end at the right edge of their column; accents are kept (the download's encoding
 * is the caller's).
 */

/** The words of the slip, in the user's language (the web reads them from its catalogue). */
export interface SlipLabels {
  order: string;
  date: string;
  client: string;
  document: string;
  address: string;
  phone: string;
  salesman: string;
  condition: string;
  quantity: string;
  product: string;
  unitPrice: string;
  total: string;
  cancelled: string;
  items: string;
  discounts: string;
  increases: string;
  grandTotal: string;
  installments: string;
  observations: string;
  /** Before the delivery link in the message: "Confirme a entrega". */
  delivery: string;
}

/** What the slip shows of a sale, names resolved and dates formatted by the caller. */
export interface SlipSale {
  company: { name: string; document: string | null };
  number: number | null;
  /** The order's date as the user reads it ('28/11/2026'). */
  date: string;
  client: { name: string; document: string | null; address: string | null; phone: string | null };
  salesman: string | null;
  /** The payment condition and type as the page shows them ('30/60/90 · Boleto'). */
  condition: string | null;
  items: { ref: string; name: string; unit: string | null; quantity: string; unitPrice: string; total: string; cancelled: boolean }[];
  totals: { items: string; discounts: string; increases: string; total: string };
  installments: { label: string; dueDate: string; value: string }[];
  observations: string | null;
  /** The sale's delivery confirmation link (docs/sales.md "The delivery confirmation"): the message ends with it. */
  deliveryUrl?: string | null;
}

/** The widths a company may print at: 80 (dot-matrix, the default), 48 (80 mm thermal) and 40 (58 mm thermal). */
export const PRINT_COLUMNS = [80, 48, 40] as const;

/** Below this width an item takes two lines (its name, then quantity × price and total) instead of a row of columns. */
const ROW_MIN_COLUMNS = 60;

/** The slip, lines separated by '\n', none longer than `columns`. `places`: the branch's decimals. */
export function saleSlip(sale: SlipSale, labels: SlipLabels, o: { columns: number; places: number }): string {
  const w = o.columns;
  const money = (v: string) => formatMoney(v, o.places);
  const out: string[] = [];
  const push = (...lines: string[]) => out.push(...lines);

  for (const line of wrap(sale.company.name, w)) push(center(line, w));
  if (sale.company.document) push(center(sale.company.document, w));
  push('='.repeat(w));
  push(...pair(`${labels.order} ${sale.number ?? '-'}`, `${labels.date} ${sale.date}`, w));
  push(...field(labels.client, sale.client.name, w));
  if (sale.client.document) push(...field(labels.document, sale.client.document, w));
  if (sale.client.address) push(...field(labels.address, sale.client.address, w));
  if (sale.client.phone) push(...field(labels.phone, sale.client.phone, w));
  if (sale.salesman) push(...field(labels.salesman, sale.salesman, w));
  if (sale.condition) push(...field(labels.condition, sale.condition, w));
  push('-'.repeat(w));

  if (w >= ROW_MIN_COLUMNS) {
    // qty │ product │ unit price │ total, the product's column taking what the numbers leave.
    const [q, u, t] = [9, 14, 15];
    const p = w - q - u - t - 3;
    push(`${labels.quantity.padStart(q)} ${labels.product.padEnd(p)} ${labels.unitPrice.padStart(u)} ${labels.total.padStart(t)}`);
    push('-'.repeat(w));
    for (const item of sale.items) {
      const [first = '', ...rest] = wrap(itemName(item), p);
      push(`${formatDecimalAtLeast(item.quantity).padStart(q)} ${first.padEnd(p)} ${formatDecimalAtLeast(item.unitPrice, o.places).padStart(u)} ${(item.cancelled ? labels.cancelled : money(item.total)).padStart(t)}`);
      for (const line of rest) push(`${' '.repeat(q + 1)}${line}`);
    }
  } else {
    for (const item of sale.items) {
      push(...wrap(itemName(item), w));
      push(...pair(`  ${formatDecimalAtLeast(item.quantity)} x ${formatDecimalAtLeast(item.unitPrice, o.places)}`, item.cancelled ? labels.cancelled : money(item.total), w));
    }
  }
  push('-'.repeat(w));

  for (const [label, amount] of totalLines(sale, labels, money)) push(...pair(label, amount, w));

  if (sale.installments.length) {
    push('-'.repeat(w), labels.installments);
    for (const i of sale.installments) push(...pair(`${i.label}  ${i.dueDate}`, money(i.value), w));
  }
  if (sale.observations?.trim()) {
    push('-'.repeat(w), `${labels.observations}:`);
    for (const paragraph of sale.observations.trim().split(/\r?\n/)) push(...wrap(paragraph, w));
  }
  push('', '', center('_'.repeat(Math.min(40, w)), w));
  for (const line of wrap(sale.client.name, w)) push(center(line, w));
  return out.map((line) => line.trimEnd()).join('\n');
}

/**
 * The sale as a message (the share sheet, the text copy; docs/sales.md "The printed slip"): the
 * slip's content without its columns, for a phone's proportional font, WhatsApp's `*bold*` on the
 * headings and the total, a cancelled line struck through (`~…~`) and named so.
 */
export function saleMessage(sale: SlipSale, labels: SlipLabels, o: { places: number }): string {
  const { head, lines, tail } = messageParts(sale, labels, o.places);
  return [...head, ...lines, ...tail].join('\n');
}

/**
 * The message as a `wa.me` link to the client's mobile (`to`, 55 and the digits): where the whole
 * order does not fit a link (WHATSAPP_MAX_URL), as many whole item lines as fit, `cutNote(shown)`
 * after them, and the totals, installments and observations always.
 */
export function saleWhatsapp(sale: SlipSale, labels: SlipLabels, o: { places: number; to: string | null; cutNote: (shown: number, total: number) => string; maxUrl?: number }) {
  const parts = messageParts(sale, labels, o.places);
  return fitWhatsapp({ ...parts, to: o.to, cutNote: (shown) => o.cutNote(shown, parts.lines.length), ...(o.maxUrl ? { maxUrl: o.maxUrl } : {}) });
}

function messageParts(sale: SlipSale, labels: SlipLabels, places: number) {
  const money = (v: string) => formatMoney(v, places);
  const head = [`*${sale.company.name}*`, `*${labels.order} ${sale.number ?? '-'}* · ${sale.date}`, `${labels.client}: ${sale.client.name}`];
  if (sale.condition) head.push(`${labels.condition}: ${sale.condition}`);
  head.push('', `*${labels.items}*`);
  const lines = sale.items.map((item) => {
    const line = `${formatDecimalAtLeast(item.quantity)} x ${itemName(item)}`;
    return item.cancelled ? `~${line}~ (${labels.cancelled})` : `${line} — ${formatDecimalAtLeast(item.unitPrice, places)} = ${money(item.total)}`;
  });
  const totals = totalLines(sale, labels, money).map(([label, amount]) => `${label}: ${amount}`);
  // The order's total in bold.
  const tail = ['', ...totals.slice(0, -1), `*${totals.at(-1)}*`];
  if (sale.installments.length) tail.push('', `*${labels.installments}*`, ...sale.installments.map((i) => `${i.label} · ${i.dueDate} · ${money(i.value)}`));
  if (sale.observations?.trim()) tail.push('', `${labels.observations}: ${sale.observations.trim().replace(/\s*\r?\n\s*/g, ' / ')}`);
  if (sale.deliveryUrl) tail.push('', `${labels.delivery}: ${sale.deliveryUrl}`);
  return { head, lines, tail };
}

/** An item's name as printed: reference, name and, where known, its sales unit and package. */
const itemName = (item: SlipSale['items'][number]) => `${item.ref} ${item.name}${item.unit ? ` (${item.unit})` : ''}`;

/**
 * The totals both forms end with, as label and amount: the items, the discounts and increases that
 * are not zero, and the order's total last.
 */
export function totalLines(sale: Pick<SlipSale, 'totals'>, labels: SlipLabels, money: (v: string) => string): [string, string][] {
  const { items, discounts, increases, total } = sale.totals;
  return [
    [labels.items, money(items)],
    ...(new Decimal(discounts).isZero() ? [] : [[labels.discounts, `-${money(discounts)}`] as [string, string]]),
    ...(new Decimal(increases).isZero() ? [] : [[labels.increases, money(increases)] as [string, string]]),
    [labels.grandTotal, money(total)],
  ];
}

/**
 * `text` in lines of at most `width`, broken at spaces; a word longer than its line is broken
 * across lines, never cut. `indent`: the lines after the first begin that many spaces in.
 */
export function wrap(text: string, width: number, indent = 0): string[] {
  const lines: string[] = [];
  const room = () => (lines.length ? width - indent : width);
  let line = '';
  const flush = () => {
    lines.push(lines.length ? `${' '.repeat(indent)}${line}` : line);
    line = '';
  };
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length <= room()) {
      line += ` ${word}`;
      continue;
    }
    if (line) flush();
    let rest = word;
    while (rest.length > room()) {
      line = rest.slice(0, room());
      rest = rest.slice(line.length);
      flush();
    }
    line = rest;
  }
  if (line || !lines.length) flush();
  return lines;
}

/** `left` and `right` on one line, `right` ending at the edge; where both do not fit, `left` wraps and `right` takes a line of its own. */
function pair(left: string, right: string, width: number): string[] {
  if (left.length + 1 + right.length <= width) return [`${left}${right.padStart(width - left.length)}`];
  return [...wrap(left, width), right.padStart(width)];
}

/** A label and its value, continued two spaces in. */
const field = (label: string, value: string, width: number) => wrap(`${label}: ${value}`, width, 2);

const center = (text: string, width: number) => `${' '.repeat(Math.max(0, Math.floor((width - text.length) / 2)))}${text}`;
