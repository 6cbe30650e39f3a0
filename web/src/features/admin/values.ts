/**
 * How the operator's screens write a setting's or a record's value as the API gives it (unknown JSON):
 * nothing as a dash, yes or no, a list of plain values joined, anything else as compact JSON.
 */
export function displayValue(value: unknown, words: { yes: string; no: string; none: string }): string {
  if (value === null || value === undefined || value === '') return words.none;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))) return value.length ? value.map((v) => displayValue(v, words)).join(', ') : words.none;
  return JSON.stringify(value);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A settings group's values as dotted paths (`required.nickname`), nested groups flattened, in their order. */
export function flattenSettings(values: unknown, prefix = ''): { path: string; value: unknown }[] {
  if (!isPlainObject(values)) return [{ path: prefix, value: values }];
  return Object.entries(values).flatMap(([k, v]) => (isPlainObject(v) ? flattenSettings(v, `${prefix}${k}.`) : [{ path: `${prefix}${k}`, value: v }]));
}
