import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { createSortedRowModel, rowSortingFeature, tableFeatures, useTable, type ColumnDef, type Row, type SortingState } from '@tanstack/react-table';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { CARDS_CLASSES, MobileCards, type CardsBelow } from './mobile-cards';

/**
 * The one list of the web app, over TanStack Table: the desktop table (from `sm` up when the list
 * has cards, at every width otherwise) and its mobile cards, with sorting by the columns that
 * declare a sort value. The sort is controlled by the page (it lives in the URL's search params):
 * `sort` is a column id, `-id` for descending; it orders the rows loaded so far, or (`serverSorted`) only names the order the server read them in.
 */
export interface ListColumn<T> {
  id: string;
  header: ReactNode;
  cell(row: T): ReactNode;
  /** The value the column sorts by; absent: the column does not sort. */
  sortBy?(row: T): string | number | null | undefined;
  /** The cell's classes (the header takes the alignment). */
  className?: string;
  /** The header cell's own classes (a sticky first column). */
  headerClassName?: string;
  align?: 'start' | 'end';
}

export interface DataListProps<T extends object> {
  /** The table's and the cards' accessible name. */
  label: string;
  rows: T[];
  columns: ListColumn<T>[];
  rowKey(row: T): string;
  /** A row opens its record (the first link in it stays the keyboard's way there). */
  onRowClick?(row: T): void;
  rowTestId?: string;
  /** Below `sm` (or `cardsBelow`), each row as a card; absent: the table at every width (it scrolls sideways). */
  card?(row: T): ReactNode;
  cardItem?: { className: string; testId: string };
  /** Where the cards take over from the table: below `sm` (default) or below `lg` (a table too wide for a tablet). */
  cardsBelow?: CardsBelow;
  sort?: string;
  onSortChange?(sort: string | undefined): void;
  /** The rows come sorted by the server (the whole filtered set, the sort sent with the query): shown as they come, the headers only choosing the sort. */
  serverSorted?: boolean;
  /** The table's own accessible name (absent: none, as the lists had). */
  tableLabel?: string;
  tableClassName?: string;
  tableTestId?: string;
  /** A table wider than the screen: its scroller is focusable (keyboard scrolling) and named. */
  scroll?: { label: string; className: string };
  busy?: boolean;
}

const features = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel() });

const collator = new Intl.Collator('pt-BR', { numeric: true, sensitivity: 'base' });

/** Nulls last whatever the direction is handled by `sortUndefined`; texts by the Portuguese collation, numbers by value. */
function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a ?? ''), String(b ?? ''));
}

export const sortingOf = (sort: string | undefined): SortingState => (sort ? [{ id: sort.replace(/^-/, ''), desc: sort.startsWith('-') }] : []);
/** The props of a list sorted by the URL's `sort` param (`set` patches the route's search). */
export const urlSort = (search: { sort?: string | undefined }, set: (patch: { sort: string | undefined }) => void) => ({ sort: search.sort, onSortChange: (sort: string | undefined) => set({ sort }) });

export const sortParamOf = (sorting: SortingState): string | undefined => (sorting[0] ? `${sorting[0].desc ? '-' : ''}${sorting[0].id}` : undefined);

/** The rows in the order the list shows them under `sort` (as the table sorts them): what "select all" takes, in that order. */
export function sortRows<T>(rows: T[], columns: ListColumn<T>[], sort: string | undefined): T[] {
  const by = sortingOf(sort)[0];
  const column = by && columns.find((c) => c.id === by.id);
  if (!by || !column?.sortBy) return rows;
  const value = column.sortBy;
  const keyed = rows.map((row) => ({ row, v: value(row) ?? null }));
  return keyed.sort((a, b) => (by.desc ? -1 : 1) * compare(a.v, b.v)).map((k) => k.row);
}

export function DataList<T extends object>({ label, rows, columns, rowKey, onRowClick, rowTestId, card, cardItem, cardsBelow = 'sm', sort, onSortChange, serverSorted = false, tableLabel, tableClassName, tableTestId, scroll, busy }: DataListProps<T>) {
  // The table's columns change only with their ids and sortability (pages rebuild their column
  // lists on every render); what a cell shows is read from the page's latest columns.
  const latest = useRef(columns);
  useEffect(() => {
    latest.current = columns;
  });
  const sortable = !!onSortChange;
  const shape = columns.map((c) => `${c.id}${c.sortBy ? '+' : ''}`).join(' ');
  const defs = useMemo<ColumnDef<typeof features, T, unknown>[]>(
    () =>
      shape.split(' ').map((key) => {
        const id = key.replace(/\+$/, '');
        return {
          id,
          accessorFn: (row: T) => latest.current.find((c) => c.id === id)?.sortBy?.(row) ?? null,
          enableSorting: key.endsWith('+') && sortable,
          sortUndefined: 'last',
          sortFn: (a: Row<typeof features, T>, b: Row<typeof features, T>, columnId: string) => compare(a.getValue(columnId), b.getValue(columnId)),
          header: id,
        };
      }),
    [shape, sortable],
  );
  const sorting = useMemo(() => sortingOf(sort), [sort]);
  const table = useTable({
    features,
    columns: defs,
    data: rows,
    getRowId: (row: T) => rowKey(row),
    state: { sorting },
    onSortingChange: (updater) => onSortChange?.(sortParamOf(typeof updater === 'function' ? updater(sorting) : updater)),
    enableMultiSort: false,
    manualSorting: serverSorted,
  });
  const byId = new Map(columns.map((c) => [c.id, c]));
  const sorted = table.getRowModel().rows;

  return (
    <>
      <div className={cn(scroll?.className ?? 'overflow-x-auto', card && CARDS_CLASSES[cardsBelow].table)} aria-busy={busy} tabIndex={scroll ? 0 : undefined} aria-label={scroll?.label}>
        <table className={cn('w-full text-sm', tableClassName)} aria-label={tableLabel} data-testid={tableTestId}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className="border-b border-border">
                {group.headers.map((header) => {
                  const column = byId.get(header.column.id)!;
                  const direction = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                      className={cn('px-3 py-2 font-medium text-muted-foreground', column.align === 'end' ? 'text-end' : 'text-start', column.headerClassName)}
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className={cn('inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring', column.align === 'end' && 'flex-row-reverse')}
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {column.header}
                          {direction === 'asc' ? <IconArrowUp aria-hidden className="size-3.5" /> : direction === 'desc' ? <IconArrowDown aria-hidden className="size-3.5" /> : <IconArrowsSort aria-hidden className="size-3.5 opacity-40" />}
                        </button>
                      ) : (
                        column.header
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {sorted.map((row) => (
              <tr
                key={row.id}
                className={cn('border-b border-border last:border-0 hover:bg-muted/50', onRowClick && 'cursor-pointer')}
                onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                data-testid={rowTestId}
              >
                {row.getAllCells().map((cell) => {
                  const column = byId.get(cell.column.id)!;
                  return (
                    <td key={cell.id} className={cn('px-3 py-2', column.align === 'end' && 'text-end', column.className)}>
                      {column.cell(row.original)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {card && (
        <MobileCards label={label} rows={sorted.map((r) => r.original)} rowKey={rowKey} item={cardItem} below={cardsBelow}>
          {card}
        </MobileCards>
      )}
    </>
  );
}

/** What a table of a module's records takes from the page that shows it: its rows, its sort and what opening a record does. */
export interface RecordTableProps<T> {
  label: string;
  rows: T[];
  sort?: string;
  onSortChange?(sort: string | undefined): void;
  onOpen(id: string): void;
  serverSorted?: boolean;
}

/**
 * A module's records as a table too wide for a tablet (cards below `lg`), keyed by id; a row's
 * click opens its record. The sales and schedulings lists (and a client's tabs of them) show theirs so.
 */
export function RecordTable<T extends { id: string }>({ onOpen, ...props }: RecordTableProps<T> & Pick<DataListProps<T>, 'columns' | 'card' | 'rowTestId'>) {
  return <DataList<T> {...props} rowKey={(r) => r.id} onRowClick={(r) => onOpen(r.id)} cardsBelow="lg" />;
}
