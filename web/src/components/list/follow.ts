/**
 * Pages a list follows by itself for one ask (the first page, or a "Carregar mais"). Each page reads
 * a bounded slice (a filtered one at most a few times its size), so an ask reads at most this many
 * slices whatever the company's size: a search whose filter matches nothing among many records
 * stops there and says so, and "Carregar mais" reads on.
 */
export const FOLLOW_PAGES = 10;

/** Whether a paged list fetches its next page by itself now (`usePagedRows`). */
export function followsNextPage(s: { hasNextPage: boolean; isFetching: boolean; isError: boolean; rows: number; wanted: number; pagesSinceAsk: number }): boolean {
  return s.hasNextPage && !s.isFetching && !s.isError && s.rows < s.wanted && s.pagesSinceAsk < FOLLOW_PAGES;
}
