import type { TestProject } from 'vitest/node';
import { startDynamoLocal } from './packages/core/src/local/dynamo-local';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

export const TEST_TABLE = 'escritorio-virtual-test';

/**
 * One DynamoDB Local for the whole run (in memory, -sharedDb, free port) with the table made once.
 * Each test file makes its own company through the provisioning service, so files run in parallel
 * without touching each other.
 */
export default async function setup(project: TestProject) {
  // The whole run's requests: the server compiler pays for itself over them (vitest.config.ts).
  const dynamo = await startDynamoLocal({ dataDir: null, javaOptions: [] });
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  process.env.TABLE_NAME = TEST_TABLE;
  const { ensureTable } = await import('./packages/core/src/db/table');
  const { resetDynamoClient } = await import('./packages/core/src/db/client');
  await ensureTable();
  resetDynamoClient();
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return async () => {
    try {
      await noSecretInLogs();
    } catch (e) {
      // An error thrown here is only printed by Vitest: the run must fail.
      console.error(e instanceof Error ? e.message : e);
      process.exitCode = 1;
    } finally {
      await dynamo.stop();
    }
  };
}

/**
 * Every log entry the whole run wrote, of every company (issue 14: "no secret in any log line,
 * checked over a whole test run's logs"): none holds the tests' password or a token. Fails the run
 * naming the entry.
 */
async function noSecretInLogs(): Promise<void> {
  const [{ dynamoClient }, { ScanCommand }, { PASSWORD }] = await Promise.all([
    import('./packages/core/src/db/client'),
    import('@aws-sdk/lib-dynamodb'),
    import('./functions/src/testing/world'),
  ]);
  // The table holds everything the run wrote: read in four segments at once (a parallel scan), so
  // DynamoDB Local uses both cores while nothing else runs.
  const SEGMENTS = 4;
  const started = Date.now();
  let entries = 0;
  await Promise.all(
    Array.from({ length: SEGMENTS }, async (_, segment) => {
      let start: Record<string, unknown> | undefined;
      do {
        const out = await dynamoClient().send(
          new ScanCommand({
            TableName: TEST_TABLE,
            Segment: segment,
            TotalSegments: SEGMENTS,
            FilterExpression: '#t = :log',
            ExpressionAttributeNames: { '#t': 'type' },
            ExpressionAttributeValues: { ':log': 'log' },
            ExclusiveStartKey: start,
          }),
        );
        for (const item of out.Items ?? []) {
          entries++;
          const text = JSON.stringify(item);
          if (text.includes(PASSWORD) || /eyJ[\w-]+\.[\w-]+\.[\w-]+/.test(text)) throw new Error(`A log entry holds a password or a token: ${text.slice(0, 500)}`);
        }
        start = out.LastEvaluatedKey;
      } while (start);
    }),
  );
  console.info(`[logs] ${entries} log entries of the run checked in ${Date.now() - started} ms: no password, no token`);
}
