import type { ManagementDashboard } from '@ev/shared/schemas/sales';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardPeriod, SeriesUnit } from '@/components/charts/dashboard-period';
import { api } from '@/lib/api';

export type { ManagementDashboard } from '@ev/shared/schemas/sales';

/** What the management dashboard is asked: a period, and optionally a branch and a salesman. */
export interface ManagementFilter extends DashboardPeriod {
  branchId?: string;
  salesmanId?: string;
  unit?: SeriesUnit;
}

export const managementDashboardOptions = (f: ManagementFilter) =>
  queryOptions({
    queryKey: ['management', 'dashboard', f.from ?? null, f.until ?? null, f.branchId ?? null, f.salesmanId ?? null, f.unit ?? null] as const,
    queryFn: ({ signal }) => api<ManagementDashboard>('/management/dashboard', { query: { from: f.from, until: f.until, branchId: f.branchId, salesmanId: f.salesmanId, unit: f.unit }, signal }),
    // The figures move with every sale written: read again whenever the page is opened.
    staleTime: 0,
    // Another filter keeps the charts on screen while its figures load.
    placeholderData: keepPreviousData,
  });

export const useManagementDashboard = (f: ManagementFilter) => useQuery(managementDashboardOptions(f));
