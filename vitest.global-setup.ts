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
  const dynamo = await startDynamoLocal({ dataDir: null });
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  process.env.TABLE_NAME = TEST_TABLE;
  const { ensureTable } = await import('./packages/core/src/db/table');
  const { resetDynamoClient } = await import('./packages/core/src/db/client');
  await ensureTable();
  resetDynamoClient();
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return async () => {
    await dynamo.stop();
  };
}
