import { IconChevronDown } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import type { MenuSection } from '@/lib/menu';
import type { BarType, Direction } from '@/lib/preferences';

const itemClass = 'inline-flex h-10 items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors hover:bg-muted data-[state=open]:bg-muted';

/**
 * The horizontal navigation, under the navbar: a section with one entry is a link, a section with
 * more is a dropdown of links (Radix: arrow keys, Escape). Sticky, static or hidden per preference.
 */
export function HorizontalNav({ sections, type, top, dir, boxedClass }: { sections: MenuSection[]; type: BarType; top: number; dir: Direction; boxedClass: string }) {
  const { t } = useTranslation('layout');
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (type === 'hidden') return null;
  return (
    <nav
      aria-label={t('menu.label')}
      data-testid="horizontal-nav"
      className={cn('z-20 border-b border-border bg-card no-print', type === 'sticky' && 'sticky')}
      style={type === 'sticky' ? { top } : undefined}
    >
      <ul className={cn('flex items-center gap-1 overflow-x-auto px-4 py-1.5 md:px-6', boxedClass)}>
        {sections.map((section) => {
          const active = section.entries.some((e) => pathname === e.to || pathname.startsWith(`${e.to}/`));
          const activeClass = active ? 'bg-primary text-primary-foreground hover:bg-primary data-[state=open]:bg-primary' : '';
          if (section.entries.length === 1) {
            const entry = section.entries[0]!;
            const Icon = entry.icon;
            return (
              <li key={section.id}>
                <Link to={entry.to} className={cn(itemClass, activeClass)} activeProps={{ 'aria-current': 'page' }}>
                  <Icon aria-hidden className="size-5" />
                  {t(entry.labelKey)}
                </Link>
              </li>
            );
          }
          const Icon = section.entries[0]!.icon;
          return (
            <li key={section.id}>
              <DropdownMenu dir={dir} modal={false}>
                <DropdownMenuTrigger className={cn(itemClass, activeClass)}>
                  <Icon aria-hidden className="size-5" />
                  {t(section.labelKey)}
                  <IconChevronDown aria-hidden className="size-4" />
                </DropdownMenuTrigger>
                <DropdownMenuContent align="start">
                  {section.entries.map((entry) => {
                    const EntryIcon = entry.icon;
                    return (
                      <DropdownMenuItem key={entry.to} asChild>
                        <Link to={entry.to} activeProps={{ className: 'font-semibold [&>svg]:text-primary', 'aria-current': 'page' }}>
                          <EntryIcon aria-hidden />
                          {t(entry.labelKey)}
                        </Link>
                      </DropdownMenuItem>
                    );
                  })}
                </DropdownMenuContent>
              </DropdownMenu>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
