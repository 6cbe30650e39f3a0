import { dynamoClient } from '../client';

/**
 * For tests: a process that dies in the middle of a multi-step write. The first `times` calls of
 * `command` (`*`: any) whose input `when` accepts fail before they reach DynamoDB, as if the process had been
 * killed just before sending them: what the steps before wrote stays, nothing of this call is written.
 */
export interface Failure {
  /** Calls that failed so far. */
  failed(): number;
  remove(): void;
}

let seq = 0;

export function injectFailure(options: { command: string; when: (input: unknown, command: string) => boolean; times?: number }): Failure {
  const name = `test-inject-failure-${++seq}`;
  const commandName = `${options.command}Command`;
  let failed = 0;
  dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      const command = String(context.commandName ?? '').replace(/Command$/, '');
      if ((options.command !== '*' && context.commandName !== commandName) || failed >= (options.times ?? 1) || !options.when(args.input, command)) return next(args);
      failed += 1;
      throw new Error('injected failure: the process died before this call');
    },
    { step: 'initialize', name },
  );
  return { failed: () => failed, remove: () => dynamoClient().middlewareStack.remove(name) };
}

const WRITES = new Set(['TransactWriteItemsCommand', 'PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand']);

/**
 * For tests: the process dies at a call. The first call of `command` (`*`: any) whose input `when` accepts
 * fails as `injectFailure`'s does, and from then on every write of the process fails too (what a
 * dead process does not write: its own clean-up included), until `remove()`: then the process is
 * "started again" and its start's sweep can be run.
 */
export function dieAt(options: { command: string; when: (input: unknown, command: string) => boolean }): Failure {
  const name = `test-die-at-${++seq}`;
  const commandName = `${options.command}Command`;
  let dead = false;
  let failed = 0;
  dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      const command = String(context.commandName ?? '').replace(/Command$/, '');
      if (!dead && (options.command === '*' || context.commandName === commandName) && options.when(args.input, command)) dead = true;
      else if (!dead || !WRITES.has(context.commandName ?? '')) return next(args);
      failed += 1;
      throw new Error('injected failure: the process died before this call');
    },
    { step: 'initialize', name },
  );
  return { failed: () => failed, remove: () => dynamoClient().middlewareStack.remove(name) };
}
