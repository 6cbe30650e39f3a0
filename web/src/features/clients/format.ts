/**
 * Light formatters for the global search (loaded with the app shell, so without the shared
 * schemas): a phone of 10 or 11 digits as (14) 99123-4567; documents are stored with their mask.
 */
export function phoneText(value: string | null | undefined): string {
  const d = (value ?? '').replace(/\D/g, '');
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return value ?? '';
}
