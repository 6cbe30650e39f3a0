import { SaleTexts, type SalesExportQuery } from '@ev/shared/schemas/sales';
import { IconFileSpreadsheet, IconFileText, IconFileTypePdf, IconLoader2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { jobErrorText, JobProgress, useExport, type ExportFormat } from '@/components/jobs';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { textOf } from '@/lib/api-error-text';

type Kind = 'csvItems' | 'csvSales' | 'pdf' | 'text';

const FORMATS: Record<Kind, { format: ExportFormat; lines?: SalesExportQuery['lines']; icon: typeof IconFileSpreadsheet }> = {
  csvItems: { format: 'csv', lines: 'items', icon: IconFileSpreadsheet },
  csvSales: { format: 'csv', lines: 'sales', icon: IconFileSpreadsheet },
  pdf: { format: 'pdf', icon: IconFileTypePdf },
  text: { format: 'txt', icon: IconFileText },
};

/**
 * The sales export (docs/sales.md "Exports of sales"): the sales chosen on the list to a CSV of
 * their items, a CSV of the sales, one PDF or their text, each a job (its progress, then the
 * download; a few sales' CSV or text come back finished, docs/jobs.md "At once"). With none
 * chosen, a button says the spec's "no sale selected" instead of calling.
 */
export function SalesExportButtons({ ids, kinds = ['csvItems', 'csvSales', 'pdf', 'text'], size = 'sm' }: { ids: readonly string[]; kinds?: Kind[]; size?: 'sm' | 'default' }) {
  const { t } = useTranslation('sales');
  const exporting = useExport('sales');
  const [running, setRunning] = useState<Kind | null>(null);
  const [noneSelected, setNoneSelected] = useState(false);
  const run = (kind: Kind) => {
    exporting.reset();
    if (!ids.length) {
      setNoneSelected(true);
      return;
    }
    setNoneSelected(false);
    setRunning(kind);
    const { format, lines } = FORMATS[kind];
    exporting.start(format, { ids: [...ids], ...(lines ? { lines } : {}) });
  };
  const busy = exporting.running;
  return (
    <>
      {kinds.map((kind) => {
        const Icon = FORMATS[kind].icon;
        return (
          <Button key={kind} type="button" variant="outline" size={size} onClick={() => run(kind)} disabled={busy} data-testid={`sales-export-${kind}`}>
            {busy && running === kind ? <IconLoader2 aria-hidden className="animate-spin" /> : <Icon aria-hidden />}
            {t(`export.${kind}`)}
          </Button>
        );
      })}
      {busy && (
        <div role="status" className="w-full sm:w-56" data-testid="sales-export-progress">
          {exporting.job ? <JobProgress job={exporting.job} label={t('export.label')} /> : <p className="text-xs text-muted-foreground">{t('export.started')}</p>}
        </div>
      )}
      {noneSelected && !ids.length && (
        <Alert variant="info" className="w-full" data-testid="sales-export-message">
          {textOf(SaleTexts.exportNoneSelected())}
        </Alert>
      )}
      {exporting.error && (
        <Alert variant="error" className="w-full" data-testid="sales-export-message">
          {jobErrorText(exporting.error)}
        </Alert>
      )}
    </>
  );
}
