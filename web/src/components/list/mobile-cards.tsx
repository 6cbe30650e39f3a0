import type { ReactNode } from 'react';

/** A card that opens its record (a router Link's class in the mobile cards). */
export const CARD_LINK_CLASS = 'flex flex-col gap-1 rounded-md border border-border p-3 text-sm hover:bg-muted/50';

/** Below `sm`, a list's rows as cards (the table shows from `sm` up). `item`: the class and test id of each card's item. */
export function MobileCards<T>({
  label,
  rows,
  rowKey,
  item,
  children,
}: {
  label: string;
  rows: T[];
  rowKey(row: T): string;
  item?: { className: string; testId: string };
  children(row: T): ReactNode;
}) {
  return (
    <ul className="flex flex-col gap-2 sm:hidden" aria-label={label}>
      {rows.map((row) => (
        <li key={rowKey(row)} className={item?.className} data-testid={item?.testId}>
          {children(row)}
        </li>
      ))}
    </ul>
  );
}
