import { dynamoClient } from '../client';

/**
 * For tests: DynamoDB Local never answers unprocessed items (AWS does when a table is throttled),
 * so this middleware on the real client plays AWS's part. On the first `times` BatchWriteItem or
 * BatchGetItem calls, it takes the last `leave` requests (or keys) of each table out of the request
 * before it is sent, and answers them as `UnprocessedItems` (or `UnprocessedKeys`): those are
 * neither written nor read by that call, as on AWS. It runs at the initialize step, where a
 * request and its answer are in the same form (document or attribute values), so it moves them
 * untouched.
 */
export interface Unprocessed {
  /** Calls of the command seen so far. */
  calls(): number;
  /** Requests or keys answered as unprocessed so far. */
  left(): number;
  remove(): void;
}

let seq = 0;

export function injectUnprocessed(options: { command: 'BatchWriteItem' | 'BatchGetItem'; times: number; leave?: number }): Unprocessed {
  const name = `test-inject-unprocessed-${++seq}`;
  const commandName = `${options.command}Command`;
  let calls = 0;
  let left = 0;
  dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== commandName) return next(args);
      calls += 1;
      if (calls > options.times) return next(args);
      const input = args.input as { RequestItems: Record<string, unknown> };
      const kept: Record<string, unknown> = {};
      const taken: Record<string, unknown> = {};
      for (const [table, request] of Object.entries(input.RequestItems)) {
        const list = (options.command === 'BatchGetItem' ? (request as { Keys: unknown[] }).Keys : request) as unknown[];
        const n = Math.min(list.length, options.leave ?? Math.max(1, Math.floor(list.length / 2)));
        const keep = list.slice(0, list.length - n);
        const take = list.slice(list.length - n);
        left += take.length;
        if (options.command === 'BatchGetItem') {
          if (keep.length) kept[table] = { ...(request as object), Keys: keep };
          taken[table] = { ...(request as object), Keys: take };
        } else {
          if (keep.length) kept[table] = keep;
          taken[table] = take;
        }
      }
      const unprocessed = options.command === 'BatchGetItem' ? 'UnprocessedKeys' : 'UnprocessedItems';
      // Everything taken out: nothing is sent, as AWS answers a fully throttled batch.
      if (!Object.keys(kept).length) return { output: { [unprocessed]: taken, $metadata: {} } } as never;
      const result = (await next({ ...args, input: { ...input, RequestItems: kept } })) as { output: Record<string, unknown> };
      const already = (result.output[unprocessed] ?? {}) as Record<string, unknown>;
      return { ...result, output: { ...result.output, [unprocessed]: { ...already, ...taken } } } as never;
    },
    { step: 'initialize', name },
  );
  return {
    calls: () => calls,
    left: () => left,
    remove: () => void dynamoClient().middlewareStack.remove(name),
  };
}
