import { IconFileImport } from '@tabler/icons-react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { Job } from '@ev/shared/schemas/jobs';
import { Button, type ButtonProps } from '@/components/ui/button';
import { ImportDialog, type ImportDialogProps } from './import-dialog';

export interface ImportButtonProps extends Pick<ImportDialogProps, 'name' | 'title' | 'confirmLabel'> {
  /** The button's text. */
  label: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  /** The queries the import changes: refreshed once a run finished. */
  refresh: QueryKey;
  /** After a run finished, besides the refresh; `close` shuts the dialog (a fresh one opens next time). */
  onDone?(job: Job, close: () => void): void;
}

/**
 * A page's "import" action: the button and the shared import dialog it opens (docs/jobs.md), with
 * the lists the import changes refreshed when the run is done.
 */
export function ImportButton({ name, label, title, confirmLabel, variant = 'outline', size, refresh, onDone }: ImportButtonProps) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  // Bumped on close after a run: the next opening starts a new dialog, not the finished one.
  const [round, setRound] = useState(0);
  const close = () => {
    setOpen(false);
    setRound((n) => n + 1);
  };
  return (
    <>
      <Button variant={variant} size={size} onClick={() => setOpen(true)}>
        <IconFileImport aria-hidden />
        {label}
      </Button>
      <ImportDialog
        key={round}
        name={name}
        title={title}
        open={open}
        onOpenChange={setOpen}
        confirmLabel={confirmLabel}
        onDone={(job) => {
          void qc.invalidateQueries({ queryKey: refresh });
          onDone?.(job, close);
        }}
      />
    </>
  );
}
