import { useMatches } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollToTop } from '@/components/chrome/scroll-to-top';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { CustomizerButton, CustomizerSheet } from '@/features/customizer/customizer';
import { GlobalSearch } from '@/features/search/global-search';
import { cn } from '@/lib/cn';
import { useVisibleMenu } from '@/lib/menu';
import { useOfflineAgent } from '@/lib/offline/agent';
import { LARGE_QUERY, preferences, useMediaQuery, usePreferences, type BarType } from '@/lib/preferences';
import { useSession } from '@/lib/use-session';
import { AppFooter } from './app-footer';
import { HealthBanner } from './health-banner';
import { HorizontalNav } from './horizontal-nav';
import { NavBrand } from './nav-brand';
import { NavMenu } from './nav-menu';
import { NAVBAR_HEIGHT, Navbar, type MenuButtonMode } from './navbar';
import { NAV_COLLAPSED_WIDTH, NAV_WIDTH, VerticalNav } from './vertical-nav';

const MAIN_CLASS = 'flex-1 px-4 py-6 outline-none md:px-6';
const SKIP_LINK_CLASS = 'sr-only z-[60] rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:start-2 focus:top-2';
const BOXED_CLASS = 'mx-auto w-full max-w-[1280px]';

/**
 * The default layout (spec sections 2 and 4): vertical, collapsed or horizontal navigation as the
 * user chose; below the large breakpoint (1280 px) always a vertical overlay opened by the menu
 * button, the chosen layout coming back when the window is wide again. Around the page: navbar,
 * health banner, footer, the global search (Ctrl+K), the theme customizer and scroll-to-top.
 *
 * Feature UIs (search, customizer) are composed here, at the shell: features never import each
 * other, and this is the one place that puts them together.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation('layout');
  const { data } = useSession();
  const prefs = usePreferences();
  const large = useMediaQuery(LARGE_QUERY);
  const compact = !useMediaQuery('(min-width: 960px)');
  const sections = useVisibleMenu();
  // A fixed-height page (the AI area): the window's height, its panes scrolling inside.
  const fixedHeight = useMatches({ select: (matches) => matches.some((m) => m.staticData?.fixedHeight) });
  // Its panes end at the window's bottom edge (a chat's answer box): the theme customizer's side
  // button is hidden below the medium width, as over a bottom bar (the user menu still opens it).
  useEffect(() => {
    if (!fixedHeight) return;
    const root = document.documentElement;
    root.dataset.fixedHeight = '';
    return () => {
      delete root.dataset.fixedHeight;
    };
  }, [fixedHeight]);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [customizerOpen, setCustomizerOpen] = useState(false);
  const customizerOpener = useRef<HTMLElement | null>(null);
  const searchOpener = useRef<HTMLElement | null>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const closedByNavigation = useRef(false);
  // The device's portfolio synced and its queue sent while a signed-in page is open (docs/offline.md).
  useOfflineAgent();

  // The search and customizer texts are loaded ahead, so opening either never waits.
  useEffect(() => {
    void i18n.loadNamespaces(['customizer', 'search']);
  }, [i18n]);

  // Ctrl+K and ⌘K open the global search from anywhere in the app.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        openSearch();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const horizontal = large && prefs.layoutNav === 'horizontal';
  const verticalFixed = large && prefs.layoutNav === 'vertical';
  const collapsed = verticalFixed && prefs.navCollapsed;
  // Below 1280 px the menu button lives in the navbar, so a hidden navbar shows as static there.
  const navbarType: BarType = !large && prefs.navbarType === 'hidden' ? 'static' : prefs.navbarType;
  const menuButton: MenuButtonMode = !large || (horizontal && prefs.horizontalNavType === 'hidden') ? 'overlay' : verticalFixed ? (collapsed ? 'expand' : 'collapse') : null;
  const boxedClass = prefs.contentWidth === 'boxed' ? BOXED_CLASS : 'w-full';

  /** The dialogs have no Radix trigger, so each remembers what had the focus and gives it back on close. */
  function openSearch() {
    if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body) searchOpener.current = document.activeElement;
    setSearchOpen(true);
  }

  function openCustomizer(opener: HTMLElement | null) {
    customizerOpener.current = opener;
    setCustomizerOpen(true);
  }

  if (!data) return <main className="p-4">{children}</main>;

  return (
    <div className={fixedHeight ? 'h-dvh overflow-hidden' : 'min-h-screen'} data-layout={horizontal ? 'horizontal' : verticalFixed ? (collapsed ? 'collapsed' : 'vertical') : 'overlay'}>
      <a
        href="#main-content"
        onClick={(e) => {
          e.preventDefault();
          mainRef.current?.focus();
        }}
        className={SKIP_LINK_CLASS}
      >
        {t('skipToContent')}
      </a>
      {verticalFixed && <VerticalNav sections={sections} collapsed={collapsed} />}
      <div className={cn('flex flex-col transition-[padding] duration-200', fixedHeight ? 'h-dvh' : 'min-h-screen')} style={{ paddingInlineStart: verticalFixed ? (collapsed ? NAV_COLLAPSED_WIDTH : NAV_WIDTH) : 0 }}>
        <Navbar
          data={data}
          type={navbarType}
          blur={prefs.navbarBlur}
          dir={prefs.direction}
          brand={!verticalFixed}
          compact={compact}
          menuButton={menuButton}
          menuButtonRef={menuButtonRef}
          onMenuButton={() => {
            if (menuButton === 'overlay') setOverlayOpen(true);
            else preferences.set({ navCollapsed: menuButton === 'collapse' });
          }}
          onSearch={openSearch}
          onCustomize={openCustomizer}
          boxedClass={boxedClass}
        />
        {horizontal && <HorizontalNav sections={sections} type={prefs.horizontalNavType} top={navbarType === 'sticky' ? NAVBAR_HEIGHT : 0} dir={prefs.direction} boxedClass={boxedClass} />}
        <HealthBanner />
        <main ref={mainRef} id="main-content" tabIndex={-1} className={cn(MAIN_CLASS, boxedClass, fixedHeight && 'flex min-h-0 flex-col py-3 md:py-4')}>
          {children}
        </main>
        <AppFooter type={prefs.footer} boxedClass={boxedClass} />
      </div>

      <Sheet open={overlayOpen && menuButton === 'overlay'} onOpenChange={setOverlayOpen}>
        <SheetContent
          side="start"
          className="w-[280px] max-w-[85vw] bg-menu text-menu-foreground"
          closeLabel={t('menu.close')}
          aria-describedby={undefined}
          data-testid="overlay-nav"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            // Back to the menu button; after choosing a page, to the new page's content.
            (closedByNavigation.current ? mainRef.current : menuButtonRef.current)?.focus();
            closedByNavigation.current = false;
          }}
        >
          <SheetTitle className="sr-only">{t('menu.label')}</SheetTitle>
          <div className="flex h-16 shrink-0 items-center px-5">
            <NavBrand />
          </div>
          <nav aria-label={t('menu.label')} className="min-h-0 flex-1 overflow-y-auto pb-4">
            <NavMenu
              sections={sections}
              onNavigate={() => {
                closedByNavigation.current = true;
                setOverlayOpen(false);
              }}
            />
          </nav>
        </SheetContent>
      </Sheet>

      <GlobalSearch
        open={searchOpen}
        onOpenChange={setSearchOpen}
        onClosed={() => {
          searchOpener.current?.focus();
          searchOpener.current = null;
        }}
      />
      <CustomizerButton onOpen={openCustomizer} />
      <CustomizerSheet
        open={customizerOpen}
        onOpenChange={setCustomizerOpen}
        onClosed={() => {
          customizerOpener.current?.focus();
          customizerOpener.current = null;
        }}
      />
      <ScrollToTop />
    </div>
  );
}

/**
 * The default layout as a phone shows it before the app starts, for the markup made when the app is
 * built (web/src/prerender.tsx; docs/web-session.md, "The signed-in pages painted before the app"):
 * the navbar with the overlay's menu button and a placeholder for the user's menu, the page's
 * content in the same box as above. The buttons do nothing until the app draws the layout in its place.
 */
export function SignedInShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('layout');
  const none = () => undefined;
  return (
    <div className="min-h-screen" data-layout="overlay">
      <a href="#main-content" className={SKIP_LINK_CLASS}>
        {t('skipToContent')}
      </a>
      <div className="flex min-h-screen flex-col">
        <Navbar data={null} type="static" blur dir="ltr" brand compact menuButton="overlay" menuButtonRef={null} onMenuButton={none} onSearch={none} onCustomize={none} boxedClass={BOXED_CLASS} />
        <main id="main-content" tabIndex={-1} className={cn(MAIN_CLASS, BOXED_CLASS)}>
          {children}
        </main>
      </div>
    </div>
  );
}
