import { IconSearch } from '@tabler/icons-react';
import { useRouter, type RouteApi } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Input } from '@/components/ui/input';

/** A list's search field: a search input with the magnifier inside it. */
export function SearchBox({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange(value: string): void }) {
  return (
    <div className="relative">
      <IconSearch aria-hidden className="pointer-events-none absolute start-3 top-3 size-4 text-muted-foreground" />
      <Input type="search" className="ps-9" aria-label={label} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** A list's search text: `typed` follows the field, `q` (trimmed) follows it 300 ms later; `clear` empties both at once. */
export function useSearchText() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const clear = () => {
    setTyped('');
    setQ('');
  };
  return { typed, setTyped, q, clear };
}

/**
 * A list's search text kept in the URL: `typed` follows the field; the URL's `q` follows it 300 ms
 * later (`commit`, undefined when blank); a `q` changed from outside (back, a shared link) is shown.
 */
export function useUrlSearchText(q: string | undefined, commit: (q: string | undefined) => void) {
  const router = useRouter();
  // The list's own path: a commit due after the user has left for a record (a link clicked within the wait) is dropped.
  const [path] = useState(() => router.state.location.pathname);
  const [typed, setTyped] = useState(q ?? '');
  const [seen, setSeen] = useState(q);
  if (q !== seen) {
    setSeen(q);
    if ((q ?? '') !== typed.trim()) setTyped(q ?? '');
  }
  useEffect(() => {
    const next = typed.trim() || undefined;
    if (next === q) return;
    const timer = setTimeout(() => {
      if (router.state.location.pathname === path) commit(next);
    }, 300);
    return () => clearTimeout(timer);
    // Only the typing restarts the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  return { typed, setTyped, q: q ?? '' };
}

/**
 * A list page's state in its URL, from its route (`getRouteApi(…)`): the route's `search` and
 * `navigate`; `set` patches the search params (replacing the history entry: a filter is not a page
 * to go back to), and the search text (`useUrlSearchText`) commits to its `q`.
 */
export function useListUrl<TId>(route: RouteApi<TId>) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  type Search = typeof search;
  // The route's types resolve where the page names its route; here its search is read as a list's (a `q` among the params).
  const patch = navigate as unknown as (opts: { search: (prev: Search) => Search; replace: boolean }) => Promise<void>;
  const set = (values: Partial<Search>) => void patch({ search: (prev) => ({ ...prev, ...values }), replace: true });
  const text = useUrlSearchText((search as { q?: string }).q, (q) => void patch({ search: (prev) => ({ ...prev, q }), replace: true }));
  return { search, navigate, set, ...text };
}
