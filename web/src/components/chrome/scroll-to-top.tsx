import { IconArrowUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** Spec section 9: the button appears past 200 px of scroll. */
export const SCROLL_TOP_THRESHOLD = 200;

/** The floating scroll-to-top button: smooth scroll, never printed; above a page's bottom bar (`useBottomBar`). */
export function ScrollToTop() {
  const { t } = useTranslation('layout');
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > SCROLL_TOP_THRESHOLD);
    // The position a page starts at, read at its first frame: read now, while the app is still
    // rendering, it made the browser lay the page out an extra time on every load.
    const first = requestAnimationFrame(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(first);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  if (!shown) return null;
  return (
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
  );
}
