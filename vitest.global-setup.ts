import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
  // The shared table without the stream (writes cost half as much); the usage tests make their own.
  await ensureTable(undefined, { stream: false });
  resetDynamoClient();
  project.provide('dynamoEndpoint', dynamo.endpoint);
  // The run's log check (tests/log-check.ts): each test process adds a line per log entry it writes.
  const logCheck = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ev-log-check-')), 'entries.jsonl');
  process.env.LOG_CHECK_FILE = logCheck;
  return async () => {
    try {
      const { readLogCheck } = await import('./tests/log-check');
      const { entries, secret } = readLogCheck(logCheck);
      // An error thrown here is only printed by Vitest: the run must fail.
      if (secret) {
        console.error(`A log entry holds a password or a token: ${secret}`);
        process.exitCode = 1;
      } else {
        console.info(`[logs] ${entries} log entries of the run checked as they were written: no password, no token`);
      }
    } finally {
      await dynamo.stop();
    }
  };
}
