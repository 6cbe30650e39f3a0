import { IconArrowUp } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** Spec section 9: the button appears past 200 px of scroll. */
export const SCROLL_TOP_THRESHOLD = 200;

/** The floating scroll-to-top button: smooth scroll, never printed; above a page's bottom bar (`useBottomBar`). */
export function ScrollToTop() {
  const { t } = useTranslation('layout');
  const [shown, setShown] = useState(false);
  const mark = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!mark.current) return;
    // A 1 px mark ending 200 px down the page, watched as it leaves the top of the viewport (so past
    // 200 px of scroll, not at 200: touching the edge still intersects): no read of the
    // scroll position, which made the browser lay the page out once more on every load and scroll.
    const observer = new IntersectionObserver(([entry]) => setShown(!!entry && !entry.isIntersecting && entry.boundingClientRect.top < 0));
    observer.observe(mark.current);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      {createPortal(<div ref={mark} aria-hidden className="pointer-events-none absolute start-0 h-px w-px" style={{ top: SCROLL_TOP_THRESHOLD - 1 }} />, document.body)}
      {shown && (
        <button
          type="button"
          aria-label={t('scrollTop')}
          title={t('scrollTop')}
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          style={{ bottom: 'calc(1.5rem + var(--bottom-bar, 0px))' }}
          className={cn('no-print fixed end-6 z-40 inline-flex size-11 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition hover:brightness-95')}
        >
          <IconArrowUp aria-hidden className="size-5" />
        </button>
      )}
    </>
  );
}
