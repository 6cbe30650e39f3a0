import type { LoyaltyBalance, LoyaltyEntry } from '@ev/shared/schemas/loyalty';
import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchFailed } from '@/components/fetch-failed';
import { LoadingBlocks } from '@/components/loading-blocks';
import { DataList, ListEmpty, PagedList, usePagedRows, type ListColumn } from '@/components/list';
import { Alert } from '@/components/ui/alert';
import { i18n } from '@/lib/i18n';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { LOYALTY_PAGE_SIZE, useLoyaltyLedger } from '../api/clients-financial-api';
import { loyaltyFormat } from './loyalty-format';

/** One figure of the balance: its name, its value and a line under it. */
function Figure({ label, value, testId, children }: { label: string; value: string; testId: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-border bg-card p-4" data-testid={testId}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="flex flex-col gap-1">
        <span className="text-2xl font-semibold tabular-nums">{value}</span>
        {children}
      </dd>
    </div>
  );
}

/** The balance: cashback in money, points with what they are worth and the next ones to expire; what the company does not use says so. */
function BalanceFigures({ balance }: { balance: LoyaltyBalance }) {
  const { t } = useTranslation('clients-financial');
  const format = useFormat();
  const f = loyaltyFormat(format);
  const { enabled } = balance;
  if (!enabled.cashback && !enabled.points) {
    return (
      <Alert variant="info" data-testid="client-loyalty-off">
        {t('loyalty.off')}
      </Alert>
    );
  }
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <Figure label={t('loyalty.cashback')} value={f.money(balance.cashback)} testId="client-loyalty-cashback">
        <span className="text-xs text-muted-foreground">{enabled.cashback ? t('loyalty.cashbackOn') : t('loyalty.cashbackOff')}</span>
      </Figure>
      <Figure label={t('loyalty.points')} value={t('loyalty.pointsCount', { count: balance.points, points: f.points(balance.points) })} testId="client-loyalty-points">
        <span className="text-xs text-muted-foreground">
          {enabled.points ? t('loyalty.pointsWorth', { value: f.money(balance.pointsValue), each: f.rate(balance.pointValue) }) : t('loyalty.pointsOff')}
        </span>
        {balance.nextExpiry && (
          <span className="text-xs font-medium" data-testid="client-loyalty-expiry">
            {t('loyalty.nextExpiry', { count: balance.nextExpiry.points, points: f.points(balance.nextExpiry.points), date: format.date(balance.nextExpiry.on) })}
          </span>
        )}
      </Figure>
    </dl>
  );
}

/** The sale an entry came from, linked to its page. */
function SaleLink({ entry }: { entry: LoyaltyEntry }) {
  const { t } = useTranslation('clients-financial');
  if (!entry.saleId) return <span className="text-muted-foreground">—</span>;
  return (
    <Link to="/sales/$id" params={{ id: entry.saleId }} className="font-medium text-primary underline-offset-4 hover:underline" data-testid="client-loyalty-sale">
      {entry.saleNumber === null ? t('loyalty.sale') : t('loyalty.saleNumber', { number: entry.saleNumber })}
    </Link>
  );
}

/**
 * The "Fidelidade" tab of a client (docs/loyalty.md): the balance of cashback and points as it
 * stands today (expired points taken out), whether the company uses them, and the ledger newest
 * first by pages, each entry with its kind, its sale and what it moved. Read-only: credits, uses
 * and reversals come from the sales.
 */
export function LoyaltyTab({ clientId }: { clientId: string }) {
  const { t } = useTranslation('clients-financial');
  const format = useFormat();
  const f = loyaltyFormat(format);
  const ledger = useLoyaltyLedger(clientId);
  const paged = usePagedRows(ledger, clientId, LOYALTY_PAGE_SIZE);
  const titleId = useId();
  const balance = ledger.data?.pages[0]?.balance;

  if (ledger.isError && !ledger.data) return <FetchFailed error={ledger.error} fallback={t('loyalty.error')} retryLabel={t('retry')} onRetry={() => void ledger.refetch()} />;
  if (!balance)
    return (
      <LoadingBlocks
        label={t('loading')}
        testId="client-loyalty-loading"
        rows={[
          { count: 2, columns: 'sm:grid-cols-2', height: 'h-24' },
          { count: 1, height: 'h-40' },
        ]}
      />
    );

  const amounts = (e: LoyaltyEntry) => (
    <>
      {f.signedMoney(e.cashback) && <span className={cn('tabular-nums', e.cashback.startsWith('-') && 'text-destructive')}>{f.signedMoney(e.cashback)}</span>}
      {f.signedPoints(e.points) && <span className={cn('tabular-nums', e.points < 0 && 'text-destructive')}>{t('loyalty.pointsCount', { count: Math.abs(e.points), points: f.signedPoints(e.points) })}</span>}
    </>
  );
  const columns: ListColumn<LoyaltyEntry>[] = [
    { id: 'at', header: t('loyalty.columns.at'), className: 'whitespace-nowrap tabular-nums', cell: (e) => format.dateTime(e.at) },
    { id: 'kind', header: t('loyalty.columns.kind'), className: 'whitespace-nowrap', cell: (e) => t(`loyalty.kinds.${e.kind}`) },
    { id: 'sale', header: t('loyalty.columns.sale'), className: 'whitespace-nowrap', cell: (e) => <SaleLink entry={e} /> },
    { id: 'cashback', header: t('loyalty.columns.cashback'), align: 'end', className: 'whitespace-nowrap tabular-nums', cell: (e) => <span className={cn(e.cashback.startsWith('-') && 'text-destructive')}>{f.signedMoney(e.cashback)}</span> },
    { id: 'points', header: t('loyalty.columns.points'), align: 'end', className: 'whitespace-nowrap tabular-nums', cell: (e) => <span className={cn(e.points < 0 && 'text-destructive')}>{f.signedPoints(e.points)}</span> },
    { id: 'expires', header: t('loyalty.columns.expiresOn'), className: 'whitespace-nowrap tabular-nums', cell: (e) => (e.expiresOn ? format.date(e.expiresOn) : '') },
  ];
  const card = (e: LoyaltyEntry) => (
    <div className="flex flex-col gap-1 text-sm">
      <div className="flex items-baseline justify-between gap-2">
        <span className="font-medium">{t(`loyalty.kinds.${e.kind}`)}</span>
        <span className="flex flex-col items-end font-semibold">{amounts(e)}</span>
      </div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 text-xs text-muted-foreground">
        <SaleLink entry={e} />
        <span className="tabular-nums">{format.dateTime(e.at)}</span>
      </div>
      {e.expiresOn && <p className="text-xs text-muted-foreground">{t('loyalty.expiresOn', { date: format.date(e.expiresOn) })}</p>}
    </div>
  );

  return (
    <div className="flex flex-col gap-4" data-testid="client-loyalty">
      <BalanceFigures balance={balance} />
      <section aria-labelledby={titleId} className="flex flex-col gap-3">
        <h2 id={titleId} className="text-base font-semibold">
          {t('loyalty.ledger')}
        </h2>
        <PagedList
          paged={paged}
          texts={{ loading: t('loading'), loadMore: t('loyalty.loadMore'), fetchFailed: t('loyalty.error'), retry: t('retry'), readOn: i18n.t('common:list.readOn') }}
          skeleton={{ testId: 'client-loyalty-ledger-loading' }}
          empty={<ListEmpty>{t('loyalty.empty')}</ListEmpty>}
        >
          <DataList
            label={t('loyalty.ledger')}
            tableLabel={t('loyalty.ledger')}
            rows={paged.rows}
            columns={columns}
            rowKey={(e) => e.id}
            rowTestId="client-loyalty-entry"
            card={card}
            cardItem={{ className: 'rounded-md border border-border p-3', testId: 'client-loyalty-entry-card' }}
            cardsBelow="lg"
            busy={ledger.isFetching}
          />
        </PagedList>
      </section>
    </div>
  );
}
