import type { Key, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface CompactColumn<T> {
  header: ReactNode;
  /** The header cell's own classes (its width). */
  headerClassName?: string;
  /** The body cells' own classes (wrapping, figures). */
  className?: string;
  cell(row: T, index: number): ReactNode;
}

export interface CompactTableProps<T> {
  /** The table's name (its caption, read by screen readers) and its scroll box's. */
  caption: string;
  columns: CompactColumn<T>[];
  rows: readonly T[];
  rowKey(row: T): Key;
  /** The scroll box's classes: its height. */
  className?: string;
  'data-testid'?: string;
}

/**
 * A small table inside a dialog (the rejected lines of an import, a preview): in its own bordered
 * box that scrolls under a sticky header, and that the keyboard can reach and scroll.
 */
export function CompactTable<T>({ caption, columns, rows, rowKey, className, 'data-testid': testId }: CompactTableProps<T>) {
  return (
    // Positioned, so text hidden for the eye inside a cell (`sr-only`, absolutely placed) scrolls
    // with the box instead of widening the page.
    <div className={cn('relative min-h-0 overflow-auto rounded-md border border-border', className)} tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-card">
          <tr className="border-b border-border text-xs text-muted-foreground">
            {columns.map((c, i) => (
              <th key={i} scope="col" className={cn('px-2 py-1.5 text-start font-medium', c.headerClassName)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={rowKey(row)} className="border-b border-border last:border-0">
              {columns.map((c, i) => (
                <td key={i} className={cn('px-2 py-1.5', c.className)}>
                  {c.cell(row, r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
