import type { FieldChange } from '@ev/shared/schemas/logs';

/** Bookkeeping no change is about: never listed as a changed field. */
const BOOKKEEPING = new Set(['pk', 'sk', 'type', 'gsi1pk', 'gsi1sk', 'ix', 'refCount', 'updatedAt', 'createdAt', 'version', 'passwordHash', 'temp', 'lastAccessAt']);
/** Fields whose values are never written to a log: the change is listed, its values are not. */
const SECRET_FIELD = /pass|senha|token|secret|authorization|cookie/i;
const HIDDEN = '[removido]';

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * What changed between two versions of a record, field by field: nested objects (the settings'
 * groups) by their dotted path, arrays and values as a whole; bookkeeping left out and secret
 * values hidden. `before` null is a creation (every field from null), `after` null a removal.
 */
export function fieldChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null, path = ''): FieldChange[] {
  const out: FieldChange[] = [];
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  for (const key of keys) {
    if (!path && BOOKKEEPING.has(key)) continue;
    const field = path ? `${path}.${key}` : key;
    const a = before?.[key] ?? null;
    const b = after?.[key] ?? null;
    if (isPlainObject(a) || isPlainObject(b)) {
      out.push(...fieldChanges(isPlainObject(a) ? a : null, isPlainObject(b) ? b : null, field));
      continue;
    }
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    const secret = SECRET_FIELD.test(key);
    out.push({ field, before: secret && a !== null ? HIDDEN : a, after: secret && b !== null ? HIDDEN : b });
  }
  return out;
}

/** The names of the changed fields (the audit entries that list fields only). */
export function changedFieldNames(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return [...new Set(fieldChanges(before, after).map((c) => c.field.split('.')[0]!))];
}
