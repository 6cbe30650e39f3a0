import { formatCalendarDate } from '@ev/shared/calendar';
import { formatDecimalAtLeast, formatMoney } from '@ev/shared/money';
import { totalLines, type SlipLabels } from '@ev/shared/sales/print';
import { slipSaleOf } from '@ev/shared/sales/slip-sale';
import { SaleStatusTexts, type Sale } from '@ev/shared/schemas/sales';
import type { PAYMENT_TYPES } from '@ev/shared/schemas/clients';
import type { Content, TableCell } from 'pdfmake/interfaces';

/**
 * A sale on paper (docs/sales.md "Exports of sales"): its pages of the sales PDF as pdfmake content,
 * built from pdfmake's types alone (this module is in the API bundle; the export engine renders it).
 * The parts are the printed slip's (`slipSaleOf`, `totalLines`), laid out for A4: the company and
 * its CNPJ, the order, the client with document and address, the items (a cancelled line struck
 * through, named so and counted nowhere), the totals, the installments, the observations, the
 * signature line and, when given, the delivery confirmation's QR code.
 */

/** The slip's words in Portuguese: the files the server writes are in Portuguese (the web's catalogue `sales:print.labels` holds the same). */
export const SLIP_LABELS_PT: SlipLabels = {
  order: 'Pedido',
  date: 'Data',
  client: 'Cliente',
  document: 'CPF/CNPJ',
  address: 'Endereço',
  phone: 'Telefone',
  salesman: 'Vendedor',
  condition: 'Pagamento',
  quantity: 'Qtd',
  product: 'Produto',
  unitPrice: 'Unitário',
  total: 'Total',
  cancelled: 'cancelado',
  items: 'Itens',
  discounts: 'Descontos',
  increases: 'Acréscimos',
  grandTotal: 'Total do pedido',
  installments: 'Parcelas',
  observations: 'Observações',
  delivery: 'Confirme a entrega',
};

/** The payment types' names in Portuguese (the web's `sales:entry.paymentTypes`). */
export const PAYMENT_TYPE_NAMES: Record<(typeof PAYMENT_TYPES)[number], string> = { boleto: 'Boleto', pix: 'Pix', cash: 'Dinheiro', card: 'Cartão', check: 'Cheque', deposit: 'Depósito', other: 'Outra' };

export interface SaleDocumentOptions {
  /** The user's date format (`formatoData`): business dates are shown in it. */
  dateFormat: string;
}

/** The sale as the slip reads it, dates in the user's format, names in Portuguese. */
export const slipOf = (sale: Sale, o: SaleDocumentOptions) => slipSaleOf(sale, { date: (d) => formatCalendarDate(d, o.dateFormat), paymentType: (p) => PAYMENT_TYPE_NAMES[p] });

/** One sale of the document, and the link its QR code carries. */
export interface SalePage {
  sale: Sale;
  /**
   * The public delivery confirmation's signed link (docs/sales.md "Exports of sales"): drawn as a QR
   * code below the signature line, with the link under it; none given, no QR.
   */
  deliveryUrl?: string | null;
}

const GRAY = '#555555';
const RULE: Content = { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 523, y2: 0, lineWidth: 0.5, lineColor: '#999999' }], margin: [0, 4, 0, 6] };

/** The sales, each beginning on a page of its own. */
export function saleDocumentContent(pages: readonly SalePage[], o: SaleDocumentOptions): Content[] {
  return pages.map((page, n) => ({ stack: salePageContent(page, o), ...(n > 0 ? { pageBreak: 'before' as const } : {}) }));
}

/** One sale's content (a page, or more when its items run over). */
export function salePageContent({ sale, deliveryUrl }: SalePage, o: SaleDocumentOptions): Content[] {
  const L = SLIP_LABELS_PT;
  const slip = slipOf(sale, o);
  const places = sale.decimals;
  const money = (v: string) => formatMoney(v, places);
  const out: Content[] = [];

  out.push({
    columns: [
      { stack: [{ text: slip.company.name, style: 'company' }, ...(slip.company.document ? [{ text: slip.company.document, style: 'meta' }] : [])], width: '*' },
      {
        stack: [
          { text: sale.number === null ? 'Rascunho' : `${L.order} ${sale.number}`, style: 'title', alignment: 'right' },
          { text: `${L.date} ${slip.date} · ${SaleStatusTexts[sale.status]().message}`, style: 'meta', alignment: 'right' },
        ],
        width: 'auto',
      },
    ],
  });
  out.push(RULE);

  const field = (label: string, value: string | null): Content[] => (value ? [{ text: [{ text: `${label}: `, bold: true }, value] }] : []);
  out.push({
    stack: [...field(L.client, slip.client.name), ...field(L.document, slip.client.document), ...field(L.address, slip.client.address), ...field(L.salesman, slip.salesman), ...field(L.condition, slip.condition)],
    margin: [0, 0, 0, 8],
  });

  const right = (text: string, extra: Record<string, unknown> = {}): TableCell => ({ text, alignment: 'right', ...extra });
  const head: TableCell[] = [L.product, L.quantity, L.unitPrice, 'Desc. %', L.total].map((h, i) => ({ text: h, style: 'th', alignment: i === 0 ? 'left' : 'right' }));
  const body: TableCell[][] = [head];
  for (const item of sale.items) {
    // A cancelled line stays visible, struck through, and counts nowhere (spec section 4).
    const struck = item.cancelled ? { decoration: 'lineThrough' as const, color: GRAY } : {};
    body.push([
      { text: `${item.ref} ${item.name}`, ...struck },
      right(formatDecimalAtLeast(item.quantity), struck),
      right(formatDecimalAtLeast(item.unitPrice, places), struck),
      right(item.discountPercent && Number(item.discountPercent) !== 0 ? formatDecimalAtLeast(item.discountPercent) : '', struck),
      item.cancelled ? right(L.cancelled, { italics: true, color: GRAY }) : right(money(item.total)),
    ]);
  }
  out.push({ table: { headerRows: 1, widths: ['*', 'auto', 'auto', 'auto', 'auto'], body }, layout: 'lightHorizontalLines' });

  const totals = totalLines(slip, L, money);
  out.push({
    columns: [
      { text: '', width: '*' },
      {
        width: 'auto',
        table: { body: totals.map(([label, amount], i) => (i === totals.length - 1 ? [{ text: label, bold: true }, right(amount, { bold: true })] : [label, right(amount)])) },
        layout: 'noBorders',
      },
    ],
    margin: [0, 8, 0, 8],
  });

  if (sale.installments.length) {
    out.push({ text: L.installments, bold: true, margin: [0, 0, 0, 2] });
    out.push({
      table: {
        headerRows: 1,
        widths: ['auto', 'auto', 'auto'],
        body: [
          [{ text: 'Parcela', style: 'th' }, { text: 'Vencimento', style: 'th' }, { text: 'Valor', style: 'th', alignment: 'right' }],
          ...slip.installments.map((i): TableCell[] => [i.label, i.dueDate, right(money(i.value))]),
        ],
      },
      layout: 'lightHorizontalLines',
      margin: [0, 0, 0, 8],
    });
  }

  if (slip.observations?.trim()) out.push({ text: [{ text: `${L.observations}: `, bold: true }, slip.observations.trim()], margin: [0, 0, 0, 8] });

  // The signature line, the client's name under it; the QR code below, kept with it on one page.
  const signature: Content[] = [
    { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 240, y2: 0, lineWidth: 0.7 }], alignment: 'center', margin: [141, 36, 0, 2] },
    { text: slip.client.name, alignment: 'center' },
  ];
  if (deliveryUrl) {
    signature.push(
      { qr: deliveryUrl, fit: 110, alignment: 'center', margin: [0, 16, 0, 4] },
      // The caption is the link too: the PDF opened on a phone is tapped, not scanned.
      { text: `${L.delivery}: aponte a câmera do celular para o código.`, link: deliveryUrl, alignment: 'center', style: 'meta' },
    );
  }
  out.push({ stack: signature, unbreakable: true });
  return out;
}

