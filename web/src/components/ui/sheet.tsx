import * as DialogPrimitive from '@radix-ui/react-dialog';
import { IconX } from '@tabler/icons-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A side sheet on Radix Dialog: modal, focus trapped, Escape closes, focus returned on close.
 * `side` is logical: 'start' is the left in LTR and the right in RTL.
 */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;
export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;

export function SheetContent({
  side = 'end',
  className,
  overlayClassName,
  children,
  closeLabel,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { side?: 'start' | 'end'; overlayClassName?: string; closeLabel?: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={cn('fixed inset-0 z-50 bg-black/40', overlayClassName)} />
      <DialogPrimitive.Content
        className={cn(
          'fixed inset-y-0 z-50 flex w-full max-w-sm flex-col bg-card text-card-foreground shadow-xl outline-none',
          side === 'start' ? 'start-0 border-e border-border' : 'end-0 border-s border-border',
          className,
        )}
        {...props}
      >
        {children}
        {closeLabel && (
          <DialogPrimitive.Close className="absolute end-3 top-3 inline-flex size-9 items-center justify-center rounded-md hover:bg-muted" aria-label={closeLabel}>
            <IconX className="size-5" aria-hidden />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
