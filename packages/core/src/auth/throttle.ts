import { ApiTexts } from '@ev/shared/messages';
import { throttle } from '../limits';

/**
 * Login throttling, counted in the table per account (e-mail) and per client address, in fixed
 * windows of 15 minutes: 5 failures for one account or 20 from one address close the window for
 * that account or address (429) until it ends. A success clears the account's count.
 */
export const THROTTLE = { windowSeconds: 15 * 60, perAccount: 5, perAddress: 20 } as const;

const logins = throttle({
  name: 'LOGIN',
  windowSeconds: THROTTLE.windowSeconds,
  limits: { account: THROTTLE.perAccount, address: THROTTLE.perAddress },
  code: 'auth.throttled',
  text: ApiTexts.throttled,
});

export async function assertNotThrottled(email: string, address: string | null): Promise<void> {
  await logins.assertOpen({ account: email, address });
}

export async function recordFailure(email: string, address: string | null): Promise<void> {
  await logins.count({ account: email, address });
}

export async function clearAccount(email: string): Promise<void> {
  await logins.clear('account', email);
}
