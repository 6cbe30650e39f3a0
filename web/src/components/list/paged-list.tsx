import { IconFilterOff, IconPlus, IconRefresh } from '@tabler/icons-react';
import { cloneElement, useEffect, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { FetchFailed } from '@/components/fetch-failed';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CardHeader } from '@/components/ui/card';
import { i18n } from '@/lib/i18n';
import { followsNextPage, wantsNextPage } from './follow';

/** What the list pieces read of an infinite query (TanStack's `useInfiniteQuery` result). */
export interface PagedQuery<T> {
  data?: { pages: { items: T[] }[] };
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
  refetch(): Promise<unknown>;
}

/** The texts of a paged list, from a namespace with the usual keys (`loading`, `loadMore`, `fetchFailed`, `retry`). */
export interface PagedListTexts {
  loading: string;
  loadMore: string;
  fetchFailed: string;
  retry: string;
  /** Nothing found in the records read for this ask, with more left to read (common's, the same on every list). */
  readOn: string;
}
export const pagedListTexts = (t: (key: string) => string): PagedListTexts => ({ loading: t('loading'), loadMore: t('loadMore'), fetchFailed: t('fetchFailed'), retry: t('retry'), readOn: i18n.t('common:list.readOn') });

/**
 * The rows of a paged list and "Carregar mais": short pages with a cursor (filters read a bounded
 * slice) are followed at once up to what was asked, at most FOLLOW_PAGES pages an ask; a new
 * `filter` (the page's filter, compared as its JSON) starts at one page.
 */
export function usePagedRows<T>(list: PagedQuery<T>, filter: unknown, pageSize: number) {
  const filterKey = JSON.stringify(filter);
  const [asked, setAsked] = useState<{ key: string; rows: number; pages: number }>({ key: '', rows: pageSize, pages: 0 });
  const current = asked.key === filterKey;
  const wanted = current ? asked.rows : pageSize;
  const pages = list.data?.pages.length ?? 0;
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const state = { hasNextPage: list.hasNextPage, isFetching: list.isFetching, isError: list.isError, rows: rows.length, wanted, pagesSinceAsk: pages - (current ? asked.pages : 0) };
  const follows = followsNextPage(state);
  useEffect(() => {
    if (follows) void list.fetchNextPage();
  }, [follows, list]);
  const loadMore = () => setAsked({ key: filterKey, rows: rows.length + pageSize, pages });
  // Loading while the ask still wants a page, a read under way (a refetch) included.
  const loadingMore = list.isFetchingNextPage || wantsNextPage(state);
  /** Stopped at the ask's bound with nothing yet: more records are left to read. */
  const readOn = !rows.length && list.hasNextPage && !loadingMore && !list.isError;
  return { list, rows, loadMore, loadingMore, readOn };
}

/** A paged list's state (`usePagedRows`), for its body and footer. */
export type PagedRows = ReturnType<typeof usePagedRows<unknown>>;

export interface PagedListProps {
  paged: PagedRows;
  texts: PagedListTexts;
  /** The loading skeleton: its test id, how many bars and their height class. */
  skeleton: { testId: string; bars?: number; height?: string };
  /** What shows when there are no rows. */
  empty: ReactNode;
  /** The rows (table, cards). */
  children: ReactNode;
}

/** A paged list: its states (`PagedListBody`) and, under them, "Carregar mais" and the retry (`PagedListFooter`). */
export function PagedList(props: PagedListProps) {
  return (
    <>
      <PagedListBody {...props} />
      <PagedListFooter paged={props.paged} texts={props.texts} />
    </>
  );
}

/** A paged list's states: the skeleton while the first page loads, the fetch failure, the empty text, or the rows. */
function PagedListBody({ paged: { list, rows, loadingMore, readOn }, texts, skeleton, empty, children }: PagedListProps) {
  const count = rows.length;
  if (list.isPending)
    return (
      <div role="status" aria-label={texts.loading} className="flex flex-col gap-2" data-testid={skeleton.testId}>
        {Array.from({ length: skeleton.bars ?? 5 }, (_, i) => (
          <div key={i} className={`${skeleton.height ?? 'h-12'} animate-pulse rounded-md bg-muted`} />
        ))}
      </div>
    );
  if (list.isError && !count) return <FetchFailed error={list.error} fallback={texts.fetchFailed} retryLabel={texts.retry} onRetry={() => void list.refetch()} />;
  if (readOn) return <ListEmpty>{texts.readOn}</ListEmpty>;
  if (!count && !loadingMore) return empty;
  return children;
}

/** Under a paged list: "Carregar mais" while there is more, and a retry when a later page failed. */
function PagedListFooter({ paged: { list, rows, loadingMore, loadMore }, texts }: { paged: PagedRows; texts: PagedListTexts }) {
  return (
    <>
      {(list.hasNextPage || loadingMore) && !list.isPending && (
        <Button variant="outline" className="self-center" onClick={loadMore} disabled={loadingMore}>
          {loadingMore ? texts.loading : texts.loadMore}
        </Button>
      )}
      {list.isError && rows.length > 0 && (
        <Alert variant="error">
          <p>{texts.fetchFailed}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void list.fetchNextPage()}>
            <IconRefresh aria-hidden />
            {texts.retry}
          </Button>
        </Alert>
      )}
    </>
  );
}

/** "Limpar filtros": shown while a filter is set. */
export function ClearFiltersButton({ label, onClick, className }: { label: string; onClick(): void; className?: string }) {
  return (
    <Button variant="ghost" className={className} onClick={onClick}>
      <IconFilterOff aria-hidden />
      {label}
    </Button>
  );
}

/** A list page's card header: the title, its buttons (import, export…) and `create`, the link to a new record, last. */
export function ListHeader({ title, children, create }: { title: string; children?: ReactNode; create?: { link: ReactElement; label: string } | false }) {
  return (
    <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
      <h1 className="text-lg font-semibold leading-tight">{title}</h1>
      <div className="flex flex-wrap gap-2">
        {children}
        {create && <Button asChild>{cloneElement(create.link, {}, <IconPlus aria-hidden />, create.label)}</Button>}
      </div>
    </CardHeader>
  );
}

/** A list's empty state: the text says why (no rows, nothing for the search, nothing for the filters). */
export function ListEmpty({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="py-8 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}
