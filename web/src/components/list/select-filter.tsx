import { Label } from '@/components/ui/label';
import { selectClass } from '@/components/ui/input';

/** The keys of a route's search params that hold one text choice. */
type ChoiceKey<S> = { [K in keyof S]-?: S[K] extends string | undefined ? K : never }[keyof S];

/**
 * A `SelectFilter`'s `value` and `onChange` bound to the URL's search param `key` (`set` patches the
 * route's search, as `useListUrl`'s): '' (the `all` option) removes it. The options are the param's
 * own values, which the route's `validateSearch` checks again.
 */
export const urlSelect = <S, K extends ChoiceKey<S>>(search: S, set: (patch: Partial<S>) => void, key: K) => ({
  value: (search[key] as string | undefined) ?? '',
  onChange: (value: string) => set({ [key]: value || undefined } as Partial<S>),
});

/** A filter with fixed choices: a native select whose first option (`all`, value '') means no filter. */
export function SelectFilter({ id, label, value, onChange, all, options }: { id: string; label: string; value: string; onChange(value: string): void; all: string; options: { value: string; label: string }[] }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={selectClass} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
