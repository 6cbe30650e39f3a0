import { saleMessage, saleWhatsapp } from '@ev/shared/sales/print';
import type { Sale } from '@ev/shared/schemas/sales';
import { IconBrandWhatsapp, IconCheck, IconCopy, IconLoader2, IconShare } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { jobErrorText, JobProgress, useShareExport } from '@/components/jobs';
import { Button } from '@/components/ui/button';
import { SalesExportButtons } from '../export-buttons';
import { useSaleDeliveryLink } from './delivery-link';
import { PrintSlipButton } from './print';
import { useSaleText } from './sale-text';

type Said = { kind: 'copied' | 'error'; text: string } | null;

/**
 * How a numbered sale leaves the office (docs/sales.md "Sending a sale"): printed (where the
 * company enables it), as its PDF, to the client's WhatsApp by a `wa.me` link with the order's
 * text (disabled, with the spec's reason, when the client has no mobile), through the browser's
 * share sheet (the PDF and the text), or copied as text; the message ends with the sale's delivery
 * confirmation link. The texts are the shared builders', so every form says the same.
 */
export function SaleSendActions({ sale }: { sale: Sale }) {
  // The spec's "sharing not supported" is the exports' text (jobs namespace).
  const { t } = useTranslation(['sales', 'jobs']);
  // The message ends with the delivery link (docs/sales.md "The delivery confirmation") once it is read.
  const { link } = useSaleDeliveryLink(sale);
  const text = useSaleText(sale, link.data?.url ?? null);
  const [said, setSaid] = useState<Said>(null);
  const sharing = useShareExport('sales');
  const hintId = useId();
  if (sale.number === null) return null;
  const places = sale.decimals;
  const mobile = sale.details?.contact?.mobile ?? null;
  const whatsapp = mobile ? saleWhatsapp(text.sale, text.labels, { places, to: mobile, cutNote: (shown, total) => t('send.whatsappCut', { count: total - shown }) }) : null;
  const message = () => saleMessage(text.sale, text.labels, { places });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(message());
      setSaid({ kind: 'copied', text: t('send.copied') });
    } catch {
      setSaid({ kind: 'error', text: t('send.copyFailed') });
    }
  };
  // The share sheet gets the sale's PDF with the message (`useShareExport`: where the browser
  // cannot share it, the spec's message and the PDF downloaded instead).
  const share = () => {
    setSaid(null);
    void sharing.start({ ids: [sale.id] }, { title: t('send.shareTitle', { number: sale.number }), text: message() });
  };

  return (
    <div className="no-print flex flex-col gap-2">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('send.label')}>
        <PrintSlipButton sale={sale} text={text} />
        {/* The sale's PDF (docs/sales.md "Exports of sales"): the export of this sale alone. */}
        <SalesExportButtons ids={[sale.id]} kinds={['pdf']} size="default" />
        {whatsapp ? (
          <Button variant="outline" asChild>
            <a href={whatsapp.url} target="_blank" rel="noopener noreferrer" title={t('send.whatsappTitle')} data-testid="sale-whatsapp">
              <IconBrandWhatsapp aria-hidden />
              {t('send.whatsapp')}
            </a>
          </Button>
        ) : (
          <Button type="button" variant="outline" disabled aria-describedby={hintId} data-testid="sale-whatsapp">
            <IconBrandWhatsapp aria-hidden />
            {t('send.whatsapp')}
          </Button>
        )}
        <Button type="button" variant="outline" onClick={share} disabled={sharing.busy} data-testid="sale-share">
          {sharing.busy ? <IconLoader2 aria-hidden className="animate-spin" /> : <IconShare aria-hidden />}
          {t('send.share')}
        </Button>
        <Button type="button" variant="outline" onClick={() => void copy()} data-testid="sale-copy-text">
          {said?.kind === 'copied' ? <IconCheck aria-hidden /> : <IconCopy aria-hidden />}
          {t('send.copy')}
        </Button>
      </div>
      {!whatsapp && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {t('send.noMobile')}
        </p>
      )}
      {whatsapp?.cut && <p className="text-xs text-muted-foreground">{t('send.whatsappCutHint', { shown: whatsapp.shown })}</p>}
      {sharing.busy && (
        <div role="status" className="w-full sm:w-56">
          {sharing.job ? <JobProgress job={sharing.job} label={t('send.share')} /> : <p className="text-xs text-muted-foreground">{t('jobs:export.preparing')}</p>}
        </div>
      )}
      {sharing.pending && (
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span>{t('jobs:export.shareReady')}</span>
          <Button type="button" size="sm" onClick={() => void sharing.sharePending()}>
            <IconShare aria-hidden />
            {t('jobs:export.shareNow')}
          </Button>
        </div>
      )}
      {sharing.error ? (
        <p role="alert" className="text-xs text-destructive">
          {jobErrorText(sharing.error)}
        </p>
      ) : null}
      <p role={said?.kind === 'error' ? 'alert' : 'status'} className={said?.kind === 'error' ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
        {said?.text ?? ''}
      </p>
    </div>
  );
}
