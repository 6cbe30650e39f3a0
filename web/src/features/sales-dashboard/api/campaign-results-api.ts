import type { CampaignResults } from '@ev/shared/schemas/sales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type { CampaignResult } from '@ev/shared/schemas/sales';

export type CampaignStatusFilter = 'all' | 'active' | 'inactive';

export const campaignResultsOptions = (status: CampaignStatusFilter) =>
  queryOptions({
    queryKey: ['sales', 'campaign-results', status] as const,
    queryFn: ({ signal }) => api<CampaignResults>('/sales/campaign-results', { query: { status: status === 'all' ? undefined : status }, signal }),
    // The figures move with every sale written: read again whenever the page is opened.
    staleTime: 0,
  });

export const useCampaignResults = (status: CampaignStatusFilter) => useQuery(campaignResultsOptions(status));
