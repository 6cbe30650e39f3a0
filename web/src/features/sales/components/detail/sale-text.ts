import type { SlipLabels, SlipSale } from '@ev/shared/sales/print';
import { slipSaleOf } from '@ev/shared/sales/slip-sale';
import type { Sale } from '@ev/shared/schemas/sales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';

const LABEL_KEYS = ['order', 'date', 'client', 'document', 'address', 'phone', 'salesman', 'condition', 'quantity', 'product', 'unitPrice', 'total', 'cancelled', 'items', 'discounts', 'increases', 'grandTotal', 'installments', 'observations', 'delivery'] as const satisfies readonly (keyof SlipLabels)[];

/** A sale as its text forms read it, and their labels. */
export interface SaleText {
  sale: SlipSale;
  labels: SlipLabels;
}

/**
 * A sale in the words of its text forms (the printed slip, its `.txt`, the WhatsApp message, the
 * share sheet, the text copy: `@ev/shared/sales/print`): names, dates, the address and the phone as
 * the page shows them, the labels in the user's language; `deliveryUrl`, the sale's delivery link,
 * which the message ends with. Built once on the sale's page (the send actions), handed to the print.
 */
export function useSaleText(sale: Sale, deliveryUrl: string | null = null): SaleText {
  const { t } = useTranslation('sales');
  const format = useFormat();
  return useMemo(() => {
    const labels = Object.fromEntries(LABEL_KEYS.map((k) => [k, t(`print.labels.${k}`)])) as unknown as SlipLabels;
    const text = slipSaleOf(sale, { date: format.date, paymentType: (p) => t(`entry.paymentTypes.${p}`), deliveryUrl });
    return { sale: text, labels };
  }, [sale, deliveryUrl, t, format]);
}
