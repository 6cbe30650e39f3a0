import { useBlocker } from '@tanstack/react-router';
import { useRef, type RefObject } from 'react';

/**
 * Leaving a form with unsaved changes asks first: a move to another page (the router's) and
 * closing or reloading the tab (the browser's). The form sets the returned flag once its save
 * succeeded, so the move to the saved record is not asked about.
 */
export function useLeaveGuard(isDirty: () => boolean, question: string): RefObject<boolean> {
  const saved = useRef(false);
  useBlocker({
    shouldBlockFn: () => !saved.current && isDirty() && !window.confirm(question),
    enableBeforeUnload: () => !saved.current && isDirty(),
  });
  return saved;
}
