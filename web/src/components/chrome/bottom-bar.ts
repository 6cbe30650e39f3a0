import { useEffect, type RefObject } from 'react';

/**
 * A page's bar fixed at the bottom of the screen (the order entry's total and close): while it is
 * shown, its height is the page's `--bottom-bar` (the scroll-to-top button floats above it), the
 * browser scrolls a focused field clear of it (`scroll-padding-bottom`), and `data-bottom-bar` on
 * the document hides the theme customizer's side button at phone width (the user menu still opens
 * the customizer), so nothing floats over a field, the total or the bar's buttons.
 */
export function useBottomBar(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const apply = () => {
      const height = `${Math.ceil(el.getBoundingClientRect().height)}px`;
      root.style.setProperty('--bottom-bar', height);
      root.style.scrollPaddingBottom = height;
    };
    apply();
    root.dataset.bottomBar = '';
    const observer = new ResizeObserver(apply);
    observer.observe(el);
    return () => {
      observer.disconnect();
      delete root.dataset.bottomBar;
      root.style.removeProperty('--bottom-bar');
      root.style.scrollPaddingBottom = '';
    };
  }, [ref]);
}
