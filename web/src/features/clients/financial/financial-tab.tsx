import type { FinancialPosition, Installment, InstallmentStatus, Punctuality, ScrapEntry, ScrapLedger } from '@ev/shared/schemas/financial';
import { INSTALLMENT_STATUSES, INSTALLMENT_TYPES } from '@ev/shared/schemas/financial';
import { placesIn } from '@ev/shared/money';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchFailed } from '@/components/fetch-failed';
import { LoadingBlocks } from '@/components/loading-blocks';
import { DataList, type ListColumn } from '@/components/list';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { useFinancialPosition, type FinancialFilter } from '../api/clients-financial-api';

export type { FinancialPosition, Installment, Punctuality, ScrapEntry, ScrapLedger };

// ---- The tab -----------------------------------------------------------------------------------

const selectClass = 'h-9 rounded-md border border-input bg-card px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring';

export const STATUS_CLASSES: Record<InstallmentStatus, string> = {
  paid: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  pending: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  overdue: 'bg-destructive/15 text-destructive',
  cancelled: 'bg-muted text-muted-foreground line-through',
};

export function StatusBadge({ status }: { status: InstallmentStatus }) {
  const { t } = useTranslation('clients-financial');
  return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', STATUS_CLASSES[status])}>{t(`status.${status}`)}</span>;
}

/**
 * The client's financial position (spec section 3, "Financial installment" and the financial totals):
 * the totals and credit cards, then the installments with their status (derived by the API against
 * today in the company's time zone), filtered by status and type.
 */
export function FinancialTab({ clientId }: { clientId: string }) {
  const { t } = useTranslation('clients-financial');
  const [filter, setFilter] = useState<FinancialFilter>({ status: '', type: '' });
  const query = useFinancialPosition(clientId, filter);
  const format = useFormat();
  // An amount with the places it carries (a sale of a branch with 4 decimals writes 4), at least 2.
  const money = (v: string | null) => (v === null ? '—' : format.money(v, placesIn(v)));
  const statusId = useId();
  const typeId = useId();

  if (query.isError && !query.data) {
    return (
      <FetchFailed error={query.error} fallback={t('financial.error')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
    );
  }
  if (!query.data) return <LoadingTab />;
  const { totals, credit, installments } = query.data;
  const filtered = !!(filter.status || filter.type);

  return (
    <div className="flex flex-col gap-4" data-testid="client-financial">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label={t('totals.open')} value={money(totals.open)} />
        <Figure label={t('totals.expired')} value={money(totals.expired)} tone={totals.expired !== '0.00' ? 'bad' : undefined} />
        <Figure label={t('totals.toExpire')} value={money(totals.toExpire)} />
        <Figure label={t('totals.paid')} value={money(totals.paid)} />
        <Figure label={t('totals.titles')} value={money(totals.titles)} />
        <Figure label={t('totals.checks')} value={money(totals.checks)} />
        <Card className="sm:col-span-2">
          <CardHeader className="pb-2">
            <CardTitle className="text-sm font-medium text-muted-foreground">{t('credit.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            {credit.limit === null ? (
              <p className="text-sm text-muted-foreground">{t('credit.noLimit')}</p>
            ) : (
              <dl className="grid grid-cols-3 gap-2 text-sm">
                <div>
                  <dt className="text-muted-foreground">{t('credit.limit')}</dt>
                  <dd className="font-semibold tabular-nums">{money(credit.limit)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{t('credit.open')}</dt>
                  <dd className="font-semibold tabular-nums">{money(credit.open)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{t('credit.available')}</dt>
                  <dd className={cn('font-semibold tabular-nums', credit.available?.startsWith('-') && 'text-destructive')}>{money(credit.available)}</dd>
                </div>
              </dl>
            )}
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3">
          <div>
            <CardTitle>{t('financial.title')}</CardTitle>
            <CardDescription>{t('financial.today', { date: format.date(query.data.today) })}</CardDescription>
          </div>
          <div className="flex flex-wrap gap-3">
            <div className="flex flex-col gap-1">
              <label htmlFor={statusId} className="text-xs text-muted-foreground">
                {t('filters.status')}
              </label>
              <select id={statusId} className={selectClass} value={filter.status} onChange={(e) => setFilter((f) => ({ ...f, status: e.target.value as FinancialFilter['status'] }))}>
                <option value="">{t('filters.all')}</option>
                {INSTALLMENT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`status.${s}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={typeId} className="text-xs text-muted-foreground">
                {t('filters.type')}
              </label>
              <select id={typeId} className={selectClass} value={filter.type} onChange={(e) => setFilter((f) => ({ ...f, type: e.target.value as FinancialFilter['type'] }))}>
                <option value="">{t('filters.all')}</option>
                {INSTALLMENT_TYPES.map((s) => (
                  <option key={s} value={s}>
                    {t(`type.${s}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </CardHeader>
        <CardContent>
          {installments.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground" role="status">
              {filtered ? t('financial.emptyFiltered') : t('financial.empty')}
            </p>
          ) : (
            <InstallmentsTable installments={installments} busy={query.isFetching} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function InstallmentsTable({ installments, busy }: { installments: Installment[]; busy: boolean }) {
  const { t } = useTranslation('clients-financial');
  const format = useFormat();
  const date = (v: string | null) => (v ? format.date(v) : '—');
  // An amount with the places it carries (a sale of a branch with 4 decimals writes 4), at least 2.
  const money = (v: string | null) => (v === null ? '—' : format.money(v, placesIn(v)));
  const columns: ListColumn<Installment>[] = [
    {
      id: 'document',
      header: t('columns.document'),
      cell: (i) => (
        <>
          <span className="font-medium">{i.document}</span> <span className="text-muted-foreground">{i.installment}</span>
          {i.complement && <div className="text-xs text-muted-foreground">{i.complement}</div>}
        </>
      ),
    },
    { id: 'type', header: t('columns.type'), cell: (i) => t(`type.${i.type}`) },
    { id: 'issueDate', header: t('columns.issueDate'), className: 'tabular-nums', cell: (i) => date(i.issueDate) },
    {
      id: 'dueDate',
      header: t('columns.dueDate'),
      className: 'tabular-nums',
      cell: (i) => (
        <>
          {date(i.dueDate)}
          {i.status === 'overdue' && <div className="text-xs text-destructive">{t('financial.daysOverdue', { count: i.daysOverdue })}</div>}
        </>
      ),
    },
    { id: 'installmentValue', header: t('columns.installmentValue'), align: 'end', className: 'tabular-nums', cell: (i) => money(i.installmentValue) },
    { id: 'openValue', header: t('columns.openValue'), align: 'end', className: 'tabular-nums', cell: (i) => money(i.openValue) },
    { id: 'paidValue', header: t('columns.paidValue'), align: 'end', className: 'tabular-nums', cell: (i) => money(i.paidValue) },
    {
      id: 'paymentDate',
      header: t('columns.paymentDate'),
      className: 'tabular-nums',
      cell: (i) => (
        <>
          {date(i.paymentDate)}
          {i.paidLate && <div className="text-xs text-amber-700 dark:text-amber-300">{t('financial.paidLate')}</div>}
        </>
      ),
    },
    { id: 'status', header: t('columns.status'), cell: (i) => <StatusBadge status={i.status} /> },
  ];
  return <DataList label={t('financial.title')} tableLabel={t('financial.title')} rows={installments} columns={columns} rowKey={(i) => i.key} busy={busy} />;
}

export function Figure({ label, value, hint, tone }: { label: string; value: ReactNode; hint?: ReactNode; tone?: 'bad' }) {
  return (
    <Card>
      <CardHeader className="pb-1">
        <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className={cn('text-xl font-semibold tabular-nums', tone === 'bad' && 'text-destructive')}>{value}</p>
        {hint && <p className="mt-1 text-xs text-muted-foreground">{hint}</p>}
      </CardContent>
    </Card>
  );
}

function LoadingTab() {
  const { t } = useTranslation('clients-financial');
  return (
    <LoadingBlocks
      label={t('loading')}
      testId="client-financial-loading"
      rows={[
        { count: 6, columns: 'sm:grid-cols-2 lg:grid-cols-4', height: 'h-24' },
        { count: 1, height: 'h-64' },
      ]}
    />
  );
}
