import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startDynamoLocal } from '../../packages/core/src/local/dynamo-local';

/**
 * One built app and one server for every browser test: the SPA is built when stale, DynamoDB Local
 * runs in memory, and the same local server as `npm start` serves API and SPA. Workers reach the
 * same DynamoDB Local through the environment to make a fresh company per test file.
 */
export default async function globalSetup(_config: FullConfig) {
  const root = path.resolve(import.meta.dirname, '../..');
  const { buildWebIfStale } = await import('../../functions/src/local/web');
  const webDist = buildWebIfStale(root);
  const dynamo = await startDynamoLocal({ dataDir: null });
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  process.env.TABLE_NAME = 'escritorio-virtual-e2e';
  process.env.APP_SECRET ??= 'e2e-secret-0123456789abcdef0123456789abcdef';
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'ev-e2e-'));
  process.env.LOG_LEVEL = 'silent';
  // Signed file URLs (exports' downloads) point at this server, the origin the browser is on.
  process.env.PUBLIC_URL = `http://127.0.0.1:${process.env.E2E_PORT}`;
  const { ensureTable } = await import('../../packages/core/src/db/table');
  // The shared table without the stream (writes cost half as much); the usage tests make their own.
  await ensureTable(undefined, { stream: false });
  // The jobs consumer (exports, imports) runs in this process, as with `npm start` (createLocalServer registers it).
  const { createLocalServer } = await import('../../functions/src/local/server');
  const server = await createLocalServer({ port: Number(process.env.E2E_PORT), webDist, hostname: '127.0.0.1' });
  return async () => {
    await new Promise<void>((r) => server.close(() => r()));
    await dynamo.stop();
  };
}
