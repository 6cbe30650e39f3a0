import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { startDynamoLocal, JavaMissingError, type DynamoLocal } from '@ev/core/local/dynamo-local';
import { ensureTable } from '@ev/core/db/table';
import { resetEnv } from '@ev/core/env';
import { Logs } from '@ev/core/logs';
import { seedDemo, DEMO_LOGINS, DEMO_PASSWORD } from '@ev/core/tenants/demo';
import { buildWebIfStale } from './web';
import { createLocalServer, portOf } from './server';

/**
 * `npm start`: the whole product on one machine. DynamoDB Local (Java) keeps its file under
 * DATA_DIR/dynamodb; the table is created when missing and the demo company seeded once; the API
 * and the SPA share PORT. Any way this process ends (Ctrl-C, SIGTERM, a crash, even SIGKILL) ends
 * Java too (see startDynamoLocal).
 */
const LocalEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('.data'),
});

async function main() {
  const started = Date.now();
  const parsed = LocalEnv.safeParse(process.env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    console.error(`Invalid environment variable ${issue?.path.join('.')}: ${issue?.message}`);
    process.exit(1);
  }
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  process.env.DATA_DIR = dataDir;
  // Signed file links (exports' downloads, imports' uploads) point at this server unless told otherwise.
  process.env.PUBLIC_URL ??= `http://localhost:${parsed.data.PORT}`;

  // Signals are handled from the first moment, so Ctrl-C during start-up is a clean stop too.
  let dynamo: DynamoLocal | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await Logs.flush().catch(() => undefined);
    await dynamo?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  process.on('uncaughtException', (e) => {
    console.error('Fatal error:', e);
    void stop(1);
  });
  process.on('unhandledRejection', (e) => {
    console.error('Fatal error:', e);
    void stop(1);
  });

  const webDist = buildWebIfStale(root);

  try {
    dynamo = await startDynamoLocal({ dataDir: path.join(dataDir, 'dynamodb') });
  } catch (e) {
    if (e instanceof JavaMissingError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }

  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  resetEnv();
  const createdTable = await ensureTable();
  const seed = await seedDemo();
  const server = await createLocalServer({ port: parsed.data.PORT, webDist }).catch(async (e: Error) => {
    console.error(e.message);
    await stop(1);
    throw e;
  });
  const port = portOf(server);

  console.info(
    [
      `Escritório Virtual ready at http://localhost:${port} in ${Date.now() - started} ms`,
      `  data: ${dataDir} (DynamoDB Local on port ${dynamo.port}, pid ${dynamo.pid}${createdTable ? ', table created' : ''})`,
      `  demo company: ${seed.created ? 'seeded now' : 'already there'} (tenant ${seed.tenantId})`,
      `  logins (password ${DEMO_PASSWORD}): ${Object.values(DEMO_LOGINS).join(', ')}`,
      webDist ? `  web app: ${webDist}` : '  web app: not part of this checkout yet (API only)',
    ].join('\n'),
  );
}

main().catch((e: unknown) => {
  console.error('Failed to start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
