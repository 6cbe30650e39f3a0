import { useRef } from 'react';

/**
 * For a dialog with no Radix Trigger: the control that opened it gets the focus back on close.
 * `DialogContent`'s `returnFocus` spreads it on the Radix Content: `onOpenAutoFocus` notes the
 * focused control, `onCloseAutoFocus` returns to it while it is still on the page.
 */
export function useReturnFocus() {
  const openerRef = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (e: Event) => {
      e.preventDefault();
      if (openerRef.current?.isConnected) openerRef.current.focus();
    },
  };
}
