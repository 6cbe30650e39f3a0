/** What the maps take from the theme: the plain base map's colour and the theme's colours as MapLibre parses them. */

/** The plain base map's colour: a neutral "land" that the markers and the lines stand out on. */
export const PLAIN_BACKGROUND = { light: '#e7eaee', dark: '#253041' } as const;

/** The visits' colour on a map of points and in its legend: a blue that stands apart from the theme's primary (the sales). */
export const VISIT_COLOR = { light: '#1d4ed8', dark: '#60a5fa' } as const;

/** A theme colour (a CSS variable) as a colour MapLibre parses; the fallback when it resolves to another notation. */
export function themeColor(variable: string, fallback: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${variable})`;
  probe.style.display = 'none';
  document.body.appendChild(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  return /^(#|rgba?\()/.test(value) ? value : fallback;
}

/** Room around a fitted camera, so the markers stay whole: less on a phone's small map. */
export function fitPadding(container: HTMLElement): number {
  const side = Math.min(container.clientWidth, container.clientHeight);
  return Math.round(Math.min(48, Math.max(24, side * 0.12)));
}

export const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
