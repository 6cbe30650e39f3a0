import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The table cells' classes of the sale's page. */
export const TH = 'px-3 py-2 text-start text-xs font-medium text-muted-foreground';
export const TD = 'px-3 py-2 align-top';
export const END = 'text-end tabular-nums whitespace-nowrap';

/** A table wider than a phone: its scroller is focusable and named (keyboard scrolling). */
export function Scroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-md border border-border" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

/** One field of a section: its label over its value ("—" when there is none). */
export interface FieldRow {
  label: string;
  value: ReactNode;
  testId?: string;
  /** Long text (observations): the whole row, its line breaks kept. */
  wide?: boolean;
}

/** A section's fields: two columns below `lg` (a phone reads them without scrolling a long column), four from it. */
export function Fields({ rows, testId, className }: { rows: FieldRow[]; testId?: string; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:gap-x-6 lg:grid-cols-4', className)} data-testid={testId}>
      {rows.map((r) => (
        <div key={r.label} className={cn('flex min-w-0 flex-col', r.wide && 'col-span-2 lg:col-span-4')} data-testid={r.testId}>
          <dt className="text-muted-foreground">{r.label}</dt>
          <dd className={cn('break-words', r.wide && 'whitespace-pre-line')}>{r.value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A card of a list shown as cards on a phone (the items, the installments). */
export function CardRow({ testId, children, muted, ...rest }: { testId: string; children: ReactNode; muted?: boolean } & Record<`data-${string}`, unknown>) {
  return (
    <li className={cn('flex flex-col gap-1 rounded-md border border-border p-3 text-sm', muted && 'text-muted-foreground')} data-testid={testId} {...rest}>
      {children}
    </li>
  );
}

/** A label and its value on one line of a card. */
export function CardLine({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-3">
      <span className="text-muted-foreground">{label}</span>
      <span className={cn('text-end tabular-nums', strong && 'font-medium')}>{children}</span>
    </div>
  );
}
