import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { MenuSection } from '@/lib/menu';

/**
 * The vertical menu's sections and entries. `collapsed` shows icons only; the labels stay in the
 * accessibility tree and come back when the collapsed nav is hovered or holds the focus.
 */
export function NavMenu({ sections, collapsed = false, onNavigate }: { sections: MenuSection[]; collapsed?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('layout');
  const label = collapsed ? 'sr-only group-hover/nav:not-sr-only group-focus-within/nav:not-sr-only' : '';
  return (
    <div className="flex flex-col gap-4 px-3 py-2">
      {sections.map((section) => (
        <div key={section.id} role="group" aria-labelledby={`nav-section-${section.id}`}>
          <div
            id={`nav-section-${section.id}`}
            className={cn('mb-1 truncate px-3 text-xs font-semibold uppercase tracking-wide opacity-75', collapsed && 'relative h-4 px-0 group-hover/nav:px-3 group-focus-within/nav:px-3')}
          >
            <span className={label}>{t(section.labelKey)}</span>
            {collapsed && <span aria-hidden className="absolute inset-x-3 top-2 h-px bg-current opacity-40 group-hover/nav:hidden group-focus-within/nav:hidden" />}
          </div>
          <ul className="flex flex-col gap-0.5">
            {section.entries.map((entry) => {
              const Icon = entry.icon;
              return (
                <li key={entry.to}>
                  <Link
                    to={entry.to}
                    onClick={onNavigate}
                    className="flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors hover:bg-[color-mix(in_oklab,currentColor_10%,transparent)]"
                    activeProps={{ className: '!bg-primary !text-primary-foreground shadow-sm', 'aria-current': 'page' }}
                  >
                    <Icon aria-hidden className="size-5 shrink-0" />
                    <span className={cn('truncate', label)}>{t(entry.labelKey)}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}
