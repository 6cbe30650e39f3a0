import { printFile } from '@ev/shared/sales/print-file';
import { saleSlip } from '@ev/shared/sales/print';
import type { Sale } from '@ev/shared/schemas/sales';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { saveFile } from '@/lib/save-file';
import { useSession } from '@/lib/use-session';
import type { SaleText } from './sale-text';

/**
 * "Imprimir" on a numbered sale's page, where the company's Sales settings enable printing: the
 * sale as the text slip for dot-matrix and thermal printers (`saleSlip`, docs/sales.md "The printed
 * slip") at the company's print columns, in a dialog; its "Imprimir" prints the slip alone (the
 * page, the app's chrome and the dialog's buttons are left out of the print, styles.css), and
 * "Baixar .txt" saves it in code page 850 with CR LF for a printer fed by a file (`printFile`).
 */
export function PrintSlipButton({ sale, text }: { sale: Sale; text: SaleText }) {
  const { t } = useTranslation('sales');
  const settings = useSession().data?.company.settings.sales;
  const [open, setOpen] = useState(false);
  if (!settings?.printEnabled || sale.number === null) return null;
  const columns = settings.printColumns;
  const slip = open ? saleSlip(text.sale, text.labels, { columns, places: sale.decimals }) : '';
  const download = () => saveFile(new Blob([printFile(slip)], { type: 'text/plain;charset=ibm850' }), t('print.fileName', { number: sale.number }));
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
        <div className="no-print flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            {t('print.close')}
          </Button>
          <Button type="button" variant="outline" onClick={download} title={t('print.downloadTitle')} data-testid="sale-print-download">
            <IconDownload aria-hidden />
            {t('print.download')}
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
