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
    // The height as the observer reports it, after the browser's own layout of the frame: asking
    // the element here (getBoundingClientRect) laid the whole page out inside the render's task, a
    // slow phone's longest (docs/benchmarks.md, "lighthouse"). Written only when it changes: the
    // variable is inherited, so each write restyles the page.
    let shown = '';
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.borderBoxSize?.[0];
      const height = `${Math.ceil(box ? box.blockSize : el.offsetHeight)}px`;
      if (height === shown) return;
      shown = height;
      root.style.setProperty('--bottom-bar', height);
      root.style.scrollPaddingBottom = height;
    });
    root.dataset.bottomBar = '';
    observer.observe(el);
    return () => {
      observer.disconnect();
      delete root.dataset.bottomBar;
      root.style.removeProperty('--bottom-bar');
      root.style.scrollPaddingBottom = '';
    };
  }, [ref]);
}
