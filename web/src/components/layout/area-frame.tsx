import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * The frame of an area outside the company app (the operators' /admin, a company's store
 * /vendas/<slug>): a skip link to the content, a header with the area's brand on one side and its
 * actions on the other, and the content. Each area keeps its own session and texts.
 */
export function AreaFrame({ mainId, skipLabel, brand, actions, width, children, after }: { mainId: string; skipLabel: string; brand: ReactNode; actions: ReactNode; width: 'wide' | 'narrow'; children: ReactNode; after?: ReactNode }) {
  const bounds = width === 'wide' ? 'max-w-[1280px] md:px-6' : 'max-w-3xl';
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <a href={`#${mainId}`} className="sr-only z-[60] rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:start-2 focus:top-2">
        {skipLabel}
      </a>
      <header className="border-b border-border bg-card">
        <div className={cn('mx-auto flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3', bounds)}>
          {brand}
          <div className="flex flex-wrap items-center gap-2">{actions}</div>
        </div>
      </header>
      <main id={mainId} tabIndex={-1} className={cn('mx-auto flex w-full flex-1 flex-col gap-4 px-4 py-6 outline-none', bounds)}>
        {children}
      </main>
      {after}
    </div>
  );
}
