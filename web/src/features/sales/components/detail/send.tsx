import { saleMessage, saleWhatsapp } from '@ev/shared/sales/print';
import type { Sale } from '@ev/shared/schemas/sales';
import { IconBrandWhatsapp, IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SalesExportButtons } from '../export-buttons';
import { useSaleDeliveryLink } from './delivery-link';
import { PrintSlipButton } from './print';
import { useSaleText } from './sale-text';

type Said = { kind: 'copied' | 'error'; text: string } | null;

/**
 * How a numbered sale leaves the office (docs/sales.md "The printed slip"): printed (where the
 * company enables it), to the client's WhatsApp by a `wa.me` link with the order's text (disabled,
 * with the spec's reason, when the client has no mobile), through the browser's share sheet, or
 * copied as text; the message ends with the sale's delivery confirmation link. The texts are the shared builders', so every form says the same.
 */
export function SaleSendActions({ sale }: { sale: Sale }) {
  // The spec's "sharing not supported" is the exports' text (jobs namespace).
  const { t } = useTranslation(['sales', 'jobs']);
  // The message ends with the delivery link (docs/sales.md "The delivery confirmation") once it is read.
  const { link } = useSaleDeliveryLink(sale);
  const text = useSaleText(sale, link.data?.url ?? null);
  const [said, setSaid] = useState<Said>(null);
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
  const share = async () => {
    setSaid(null);
    if (typeof navigator.share !== 'function') {
      setSaid({ kind: 'error', text: t('jobs:errors.shareNotSupported') });
      return;
    }
    try {
      await navigator.share({ title: t('send.shareTitle', { number: sale.number }), text: message() });
    } catch (e) {
      // The user closed the sheet: nothing to say.
      if (!(e instanceof DOMException && e.name === 'AbortError')) setSaid({ kind: 'error', text: t('send.shareFailed') });
    }
  };

  return (
    <div className="no-print flex flex-col gap-2">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('send.label')}>
        <PrintSlipButton sale={sale} />
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
        <Button type="button" variant="outline" onClick={() => void share()} data-testid="sale-share">
          <IconShare aria-hidden />
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
      <p role={said?.kind === 'error' ? 'alert' : 'status'} className={said?.kind === 'error' ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
        {said?.text ?? ''}
      </p>
    </div>
  );
}
