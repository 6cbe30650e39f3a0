import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Messages } from '@ev/shared/messages';
import { Clock } from '../clock';
import { DomainError } from '../errors';
import { dynamoClient, tableName } from '../db/client';
import { Keys } from '../db/keys';
import { getItems } from '../db/records';

/**
 * Login throttling, counted in the table per account (e-mail) and per client address, in fixed
 * windows of 15 minutes: 5 failures for one account or 20 from one address close the window for
 * that account or address (429) until it ends. A success clears the account's count.
 */
export const THROTTLE = { windowSeconds: 15 * 60, perAccount: 5, perAddress: 20 } as const;

const windowOf = () => Math.floor(Clock.seconds() / THROTTLE.windowSeconds);

export async function assertNotThrottled(email: string, address: string | null): Promise<void> {
  const w = windowOf();
  const keys = [Keys.loginThrottle('account', email, w)];
  if (address) keys.push(Keys.loginThrottle('address', address, w));
  const items = await getItems<{ pk: string; count: number }>(keys);
  for (const item of items) {
    const limit = item.pk.startsWith('LOGIN#account#') ? THROTTLE.perAccount : THROTTLE.perAddress;
    if (item.count >= limit) {
      const retryAfter = (w + 1) * THROTTLE.windowSeconds - Clock.seconds();
      throw new DomainError('auth.throttled', Messages.throttled, 'throttled', { details: { retryAfter } });
    }
  }
}

export async function recordFailure(email: string, address: string | null): Promise<void> {
  const w = windowOf();
  const ttl = (w + 2) * THROTTLE.windowSeconds;
  const targets = [Keys.loginThrottle('account', email, w)];
  if (address) targets.push(Keys.loginThrottle('address', address, w));
  await Promise.all(
    targets.map((Key) =>
      dynamoClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'ADD #c :one SET #ttl = :ttl',
          ExpressionAttributeNames: { '#c': 'count', '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':one': 1, ':ttl': ttl },
        }),
      ),
    ),
  );
}

export async function clearAccount(email: string): Promise<void> {
  await dynamoClient().send(new DeleteCommand({ TableName: tableName(), Key: Keys.loginThrottle('account', email, windowOf()) }));
}
