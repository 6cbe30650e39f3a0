import { GeolocationTexts } from '../geolocation';
import { MAX_FIX_AFTER_ACTION_SECONDS, MAX_FIX_AGE_SECONDS, SchedulingTexts, type ContactMode, type GeoFix } from '../schemas/schedulings';
import type { Said } from '../texts';

/**
 * The company's geolocation rule for a visit's start (docs/schedulings.md, "Offline check-ins"),
 * one function for the server's start and the device's start without signal: where the company
 * requires geolocation and the contact is a visit, a start without a fix, with a fix less precise
 * than the company's minimum, or with a fix too old is refused (on `position`). Online the fix's age
 * is judged against now; offline against the device's time of the action (`actionAt`): taken more
 * than two minutes before it, or more than a minute after it, is refused.
 */
export function visitFixRefusal(o: {
  contactMode: ContactMode;
  rules: { geolocationRequired: boolean; minimumPrecision: number };
  position: GeoFix | null;
  /** The device's time of an action taken offline (ms); null online. */
  actionAt: number | null;
  /** The clock's now (ms): what an online fix's age is judged against. */
  now: number;
}): Said | null {
  if (o.contactMode !== 'visit' || !o.rules.geolocationRequired) return null;
  const p = o.position;
  if (!p) return GeolocationTexts.required();
  if (p.accuracy > o.rules.minimumPrecision) return SchedulingTexts.imprecise({ accuracy: Math.round(p.accuracy), precision: o.rules.minimumPrecision });
  if (o.actionAt === null) return o.now - p.takenAt > MAX_FIX_AGE_SECONDS * 1000 ? SchedulingTexts.staleFix() : null;
  if (o.actionAt - p.takenAt > MAX_FIX_AGE_SECONDS * 1000) return SchedulingTexts.fixBeforeAction();
  if (p.takenAt - o.actionAt > MAX_FIX_AFTER_ACTION_SECONDS * 1000) return SchedulingTexts.fixAfterAction();
  return null;
}
