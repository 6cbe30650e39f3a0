import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { dynamoClient } from '../client';

/**
 * For tests: DynamoDB Local never answers TransactionConflict, so TransactWriteItems calls that
 * `conflicts(n)` picks (n counts the calls from 1) fail with it before reaching the server, as AWS
 * answers a transaction that raced another on one of its items: cancelled whole, nothing written.
 */
export interface Conflicts {
  /** TransactWriteItems calls seen so far. */
  calls(): number;
  /** Calls answered with a conflict so far. */
  conflicted(): number;
  remove(): void;
}

let seq = 0;

export function injectConflicts(conflicts: (n: number) => boolean): Conflicts {
  const name = `test-inject-transaction-conflict-${++seq}`;
  let calls = 0;
  let conflicted = 0;
  dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'TransactWriteItemsCommand') {
        calls += 1;
        if (conflicts(calls)) {
          conflicted += 1;
          throw new TransactionCanceledException({
            message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict]',
            $metadata: { httpStatusCode: 400 },
            CancellationReasons: [{ Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' }],
          });
        }
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  return { calls: () => calls, conflicted: () => conflicted, remove: () => dynamoClient().middlewareStack.remove(name) };
}
