import * as DialogPrimitive from '@radix-ui/react-dialog';
import { IconX } from '@tabler/icons-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { useReturnFocus } from './return-focus';

/**
 * The modal dialog every screen builds on (Radix Dialog: focus trapped, Escape and the close
 * button close it, the rest of the page hidden from assistive technology while it is open).
 * Each dialog gives its own size, padding and test id to `DialogContent`.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogTitle = DialogPrimitive.Title;
export const DialogDescription = DialogPrimitive.Description;

/** In the middle of the screen; logical, so RTL too. */
const CENTRED = 'start-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2 rounded-lg rtl:translate-x-1/2';

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  overlayClassName?: string;
  /** In the middle of the screen (default); false: the caller's classes place it. */
  centred?: boolean;
  /** For a dialog with no `DialogTrigger`: the control that opened it gets the focus back on close. */
  returnFocus?: boolean;
}

/** The dimmed overlay and the dialog's box, in a portal. */
export function DialogContent({ className, overlayClassName, centred = true, returnFocus = false, children, ...props }: DialogContentProps) {
  const opener = useReturnFocus();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={cn('fixed inset-0 z-50 bg-black/40', overlayClassName)} />
      <DialogPrimitive.Content
        {...(returnFocus ? opener : undefined)}
        {...props}
        className={cn('fixed z-50 flex flex-col bg-card text-card-foreground shadow-xl outline-none', centred && CENTRED, className)}
      >
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export interface DialogHeaderProps {
  title: ReactNode;
  /** The dialog's accessible description (shown unless `descriptionClassName` hides it). */
  description: ReactNode;
  /** The close button's accessible name ("Fechar"). */
  closeLabel: string;
  /** While something runs that closing would lose. */
  closeDisabled?: boolean;
  titleClassName?: string;
  descriptionClassName?: string;
}

/** The dialog's title and description, with the close button (an X) at the end. */
export function DialogHeader({ title, description, closeLabel, closeDisabled, titleClassName, descriptionClassName }: DialogHeaderProps) {
  return (
    <div className="flex items-start justify-between gap-2">
      <div className="min-w-0">
        <DialogPrimitive.Title className={cn('text-lg font-semibold', titleClassName)}>{title}</DialogPrimitive.Title>
        <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', descriptionClassName)}>{description}</DialogPrimitive.Description>
      </div>
      <DialogPrimitive.Close asChild>
        <Button variant="ghost" size="icon" aria-label={closeLabel} disabled={closeDisabled} className="shrink-0">
          <IconX aria-hidden className="size-4" />
        </Button>
      </DialogPrimitive.Close>
    </div>
  );
}
