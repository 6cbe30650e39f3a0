/**
 * An answer built from a stored record by naming the fields it carries, written once: the record
 * types and the answer types share their names, and a record written before a field existed lacks
 * it, where the answer says null.
 */

/** The fields `keys` of `record`, as they are. */
export function pick<T extends object, const K extends keyof T>(record: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) out[k] = record[k];
  return out;
}

/** The fields `keys` of `record`, each one it lacks (undefined) as null. */
export function pickOrNull<T extends object, const K extends keyof T>(record: T, keys: readonly K[]): { [P in K]-?: Exclude<T[P], undefined> | null } {
  const out = {} as Record<K, unknown>;
  for (const k of keys) out[k] = record[k] ?? null;
  return out as { [P in K]-?: Exclude<T[P], undefined> | null };
}
