import { IconCalendarTime, IconFilePencil, IconInfoCircle, IconRoute, IconShoppingCartPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useAbility } from '@/lib/ability';
import { cn } from '@/lib/cn';

/** The user's scheduling under way, as the home links it. */
export interface ActiveSchedulingLink {
  id: string;
  name: string;
}

/** The drafts in the user's scope, as `GET /sales/totals?drafts=true` counts them (`exact`: the count reached the end). */
export interface DraftsCount {
  count: number;
  exact: boolean;
}

export interface HomeShortcutsProps {
  /** The scheduling under way: undefined while asked, null without one (or when it could not be read). */
  active: ActiveSchedulingLink | null | undefined;
  /** The drafts: undefined while counted, null when the count failed. */
  drafts: DraftsCount | null | undefined;
}

// Every box has a fixed height, whatever it holds or whether it has loaded: nothing below moves when the answers arrive.
const TILE = 'flex h-16 min-w-0 flex-col items-center justify-center gap-1 rounded-md border border-border bg-card px-2 text-center text-xs font-medium leading-tight hover:bg-muted sm:h-12 sm:flex-row sm:gap-2 sm:text-sm [&_svg]:size-5 [&_svg]:shrink-0 [&_svg]:text-primary';
const STRIP = 'flex h-16 items-center gap-3 rounded-md border px-3 text-xs sm:text-sm md:h-12';
const COLUMNS = ['', 'grid-cols-1', 'grid-cols-2', 'grid-cols-3'] as const;

/**
 * The home's shortcuts (issue 41, docs/sales.md "Home shortcuts"), above everything else: on a
 * phone, the first thing a salesperson sees. A new order (create vendas), today's itinerary (read
 * agendamentos: `/schedulings/itineraries`, today when no date is given), the drafts with their
 * count (read vendas: the sales list's drafts tab, counted by the list's own count), and, for who
 * reads agendamentos, the scheduling under way with a link to it, or the hint that only one can be
 * active at a time. What is shown follows the abilities (known at once); the answers only fill
 * boxes of a fixed height.
 */
export function HomeShortcuts({ active, drafts }: HomeShortcutsProps) {
  const { t } = useTranslation('home');
  const ability = useAbility();
  const headingId = useId();
  const takesOrders = ability.can('create', 'vendas');
  const readsSales = ability.can('read', 'vendas');
  const readsSchedulings = ability.can('read', 'agendamentos');
  const tiles = [takesOrders, readsSchedulings, readsSales].filter(Boolean).length;
  if (!tiles) return null;
  return (
    <section aria-labelledby={headingId} data-testid="home-shortcuts" className="flex flex-col gap-2">
      <h2 id={headingId} className="sr-only">
        {t('shortcuts.title')}
      </h2>
      <ul className={cn('grid gap-2', COLUMNS[tiles])}>
        {takesOrders && (
          <li className="min-w-0">
            <Link to="/sales/create/{-$id}" params={{ id: undefined }} className={TILE}>
              <IconShoppingCartPlus aria-hidden />
              <span className="max-w-full truncate">{t('newOrder')}</span>
            </Link>
          </li>
        )}
        {readsSchedulings && (
          <li className="min-w-0">
            <Link to="/schedulings/itineraries" className={TILE}>
              <IconRoute aria-hidden />
              <span className="max-w-full truncate">{t('shortcuts.itinerary')}</span>
            </Link>
          </li>
        )}
        {readsSales && (
          <li className="min-w-0">
            <Link to="/sales" search={{ tab: 'drafts' }} className={cn(TILE, 'relative')} data-testid="drafts-shortcut">
              <IconFilePencil aria-hidden />
              <span className="max-w-full truncate">{t('shortcuts.drafts')}</span>
              <DraftsBadge drafts={drafts} />
            </Link>
          </li>
        )}
      </ul>
      {readsSchedulings && <ActiveOrHint active={active} />}
    </section>
  );
}

/**
 * The drafts' count in a badge: "…" while counted, nothing when the count failed, "1000+" when it
 * stopped short. In the tile's corner on a phone (the label keeps the tile's width), after the label above.
 */
function DraftsBadge({ drafts }: { drafts: DraftsCount | null | undefined }) {
  const { t } = useTranslation('home');
  if (drafts === null) return null;
  return (
    <span data-testid="drafts-count" className="absolute top-1.5 right-1.5 inline-flex h-5 min-w-6 items-center justify-center rounded-full bg-primary/15 px-1.5 text-xs font-semibold tabular-nums text-foreground sm:static">
      {drafts === undefined ? (
        <>
          <span aria-hidden>…</span>
          <span className="sr-only">{t('shortcuts.counting')}</span>
        </>
      ) : drafts.exact ? (
        drafts.count
      ) : (
        t('shortcuts.atLeast', { count: drafts.count })
      )}
    </span>
  );
}

/**
 * The scheduling under way with a link to it, or the spec's hint: the hint while asked too (the
 * rule holds either way), so the box never stands empty and its text is on screen from the first
 * paint; the link takes its place when a scheduling is under way.
 */
function ActiveOrHint({ active }: { active: ActiveSchedulingLink | null | undefined }) {
  const { t } = useTranslation('home');
  if (active) {
    return (
      <section aria-label={t('activeScheduling.label')} data-testid="active-scheduling" className={cn(STRIP, 'border-primary/30 bg-primary/10')}>
        <IconCalendarTime aria-hidden className="size-4 shrink-0" />
        <span className="line-clamp-2 min-w-0 flex-1 break-words">{t('activeScheduling.text', { name: active.name })}</span>
        <Button asChild size="sm" variant="outline">
          <Link to="/schedulings/$id" params={{ id: active.id }}>
            {t('activeScheduling.open')}
          </Link>
        </Button>
      </section>
    );
  }
  return (
    <p data-testid="scheduling-hint" aria-busy={active === undefined || undefined} className={cn(STRIP, 'border-border bg-card text-muted-foreground')}>
      <IconInfoCircle aria-hidden className="size-4 shrink-0" />
      <span className="line-clamp-3 min-w-0 flex-1 sm:line-clamp-2">{t('schedulingHint')}</span>
    </p>
  );
}
