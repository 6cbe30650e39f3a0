import { IconX } from '@tabler/icons-react';
import { cn } from '@/lib/cn';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger, type DialogContentProps } from './dialog';

/**
 * A side sheet on Radix Dialog: modal, focus trapped, Escape closes, focus returned on close.
 * `side` is logical: 'start' is the left in LTR and the right in RTL.
 */
export const Sheet = Dialog;
export const SheetTrigger = DialogTrigger;
export const SheetClose = DialogClose;
export const SheetTitle = DialogTitle;
export const SheetDescription = DialogDescription;

export function SheetContent({
  side = 'end',
  className,
  children,
  closeLabel,
  ...props
}: Omit<DialogContentProps, 'centred'> & { side?: 'start' | 'end'; closeLabel?: string }) {
  return (
    <DialogContent
      centred={false}
      className={cn('inset-y-0 w-full max-w-sm', side === 'start' ? 'start-0 border-e border-border' : 'end-0 border-s border-border', className)}
      {...props}
    >
      {children}
      {closeLabel && (
        <DialogClose className="absolute end-3 top-3 inline-flex size-9 items-center justify-center rounded-md hover:bg-muted" aria-label={closeLabel}>
          <IconX className="size-5" aria-hidden />
        </DialogClose>
      )}
    </DialogContent>
  );
}
