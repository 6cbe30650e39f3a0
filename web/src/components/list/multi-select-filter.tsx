import { IconX } from '@tabler/icons-react';
import { Combobox, type ComboboxOption, type ComboboxTexts } from '@/components/ui/combobox';
import { Label } from '@/components/ui/label';
import { searchKey, searchNamed } from '@/lib/record-api';
import { useReferenceOptions } from './reference-label';

export interface MultiSelectFilterTexts extends Omit<ComboboxTexts, 'clear'> {
  /** The chosen chips' accessible name. */
  chosen: string;
  /** A chip's remove button's accessible name. */
  remove(name: string): string;
}

/**
 * The texts of a multi-select filter from a namespace with the usual keys (`filters.all`,
 * `filters.addMore`, `filters.chosen`, `filters.remove`, `combobox.*`).
 */
export function multiSelectTexts(t: (key: string, options?: Record<string, string>) => string, label: string, chosen: number): MultiSelectFilterTexts {
  return {
    placeholder: chosen ? t('filters.addMore') : t('filters.all'),
    search: t('combobox.search'),
    empty: t('combobox.empty'),
    loading: t('combobox.loading'),
    failed: t('combobox.failed'),
    chosen: t('filters.chosen', { label }),
    remove: (name) => t('filters.remove', { name }),
  };
}

export interface MultiSelectFilterProps {
  id: string;
  label: string;
  value: ComboboxOption[];
  onChange(value: ComboboxOption[]): void;
  /** Options for a term (the searchable select's). */
  search(term: string, signal: AbortSignal): Promise<ComboboxOption[]>;
  queryKey: readonly unknown[];
  texts: MultiSelectFilterTexts;
}

/** Several records of a registry as a filter: a searchable select that adds one at a time, and the chosen ones as removable chips. */
export function MultiSelectFilter({ id, label, value, onChange, search, queryKey, texts }: MultiSelectFilterProps) {
  const { chosen, remove, ...comboTexts } = texts;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Combobox
        id={id}
        value={null}
        onChange={(_v, option) => option && !value.some((o) => o.value === option.value) && onChange([...value, option])}
        search={search}
        queryKey={queryKey}
        texts={comboTexts}
      />
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={chosen}>
          {value.map((o) => (
            <li key={o.value} className="inline-flex items-center gap-1 rounded-full border border-border bg-muted px-2 py-0.5 text-xs">
              {o.label}
              <button type="button" className="rounded-full p-0.5 hover:bg-background" aria-label={remove(o.label)} onClick={() => onChange(value.filter((x) => x.value !== o.value))}>
                <IconX aria-hidden className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A filter by several records of another module kept in the URL as ids (`GET /{source}` searched
 * by name; the chosen ones' names read once): the multi-select filter over ids.
 */
export function RecordsFilter({ id, source, label, ids, onChange, texts }: { id: string; source: string; label: string; ids: string[] | undefined; onChange(ids: string[] | undefined): void; texts(chosen: number): MultiSelectFilterTexts }) {
  const value = useReferenceOptions(source, ids ?? []);
  return (
    <MultiSelectFilter
      id={id}
      label={label}
      value={value}
      onChange={(v) => onChange(v.length ? v.map((o) => o.value) : undefined)}
      search={(term, signal) => searchNamed(source, term, signal).then((items) => items.map((i) => ({ value: i.id, label: i.name })))}
      queryKey={searchKey(source)}
      texts={texts(value.length)}
    />
  );
}
