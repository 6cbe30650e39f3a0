import { GeolocationTexts } from '@ev/shared/geolocation';
import type { Said } from '@ev/shared/texts';

export interface Located {
  latitude: number;
  longitude: number;
  /** Metres. */
  accuracy: number;
  /** Degrees from true north, when the device is moving and says so. */
  heading?: number | null;
  /** Metres a second. */
  speed?: number | null;
  /** Metres above the WGS 84 ellipsoid. */
  altitude?: number | null;
  /** Metres. */
  altitudeAccuracy?: number | null;
  /** When the device took the fix (ms since the epoch: the position's `timestamp`). */
  takenAt?: number;
}

/** The Geolocation API's position as a `Located` (every coordinate it gives, and the fix's own time). */
export function locatedOf(p: GeolocationPosition): Located {
  const c = p.coords;
  const finite = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return {
    latitude: c.latitude,
    longitude: c.longitude,
    accuracy: c.accuracy,
    heading: finite(c.heading),
    speed: finite(c.speed),
    altitude: finite(c.altitude),
    altitudeAccuracy: finite(c.altitudeAccuracy),
    takenAt: Math.round(p.timestamp),
  };
}

/** A position, or why there is none: `blocking` when the company requires it (the action stops). */
export type LocateResult = { ok: true; position: Located } | { ok: false; said: Said; blocking: boolean };

/**
 * The browser's location for an action the company may require it for (a closed order, a started
 * visit): the spec's section-8 cases, one set for every module. Not required: a refusal says the
 * action goes on without it (`deniedNotRequired`) and does not block.
 */
export async function locate({ required, timeoutMs = 15_000, maximumAgeMs = 60_000 }: { required: boolean; timeoutMs?: number; /** How old a fix the browser may answer from its cache (0: a fresh one). */ maximumAgeMs?: number }): Promise<LocateResult> {
  // Not required: a denial and a failure each say the action goes on without the location.
  const refuse = (said: Said): LocateResult => ({ ok: false, said: required ? said : said.key === GeolocationTexts.denied().key ? GeolocationTexts.deniedNotRequired() : GeolocationTexts.unavailableNotRequired(), blocking: required });
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return { ok: false, said: GeolocationTexts.notSupported(), blocking: required };
  if (navigator.permissions?.query) {
    try {
      const state = await navigator.permissions.query({ name: 'geolocation' });
      if (state.state === 'denied') return refuse(GeolocationTexts.denied());
    } catch {
      if (required) return { ok: false, said: GeolocationTexts.permissionReadError(), blocking: true };
    }
  }
  return new Promise<LocateResult>((resolve) => {
    try {
      navigator.geolocation.getCurrentPosition(
        (p) => resolve({ ok: true, position: locatedOf(p) }),
        (e) => resolve(refuse(e.code === e.PERMISSION_DENIED ? GeolocationTexts.denied() : GeolocationTexts.failed())),
        { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: maximumAgeMs },
      );
    } catch {
      resolve(refuse(GeolocationTexts.exception()));
    }
  });
}

export { GeolocationTexts };
