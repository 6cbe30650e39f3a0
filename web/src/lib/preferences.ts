import { useSyncExternalStore } from 'react';
import { StorageKeys } from './storage-keys';

/**
 * Display preferences (spec sections 3 and 4): kept in localStorage, one key per option, each
 * prefixed with the app's name (`escritorio-virtual-<key>`), and applied to <html> as attributes
 * and CSS variables. web/index.html carries a tiny copy of `applyPreferences` that runs before the
 * first paint (so a reload never flashes); keep the two in step (tests/e2e/customizer.spec.ts
 * compares them).
 */
export type ThemeChoice = 'light' | 'dark' | 'system';
export type Direction = 'ltr' | 'rtl';
export type ContentWidth = 'boxed' | 'fluid';
export type LayoutNav = 'vertical' | 'horizontal';
export type Skin = 'default' | 'bordered';
export type BarType = 'sticky' | 'static' | 'hidden';

export interface Preferences {
  theme: ThemeChoice;
  direction: Direction;
  contentWidth: ContentWidth;
  layoutNav: LayoutNav;
  navCollapsed: boolean;
  skin: Skin;
  primaryColor: string;
  semiDark: boolean;
  navbarType: BarType;
  navbarBlur: boolean;
  footer: BarType;
  horizontalNavType: BarType;
}

/** The spec's defaults (section 4): nav collapsed, semi-dark on, theme system, boxed width, static navbar with blur, footer hidden, horizontal nav sticky. */
export const PREFERENCE_DEFAULTS: Readonly<Preferences> = Object.freeze({
  theme: 'system',
  direction: 'ltr',
  contentWidth: 'boxed',
  layoutNav: 'vertical',
  navCollapsed: true,
  skin: 'default',
  primaryColor: '#15803d',
  semiDark: true,
  navbarType: 'static',
  navbarBlur: true,
  footer: 'hidden',
  horizontalNavType: 'sticky',
});

/** The storage key (after the prefix) of each option. */
export const PREFERENCE_KEYS: Readonly<Record<keyof Preferences, string>> = Object.freeze({
  theme: 'theme',
  direction: 'direction',
  contentWidth: 'content-width',
  layoutNav: 'layout-nav',
  navCollapsed: 'nav-collapsed',
  skin: 'skin',
  primaryColor: 'primary-color',
  semiDark: 'semi-dark',
  navbarType: 'navbar-type',
  navbarBlur: 'navbar-blur',
  footer: 'footer',
  horizontalNavType: 'horizontal-nav-type',
});

/** The resolved scheme (light or dark) is kept too, as the spec's "color scheme" key. */
export const COLOR_SCHEME_KEY = StorageKeys.pref('color-scheme');

const CHOICES: { [K in keyof Preferences]?: readonly string[] } = {
  theme: ['light', 'dark', 'system'],
  direction: ['ltr', 'rtl'],
  contentWidth: ['boxed', 'fluid'],
  layoutNav: ['vertical', 'horizontal'],
  skin: ['default', 'bordered'],
  navbarType: ['sticky', 'static', 'hidden'],
  footer: ['sticky', 'static', 'hidden'],
  horizontalNavType: ['sticky', 'static', 'hidden'],
};

const HEX = /^#[0-9a-f]{6}$/i;

function readOne<K extends keyof Preferences>(key: K): Preferences[K] {
  const fallback = PREFERENCE_DEFAULTS[key];
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(StorageKeys.pref(PREFERENCE_KEYS[key]));
  } catch {
    return fallback;
  }
  if (raw === null) return fallback;
  if (typeof fallback === 'boolean') return (raw === 'true' ? true : raw === 'false' ? false : fallback) as Preferences[K];
  if (key === 'primaryColor') return (HEX.test(raw) ? raw.toLowerCase() : fallback) as Preferences[K];
  return (CHOICES[key]?.includes(raw) ? raw : fallback) as Preferences[K];
}

export function readPreferences(): Preferences {
  const out = {} as Record<keyof Preferences, unknown>;
  for (const key of Object.keys(PREFERENCE_DEFAULTS) as (keyof Preferences)[]) out[key] = readOne(key);
  return withInterplay(out as unknown as Preferences, {});
}

export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-color-scheme: dark)').matches;
}

export function resolvedScheme(p: Pick<Preferences, 'theme'>): 'light' | 'dark' {
  if (p.theme === 'system') return systemPrefersDark() ? 'dark' : 'light';
  return p.theme;
}

function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** The dark text colour used on light primaries. */
export const DARK_ON_PRIMARY = '#111827';

/**
 * White or dark text on a colour, whichever contrasts more (WCAG ratio). The default green
 * (#15803d) takes white text at 5.0:1; a lighter green such as #16a34a would take dark text.
 */
export function foregroundOn(hex: string): string {
  const l = luminance(hex);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance(DARK_ON_PRIMARY) + 0.05);
  return onWhite >= onDark ? '#ffffff' : DARK_ON_PRIMARY;
}

/**
 * Puts the preferences on <html>: the attributes the CSS reads, dir, and the primary colour. Only
 * what differs is written: a write of the same value to <html> still makes the browser match every
 * style rule again (about 100 ms on a phone at the app's start, where the page's head script has
 * put them already).
 */
export function applyPreferences(p: Preferences): void {
  const root = document.documentElement;
  const scheme = resolvedScheme(p);
  const data: Record<string, string> = {
    theme: scheme,
    semiDark: String(p.semiDark),
    skin: p.skin,
    contentWidth: p.contentWidth,
    layoutNav: p.layoutNav,
    navCollapsed: String(p.navCollapsed),
    navbarType: p.navbarType,
    navbarBlur: String(p.navbarBlur),
    footer: p.footer,
    horizontalNavType: p.horizontalNavType,
  };
  for (const [name, value] of Object.entries(data)) if (root.dataset[name] !== value) root.dataset[name] = value;
  if (root.dir !== p.direction) root.dir = p.direction;
  const colours = { '--ev-primary': p.primaryColor, '--ev-primary-foreground': foregroundOn(p.primaryColor) };
  for (const [name, value] of Object.entries(colours)) if (root.style.getPropertyValue(name) !== value) root.style.setProperty(name, value);
  const themeColour = document.querySelector('meta[name="theme-color"]');
  if (themeColour && themeColour.getAttribute('content') !== p.primaryColor) themeColour.setAttribute('content', p.primaryColor);
  try {
    if (localStorage.getItem(COLOR_SCHEME_KEY) !== scheme) localStorage.setItem(COLOR_SCHEME_KEY, scheme);
  } catch {
    // Storage full or blocked: the page still shows the choice.
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Preferences | null = null;

function snapshot(): Preferences {
  current ??= readPreferences();
  return current;
}

/** Stores the options that were chosen or changed (a reset removes them all), applies, notifies. */
function commit(next: Preferences, keys: (keyof Preferences)[], remove = false): void {
  for (const key of keys) {
    const storageKey = StorageKeys.pref(PREFERENCE_KEYS[key]);
    try {
      if (remove) localStorage.removeItem(storageKey);
      else localStorage.setItem(storageKey, String(next[key]));
    } catch {
      // Not persisted; still applied.
    }
  }
  current = next;
  applyPreferences(next);
  for (const l of listeners) l();
}

/**
 * The spec's interplay (section 4): switching to horizontal navigation un-collapses the vertical
 * nav and turns a hidden navbar into a sticky one (the horizontal menu lives in the navbar).
 */
export function withInterplay(prev: Preferences, patch: Partial<Preferences>): Preferences {
  const next = { ...prev, ...patch };
  if (next.layoutNav === 'horizontal') {
    next.navCollapsed = false;
    if (next.navbarType === 'hidden') next.navbarType = 'sticky';
  }
  if (!HEX.test(next.primaryColor)) next.primaryColor = prev.primaryColor;
  next.primaryColor = next.primaryColor.toLowerCase();
  return next;
}

export const preferences = {
  get: snapshot,
  set(patch: Partial<Preferences>): void {
    const prev = snapshot();
    const next = withInterplay(prev, patch);
    const keys = (Object.keys(next) as (keyof Preferences)[]).filter((k) => k in patch || next[k] !== prev[k]);
    commit(next, keys);
  },
  reset(): void {
    commit({ ...PREFERENCE_DEFAULTS }, Object.keys(PREFERENCE_DEFAULTS) as (keyof Preferences)[], true);
  },
  /** Storage changed in another tab, or the OS switched light/dark: read and apply again. */
  reload(): void {
    const next = readPreferences();
    const prev = current;
    // The same choices keep the same object, so their readers are not drawn again (the app's start reads them once more).
    const same = prev !== null && (Object.keys(next) as (keyof Preferences)[]).every((k) => next[k] === prev[k]);
    if (same) {
      applyPreferences(prev);
      return;
    }
    current = next;
    applyPreferences(next);
    for (const l of listeners) l();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function usePreferences(): Preferences {
  return useSyncExternalStore(preferences.subscribe, preferences.get, preferences.get);
}

/** The resolved light/dark scheme, following the OS live when the choice is 'system'. */
export function useResolvedScheme(): 'light' | 'dark' {
  const p = usePreferences();
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  return p.theme === 'system' ? (systemDark ? 'dark' : 'light') : p.theme;
}

/** A media query as React state, updated live. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', notify);
      return () => mql.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The spec's large breakpoint (1280 px): below it the layout is a vertical overlay. */
export const LARGE_QUERY = '(min-width: 1280px)';
