import { useMemo, useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { CARDS_CLASSES, type CardsBelow } from './mobile-cards';

/**
 * Rows chosen on a list for an action over them (schedule visits to the chosen clients): a checkbox
 * per row and per card, "select all on this page" (the rows loaded, in the order shown), the count,
 * a limit with its reason, and the action's buttons. The choice outlives a change of search or
 * filter (a user may gather clients from two cities), in the order chosen; the action clears it.
 * The texts are the action's (its feature's namespace): the list only hosts it.
 */
export interface RowSelectionTexts {
  /** The bar's accessible name ("Clientes escolhidos"). */
  label: string;
  /** The header's and the cards' check-all box. */
  selectAll: string;
  /** One row's box, named by the row. */
  select(name: string): string;
  /** "Nenhum cliente selecionado", "3 clientes selecionados". */
  count(count: number): string;
  clear: string;
  /** Why one more cannot be chosen ("Escolha no máximo 300 clientes de uma vez."). */
  tooMany: string;
}

export type RowSelection<T> = ReturnType<typeof useRowSelection<T>>;

/** The chosen rows by key, in the order chosen, at most `max`. */
export function useRowSelection<T>(rowKey: (row: T) => string, max: number) {
  const [chosen, setChosen] = useState<ReadonlyMap<string, T>>(() => new Map());
  // An attempt went past `max`: said until the choice shrinks.
  const [refused, setRefused] = useState(false);
  const rows = useMemo(() => [...chosen.values()], [chosen]);

  const has = (row: T) => chosen.has(rowKey(row));
  const stateOf = (shown: T[]): 'all' | 'some' | 'none' => {
    const n = shown.filter(has).length;
    return n === 0 ? 'none' : n === shown.length ? 'all' : 'some';
  };
  const remove = (gone: T[]) => {
    const next = new Map(chosen);
    for (const row of gone) next.delete(rowKey(row));
    setChosen(next);
    setRefused(false);
  };
  const add = (more: T[]) => {
    const next = new Map(chosen);
    for (const row of more) {
      if (next.has(rowKey(row))) continue;
      if (next.size >= max) {
        setRefused(true);
        break;
      }
      next.set(rowKey(row), row);
    }
    setChosen(next);
  };
  return {
    rows,
    size: chosen.size,
    max,
    refused,
    has,
    stateOf,
    toggle: (row: T) => (has(row) ? remove([row]) : add([row])),
    /** Every shown row chosen: unchoose them; otherwise choose those missing, in the order shown. */
    toggleAll: (shown: T[]) => (stateOf(shown) === 'all' ? remove(shown) : add(shown)),
    clear: () => {
      setChosen(new Map());
      setRefused(false);
    },
  };
}

/**
 * A row's (or the check-all) box, keyboard-usable (Space), in a label that widens the spot a finger
 * or a click hits; clicks stop here so a row that opens its record on click does not open.
 */
export function SelectBox({ checked, mixed = false, label, shown = false, onChange, className }: { checked: boolean; mixed?: boolean; label: string; /** The label written beside the box (otherwise its accessible name only). */ shown?: boolean; onChange(): void; className?: string }) {
  return (
    <label className={cn('-m-1 inline-flex cursor-pointer items-center gap-2 p-1.5', className)} onClick={(e) => e.stopPropagation()}>
      <input
        type="checkbox"
        className="size-4 shrink-0 cursor-pointer accent-primary"
        aria-label={shown ? undefined : label}
        checked={checked}
        ref={(el) => {
          if (el) el.indeterminate = mixed;
        }}
        onChange={onChange}
      />
      {shown && label}
    </label>
  );
}

/** The check-all box of the shown rows (all, some or none of them chosen). */
export function SelectAllBox<T>({ selection, shown, label, written = false, className }: { selection: RowSelection<T>; shown: T[]; label: string; written?: boolean; className?: string }) {
  const state = selection.stateOf(shown);
  return <SelectBox checked={state === 'all' && shown.length > 0} mixed={state === 'some'} label={label} shown={written} className={className} onChange={() => selection.toggleAll(shown)} />;
}

/**
 * Above the list: the check-all box where the rows are cards (the table has its own in its header),
 * how many are chosen, "Limpar seleção", the action's buttons, and the limit's reason when hit.
 */
export function SelectionBar<T>({ selection, shown, texts, cardsBelow = 'sm', children }: { selection: RowSelection<T>; shown: T[]; texts: RowSelectionTexts; cardsBelow?: CardsBelow; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <div role="group" aria-label={texts.label} tabIndex={-1} data-selection-bar="" className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-border bg-muted/40 px-3 py-2 outline-none">
        {shown.length > 0 && <SelectAllBox selection={selection} shown={shown} label={texts.selectAll} written className={cn('text-sm', CARDS_CLASSES[cardsBelow].cards)} />}
        <p role="status" className="text-sm font-medium" data-testid="selection-count">
          {texts.count(selection.size)}
        </p>
        {selection.size > 0 && (
          <Button variant="ghost" size="sm" onClick={selection.clear}>
            {texts.clear}
          </Button>
        )}
        <div className="ms-auto flex flex-wrap gap-2">{children}</div>
      </div>
      {selection.refused && <Alert variant="warning">{texts.tooMany}</Alert>}
    </div>
  );
}
