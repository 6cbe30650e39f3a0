import { timingSafeEqual } from 'node:crypto';

/** The header CloudFront adds to every request it sends to the API (infra/web.ts). */
export const ORIGIN_VERIFY_HEADER = 'x-ev-origin-verify';

/**
 * The HTTP API's own address is public, so anyone could call it directly and send any
 * `CloudFront-Viewer-Address`, defeating login throttling by address. Only requests carrying the
 * secret CloudFront adds are served; the header is removed before the app sees the request, and
 * the app's client address is CloudFront's viewer address.
 */
export function fromCloudFront(headers: Record<string, string | undefined>, expected: string): boolean {
  const given = headers[ORIGIN_VERIFY_HEADER];
  if (typeof given !== 'string' || expected.length === 0) return false;
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Headers the app may trust: no origin secret, no client-made local address header. */
export function trustedHeaders(headers: Record<string, string | undefined>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === ORIGIN_VERIFY_HEADER || lower === 'x-ev-client-address') continue;
    out[name] = value;
  }
  return out;
}
