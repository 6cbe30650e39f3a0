import { useQueries } from '@tanstack/react-query';
import type { ComboboxOption } from '@/components/ui/combobox';
import { namedRecordOptions, useNamedRecord } from '@/lib/record-api';

/** The name of a record a filter in the URL points to (read once, then cached), null while unknown. */
export function useReferenceLabel(source: string, id: string | undefined): string | null {
  const named = useNamedRecord(source, id ?? null);
  return id ? (named.data ?? null) : null;
}

/** The records several filter ids in the URL point to, as options with their names ('…' while read). */
export function useReferenceOptions(source: string, ids: readonly string[]): ComboboxOption[] {
  const names = useQueries({ queries: ids.map((id) => namedRecordOptions(source, id)) });
  return ids.map((id, i) => ({ value: id, label: names[i]?.data ?? '…' }));
}
