import type { PositionGrouping, PositionPage } from '@ev/shared/schemas/inventory';
import type { Job, JobDownload } from '@ev/shared/schemas/jobs';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The filters of the inventory position (GET /api/inventory). Empty lists mean "all". */
export interface PositionFilter {
  q: string;
  branchIds: string[];
  groupIds: string[];
  productCompanyIds: string[];
  grouping: PositionGrouping;
}

export const PAGE_SIZE = 20;

/** The query string: lists as comma-separated ids (the API takes either form). */
export function positionQuery(f: PositionFilter) {
  return {
    q: f.q.trim() || undefined,
    branchIds: f.branchIds.length ? [...f.branchIds].sort().join(',') : undefined,
    groupIds: f.groupIds.length ? [...f.groupIds].sort().join(',') : undefined,
    productCompanyIds: f.productCompanyIds.length ? [...f.productCompanyIds].sort().join(',') : undefined,
    grouping: f.grouping,
  };
}

export const inventoryKeys = {
  all: ['inventory'] as const,
  position: (f: PositionFilter) => ['inventory', 'position', positionQuery(f)] as const,
};

export const positionOptions = (f: PositionFilter) =>
  infiniteQueryOptions({
    queryKey: inventoryKeys.position(f),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api<PositionPage>('/inventory', { query: { ...positionQuery(f), cursor: pageParam, limit: PAGE_SIZE }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? null,
  });

export const usePosition = (f: PositionFilter) => useInfiniteQuery(positionOptions(f));

export interface NamedRecord {
  id: string;
  name: string;
}

/** The registries the filters pick from. */
export type FilterSource = 'product-groups' | 'product-companies';

export async function searchRegistry(source: FilterSource, q: string, signal: AbortSignal): Promise<NamedRecord[]> {
  const page = await api<{ items: NamedRecord[] }>(`/${source}`, { query: { q: q || undefined, limit: 20 }, signal });
  return page.items.map((r) => ({ id: r.id, name: r.name }));
}

/**
 * The position's CSV through the export engine: starts the job, polls it (progress through
 * `onProgress`) until it is done, and answers the signed download link.
 */
export async function exportPosition(f: PositionFilter, onProgress: (job: Job) => void, signal: AbortSignal): Promise<JobDownload> {
  const { q, branchIds, groupIds, productCompanyIds, grouping } = f;
  let job = await api<Job>('/exports/inventory', {
    method: 'POST',
    body: { format: 'csv', query: { ...(q.trim() ? { q: q.trim() } : {}), branchIds, groupIds, productCompanyIds, grouping } },
    signal,
  });
  onProgress(job);
  while (job.status !== 'done' && job.status !== 'failed') {
    await new Promise((r) => setTimeout(r, 700));
    if (signal.aborted) throw new DOMException('aborted', 'AbortError');
    job = await api<Job>(`/jobs/${job.id}`, { signal });
    onProgress(job);
  }
  if (job.status === 'failed') throw new Error(job.error ?? 'failed');
  return api<JobDownload>(`/jobs/${job.id}/download`, { signal });
}
