import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { MenuSection } from '@/lib/menu';
import { NavBrand } from './nav-brand';
import { NavMenu } from './nav-menu';

export const NAV_WIDTH = 260;
export const NAV_COLLAPSED_WIDTH = 72;

/**
 * The vertical navigation at the large breakpoint and above: fixed at the inline start (left in
 * LTR, right in RTL). Collapsed, it is a rail of icons that widens over the content while hovered
 * or focused. Its colours follow the semi-dark preference (--ev-menu).
 */
export function VerticalNav({ sections, collapsed }: { sections: MenuSection[]; collapsed: boolean }) {
  const { t } = useTranslation('layout');
  return (
    <aside
      data-testid="vertical-nav"
      className={cn(
        'group/nav fixed inset-y-0 start-0 z-40 flex flex-col overflow-hidden border-e border-border bg-menu text-menu-foreground shadow-sm transition-[width] duration-200 no-print',
        '[[data-skin=bordered]_&]:shadow-none',
        collapsed ? 'w-[72px] hover:w-[260px] hover:shadow-xl focus-within:w-[260px] focus-within:shadow-xl' : 'w-[260px]',
      )}
    >
      <div className="flex h-16 shrink-0 items-center px-5">
        <NavBrand compact={collapsed} className={collapsed ? 'group-hover/nav:[&>span]:not-sr-only group-focus-within/nav:[&>span]:not-sr-only' : ''} />
      </div>
      <nav aria-label={t('menu.label')} className="min-h-0 flex-1 overflow-y-auto overflow-x-hidden pb-4">
        <NavMenu sections={sections} collapsed={collapsed} />
      </nav>
    </aside>
  );
}
