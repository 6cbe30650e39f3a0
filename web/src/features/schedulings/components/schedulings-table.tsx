import type { SchedulingSummary } from '@ev/shared/schemas/schedulings';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CARD_LINK_CLASS, RecordTable, type ListColumn, type RecordTableProps } from '@/components/list';
import { useFormat } from '@/lib/format';
import { FlaggedBadge, SchedulingStatusBadge, WaitingBadge } from './status-badge';

/** "Centro · São Paulo", or a dash. */
const placeOf = (s: SchedulingSummary) => [s.neighbourhood, s.city].filter(Boolean).join(' · ');

/**
 * Schedulings as rows (and cards below `lg`): date and time, client, type with its contact mode,
 * neighbourhood and city, salesman, status, and the far check-in mark.
 */
export function SchedulingsTable({ waiting, ...table }: RecordTableProps<SchedulingSummary> & { waiting?: ReadonlySet<string> }) {
  const { t } = useTranslation('schedulings');
  const format = useFormat();
  const when = (s: SchedulingSummary) => (s.scheduledStart ? `${format.date(s.date)} ${s.scheduledStart}` : format.date(s.date));
  const columns: ListColumn<SchedulingSummary>[] = [
    {
      id: 'date',
      header: t('columns.date'),
      sortBy: (s) => `${s.date} ${s.scheduledStart ?? ''}`,
      className: 'whitespace-nowrap',
      cell: (s) => (
        <Link to="/schedulings/$id" params={{ id: s.id }} className="font-medium text-primary hover:underline" onClick={(e) => e.stopPropagation()}>
          {when(s)}
        </Link>
      ),
    },
    { id: 'client', header: t('columns.client'), sortBy: (s) => s.clientName, className: 'max-w-xs', cell: (s) => s.clientName },
    {
      id: 'type',
      header: t('columns.type'),
      sortBy: (s) => s.typeName,
      cell: (s) => (
        <span className="flex flex-col">
          <span>{s.typeName}</span>
          <span className="text-xs text-muted-foreground">{t(`contactMode.${s.contactMode}`)}</span>
        </span>
      ),
    },
    { id: 'place', header: t('columns.place'), sortBy: placeOf, cell: (s) => placeOf(s) || '—' },
    { id: 'salesman', header: t('columns.salesman'), sortBy: (s) => s.salesmanName ?? '', cell: (s) => s.salesmanName ?? '—' },
    {
      id: 'status',
      header: t('columns.status'),
      sortBy: (s) => t(`status.${s.status}`),
      cell: (s) => (
        <span className="flex flex-wrap gap-1">
          <SchedulingStatusBadge status={s.status} />
          {waiting?.has(s.id) && <WaitingBadge />}
          {s.flagged && <FlaggedBadge />}
        </span>
      ),
    },
  ];
  return (
    <RecordTable
      {...table}
      columns={columns}
      rowTestId="scheduling-row"
      card={(s) => (
        <Link to="/schedulings/$id" params={{ id: s.id }} className={CARD_LINK_CLASS} data-testid="scheduling-card">
          <span className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium text-primary">{s.clientName}</span>
            <span className="flex flex-wrap gap-1">
              <SchedulingStatusBadge status={s.status} />
              {waiting?.has(s.id) && <WaitingBadge />}
              {s.flagged && <FlaggedBadge />}
            </span>
          </span>
          <span>
            {s.typeName} · {t(`contactMode.${s.contactMode}`)}
          </span>
          <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
            <span>{when(s)}</span>
            {placeOf(s) && <span>{placeOf(s)}</span>}
            {s.salesmanName && <span>{s.salesmanName}</span>}
          </span>
        </Link>
      )}
    />
  );
}
