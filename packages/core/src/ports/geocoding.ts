import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Point } from '@ev/shared/schedulings/geo';
import { fold } from '@ev/shared/text';
import { z } from 'zod';
import { Clock, timestamp } from '../clock';
import { dynamoClient, tableName } from '../db/client';
import { env } from '../env';
import { PortWarnings } from './warnings';
import { normalizeCep, readCache } from './cep';
import { PortKeys } from './repository';

/**
 * The geocoding port: an address to where it is on the map, for the itineraries' map, the route
 * optimiser and the check-in's distance (issue 15, docs/schedulings.md "Geocoding").
 * - The local adapter answers from what is stored: the address's own coordinates (typed, or
 *   taken when it was registered), else those kept with its CEP in the CEP cache. Offline, free,
 *   and the default.
 * - The HTTP adapter asks MapTiler's geocoding API with the company's maps token (the same token
 *   draws the map's tiles), behind a platform-wide cache in the table, and falls back to the local
 *   answer when the service does not know the address or cannot be reached.
 */
export interface GeoAddress {
  street?: string | null;
  number?: string | null;
  neighborhood?: string | null;
  city?: string | null;
  state?: string | null;
  cep?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

export interface Geocoder {
  /** Where the address is, or null when nothing says. */
  locate(address: GeoAddress): Promise<Point | null>;
}

const own = (a: GeoAddress): Point | null => (a.latitude != null && a.longitude != null ? { latitude: a.latitude, longitude: a.longitude } : null);

export class LocalGeocoder implements Geocoder {
  async locate(address: GeoAddress): Promise<Point | null> {
    const stored = own(address);
    if (stored) return stored;
    const cep = address.cep ? normalizeCep(address.cep) : null;
    if (!cep) return null;
    return (await readCache(cep))?.location ?? null;
  }
}

/** The one line a geocoding service reads: street and number, neighbourhood, city, state, CEP, country. */
export function addressLine(a: GeoAddress): string {
  const street = [a.street, a.number].filter(Boolean).join(', ');
  const cep = a.cep ? normalizeCep(a.cep) : null;
  return [street, a.neighborhood, [a.city, a.state].filter(Boolean).join(' - '), cep ? `${cep.slice(0, 5)}-${cep.slice(5)}` : null, 'Brasil']
    .filter((p) => p && String(p).trim())
    .join(', ');
}

// MapTiler's answer: a GeoJSON FeatureCollection, the best match first, `center` as [longitude, latitude].
const Answer = z.object({
  features: z.array(z.object({ center: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]) })),
});

export interface HttpGeocoderOptions {
  token: string;
  /** Default `GEOCODING_BASE_URL` (https://api.maptiler.com). */
  baseUrl?: string;
  /** Default `GEOCODING_TIMEOUT_MS` (4000). */
  timeoutMs?: number;
  /** Where an address the service does not know is looked up (the local adapter by default). */
  fallback?: Geocoder;
}

const DAY = 86400;
/** A found place is kept 90 days, a not-found a day (as the CEP cache). */
const FOUND_TTL = 90 * DAY;
const NOT_FOUND_TTL = DAY;

interface GeoCacheItem {
  found: boolean;
  location?: Point;
  ttl: number;
}

/** MapTiler's documented forward geocoding: `GET {base}/geocoding/{query}.json?key=…&country=br&limit=1`. */
export class HttpGeocoder implements Geocoder {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly fallback: Geocoder;

  constructor(private readonly opts: HttpGeocoderOptions) {
    this.baseUrl = (opts.baseUrl ?? env().GEOCODING_BASE_URL).replace(/\/+$/, '');
    this.timeoutMs = opts.timeoutMs ?? env().GEOCODING_TIMEOUT_MS;
    this.fallback = opts.fallback ?? new LocalGeocoder();
  }

  async locate(address: GeoAddress): Promise<Point | null> {
    const stored = own(address);
    if (stored) return stored;
    const line = addressLine(address);
    if (!address.city || !line) return this.fallback.locate(address);
    const key = PortKeys.geocode(fold(line));
    const cached = await readGeoCache(key);
    if (cached) return cached.found ? (cached.location ?? null) : this.fallback.locate(address);
    const answer = await this.query(line);
    if (answer === 'failed') return this.fallback.locate(address);
    await writeGeoCache(key, answer);
    return answer ?? this.fallback.locate(address);
  }

  /** The best match, null when the service knows none, 'failed' when it could not answer. */
  private async query(line: string): Promise<Point | null | 'failed'> {
    const params = new URLSearchParams({ key: this.opts.token, country: 'br', limit: '1', language: 'pt' });
    const url = `${this.baseUrl}/geocoding/${encodeURIComponent(line)}.json?${params.toString()}`;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs), headers: { accept: 'application/json' } });
      if (!res.ok) {
        PortWarnings.warn('geocoding answered an error', { status: res.status });
        return 'failed';
      }
      const parsed = Answer.safeParse(await res.json());
      if (!parsed.success) {
        PortWarnings.warn('geocoding answered an unexpected body');
        return 'failed';
      }
      const best = parsed.data.features[0];
      return best ? { longitude: best.center[0], latitude: best.center[1] } : null;
    } catch (e) {
      PortWarnings.warn('geocoding unreachable', { error: e instanceof Error ? e.name : 'unknown' });
      return 'failed';
    }
  }
}

async function readGeoCache(key: ReturnType<typeof PortKeys.geocode>): Promise<GeoCacheItem | undefined> {
  try {
    const { Item } = await dynamoClient().send(new GetCommand({ TableName: tableName(), Key: key }));
    const item = Item as GeoCacheItem | undefined;
    return item && item.ttl > Clock.seconds() ? item : undefined;
  } catch (e) {
    PortWarnings.warn('geocoding cache read failed', { error: String(e) });
    return undefined;
  }
}

async function writeGeoCache(key: ReturnType<typeof PortKeys.geocode>, location: Point | null): Promise<void> {
  const item: GeoCacheItem = location ? { found: true, location, ttl: Clock.seconds() + FOUND_TTL } : { found: false, ttl: Clock.seconds() + NOT_FOUND_TTL };
  try {
    await dynamoClient().send(new PutCommand({ TableName: tableName(), Item: { ...key, type: 'geocode', ...item, cachedAt: timestamp() } }));
  } catch (e) {
    PortWarnings.warn('geocoding cache write failed', { error: String(e) });
  }
}
