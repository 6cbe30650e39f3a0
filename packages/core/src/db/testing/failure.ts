import { dynamoClient } from '../client';

/**
 * For tests: a process that dies in the middle of a multi-step write. The first `times` calls of
 * `command` whose input `when` accepts fail before they reach DynamoDB, as if the process had been
 * killed just before sending them: what the steps before wrote stays, nothing of this call is written.
 */
export interface Failure {
  /** Calls that failed so far. */
  failed(): number;
  remove(): void;
}

let seq = 0;

export function injectFailure(options: { command: string; when: (input: unknown) => boolean; times?: number }): Failure {
  const name = `test-inject-failure-${++seq}`;
  const commandName = `${options.command}Command`;
  let failed = 0;
  dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== commandName || failed >= (options.times ?? 1) || !options.when(args.input)) return next(args);
      failed += 1;
      throw new Error('injected failure: the process died before this call');
    },
    { step: 'initialize', name },
  );
  return { failed: () => failed, remove: () => dynamoClient().middlewareStack.remove(name) };
}
