import type { Action, Subject } from '@ev/shared/permissions';

/**
 * What a route declares in its static data (ARCHITECTURE, "Web"): the ability pair it needs, or
 * that it is public; the nearest ancestor that declares one decides for a route that does not.
 */
export interface RouteMeta {
  action?: Action;
  subject?: Subject;
  /** Open without a session (spec: root, login, forgot-password, sales delivery, store pages). */
  public?: boolean;
  /** Login pages: a logged-in user is sent home. */
  guestOnly?: boolean;
  /**
   * The text catalogues the page speaks, loaded with its code when the app starts on it (rather
   * than when it first renders, one more wave of downloads before it shows).
   */
  namespaces?: readonly string[];
  /**
   * The page fills the window's height and scrolls inside its own panes (spec route table: the AI
   * area's "fixed-height content"): the layout gives its content the height left under the navbar.
   */
  fixedHeight?: boolean;
}

declare module '@tanstack/react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  interface StaticDataRouteOption extends RouteMeta {}
}

/** The effective meta of a location: each property from the nearest route (leaf first) that sets it. */
export function effectiveMeta(matches: { staticData?: RouteMeta }[]): RouteMeta {
  const out: RouteMeta = {};
  for (const m of [...matches].reverse()) {
    const s = m.staticData ?? {};
    if (out.public === undefined && s.public !== undefined) out.public = s.public;
    if (out.guestOnly === undefined && s.guestOnly !== undefined) out.guestOnly = s.guestOnly;
    if (!out.subject && s.subject) {
      out.subject = s.subject;
      out.action = s.action ?? 'read';
    }
  }
  return out;
}
