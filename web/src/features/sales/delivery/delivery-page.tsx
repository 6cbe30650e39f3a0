import type { DeliveryPreview } from '@ev/shared/schemas/sales-delivery';
import { IconCircleCheck, IconTruckDelivery } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicCard } from '@/components/layout/public-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { apiErrorText, textOf } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { useConfirmDelivery, useDeliveryPreview } from '../api/delivery-api';

/** The link's token: the address's fragment, which the browser never sends to a server nor in a `Referer`. */
const tokenOfLocation = () => (typeof window === 'undefined' ? '' : decodeURIComponent(window.location.hash.replace(/^#/, '')).trim());

/**
 * No address of this page goes out in a `Referer`, whatever a browser does with fragments: the
 * policy as a meta element (the server's Referrer-Policy header stays for every other page).
 */
function useNoReferrer() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.prepend(meta);
    return () => meta.remove();
  }, []);
}

/**
 * `/sales/delivery#<token>` (public, blank layout, phone first; docs/sales.md "The delivery
 * confirmation"): the order the link names, its client and volume count, and a button that
 * confirms the delivery; once delivered (now, or at an earlier visit) the spec's success page.
 * A link refused (forged, expired, a cancelled sale, one not yet out for delivery, too many
 * attempts) shows the API's reason.
 */
export function DeliveryPage() {
  const { t } = useTranslation(['sales-delivery', 'messages']);
  useNoReferrer();
  const [token] = useState(tokenOfLocation);
  const preview = useDeliveryPreview(token);
  const confirm = useConfirmDelivery(token);
  const sale = preview.data;

  let body;
  if (!token) body = <Refused message={textOf({ key: 'salesDelivery.invalid' })} />;
  else if (preview.isPending)
    body = (
      <p role="status" className="text-sm text-muted-foreground" data-testid="delivery-loading">
        {t('loading')}
      </p>
    );
  else if (preview.isError) body = refusedOrFailed(preview.error, () => void preview.refetch());
  else if (sale!.delivered) body = <Delivered sale={sale!} />;
  else body = <Question sale={sale!} confirming={confirm.isPending} error={confirm.error} onConfirm={() => confirm.mutate()} />;

  return <PublicCard title={sale?.delivered ? t('doneTitle') : t('title')}>{body}</PublicCard>;
}

/** A refusal the API explains (4xx: its reason), or a failure to reach it (a retry). */
function refusedOrFailed(error: Error, retry: () => void) {
  if (error instanceof ApiError && error.status < 500) return <Refused message={apiErrorText(error, '')} />;
  return <Failed retry={retry} />;
}

function Refused({ message }: { message: string }) {
  const { t } = useTranslation('sales-delivery');
  return (
    <div className="flex flex-col gap-3" data-testid="delivery-refused">
      <h2 className="text-base font-medium">{t('refusedTitle')}</h2>
      <Alert variant="error">{message}</Alert>
    </div>
  );
}

function Failed({ retry }: { retry: () => void }) {
  const { t } = useTranslation('sales-delivery');
  return (
    <div className="flex flex-col gap-3" data-testid="delivery-failed">
      <h2 className="text-base font-medium">{t('failedTitle')}</h2>
      <Alert variant="error">{t('failed')}</Alert>
      <Button size="lg" variant="outline" onClick={retry}>
        {t('retry')}
      </Button>
    </div>
  );
}

function Question({ sale, confirming, error, onConfirm }: { sale: DeliveryPreview; confirming: boolean; error: Error | null; onConfirm: () => void }) {
  const { t } = useTranslation('sales-delivery');
  const format = useFormat();
  return (
    <div className="flex flex-col gap-5" data-testid="delivery-question">
      <p className="text-lg font-medium leading-snug">{sale.clientName ? t('question', { number: sale.number, name: sale.clientName }) : t('questionNoName', { number: sale.number })}</p>
      <div className="flex items-center gap-3 rounded-md border border-border p-4">
        <IconTruckDelivery aria-hidden className="size-8 shrink-0 text-primary" />
        <dl className="flex flex-col">
          <dt className="text-sm text-muted-foreground">{t('volumes')}</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid="delivery-volumes">
            {format.quantity(sale.volumes, 0)}
          </dd>
          <dd className="text-sm text-muted-foreground">{t('lines', { count: sale.lines })}</dd>
        </dl>
      </div>
      <p className="text-sm text-muted-foreground">{t('hint')}</p>
      {error && <Alert variant="error">{error instanceof ApiError && error.status < 500 ? apiErrorText(error, t('confirmFailed')) : t('confirmFailed')}</Alert>}
      <Button size="lg" className="w-full" disabled={confirming} onClick={onConfirm}>
        {confirming ? t('confirming') : t('confirm')}
      </Button>
    </div>
  );
}

function Delivered({ sale }: { sale: DeliveryPreview }) {
  const { t } = useTranslation('sales-delivery');
  const format = useFormat();
  return (
    <div className="flex flex-col items-center gap-3 text-center" data-testid="delivery-done">
      <IconCircleCheck aria-hidden className="size-14 text-primary" />
      <p className="text-lg font-medium leading-snug">{t('done', { number: sale.number })}</p>
      {sale.deliveredAt && <p className="text-sm text-muted-foreground">{t('deliveredAt', { when: format.dateTime(sale.deliveredAt) })}</p>}
    </div>
  );
}
