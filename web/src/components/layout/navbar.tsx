import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconMenu2, IconSearch } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { Button, buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { BarType, Direction } from '@/lib/preferences';
import { companyName, type SessionBody } from '@/lib/session';
import { BranchSwitcher } from './branch-switcher';
import { NavBrand } from './nav-brand';
import { OfflineIndicator } from './offline-indicator';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

export const NAVBAR_HEIGHT = 64;

export type MenuButtonMode = 'overlay' | 'collapse' | 'expand' | null;

interface NavbarProps {
  /** Null in the markup made when the app is built (web/src/prerender.tsx): no user yet, a placeholder for the user's menu. */
  data: SessionBody | null;
  type: BarType;
  blur: boolean;
  dir: Direction;
  /** Show the brand (no vertical nav beside the navbar). */
  brand: boolean;
  /** Below 960 px (md) the branch and language move into the user menu. */
  compact: boolean;
  menuButton: MenuButtonMode;
  menuButtonRef: Ref<HTMLButtonElement>;
  onMenuButton: () => void;
  onSearch: () => void;
  onCustomize: (opener: HTMLElement | null) => void;
  boxedClass: string;
}

/**
 * The navbar: menu toggle, global search, company and branch, language, theme, user menu. Sticky,
 * static or hidden, with an optional blur (translucent background) while content scrolls under it.
 */
export function Navbar({ data, type, blur, dir, brand, compact, menuButton, menuButtonRef, onMenuButton, onSearch, onCustomize, boxedClass }: NavbarProps) {
  const { t } = useTranslation('layout');
  if (type === 'hidden') return null;
  const menuLabel = menuButton === 'overlay' ? t('menu.open') : menuButton === 'collapse' ? t('menu.collapse') : t('menu.expand');
  const MenuIcon = menuButton === 'overlay' ? IconMenu2 : menuButton === 'collapse' ? IconLayoutSidebarLeftCollapse : IconLayoutSidebarLeftExpand;
  return (
    <header
      data-testid="navbar"
      className={cn(
        'z-30 border-b border-border no-print',
        type === 'sticky' && 'sticky top-0',
        blur ? 'bg-card/75 backdrop-blur-md backdrop-saturate-150' : 'bg-card',
        '[[data-skin=bordered]_&]:shadow-none',
      )}
    >
      <div className={cn('flex h-16 items-center gap-1 px-2 sm:gap-2 sm:px-4 md:px-6', boxedClass)}>
        {menuButton && (
          <button
            ref={menuButtonRef}
            type="button"
            data-testid="menu-button"
            data-shell-action="menu"
            className={buttonVariants({ variant: 'ghost', size: 'icon' })}
            aria-label={menuLabel}
            title={menuLabel}
            onClick={onMenuButton}
            aria-haspopup={menuButton === 'overlay' ? 'dialog' : undefined}
          >
            <MenuIcon aria-hidden className="!size-5 rtl:-scale-x-100" />
          </button>
        )}
        {brand && <NavBrand compact={compact} className="me-2" />}
        {/* Named by its own text (WCAG 2.5.3, Label in Name): shown from md up, read by screen
            readers on a phone too; the shortcut's hint is announced as aria-keyshortcuts, not as a name. */}
        <Button variant="ghost" onClick={onSearch} className="h-10 gap-2 px-2.5 text-muted-foreground md:min-w-56 md:justify-start md:border md:border-border md:bg-background/60" aria-keyshortcuts="Control+K Meta+K" data-shell-action="search">
          <IconSearch aria-hidden className="!size-5" />
          <span className="sr-only md:not-sr-only">{t('search.open')}</span>
          <kbd aria-hidden className="ms-auto hidden rounded border border-border px-1.5 font-sans text-[11px] md:inline">{t('search.shortcut')}</kbd>
        </Button>
        <div className="flex-1" />
        {data && <OfflineIndicator />}
        {!compact && data && (
          <div className="flex min-w-0 items-center gap-1">
            <span className="hidden max-w-48 truncate text-sm font-semibold lg:inline" data-testid="navbar-company" title={companyName(data.company)}>
              {companyName(data.company)}
            </span>
            <BranchSwitcher data={data} dir={dir} />
          </div>
        )}
        {!compact && <LanguageSwitch />}
        <ThemeToggle />
        {data ? <UserMenu data={data} compact={compact} dir={dir} onCustomize={onCustomize} /> : <span aria-hidden className="m-0.5 size-9 rounded-full bg-primary" />}
      </div>
    </header>
  );
}
