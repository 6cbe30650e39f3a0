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

/**
 * The origin secret's accepted values, rotatable without a moment of refused requests
 * (docs/deploy.md "Rotating the origin secret"): the current value and the previous one are both
 * accepted, so CloudFront may send either while its distribution is being updated. Read at cold
 * start, again every `refreshMs`, and at once (at most every `retryMs`) when a request carries a
 * value not known yet: a new value put in Secrets Manager is accepted within a request.
 */
export class OriginSecrets {
  private values: string[] = [];
  private readAt = 0;

  constructor(
    private readonly read: (stage: 'AWSCURRENT' | 'AWSPREVIOUS') => Promise<string>,
    private readonly now: () => number = Date.now,
    private readonly refreshMs = 5 * 60_000,
    private readonly retryMs = 30_000,
  ) {}

  async load(): Promise<void> {
    const [current, previous] = await Promise.all([this.read('AWSCURRENT'), this.read('AWSPREVIOUS').catch(() => '')]);
    this.values = [current, previous].filter((v) => v.length > 0);
    this.readAt = this.now();
  }

  async accepts(headers: Record<string, string | undefined>): Promise<boolean> {
    if (this.now() - this.readAt > this.refreshMs) await this.load();
    if (this.values.some((v) => fromCloudFront(headers, v))) return true;
    if (typeof headers[ORIGIN_VERIFY_HEADER] !== 'string' || this.now() - this.readAt < this.retryMs) return false;
    await this.load();
    return this.values.some((v) => fromCloudFront(headers, v));
  }
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
