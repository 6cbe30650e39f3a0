import { saleSlip, slipSaleOf, type SlipLabels } from '@ev/shared/sales/print';
import type { Sale } from '@ev/shared/schemas/sales';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { useFormat } from '@/lib/format';
import { useSession } from '@/lib/use-session';

const LABEL_KEYS = ['order', 'date', 'client', 'document', 'address', 'phone', 'salesman', 'condition', 'quantity', 'product', 'unitPrice', 'total', 'cancelled', 'items', 'discounts', 'increases', 'grandTotal', 'installments', 'observations'] as const satisfies readonly (keyof SlipLabels)[];

/**
 * "Imprimir" on a numbered sale's page, where the company's Sales settings enable printing: the
 * sale as the text slip for dot-matrix and thermal printers (`saleSlip`, docs/sales.md "The printed
 * slip") at the company's print columns, in a dialog; its "Imprimir" prints the slip alone (the
 * page, the app's chrome and the dialog's buttons are left out of the print, styles.css).
 */
export function PrintSlipButton({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const company = useSession().data?.company;
  const [open, setOpen] = useState(false);
  const settings = company?.settings.sales;
  if (!company || !settings?.printEnabled || sale.number === null) return null;
  const columns = settings.printColumns;
  const labels = Object.fromEntries(LABEL_KEYS.map((k) => [k, t(`print.labels.${k}`)])) as unknown as SlipLabels;
  const slip = open ? saleSlip(slipSaleOf(sale, { company: { name: company.nome, document: null }, date: format.date, paymentType: (p) => t(`entry.paymentTypes.${p}`) }), labels, { columns, places: sale.decimals }) : '';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button type="button" variant="outline" className="no-print self-start" onClick={() => setOpen(true)} data-testid="sale-print">
        <IconPrinter aria-hidden />
        {t('print.open')}
      </Button>
      <DialogContent returnFocus overlayClassName="no-print" className="print-slip-dialog max-h-[90vh] w-[min(100vw-1rem,56rem)] gap-4 p-4 sm:p-6" data-testid="sale-print-dialog">
        <div className="no-print">
          <DialogHeader title={t('print.title', { number: sale.number })} description={t('print.description', { columns })} closeLabel={t('print.close')} />
        </div>
        <pre
          // A focusable region: the slip scrolls sideways on a phone, and the keyboard reaches it.
          tabIndex={0}
          aria-label={t('print.slip')}
          className="print-slip min-h-0 overflow-auto rounded-md border border-border bg-background p-3 font-mono text-xs leading-snug text-foreground"
          data-testid="sale-slip"
        >
          {slip}
        </pre>
        <div className="no-print flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            {t('print.close')}
          </Button>
          <Button type="button" onClick={() => window.print()} data-testid="sale-print-now">
            <IconPrinter aria-hidden />
            {t('print.print')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
