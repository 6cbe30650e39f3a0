import { formatDecimal, formatDecimalAtLeast } from '@ev/shared/money';
import { saleSlip } from '@ev/shared/sales/print';
import { SalesExportQuery, SaleStatusTexts, SaleTexts, type Sale } from '@ev/shared/schemas/sales';
import { DomainError } from '../errors';
import { defineExport, type ExportColumn, type ExportContext, type ExportProgress } from '../exports/index';
import { Tenants } from '../tenants';
import { saleDocumentContent, SLIP_LABELS_PT, slipOf, type SaleDocumentOptions } from './document';
import { deliveryLink } from './delivery';
import { get } from './reading';

/**
 * The sales export (POST /api/exports/sales, docs/sales.md "Exports of sales"): the sales the user
 * selected on the list (or the one of a sale's page), read one by one through `get`, the sale's
 * page's own read, so the record scope holds (a salesman exports his own sales only; a sale he does
 * not see, or another company's id, is left out, never exported). Formats:
 * - CSV, `lines: 'items'` (default): a line per item, the sale's columns repeated; `lines: 'sales'`:
 *   a line per sale with its totals and its installments' count;
 * - PDF: one document, each sale from a page of its own (`document`, ./document.ts);
 * - text (`txt`): each sale's printed slip (`saleSlip`) at the company's print columns.
 * A CSV or text of up to `SALES_AT_ONCE` sales is written in the request (`atOnce`); more, and
 * every PDF, go through the queue.
 * No pdfmake here (this module is in the API bundle).
 */

/** Sales read at once (each is a handful of reads: the sale, its installments, its names). */
const READ_AT_ONCE = 10;

/** Up to this many sales, a CSV or text answers in the request (one round of reads); more, and any PDF, are a job. */
export const SALES_AT_ONCE = READ_AT_ONCE;

const notFound = (e: unknown) => (e instanceof DomainError && e.kind === 'not_found' ? null : Promise.reject(e));

/**
 * The selected sales the user sees, in the order selected (an id twice: once), a few at a time.
 * None of them visible fails the job with its reason.
 */
async function* selected(ids: readonly string[], progress?: ExportProgress): AsyncIterable<Sale[]> {
  const unique = [...new Set(ids)];
  let found = 0;
  for (let i = 0; i < unique.length; i += READ_AT_ONCE) {
    const sales = (await Promise.all(unique.slice(i, i + READ_AT_ONCE).map((id) => get(id).catch(notFound)))).filter((s): s is Sale => s !== null);
    found += sales.length;
    await progress?.(Math.min(unique.length, i + READ_AT_ONCE));
    if (sales.length) yield sales;
  }
  if (!found) throw new DomainError('not_found', SaleTexts.exportNoneFound(), 'not_found');
}

async function all(ids: readonly string[], progress: ExportProgress): Promise<Sale[]> {
  const out: Sale[] = [];
  for await (const sales of selected(ids, progress)) out.push(...sales);
  return out;
}

/** The company's name and CPF/CNPJ come with each sale (`details.company`); dates in the user's format. */
const documentOptions = (ctx: ExportContext): SaleDocumentOptions => ({ dateFormat: ctx.user.dateFormat });

/**
 * The statuses whose PDF carries the delivery link (docs/sales.md "The delivery confirmation"):
 * the sale is printed when it is taken and confirmed at the door after its invoice; a delivered,
 * completed, cancelled or refunded sale (and a draft) has nothing left to confirm.
 */
const TO_DELIVER = new Set<Sale['status']>(['pending', 'paid', 'processing', 'receipt']);

/** The columns both CSVs begin with: the sale's. */
const SALE_COLUMNS: ExportColumn[] = [
  { key: 'number', header: 'Número' },
  { key: 'date', header: 'Data' },
  { key: 'client', header: 'Cliente' },
  { key: 'document', header: 'CPF/CNPJ' },
  { key: 'salesman', header: 'Vendedor' },
  { key: 'status', header: 'Status' },
  { key: 'condition', header: 'Condição de pagamento' },
];

const ITEM_COLUMNS: ExportColumn[] = [
  { key: 'ref', header: 'Referência' },
  { key: 'name', header: 'Produto' },
  { key: 'quantity', header: 'Quantidade', align: 'right' },
  { key: 'unitPrice', header: 'Preço unitário', align: 'right' },
  { key: 'discount', header: 'Desconto %', align: 'right' },
  { key: 'campaign', header: 'Campanha' },
  { key: 'total', header: 'Total da linha', align: 'right' },
  { key: 'cancelled', header: 'Cancelado' },
];

const TOTAL_COLUMNS: ExportColumn[] = [
  { key: 'count', header: 'Itens', align: 'right' },
  { key: 'items', header: 'Valor dos itens', align: 'right' },
  { key: 'discounts', header: 'Descontos', align: 'right' },
  { key: 'increases', header: 'Acréscimos', align: 'right' },
  { key: 'total', header: 'Total', align: 'right' },
  { key: 'installments', header: 'Parcelas', align: 'right' },
];

function saleCells(sale: Sale, o: SaleDocumentOptions): Record<string, string> {
  const slip = slipOf(sale, o);
  return {
    number: sale.number === null ? 'Rascunho' : String(sale.number),
    date: slip.date,
    client: sale.clientName ?? '',
    document: slip.client.document ?? '',
    salesman: slip.salesman ?? '',
    status: SaleStatusTexts[sale.status]().message,
    condition: slip.condition ?? '',
  };
}

/** A line per item: the sale's columns repeated; money at the sale's (its branch's) places; a cancelled line's total as it was, marked "Sim". */
function itemRows(sale: Sale, o: SaleDocumentOptions): Record<string, string>[] {
  const head = saleCells(sale, o);
  const places = sale.decimals;
  return sale.items.map((i) => ({
    ...head,
    ref: i.ref,
    name: i.name,
    quantity: formatDecimalAtLeast(i.quantity),
    unitPrice: formatDecimalAtLeast(i.unitPrice, places),
    discount: i.discountPercent ? formatDecimalAtLeast(i.discountPercent) : '',
    // The line's campaign and what it gives (docs/campaigns.md): its % comes off before the line's discount.
    campaign: i.campaign ? `${i.campaign.name} (${i.campaign.price ? `R$ ${formatDecimalAtLeast(i.campaign.price, places)}` : `${formatDecimalAtLeast(i.campaign.discountPercent ?? '0')}%`})` : '',
    total: formatDecimal(i.total, places),
    cancelled: i.cancelled ? 'Sim' : 'Não',
  }));
}

/** A line per sale: its counted items, the figures the slip shows (discounts and increases summed), its installments' count. */
function saleRow(sale: Sale, o: SaleDocumentOptions): Record<string, string> {
  const slip = slipOf(sale, o);
  const places = sale.decimals;
  return {
    ...saleCells(sale, o),
    count: String(sale.items.filter((i) => !i.cancelled).length),
    items: formatDecimal(slip.totals.items, places),
    discounts: formatDecimal(slip.totals.discounts, places),
    increases: formatDecimal(slip.totals.increases, places),
    total: formatDecimal(slip.totals.total, places),
    installments: String(sale.installments.length),
  };
}

export const salesExport = defineExport({
  name: 'sales',
  subject: 'vendas',
  action: 'read',
  title: 'Vendas',
  query: SalesExportQuery,
  atOnce: (query) => new Set(query.ids).size <= SALES_AT_ONCE,
  fileName: (query, ctx) => (ctx.format === 'csv' && query.lines === 'sales' ? 'vendas-resumo' : 'vendas'),
  columns: (query) => [...SALE_COLUMNS, ...(query.lines === 'sales' ? TOTAL_COLUMNS : ITEM_COLUMNS)],
  // The sales selected (their items are not known before they are read).
  total: (query, ctx) => (ctx.format !== 'csv' || query.lines === 'sales' ? new Set(query.ids).size : null),
  async *rows(query, ctx) {
    const o = documentOptions(ctx);
    for await (const sales of selected(query.ids)) yield sales.flatMap((s) => (query.lines === 'sales' ? [saleRow(s, o)] : itemRows(s, o)));
  },
  async document(query, ctx, progress) {
    const o = documentOptions(ctx);
    const sales = await all(query.ids, progress);
    // Each sale still to be delivered carries its delivery confirmation link, as a QR code below the signature.
    const pages = await Promise.all(sales.map(async (sale) => ({ sale, deliveryUrl: TO_DELIVER.has(sale.status) ? (await deliveryLink(sale)).url : null })));
    return { content: saleDocumentContent(pages, o), count: sales.length };
  },
  async text(query, ctx, progress) {
    const o = documentOptions(ctx);
    const [sales, { tenant }] = await Promise.all([all(query.ids, progress), Tenants.company()]);
    const columns = tenant.settings.sales.printColumns;
    const slips = sales.map((s) => saleSlip(slipOf(s, o), SLIP_LABELS_PT, { columns, places: s.decimals }));
    return { text: slips.join(`\n\n${'='.repeat(columns)}\n\n`), count: sales.length };
  },
});
