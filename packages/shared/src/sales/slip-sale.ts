import Decimal from 'decimal.js';
import { formatCpfOrCnpj, isCpf } from '../br';
import { formatPhone } from '../schemas/clients';
import type { Sale, SaleAddress } from '../schemas/sales';
import type { SlipSale } from './print';

/**
 * A sale (as `GET /sales/{id}` answers it, with its details) in the words of its text and paper
 * forms (`./print.ts`: the printed slip, its `.txt`, the message; the sales CSV and PDF): the
 * company as its documents head them, names, the address and the phone as the sale's page shows
 * them, the discounts the sum of the page's four and the increases of its three, the invoice's
 * observations (the internal one stays in the office). The one mapping of the web's forms and the
 * server's exports; dates and the payment type's name come from the caller (the user's format and
 * language).
 */
export function slipSaleOf(sale: Sale, o: { date(date: string): string; paymentType(type: NonNullable<Sale['paymentType']>): string; deliveryUrl?: string | null }): SlipSale {
  const details = sale.details;
  const address = details ? details.shippingAddress : (sale.shippingAddress ?? null);
  const { discounts, increases } = sale.totals;
  const sum = (values: string[]) => values.reduce((acc, v) => acc.plus(v || 0), new Decimal(0)).toFixed();
  const condition = [details?.names.paymentCondition, sale.paymentType ? o.paymentType(sale.paymentType) : null].filter(Boolean).join(' · ');
  const companyDocument = details?.company.document ?? null;
  const phone = details?.contact?.phone ?? null;
  return {
    company: { name: details?.company.name ?? '', document: companyDocument ? `${isCpf(companyDocument) ? 'CPF' : 'CNPJ'} ${formatCpfOrCnpj(companyDocument)}` : null },
    number: sale.number,
    date: o.date(sale.orderDate),
    client: {
      name: sale.clientName ?? '-',
      document: sale.clientDocument ? formatCpfOrCnpj(sale.clientDocument) : null,
      address: address ? addressLines(address).join(' - ') : null,
      phone: phone ? formatPhone(phone) : null,
    },
    salesman: details?.names.salesman ?? null,
    condition: condition || null,
    items: sale.items.map((i) => ({ ref: i.ref, name: i.name, unit: null, quantity: i.quantity, unitPrice: i.unitPrice, total: i.total, cancelled: i.cancelled })),
    totals: { items: sale.totals.items, discounts: sum([discounts.items, discounts.general, discounts.payment, discounts.other, discounts.loyalty ?? '0']), increases: sum([increases.payment, increases.transport, increases.other]), total: sale.totals.total },
    installments: sale.installments.map((i) => ({ label: i.installment, dueDate: o.date(i.dueDate), value: i.value })),
    observations: sale.observations.invoice ?? null,
    deliveryUrl: o.deliveryUrl ?? null,
  };
}

/** An address as lines: its nickname, street and number (– complement), then neighbourhood · city/UF · CEP. */
export function addressLines(a: SaleAddress): string[] {
  const cep = a.cep && /^\d{8}$/.test(a.cep) ? `${a.cep.slice(0, 5)}-${a.cep.slice(5)}` : a.cep;
  const first = [a.street, a.number].filter(Boolean).join(', ') + (a.complement ? ` – ${a.complement}` : '');
  const second = [a.neighborhood, [a.city, a.state].filter(Boolean).join('/'), cep].filter(Boolean).join(' · ');
  return [a.nickname ?? '', first, second].filter(Boolean);
}
