import { ApiTexts } from '@ev/shared/messages';
import { Clock } from '../clock';
import { DomainError } from '../errors';
import { AuthRepository } from './repository';

/**
 * Login throttling, counted in the table per account (e-mail) and per client address, in fixed
 * windows of 15 minutes: 5 failures for one account or 20 from one address close the window for
 * that account or address (429) until it ends. A success clears the account's count.
 */
export const THROTTLE = { windowSeconds: 15 * 60, perAccount: 5, perAddress: 20 } as const;

const windowOf = () => Math.floor(Clock.seconds() / THROTTLE.windowSeconds);

export async function assertNotThrottled(email: string, address: string | null): Promise<void> {
  const w = windowOf();
  const counts = await AuthRepository.failures(email, address, w);
  if (counts.account >= THROTTLE.perAccount || counts.address >= THROTTLE.perAddress) {
    const retryAfter = (w + 1) * THROTTLE.windowSeconds - Clock.seconds();
    throw new DomainError('auth.throttled', ApiTexts.throttled(), 'throttled', { details: { retryAfter } });
  }
}

export async function recordFailure(email: string, address: string | null): Promise<void> {
  const w = windowOf();
  await AuthRepository.addFailure(email, address, w, (w + 2) * THROTTLE.windowSeconds);
}

export async function clearAccount(email: string): Promise<void> {
  await AuthRepository.clearAccount(email, windowOf());
}
