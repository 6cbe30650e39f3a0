import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, tableName } from '../db/client';
import { Keys } from '../db/keys';
import { getItems } from '../db/records';

/** Keys and writes of the login throttle counters. */
export const AuthRepository = {
  /** The failure counts of an account (e-mail) and of an address in a window (absent: none). */
  async failures(email: string, address: string | null, window: number): Promise<{ account: number; address: number }> {
    const accountKey = Keys.loginThrottle('account', email, window);
    const keys = [accountKey];
    if (address) keys.push(Keys.loginThrottle('address', address, window));
    const items = await getItems<{ pk: string; count: number }>(keys);
    const count = (pk: string) => items.find((i) => i.pk === pk)?.count ?? 0;
    return { account: count(accountKey.pk), address: address ? count(Keys.loginThrottle('address', address, window).pk) : 0 };
  },

  /** Counts one failure for the account and the address in the window; the items expire at `ttl`. */
  async addFailure(email: string, address: string | null, window: number, ttl: number): Promise<void> {
    const targets = [Keys.loginThrottle('account', email, window)];
    if (address) targets.push(Keys.loginThrottle('address', address, window));
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
  },

  async clearAccount(email: string, window: number): Promise<void> {
    await dynamoClient().send(new DeleteCommand({ TableName: tableName(), Key: Keys.loginThrottle('account', email, window) }));
  },
};
