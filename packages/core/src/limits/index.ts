import { ApiTexts } from '@ev/shared/messages';
import { Clock } from '../clock';
import { env } from '../env';
import { DomainError } from '../errors';
import { LimitsRepository } from './repository';

/**
 * Fair use of the API (docs/decisions.md "Request limits"): each company's requests, and each
 * address's requests without a session, are counted in the table in fixed windows
 * (`RATE_LIMIT_WINDOW_SECONDS`); past the window's limit the request is refused with 429 and
 * `Retry-After` until the window ends. One conditional UpdateItem per request, shared by every
 * Lambda instance and by `npm start`. A limit of 0 switches that count off.
 */
export type RateScope = 'company' | 'address';

function limitOf(scope: RateScope): number {
  const e = env();
  return scope === 'company' ? e.RATE_LIMIT_COMPANY : e.RATE_LIMIT_ADDRESS;
}

/** Counts one request of `value` (a tenant id, or an address); 429 once its window is spent. */
export async function takeRequest(scope: RateScope, value: string | null): Promise<void> {
  const limit = limitOf(scope);
  if (!value || limit <= 0) return;
  const windowSeconds = env().RATE_LIMIT_WINDOW_SECONDS;
  const now = Clock.seconds();
  const window = Math.floor(now / windowSeconds);
  // Kept a minute past its window (the table's TTL removes it later still).
  if (await LimitsRepository.take(scope, value, window, limit, (window + 1) * windowSeconds + 60)) return;
  const retryAfter = Math.max(1, (window + 1) * windowSeconds - now);
  throw new DomainError('rate_limited', ApiTexts.rateLimited(), 'throttled', { details: { retryAfter, scope } });
}

export { throttle, type ThrottleConfig, type Subjects } from './throttle';
