import type { LogEntry } from '@ev/shared/schemas/logs';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface LogFilter {
  q?: string;
  level?: string;
  from?: string;
  until?: string;
}

export const PAGE_SIZE = 50;

/** The query parameters of a filter, empty values left out (the export takes the same). */
export const queryOf = (f: LogFilter) => ({
  q: f.q?.trim() || undefined,
  level: f.level || undefined,
  from: f.from || undefined,
  until: f.until || undefined,
});

export const logListOptions = (f: LogFilter) =>
  infiniteQueryOptions({
    queryKey: ['logs', 'list', queryOf(f)] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api<{ items: LogEntry[]; nextCursor: string | null }>('/logs', { query: { ...queryOf(f), cursor: pageParam ?? undefined, limit: PAGE_SIZE }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? null,
  });

export const useLogList = (f: LogFilter) => useInfiniteQuery(logListOptions(f));
