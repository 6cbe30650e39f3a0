/**
 * Pages a list follows by itself for one ask (the first page, or a "Carregar mais"). Each page reads
 * a bounded slice (a filtered one at most a few times its size), so an ask reads at most this many
 * slices whatever the company's size: a search whose filter matches nothing among many records
 * stops there and says so, and "Carregar mais" reads on.
 */
export const FOLLOW_PAGES = 10;

interface FollowState {
  hasNextPage: boolean;
  isFetching: boolean;
  isError: boolean;
  rows: number;
  wanted: number;
  pagesSinceAsk: number;
}

/** Whether a paged list still wants its next page for this ask (it shows as loading meanwhile). */
export function wantsNextPage(s: Omit<FollowState, 'isFetching'>): boolean {
  return s.hasNextPage && !s.isError && s.rows < s.wanted && s.pagesSinceAsk < FOLLOW_PAGES;
}

/** Whether a paged list fetches its next page by itself now (`usePagedRows`): wanted, and no read under way. */
export function followsNextPage(s: FollowState): boolean {
  return wantsNextPage(s) && !s.isFetching;
}
