/** What a list's filter holds in a field the API reads as a query parameter. */
type FilterValue = string | boolean | readonly string[] | null | undefined;

/**
 * A list's filter as the API's query parameters, by one rule for every list: text trimmed, `true`
 * as 'true', several ids comma-separated in sorted order (the same choice made in any order is one
 * cache key), and anything empty (blank text, false, no ids, null) left out. `keys`: the filter's
 * fields that are parameters; the others (a view, a sort sent apart) stay out.
 */
export function queryParams<F extends { [P in K]?: FilterValue }, K extends keyof F & string>(filter: F, keys: readonly K[]): Record<K, string | undefined> {
  const out = {} as Record<K, string | undefined>;
  for (const key of keys) out[key] = param(filter[key]);
  return out;
}

function param(value: FilterValue): string | undefined {
  if (value === true) return 'true';
  if (typeof value === 'string') return value.trim() || undefined;
  if (Array.isArray(value)) return value.length ? [...(value as readonly string[])].sort().join(',') : undefined;
  return undefined;
}
