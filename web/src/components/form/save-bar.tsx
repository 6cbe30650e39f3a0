import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** What a save was refused for: its text, and whether it is another person's change (then "reload" is offered). */
export type SaveRefusal = string | { text: string; conflict: boolean } | null;

/**
 * A long form's actions, kept in view at the bottom of the screen: the refusal of the last save
 * (another person's change as a warning with a button to reload, anything else as an error), then
 * the form's own row of buttons (`children`).
 */
export function SaveBar({ error, reload, children }: { error: SaveRefusal; reload?: { text: string; onClick: () => void }; children: ReactNode }) {
  const refusal = typeof error === 'string' ? { text: error, conflict: false } : error;
  return (
    <div className="sticky bottom-0 z-10 flex flex-col gap-2 rounded-lg border border-border bg-card p-3 shadow-md">
      {refusal && (
        <Alert variant={refusal.conflict ? 'warning' : 'error'}>
          {refusal.text}
          {refusal.conflict && reload && (
            <Button type="button" variant="link" className="h-auto p-0 ps-1" onClick={reload.onClick}>
              {reload.text}
            </Button>
          )}
        </Alert>
      )}
      {children}
    </div>
  );
}
