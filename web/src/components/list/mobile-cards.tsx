import type { ReactNode } from 'react';

/** A card that opens its record (a router Link's class in the mobile cards). */
export const CARD_LINK_CLASS = 'flex flex-col gap-1 rounded-md border border-border p-3 text-sm hover:bg-muted/50';

/** Where a list turns into cards: below `sm` (600 px, the default) or below `lg` (1280 px, a wide table). */
export type CardsBelow = 'sm' | 'lg';

/** The classes of the table (shown from the breakpoint up) and of the cards (below it), written out for Tailwind. */
export const CARDS_CLASSES: Record<CardsBelow, { table: string; cards: string }> = {
  sm: { table: 'hidden sm:block', cards: 'sm:hidden' },
  lg: { table: 'hidden lg:block', cards: 'lg:hidden' },
};

/** Below `sm` (or `below`), a list's rows as cards (the table shows from there up). `item`: the class and test id of each card's item. */
export function MobileCards<T>({
  label,
  rows,
  rowKey,
  item,
  below = 'sm',
  children,
}: {
  label: string;
  rows: T[];
  rowKey(row: T): string;
  item?: { className: string; testId: string };
  below?: CardsBelow;
  children(row: T): ReactNode;
}) {
  return (
    <ul className={`flex flex-col gap-2 ${CARDS_CLASSES[below].cards}`} aria-label={label}>
      {rows.map((row) => (
        <li key={rowKey(row)} className={item?.className} data-testid={item?.testId}>
          {children(row)}
        </li>
      ))}
    </ul>
  );
}
