import { Decimal } from '@ev/shared/money';
import type { LoyaltyOwedItem } from '@ev/shared/schemas/loyalty';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvExportButton } from '@/components/jobs';
import { FetchFailed } from '@/components/fetch-failed';
import { LoadingBlocks } from '@/components/loading-blocks';
import { DataList, ListEmpty, PagedList, usePagedRows, type ListColumn } from '@/components/list';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/api-error-text';
import { i18n } from '@/lib/i18n';
import { useFormat } from '@/lib/format';
import { LOYALTY_PAGE_SIZE, useLoyaltyOwed, type LoyaltyOwedPage } from '../api/clients-financial-api';
import { loyaltyFormat } from './loyalty-format';

/** One of the company's totals. */
function Total({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-border bg-card p-4" data-testid={testId}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="flex flex-col gap-0.5">
        <span className="text-2xl font-semibold tabular-nums">{value}</span>
        {hint && <span className="text-xs text-muted-foreground">{hint}</span>}
      </dd>
    </div>
  );
}

function Totals({ owed }: { owed: LoyaltyOwedPage }) {
  const { t } = useTranslation('clients-financial');
  const f = loyaltyFormat(useFormat());
  return (
    <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      <Total label={t('loyalty.owed.cashback')} value={f.money(owed.cashback)} testId="loyalty-owed-cashback" />
      <Total label={t('loyalty.owed.points')} value={f.points(owed.points)} testId="loyalty-owed-points" />
      <Total label={t('loyalty.owed.pointsValue')} value={f.money(owed.pointsValue)} hint={t('loyalty.owed.pointsValueHint', { each: f.rate(owed.pointValue) })} testId="loyalty-owed-points-value" />
      <Total label={t('loyalty.owed.total')} value={f.money(owed.total)} hint={t('loyalty.owed.totalHint')} testId="loyalty-owed-total" />
    </dl>
  );
}

/**
 * /clients/loyalty (docs/loyalty.md "Balances owed", read `clientes`, for who sees every client of
 * the company): the company's totals of cashback and points owed and what the points are worth
 * today, the clients with a balance by pages, and the CSV and PDF of it all. A user who does not
 * see every client gets the API's word for it (403).
 */
export function LoyaltyOwedPage() {
  const { t } = useTranslation('clients-financial');
  const format = useFormat();
  const f = loyaltyFormat(format);
  const owed = useLoyaltyOwed();
  const paged = usePagedRows(owed, 'owed', LOYALTY_PAGE_SIZE);
  const listTitle = useId();
  const first = owed.data?.pages[0];
  const forbidden = owed.error instanceof ApiError && owed.error.status === 403;
  const exportTexts = { started: t('loyalty.owed.exportStarted'), failed: t('loyalty.owed.exportFailed') };

  const total = (i: LoyaltyOwedItem) => f.money(new Decimal(i.cashback).plus(i.pointsValue).toFixed(Math.max(2, i.cashback.split('.')[1]?.length ?? 0)));
  const clientLink = (i: LoyaltyOwedItem) => (
    <Link to="/clients/$id" params={{ id: i.clientId }} className="font-medium text-primary underline-offset-4 hover:underline">
      {i.clientName || '—'}
    </Link>
  );
  const columns: ListColumn<LoyaltyOwedItem>[] = [
    { id: 'client', header: t('loyalty.owed.columns.client'), className: 'max-w-xs', cell: clientLink },
    { id: 'cashback', header: t('loyalty.owed.columns.cashback'), align: 'end', className: 'whitespace-nowrap tabular-nums', cell: (i) => f.money(i.cashback) },
    { id: 'points', header: t('loyalty.owed.columns.points'), align: 'end', className: 'whitespace-nowrap tabular-nums', cell: (i) => f.points(i.points) },
    { id: 'pointsValue', header: t('loyalty.owed.columns.pointsValue'), align: 'end', className: 'whitespace-nowrap tabular-nums', cell: (i) => f.money(i.pointsValue) },
    { id: 'total', header: t('loyalty.owed.columns.total'), align: 'end', className: 'whitespace-nowrap font-medium tabular-nums', cell: total },
  ];
  const card = (i: LoyaltyOwedItem) => (
    <div className="flex flex-col gap-1 text-sm">
      <div className="flex items-baseline justify-between gap-2">
        {clientLink(i)}
        <span className="font-semibold tabular-nums">{total(i)}</span>
      </div>
      <div className="flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground">
        <span className="tabular-nums">
          {t('loyalty.owed.columns.cashback')}: {f.money(i.cashback)}
        </span>
        <span className="tabular-nums">
          {t('loyalty.owed.columns.points')}: {f.points(i.points)} ({f.money(i.pointsValue)})
        </span>
      </div>
    </div>
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeader title={t('loyalty.owed.title')} description={t('loyalty.owed.description')} />
        {!forbidden && (
          <div className="flex flex-wrap gap-2">
            <CsvExportButton name="loyalty-balances" query={{}} disabled={!first?.items.length} texts={{ label: t('loyalty.owed.export'), ...exportTexts }} testId="loyalty-owed-export" />
            <CsvExportButton name="loyalty-balances" query={{}} format="pdf" disabled={!first?.items.length} texts={{ label: t('loyalty.owed.exportPdf'), ...exportTexts }} testId="loyalty-owed-export-pdf" />
          </div>
        )}
      </div>
      {forbidden ? (
        <Alert variant="info" data-testid="loyalty-owed-forbidden">
          {apiErrorText(owed.error, t('loyalty.owed.error'))}
        </Alert>
      ) : owed.isError && !first ? (
        <FetchFailed error={owed.error} fallback={t('loyalty.owed.error')} retryLabel={t('retry')} onRetry={() => void owed.refetch()} />
      ) : !first ? (
        <LoadingBlocks
          label={t('loading')}
          testId="loyalty-owed-loading"
          rows={[
            { count: 4, columns: 'sm:grid-cols-2 xl:grid-cols-4', height: 'h-24' },
            { count: 1, height: 'h-48' },
          ]}
        />
      ) : (
        <>
          {!first.enabled.cashback && !first.enabled.points && <Alert variant="info">{t('loyalty.owed.off')}</Alert>}
          <Totals owed={first} />
          <section aria-labelledby={listTitle} className="flex flex-col gap-3">
            <h2 id={listTitle} className="text-base font-semibold">
              {t('loyalty.owed.clients')}
            </h2>
            <PagedList
              paged={paged}
              texts={{ loading: t('loading'), loadMore: t('loyalty.loadMore'), fetchFailed: t('loyalty.owed.error'), retry: t('retry'), readOn: i18n.t('common:list.readOn') }}
              skeleton={{ testId: 'loyalty-owed-list-loading' }}
              empty={<ListEmpty>{t('loyalty.owed.empty')}</ListEmpty>}
            >
              <DataList
                label={t('loyalty.owed.clients')}
                tableLabel={t('loyalty.owed.clients')}
                rows={paged.rows}
                columns={columns}
                rowKey={(i) => i.clientId}
                rowTestId="loyalty-owed-client"
                card={card}
                cardItem={{ className: 'rounded-md border border-border p-3', testId: 'loyalty-owed-client-card' }}
                busy={owed.isFetching}
              />
            </PagedList>
          </section>
        </>
      )}
    </div>
  );
}
