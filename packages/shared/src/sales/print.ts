import Decimal from 'decimal.js';
import { formatDecimalAtLeast, formatMoney } from '../money';
import { formatCpfOrCnpj } from '../br';
import type { Sale, SaleAddress } from '../schemas/sales';

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
 * The sale as a message (a `wa.me` link, the share sheet, the text copy; docs/sales.md "The printed
 * slip"): the slip's content without its columns, for a phone's proportional font, WhatsApp's
 * `*bold*` on the headings and the total, a cancelled line struck through (`~…~`) and named so.
 */
export function saleMessage(sale: SlipSale, labels: SlipLabels, o: { places: number }): string {
  const money = (v: string) => formatMoney(v, o.places);
  const out = [`*${sale.company.name}*`, `*${labels.order} ${sale.number ?? '-'}* · ${sale.date}`, `${labels.client}: ${sale.client.name}`];
  if (sale.condition) out.push(`${labels.condition}: ${sale.condition}`);
  out.push('', `*${labels.items}*`);
  for (const item of sale.items) {
    const line = `${formatDecimalAtLeast(item.quantity)} x ${itemName(item)}`;
    out.push(item.cancelled ? `~${line}~ (${labels.cancelled})` : `${line} — ${formatDecimalAtLeast(item.unitPrice, o.places)} = ${money(item.total)}`);
  }
  const totals = totalLines(sale, labels, money).map(([label, amount]) => `${label}: ${amount}`);
  // The order's total in bold.
  out.push('', ...totals.slice(0, -1), `*${totals.at(-1)}*`);
  if (sale.installments.length) out.push('', `*${labels.installments}*`, ...sale.installments.map((i) => `${i.label} · ${i.dueDate} · ${money(i.value)}`));
  if (sale.observations?.trim()) out.push('', `${labels.observations}: ${sale.observations.trim().replace(/\s*\r?\n\s*/g, ' / ')}`);
  return out.join('\n');
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
 * A sale (as `GET /sales/{id}` answers it, with its details) as the slip reads it: names, the
 * address as the sale's page shows it, the discounts the sum of the page's four and the increases
 * of its three, the invoice's observations (the internal one stays in the office). The one mapping
 * of the print view, the text copy and the sales PDF; dates and the payment type's name come from
 * the caller (the user's format and language).
 */
export function slipSaleOf(
  sale: Sale,
  o: { company: { name: string; document: string | null }; date(date: string): string; paymentType(type: NonNullable<Sale['paymentType']>): string },
): SlipSale {
  const address = sale.details ? sale.details.shippingAddress : (sale.shippingAddress ?? null);
  const { discounts, increases } = sale.totals;
  const sum = (values: string[]) => values.reduce((acc, v) => acc.plus(v || 0), new Decimal(0)).toFixed();
  const condition = [sale.details?.names.paymentCondition, sale.paymentType ? o.paymentType(sale.paymentType) : null].filter(Boolean).join(' · ');
  return {
    company: { name: o.company.name, document: o.company.document ? formatCpfOrCnpj(o.company.document) : null },
    number: sale.number,
    date: o.date(sale.orderDate),
    client: { name: sale.clientName ?? '-', document: sale.clientDocument ? formatCpfOrCnpj(sale.clientDocument) : null, address: address ? addressLines(address).join(' - ') : null, phone: null },
    salesman: sale.details?.names.salesman ?? null,
    condition: condition || null,
    items: sale.items.map((i) => ({ ref: i.ref, name: i.name, unit: null, quantity: i.quantity, unitPrice: i.unitPrice, total: i.total, cancelled: i.cancelled })),
    totals: { items: sale.totals.items, discounts: sum([discounts.items, discounts.general, discounts.payment, discounts.other]), increases: sum([increases.payment, increases.transport, increases.other]), total: sale.totals.total },
    installments: sale.installments.map((i) => ({ label: i.installment, dueDate: o.date(i.dueDate), value: i.value })),
    observations: sale.observations.invoice ?? null,
  };
}

/** An address as lines: its nickname, street and number (– complement), then neighbourhood · city/UF · CEP. */
export function addressLines(a: SaleAddress): string[] {
  const cep = a.cep && /^\d{8}$/.test(a.cep) ? `${a.cep.slice(0, 5)}-${a.cep.slice(5)}` : a.cep;
  const first = [a.street, a.number].filter(Boolean).join(', ') + (a.complement ? ` – ${a.complement}` : '');
  const second = [a.neighborhood, [a.city, a.state].filter(Boolean).join('/'), cep].filter(Boolean).join(' · ');
  return [a.nickname ?? '', first, second].filter(Boolean);
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
