import { formatCpfOrCnpj, isCpf } from '@ev/shared/br';
import { formatPhone } from '@ev/shared/schemas/clients';
import type { SlipLabels, SlipSale } from '@ev/shared/sales/print';
import type { Sale } from '@ev/shared/schemas/sales';
import Decimal from 'decimal.js';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import { addressLines } from './fields';

const LABEL_KEYS = ['order', 'date', 'client', 'document', 'address', 'phone', 'salesman', 'condition', 'quantity', 'product', 'unitPrice', 'total', 'cancelled', 'items', 'discounts', 'increases', 'grandTotal', 'installments', 'observations', 'delivery'] as const satisfies readonly (keyof SlipLabels)[];

/**
 * A sale in the words of its text forms (the printed slip, its `.txt`, the WhatsApp message, the
 * share sheet, the text copy: `@ev/shared/sales/print`): names, dates, the address and the phone as
 * the page shows them, the labels in the user's language.
 */
/** `deliveryUrl`: the sale's delivery link, which the message ends with. */
export function useSaleText(sale: Sale, deliveryUrl: string | null = null): { sale: SlipSale; labels: SlipLabels } {
  const { t } = useTranslation('sales');
  const format = useFormat();
  return useMemo(() => {
    const labels = Object.fromEntries(LABEL_KEYS.map((k) => [k, t(`print.labels.${k}`)])) as unknown as SlipLabels;
    const details = sale.details;
    const address = details ? details.shippingAddress : (sale.shippingAddress ?? null);
    const { discounts, increases } = sale.totals;
    const sum = (values: string[]) => values.reduce((acc, v) => acc.plus(v || 0), new Decimal(0)).toFixed();
    const condition = [details?.names.paymentCondition, sale.paymentType ? t(`entry.paymentTypes.${sale.paymentType}`) : null].filter(Boolean).join(' · ');
    const companyDocument = details?.company.document ?? null;
    const phone = details?.contact?.phone ?? null;
    const text: SlipSale = {
      company: { name: details?.company.name ?? '', document: companyDocument ? `${isCpf(companyDocument) ? 'CPF' : 'CNPJ'} ${formatCpfOrCnpj(companyDocument)}` : null },
      number: sale.number,
      date: format.date(sale.orderDate),
      client: { name: sale.clientName ?? '-', document: sale.clientDocument ?? null, address: address ? addressLines(address).join(' - ') : null, phone: phone ? formatPhone(phone) : null },
      salesman: details?.names.salesman ?? null,
      condition: condition || null,
      items: sale.items.map((i) => ({ ref: i.ref, name: i.name, unit: null, quantity: i.quantity, unitPrice: i.unitPrice, total: i.total, cancelled: i.cancelled })),
      totals: { items: sale.totals.items, discounts: sum([discounts.items, discounts.general, discounts.payment, discounts.other]), increases: sum([increases.payment, increases.transport, increases.other]), total: sale.totals.total },
      installments: sale.installments.map((i) => ({ label: i.installment, dueDate: format.date(i.dueDate), value: i.value })),
      observations: sale.observations.invoice ?? null,
      deliveryUrl,
    };
    return { sale: text, labels };
  }, [sale, deliveryUrl, t, format]);
}
