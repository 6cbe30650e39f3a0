import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBottomBar } from '@/components/chrome/bottom-bar';
import { Button } from '@/components/ui/button';

/** What the bar says of the last change to the lines (read aloud), with its undo where it has one. */
export interface EntryNotice {
  text: string;
  undo?: () => void;
  /** When it was said: the same text said again is a new notice. */
  at?: number;
}

/**
 * The running total and the close (or the edit's save), fixed at the bottom of the screen
 * (docs/sales.md "On a phone: the fast path"), with the notice of the last line added or removed
 * and its "Desfazer". Its height is kept clear by `useBottomBar`.
 */
export function CloseBar({ count, total, notice, onUndo, action }: { count: number; total: string; notice: EntryNotice | null; onUndo(): void; action: ReactNode }) {
  const { t } = useTranslation('sales');
  const bar = useRef<HTMLDivElement>(null);
  useBottomBar(bar);
  return (
    <div ref={bar} data-testid="entry-bar" className="sticky bottom-0 z-30 -mx-4 -mb-6 flex flex-col gap-1 border-t border-border bg-background px-4 pt-2 shadow-[0_-2px_8px_rgb(0_0_0/0.08)] md:-mx-6 md:px-6" style={{ paddingBottom: 'max(0.5rem, env(safe-area-inset-bottom))' }}>
      <div className="flex min-h-5 flex-wrap items-center gap-x-2 text-sm">
        <p role="status" aria-live="polite" data-testid="entry-notice" className="min-w-0 break-words">
          {notice?.text}
        </p>
        {notice?.undo && (
          <Button variant="link" size="sm" className="h-auto p-0" onClick={onUndo}>
            {t('entry.undo')}
          </Button>
        )}
      </div>
      <div className="flex items-center justify-between gap-3">
        <p className="flex min-w-0 flex-col">
          <span className="text-xs text-muted-foreground">{t('entry.barItems', { count })}</span>
          <span className="text-lg font-semibold tabular-nums" data-testid="entry-bar-total">
            {total}
          </span>
        </p>
        {action}
      </div>
    </div>
  );
}
