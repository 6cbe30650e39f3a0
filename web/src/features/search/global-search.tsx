import { IconArrowDown, IconArrowUp, IconCornerDownLeft, IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { Fragment, Suspense, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useAbility } from '@/lib/ability';
import { cn } from '@/lib/cn';
import { useVisibleMenu } from '@/lib/menu';
import { registerSearchProvider, searchProviders, subscribeSearchProviders, type SearchProvider, type SearchResult } from '@/lib/search-registry';
import { createMenuProvider, type PageItem } from './menu-provider';

const DEBOUNCE_MS = 120;

interface Group {
  provider: SearchProvider;
  results: SearchResult[];
  failed: boolean;
}

/** The providers this user may use, re-read when one registers or the abilities change. */
function useAllowedProviders(): SearchProvider[] {
  const ability = useAbility();
  const all = useSyncExternalStore(subscribeSearchProviders, searchProviders, searchProviders);
  return useMemo(() => all.filter((p) => ability.can(p.action ?? 'read', p.subject)), [all, ability]);
}

/** Asks every allowed provider (debounced, the previous round aborted) and answers the groups for `term`. */
function useSearch(term: string): { groups: Group[]; loading: boolean } {
  const providers = useAllowedProviders();
  const [state, setState] = useState<{ term: string; providers: SearchProvider[]; groups: Group[] }>({ term: '', providers: [], groups: [] });
  const q = term.trim();
  useEffect(() => {
    if (!q) return;
    const ctrl = new AbortController();
    const timer = window.setTimeout(() => {
      void Promise.allSettled(providers.map((p) => p.search(q, ctrl.signal))).then((settled) => {
        if (ctrl.signal.aborted) return;
        const groups = settled.map((r, i) => ({ provider: providers[i]!, results: r.status === 'fulfilled' ? r.value : [], failed: r.status === 'rejected' }));
        setState({ term: q, providers, groups: groups.filter((g) => g.results.length || g.failed) });
      });
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      ctrl.abort();
    };
  }, [q, providers]);
  if (!q) return { groups: [], loading: false };
  const fresh = state.term === q && state.providers === providers;
  return { groups: fresh ? state.groups : [], loading: !fresh };
}

/** Registers the menu-pages provider for as long as the shell is mounted, reading the current menu and language. */
function useMenuProvider() {
  const { t } = useTranslation('layout');
  const sections = useVisibleMenu();
  // The pages' titles made when a search asks for them, from the menu and language of that moment
  // (not on every page's start).
  const menu = useRef({ sections, t });
  useEffect(() => {
    menu.current = { sections, t };
  }, [sections, t]);
  useEffect(
    () => registerSearchProvider(createMenuProvider((): PageItem[] => menu.current.sections.flatMap((s) => s.entries.map((e) => ({ title: menu.current.t(e.labelKey), section: menu.current.t(s.labelKey), to: e.to }))))),
    [],
  );
}

function SearchBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['search', 'layout']);
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const { groups, loading } = useSearch(term);
  const listId = useId();
  const flat = useMemo(() => groups.flatMap((g) => g.results.map((r) => ({ key: `${g.provider.id}:${r.id}`, result: r }))), [groups]);
  const activeIndex = flat.length ? Math.min(active, flat.length - 1) : -1;
  const optionId = (i: number) => `${listId}-o${i}`;

  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: 'nearest' });
  });

  function go(result: SearchResult) {
    onClose();
    void navigate({ href: result.to });
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (!flat.length) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((activeIndex + 1) % flat.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((activeIndex - 1 + flat.length) % flat.length);
    } else if (e.key === 'Home' && e.ctrlKey) {
      e.preventDefault();
      setActive(0);
    } else if (e.key === 'End' && e.ctrlKey) {
      e.preventDefault();
      setActive(flat.length - 1);
    } else if (e.key === 'Enter' && activeIndex >= 0) {
      e.preventDefault();
      go(flat[activeIndex]!.result);
    }
  }

  const q = term.trim();
  const offsets = groups.map((_, gi) => groups.slice(0, gi).reduce((n, g) => n + g.results.length, 0));
  return (
    <>
      <DialogTitle className="sr-only">{t('title')}</DialogTitle>
      <DialogDescription className="sr-only">{t('hint')}</DialogDescription>
      <div className="flex items-center gap-3 border-b border-border px-4">
        <IconSearch aria-hidden className="size-5 shrink-0 text-muted-foreground" />
        <input
          autoFocus
          role="combobox"
          aria-expanded={flat.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-label={t('label')}
          placeholder={t('placeholder')}
          value={term}
          onChange={(e) => {
            setTerm(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className="h-14 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground focus-visible:outline-none"
          autoComplete="off"
          spellCheck={false}
        />
        <kbd className="hidden rounded border border-border px-1.5 text-[11px] text-muted-foreground sm:inline">Esc</kbd>
      </div>
      <div className="max-h-[min(60vh,28rem)] overflow-y-auto p-2">
        <div id={listId} role="listbox" aria-label={t('results')}>
          {groups.map((g, gi) => (
            <Fragment key={g.provider.id}>
              <div role="group" aria-label={t(g.provider.labelKey)}>
                <div role="presentation" className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                  {t(g.provider.labelKey)}
                </div>
                {g.failed && <p className="px-3 py-2 text-sm text-destructive">{t('failed', { group: t(g.provider.labelKey) })}</p>}
                {g.results.map((r, ri) => {
                  const i = offsets[gi]! + ri;
                  return (
                    <div
                      key={r.id}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === activeIndex}
                      onMouseMove={() => i !== activeIndex && setActive(i)}
                      onClick={() => go(r)}
                      className={cn('flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm', i === activeIndex && 'bg-primary text-primary-foreground')}
                    >
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium">{r.title}</span>
                        {r.subtitle && <span className={cn('block truncate text-xs', i === activeIndex ? '' : 'text-muted-foreground')}>{r.subtitle}</span>}
                      </span>
                      {i === activeIndex && <IconCornerDownLeft aria-hidden className="size-4 shrink-0 rtl:-scale-x-100" />}
                    </div>
                  );
                })}
              </div>
            </Fragment>
          ))}
        </div>
        <div role="status" aria-live="polite" className="text-sm text-muted-foreground">
          {!q && <p className="px-3 py-6 text-center">{t('start')}</p>}
          {q && loading && <p className="px-3 py-6 text-center">{t('searching')}</p>}
          {q && !loading && !flat.length && !groups.some((g) => g.failed) && <p className="px-3 py-6 text-center">{t('empty', { term: q })}</p>}
          {q && !loading && flat.length > 0 && <span className="sr-only">{t('count', { count: flat.length })}</span>}
        </div>
      </div>
      <div className="hidden items-center gap-4 border-t border-border px-4 py-2 text-xs text-muted-foreground sm:flex">
        <span className="inline-flex items-center gap-1">
          <IconArrowUp aria-hidden className="size-3.5" />
          <IconArrowDown aria-hidden className="size-3.5" />
          {t('keys.navigate')}
        </span>
        <span className="inline-flex items-center gap-1">
          <IconCornerDownLeft aria-hidden className="size-3.5" />
          {t('keys.open')}
        </span>
        <span className="inline-flex items-center gap-1">
          <kbd className="font-sans">Esc</kbd>
          {t('keys.close')}
        </span>
      </div>
    </>
  );
}

/**
 * The global search (spec section 2): Ctrl+K / ⌘K or the navbar button open a command dialog; the
 * term goes to every provider the user may use (lib/search-registry); arrows choose, Enter opens,
 * Escape closes and gives the focus back.
 */
export function GlobalSearch({ open, onOpenChange, onClosed }: { open: boolean; onOpenChange: (open: boolean) => void; onClosed: () => void }) {
  const { t } = useTranslation('layout');
  useMenuProvider();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid="global-search"
        centred={false}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          onClosed();
        }}
        className="inset-x-3 top-[8vh] mx-auto max-w-xl overflow-hidden rounded-xl border border-border shadow-2xl"
      >
        <Suspense fallback={<DialogTitle className="p-4 text-sm">{t('search.open')}</DialogTitle>}>
          <SearchBody onClose={() => onOpenChange(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
