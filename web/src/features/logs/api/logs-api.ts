import type { LogEntry } from '@ev/shared/schemas/logs';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryParams } from '@/lib/query-params';

export interface LogFilter {
  q?: string;
  level?: string;
  from?: string;
  until?: string;
}

export const PAGE_SIZE = 50;

/** The query parameters of a filter (`queryParams`: empty values left out; the export takes the same). */
export const queryOf = (f: LogFilter) => queryParams(f, ['q', 'level', 'from', 'until']);

export const logListOptions = (f: LogFilter) =>
  infiniteQueryOptions({
    queryKey: ['logs', 'list', queryOf(f)] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api<{ items: LogEntry[]; nextCursor: string | null }>('/logs', { query: { ...queryOf(f), cursor: pageParam ?? undefined, limit: PAGE_SIZE }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? null,
  });

export const useLogList = (f: LogFilter) => useInfiniteQuery(logListOptions(f));
