import type { HomeDate, HomeFigures } from '@ev/shared/schemas/sales';
import type { HomeTab } from '@ev/shared/sales/home-tabs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type { HomeDate, HomeFigures, HomePeriodFigures } from '@ev/shared/schemas/sales';
export type { HomeTab } from '@ev/shared/sales/home-tabs';

export const homeFiguresKey = (tab: HomeTab, financialOnly: boolean, date: HomeDate) => ['sales', 'home-figures', tab, financialOnly, date] as const;

/** GET /api/sales/home-figures: one tab's figures (docs/sales.md "Home figures"). */
export const homeFiguresOptions = (tab: HomeTab, financialOnly: boolean, date: HomeDate = 'closing') =>
  queryOptions({
    queryKey: homeFiguresKey(tab, financialOnly, date),
    queryFn: ({ signal }) => api<HomeFigures>('/sales/home-figures', { query: { tab, financialOnly, date }, signal }),
    // The figures move with every sale closed: read again whenever home is opened.
    staleTime: 0,
    // Another tab or the filter keeps the figures on screen while the new ones load.
    placeholderData: keepPreviousData,
  });

export const useHomeFigures = (tab: HomeTab, financialOnly: boolean, date: HomeDate) => useQuery(homeFiguresOptions(tab, financialOnly, date));
