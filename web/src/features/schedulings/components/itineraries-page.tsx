import { addDays } from '@ev/shared/calendar';
import { IconChevronLeft, IconChevronRight, IconRoute } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { referenceTextsOf } from '@/components/form/fields';
import { ListEmpty, ListHeader, PeriodDate, ReferenceFilter } from '@/components/list';
import { FetchFailed } from '@/components/fetch-failed';
import { LoadingBlocks } from '@/components/loading-blocks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useFormat } from '@/lib/format';
import { useSession } from '@/lib/use-session';
import { useItineraries } from '../api/itineraries-api';
import { seesOthers } from '../api/schedulings-api';
import type { ItinerariesSearch } from '../itinerary-search';

/**
 * `/schedulings/itineraries` (read agendamentos): one day's itineraries in the user's scope, one per
 * salesman with schedulings that day: how many stops, how many done, the far check-ins, where the
 * day begins and ends. The day (today by default) and the salesman are in the URL; a day back or
 * forward with the arrows. Without signal, the user's own day from the device (docs/offline.md).
 */
export function ItinerariesPage({ search }: { search: ItinerariesSearch }) {
  const { t } = useTranslation('itineraries');
  const format = useFormat();
  const navigate = useNavigate();
  const set = (patch: Partial<ItinerariesSearch>) => void navigate({ to: '/schedulings/itineraries', search: (prev: ItinerariesSearch) => ({ ...prev, ...patch }), replace: true });
  const query = useItineraries(search.date, search.salesmanId);
  const date = query.data?.date ?? search.date;
  const scope = query.data?.scope;
  const user = useSession().data?.user;
  // A salesman filter from a shared link stays shown.
  const salesmanFilter = seesOthers(scope, user) || !!search.salesmanId;
  const title = t('list.title');

  return (
    <Card>
      <ListHeader title={title} />
      <CardContent className="flex flex-col gap-4">
        <div role="group" aria-label={t('list.filters')} className="grid gap-3 sm:grid-cols-[auto_1fr] lg:grid-cols-[auto_minmax(0,16rem)_minmax(0,20rem)] sm:items-end">
          <div className="flex items-end gap-2">
            <Button variant="outline" size="icon" aria-label={t('list.previousDay')} disabled={!date} onClick={() => date && set({ date: addDays(date, -1) })}>
              <IconChevronLeft aria-hidden />
            </Button>
            <div className="min-w-0 flex-1">
              <PeriodDate id="itineraries-date" label={t('list.date')} value={date} onChange={(next) => set({ date: next })} />
            </div>
            <Button variant="outline" size="icon" aria-label={t('list.nextDay')} disabled={!date} onClick={() => date && set({ date: addDays(date, 1) })}>
              <IconChevronRight aria-hidden />
            </Button>
          </div>
          <Button variant="ghost" className="justify-self-start" onClick={() => set({ date: undefined })} disabled={!search.date}>
            {t('list.today')}
          </Button>
          {salesmanFilter && (
            <ReferenceFilter
              id="itineraries-salesman"
              source={{ path: 'users', query: { sells: 'true', active: 'true' } }}
              label={t('list.salesman')}
              value={search.salesmanId}
              onChange={(salesmanId) => set({ salesmanId })}
              texts={referenceTextsOf(t, { placeholder: t('list.allSalesmen'), clear: t('list.allSalesmen') })}
            />
          )}
        </div>

        {query.data?.fromDevice && (
          <Alert variant="info" data-testid="itineraries-from-device">
            {t('device.listFromDevice')}
          </Alert>
        )}
        {query.isPending ? (
          <LoadingBlocks label={t('loading')} rows={[{ count: 3, columns: 'md:grid-cols-2 xl:grid-cols-3', height: 'h-32' }]} testId="itineraries-skeleton" />
        ) : query.isError ? (
          <FetchFailed error={query.error} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
        ) : query.data.items.length === 0 ? (
          <ListEmpty>{t('list.empty', { date: format.date(query.data.date) })}</ListEmpty>
        ) : (
          <ul aria-label={t('list.label', { date: format.date(query.data.date) })} className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {query.data.items.map((it) => (
              <li key={it.id} className="flex flex-col gap-2 rounded-md border border-border p-3">
                <div className="flex items-start justify-between gap-2">
                  <h2 className="font-semibold">{it.salesmanName ?? t('list.noName')}</h2>
                  <IconRoute aria-hidden className="size-5 shrink-0 text-muted-foreground" />
                </div>
                <p className="text-sm">
                  {t('list.stops', { count: it.stops })} · {t('list.completed', { count: it.completed })}
                  {it.flagged > 0 && <span> · {t('list.flagged', { count: it.flagged })}</span>}
                </p>
                {it.first && <p className="truncate text-sm text-muted-foreground">{it.first === it.last ? it.first : `${it.first} → ${it.last}`}</p>}
                <Button asChild variant="outline" className="self-start">
                  <Link to="/schedulings/itineraries/$id" params={{ id: it.id }} aria-label={t('list.openOf', { name: it.salesmanName ?? '' })}>
                    {t('list.open')}
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
