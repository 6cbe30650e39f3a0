import type { SalesDashboard } from '@ev/shared/schemas/sales';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardPeriod, SeriesUnit } from '@/components/charts/dashboard-period';
import { api } from '@/lib/api';

export type { SalesDashboard } from '@ev/shared/schemas/sales';

export const salesDashboardOptions = (period: DashboardPeriod, unit?: SeriesUnit) =>
  queryOptions({
    queryKey: ['sales', 'dashboard', period.from ?? null, period.until ?? null, unit ?? null] as const,
    queryFn: ({ signal }) => api<SalesDashboard>('/sales/dashboard', { query: { from: period.from, until: period.until, unit }, signal }),
    // The figures move with every sale written: read again whenever the page is opened.
    staleTime: 0,
    // Another period keeps the charts on screen while its figures load.
    placeholderData: keepPreviousData,
  });

export const useSalesDashboard = (period: DashboardPeriod, unit?: SeriesUnit) => useQuery(salesDashboardOptions(period, unit));
