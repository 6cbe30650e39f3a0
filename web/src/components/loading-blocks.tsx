import { cn } from '@/lib/cn';

export interface LoadingRow {
  /** How many blocks the row has. */
  count: number;
  /** The row's grid columns by width, e.g. `sm:grid-cols-2 xl:grid-cols-4`. */
  columns?: string;
  /** Each block's height class, e.g. `h-24`. */
  height: string;
}

/**
 * What a page or tab of figures and charts shows while its data loads: rows of pulsing blocks in
 * the layout that will hold the cards, and the loading text for screen readers (`role="status"`).
 */
export function LoadingBlocks({ label, rows, testId }: { label: string; rows: LoadingRow[]; testId?: string }) {
  return (
    <div aria-busy className="flex flex-col gap-4" data-testid={testId}>
      <span className="sr-only" role="status">
        {label}
      </span>
      {rows.map((row, r) => (
        <div key={r} className={cn('grid gap-4', row.columns)}>
          {Array.from({ length: row.count }, (_, i) => (
            <div key={i} aria-hidden className={cn(row.height, 'animate-pulse rounded-lg bg-muted')} />
          ))}
        </div>
      ))}
    </div>
  );
}
