import type { StoreSale } from '@ev/shared/schemas/store';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { encode } from 'uqr';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyField } from '@/components/ui/copy-field';
import { apiErrorText } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { useStoreOrderAction } from '../api/store-api';

/** A BR Code drawn as a QR code: one SVG path of its dark modules, on a light square (readable in the dark theme too). */
function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 2 });
    const d = qr.data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join('');
    return { size: qr.size, path: d };
  }, [text]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} className="mx-auto aspect-square w-full max-w-64 rounded-md bg-white" shapeRendering="crispEdges" data-testid="pix-qr">
      <path d={path} fill="#000" />
    </svg>
  );
}

/**
 * An order's Pix (docs/store.md "Payment"): the QR code and the "copia e cola" of the code as the
 * processor issued it, its amount and until when it holds the products; the sandbox's "Simular
 * pagamento" (the test environment, labelled as such); an expired Pix's "Gerar novo Pix".
 */
export function PixPanel({ slug, order }: { slug: string; order: StoreSale }) {
  const { t } = useTranslation('store');
  const format = useFormat();
  const renew = useStoreOrderAction(slug, order.id, 'pix');
  const simulate = useStoreOrderAction(slug, order.id, 'sandbox-pay');
  const part = order.store;
  if (!part || part.paymentMethod !== 'pix' || order.status !== 'pending') return null;
  const pix = part.pix;
  const failed = renew.error ?? simulate.error;
  if (part.status === 'approval') return <Alert variant="info">{t('pix.approval')}</Alert>;
  if (part.status === 'review') return <Alert variant="warning">{t('pix.review')}</Alert>;
  const expired = part.status === 'expired' || !pix;
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="pix-panel">
      <h2 className="font-semibold">{t('pix.title')}</h2>
      {expired ? (
        <>
          <p className="text-sm text-muted-foreground">{pix ? t('pix.expired') : t('pix.none')}</p>
          <Button onClick={() => renew.mutate()} disabled={renew.isPending}>
            {renew.isPending ? t('pix.renewing') : t('pix.renew')}
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm">
            {t('pix.instructions', { amount: format.money(pix.amount, 2) })}
          </p>
          <QrCode text={pix.code} label={t('pix.qr', { amount: format.money(pix.amount, 2) })} />
          <CopyField id={`pix-${order.id}`} label={t('pix.code')} value={pix.code} copyLabel={t('pix.copy')} copiedLabel={t('pix.copied')} testId="pix-code" />
          <p className="text-xs text-muted-foreground">{t('pix.until', { when: format.dateTime(pix.expiresAt) })}</p>
          {part.processor === 'sandbox' && (
            <div className="flex flex-col gap-2 rounded-md border border-dashed border-border p-3">
              <p className="text-xs text-muted-foreground">{t('pix.sandbox')}</p>
              <Button variant="outline" onClick={() => simulate.mutate()} disabled={simulate.isPending}>
                {t('pix.simulate')}
              </Button>
            </div>
          )}
        </>
      )}
      {failed && <Alert variant="error">{apiErrorText(failed, t('pix.failed'))}</Alert>}
    </Card>
  );
}
