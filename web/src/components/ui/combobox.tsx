import * as PopoverPrimitive from '@radix-ui/react-popover';
import { IconCheck, IconLoader2, IconSelector, IconX } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { cn } from '@/lib/cn';

export interface ComboboxOption {
  value: string;
  label: string;
  description?: string;
  /** Shown but not chosen (a client in analysis): its description says why. */
  disabled?: boolean;
}

export interface ComboboxTexts {
  /** Shown on the trigger when nothing is chosen. */
  placeholder: string;
  /** The search box's accessible name and placeholder. */
  search: string;
  empty: string;
  loading: string;
  failed: string;
  /** The option that empties the field (absent: the field cannot be emptied). */
  clear?: string;
}

interface ComboboxProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  ref?: Ref<HTMLButtonElement>;
  value: string | null;
  /** What the trigger shows for `value` (the referenced record's name). */
  selectedLabel?: string | null;
  onChange(value: string | null, option: ComboboxOption | null): void;
  onBlur?(): void;
  /** Options for a term ('' when nothing is typed yet); should honour the signal. */
  search(term: string, signal: AbortSignal): Promise<ComboboxOption[]>;
  /** The key its searches are cached under, the term appended: the resource's search key (`searchKey('regions')`, lib/record-api.ts), so a save of the resource reaches it. */
  queryKey: readonly unknown[];
  texts: ComboboxTexts;
  disabled?: boolean;
  className?: string;
}

/**
 * A searchable select on Radix Popover: the trigger shows the chosen option; the popover holds a
 * search box (debounced) and a listbox. Keyboard: Enter, Space or ArrowDown opens; in the box the
 * arrows move the active option, Enter chooses, Escape closes and gives the focus back.
 */
export function Combobox({ id, ref, value, selectedLabel, onChange, onBlur, search, queryKey, texts, disabled, className, ...aria }: ComboboxProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  // Counts what makes an Enter that waits for its term's options stale: typing, choosing, opening, closing.
  const edits = useRef(0);
  const queryClient = useQueryClient();
  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed.trim()), 200);
    return () => clearTimeout(timer);
  }, [typed]);
  const results = useQuery({
    queryKey: [...queryKey, term],
    queryFn: ({ signal }) => search(term, signal),
    enabled: open,
    staleTime: 30_000,
    // Offline a search still runs: it answers from the device where it can (docs/offline.md), or says it failed, never waits.
    networkMode: 'always',
    // While a new term's options load, the last ones stay (no blank list between two keystrokes,
    // and a click on an option that stays lands on it); Enter waits for the typed term's own.
    placeholderData: keepPreviousData,
  });
  const settled = typed.trim() === term && !results.isPlaceholderData;
  const options: (ComboboxOption | null)[] = [...(texts.clear && value ? [null] : []), ...(results.data ?? [])];
  // The active option stays within the list as it changes (typing resets it to the first).
  const current = Math.max(0, Math.min(active, options.length - 1));

  const choose = (option: ComboboxOption | null) => {
    if (option?.disabled) return;
    onChange(option?.value ?? null, option);
    setOpen(false);
    edits.current++;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      if (!settled) {
        // Pressed while the typed term's options load: chosen once they arrive, unless the user
        // typed on or closed the list meanwhile.
        const seen = edits.current;
        const typedTerm = typed.trim();
        setTerm(typedTerm);
        void queryClient
          .fetchQuery({ queryKey: [...queryKey, typedTerm], queryFn: ({ signal }) => search(typedTerm, signal), staleTime: 30_000, networkMode: 'always' })
          .then((found) => {
            if (edits.current !== seen) return;
            const arrived = [...(texts.clear && value ? [null] : []), ...found];
            const option = arrived[Math.max(0, Math.min(current, arrived.length - 1))];
            if (option !== undefined) choose(option);
          })
          .catch(() => undefined);
        return;
      }
      const option = options[current];
      if (option !== undefined) choose(option);
      return;
    }
    if (!options.length) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((current + 1) % options.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((current - 1 + options.length) % options.length);
    }
  };
  const optionId = (i: number) => `${listId}-o${i}`;

  return (
    <PopoverPrimitive.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        edits.current++;
        if (o) setTyped('');
        else onBlur?.();
      }}
    >
      <PopoverPrimitive.Trigger asChild disabled={disabled}>
        <button
          ref={ref}
          id={id}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-controls={open ? listId : undefined}
          className={cn(
            'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-card px-3 text-start text-sm focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive',
            className,
          )}
          {...aria}
        >
          <span className={cn('truncate', !value && 'text-muted-foreground')}>{value ? (selectedLabel ?? '…') : texts.placeholder}</span>
          <IconSelector aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        </button>
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align="start"
          sideOffset={6}
          aria-label={texts.search}
          className="z-50 w-[var(--radix-popover-trigger-width)] min-w-64 rounded-md border border-border bg-card p-1 text-card-foreground shadow-lg"
        >
          <input
            autoFocus
            type="text"
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={options.length ? optionId(current) : undefined}
            aria-label={texts.search}
            placeholder={texts.search}
            className="mb-1 h-9 w-full rounded-sm border border-input bg-card px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setActive(0);
              edits.current++;
            }}
            onKeyDown={onKeyDown}
          />
          <ul id={listId} role="listbox" aria-label={texts.search} aria-busy={!settled || undefined} className="max-h-64 overflow-y-auto">
            {options.map((option, i) => (
              <li
                key={option?.value ?? '__none'}
                id={optionId(i)}
                role="option"
                aria-selected={i === current}
                aria-disabled={option?.disabled || undefined}
                className={cn('flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm', i === current && 'bg-muted', option?.disabled && 'cursor-not-allowed text-muted-foreground')}
                onMouseEnter={() => setActive(i)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(option)}
              >
                {option ? (
                  <>
                    <IconCheck aria-hidden className={cn('size-4 shrink-0', option.value === value ? 'opacity-100' : 'opacity-0')} />
                    <span className="min-w-0 flex-1">
                      <span className="block break-words">{option.label}</span>
                      {option.description && <span className="block break-words text-xs text-muted-foreground">{option.description}</span>}
                    </span>
                  </>
                ) : (
                  <>
                    <IconX aria-hidden className="size-4 shrink-0" />
                    <span className="text-muted-foreground">{texts.clear}</span>
                  </>
                )}
              </li>
            ))}
          </ul>
          {results.isFetching && !results.data && (
            <p role="status" className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted-foreground">
              <IconLoader2 aria-hidden className="size-4 animate-spin" />
              {texts.loading}
            </p>
          )}
          {results.isError && <p className="px-2 py-1.5 text-sm text-destructive">{texts.failed}</p>}
          {results.isSuccess && !results.data.length && <p className="px-2 py-1.5 text-sm text-muted-foreground">{texts.empty}</p>}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
