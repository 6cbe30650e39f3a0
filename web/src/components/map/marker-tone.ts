import type { MapStop } from './stop';

/** How a point looks on the map and in the list's swatches: the start, a stop by status, a far check-in. */
export type Tone = 'start' | 'pending' | 'active' | 'completed' | 'cancelled' | 'flagged';

/** A far check-in stands out whatever its status, unless the visit was cancelled. */
export function toneOf(stop: Pick<MapStop, 'flagged' | 'status'>): Tone {
  return stop.flagged && stop.status !== 'cancelled' ? 'flagged' : stop.status;
}

/** Colours of each tone (Tailwind classes over the theme's variables, so the customizer's colour applies). */
export const TONE_CLASS: Record<Tone, string> = {
  start: 'border-white bg-foreground text-background',
  pending: 'border-primary bg-card text-card-foreground',
  active: 'border-white bg-primary text-primary-foreground ring-4 ring-primary/30',
  completed: 'border-white bg-primary text-primary-foreground',
  cancelled: 'border-dashed border-muted-foreground bg-muted text-muted-foreground',
  flagged: 'border-white bg-warning text-white',
};
