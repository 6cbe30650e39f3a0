import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes, securityHeaders } from '../functions/src/http/security-headers';

/**
 * `npm start` as a user sees it: the real product (functions/src/local/main.ts) runs as a child
 * process with its own DynamoDB Local (Java) and its own DATA_DIR. It does not use the DynamoDB
 * Local of the Vitest global setup. The starts that run to the end seed the demo company's logins
 * only (EV_DEMO=logins): what the whole demo holds is proved once, in process, by
 * packages/core/src/demo/demo.integration.test.ts, with the same `seedDemo` main.ts calls.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = 'functions/src/local/main.ts';
// A first start builds the web app when its sources changed (a fresh clone) and seeds the demo's
// logins: some 20 s while the rest of the suite runs beside it. The margin is for a slow machine.
const TEST_TIMEOUT = 180_000;
const READY_TIMEOUT = 120_000;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface Product {
  child: ChildProcess;
  /** stdout and stderr as they arrived. */
  output: () => string;
  stderr: () => string;
  exited: Promise<Exit>;
  /** Exited and its output fully read. */
  closed: Promise<Exit>;
}

interface Ready extends Product {
  url: string;
  port: number;
  startupMs: number;
  dynamoPort: number;
  dynamoPid: number;
  demo: 'seeded now' | 'already there';
  tenantId: string;
}

const children: ChildProcess[] = [];
const tempDirs: string[] = [];

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** The parent env without what vitest.setup.ts put there for the in-process tests. */
function userEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DYNAMODB_ENDPOINT', 'TABLE_NAME', 'APP_SECRET', 'LOG_LEVEL']) delete env[name];
  return { ...env, ...extra };
}

/** Spawns the product the way `npm start` does (minus the Node version check). */
function spawnProduct(env: Record<string, string>): Product {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: userEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (s: string) => (output += s));
  child.stderr?.setEncoding('utf8').on('data', (s: string) => {
    output += s;
    stderr += s;
  });
  // 'exit', not 'close': after a SIGKILL the DynamoDB Local guard may hold the inherited stderr a
  // moment longer than Node lives.
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const closed = new Promise<Exit>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  return { child, output: () => output, stderr: () => stderr, exited, closed };
}

const READY = /ready at (http:\/\/localhost:(\d+)) in (\d+) ms/;
const DATA = /DynamoDB Local on port (\d+), pid (\d+)/;
const DEMO = /demo company: (seeded now|already there) \(tenant ([^)\s]+)\)/;

/** Starts the product with PORT=0 and the demo's logins only, and waits for the ready lines. */
async function startProduct(dataDir: string): Promise<Ready> {
  const product = spawnProduct({ PORT: '0', DATA_DIR: dataDir, EV_DEMO: 'logins' });
  let exit: Exit | undefined;
  void product.exited.then((e) => (exit = e));
  const deadline = Date.now() + READY_TIMEOUT;
  while (!DEMO.test(product.output())) {
    if (exit) throw new Error(`The product exited (${exit.code ?? exit.signal}) before it was ready:\n${product.output()}`);
    if (Date.now() > deadline) throw new Error(`The product was not ready within ${READY_TIMEOUT} ms:\n${product.output()}`);
    await sleep(50);
  }
  const out = product.output();
  const ready = READY.exec(out);
  const data = DATA.exec(out);
  const demo = DEMO.exec(out);
  if (!ready || !data || !demo) throw new Error(`Unexpected ready output:\n${out}`);
  console.info(`[local-runtime] started in ${ready[3]} ms (as printed by the product): ${ready[1]}, DynamoDB Local port ${data[1]}, ${demo[1]}`);
  return {
    ...product,
    url: ready[1]!,
    port: Number(ready[2]),
    startupMs: Number(ready[3]),
    dynamoPort: Number(data[1]),
    dynamoPid: Number(data[2]),
    demo: demo[1] as Ready['demo'],
    tenantId: demo[2]!,
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface Proc {
  pid: number;
  ppid: number;
  args: string;
}

/** Every live process, from /proc (zombies have an empty command line and hold nothing). */
function processes(): Proc[] {
  const list: Proc[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (args) list.push({ pid: Number(entry), ppid, args });
    } catch {
      // The process ended while we looked.
    }
  }
  return list;
}

function processesMentioning(text: string): Proc[] {
  return processes().filter((p) => p.pid !== process.pid && p.args.includes(text));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8') !== '';
  } catch {
    return false;
  }
}

/** Whether this port can be listened on again. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function login(url: string, email: string, password: string) {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, body: (await res.json()) as { status: string; data: { accessToken: string; refreshToken: string; user: { email: string } } } };
}

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  await sleep(200);
  for (const dir of tempDirs) {
    for (const p of processesMentioning(dir)) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe.sequential('npm start (functions/src/local/main.ts) as a user runs it', () => {
  const dataDir = tempDir('ev-local-runtime-');
  let first: Ready;
  let second: Ready;

  let killedPid = 0;
  const stagingOf = (pid: number) => fs.readdirSync('/dev/shm').filter((n) => n.startsWith(`escritorio-virtual-seed-${pid}-`));

  it('seeds a first start in RAM; killed meanwhile, it leaves no database in DATA_DIR', async () => {
    // The whole demo, as `npm start` seeds it: killed as soon as its table exists in RAM, long
    // before that seed ends.
    const killed = spawnProduct({ PORT: '0', DATA_DIR: dataDir });
    killedPid = killed.child.pid!;
    await waitFor('the first seed to write its table in /dev/shm', () => stagingOf(killedPid).some((d) => fs.existsSync(path.join('/dev/shm', d, 'shared-local-instance.db'))), 60_000);
    killed.child.kill('SIGKILL');
    await withTimeout(killed.exited, 5_000, 'the product to die after SIGKILL');
    expect(fs.existsSync(path.join(dataDir, 'dynamodb', 'shared-local-instance.db'))).toBe(false);
  }, TEST_TIMEOUT);

  it('starts on a fresh DATA_DIR and any free port, answers health and logs the demo salesman in', async () => {
    first = await startProduct(dataDir);
    // The seed of the start killed before was thrown away: this one seeded from nothing.
    expect(stagingOf(killedPid)).toEqual([]);
    expect(stagingOf(first.child.pid!)).toEqual([]);
    expect(first.port).toBeGreaterThan(0);
    expect(first.dynamoPort).toBeGreaterThan(0);
    expect(first.dynamoPort).not.toBe(first.port);
    expect(first.demo).toBe('seeded now');
    expect(first.output()).toContain(`data: ${dataDir} (DynamoDB Local on port ${first.dynamoPort}`);
    expect(fs.existsSync(path.join(dataDir, 'dynamodb'))).toBe(true);

    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'healthy' });

    const res = await login(first.url, 'vendedor@exemplo.com.br', 'demo1234');
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe('vendedor@exemplo.com.br');
    expect(res.body.data.accessToken.split('.')).toHaveLength(3);
    expect(res.body.data.refreshToken.split('.')).toHaveLength(3);
    // The demo's company answers the salesman's reads (its records are not seeded in this mode).
    const me = await fetch(`${first.url}/api/auth/me`, { headers: { authorization: `Bearer ${res.body.data.accessToken}` } });
    expect(me.status).toBe(200);

    // The SPA's files named by their content hash are kept by the browser for good; the shell is not.
    const shell = await fetch(`${first.url}/login`);
    expect(shell.headers.get('cache-control') ?? '').not.toContain('immutable');
    const asset = /\/assets\/[^"]+\.js/.exec(await shell.text())![0];
    const js = await fetch(`${first.url}${asset}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Text files go compressed to a browser that accepts it (brotli first, then gzip), the same bytes once opened.
    const plain = Buffer.from(await (await fetch(`${first.url}${asset}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    const br = await fetch(`${first.url}${asset}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(Number(br.headers.get('content-length'))).toBeLessThan(plain.length / 2);
    const gz = await fetch(`${first.url}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    // The security headers of the CloudFront policy, from the one definition, on the shell, the assets and the API.
    for (const answer of [shell, js, health]) {
      for (const [name, value] of Object.entries(securityHeaders())) expect(answer.headers.get(name)).toBe(value);
    }
    // The shell's inline scripts (display preferences, and the prerendered page's start, before the first paint) are allowed by their hashes, as built.
    const builtShell = await (await fetch(`${first.url}/login`)).text();
    expect(inlineScriptHashes(builtShell)).toHaveLength(2);
    expect(shell.headers.get('content-security-policy')).toContain(`script-src 'self' ${inlineScriptHashes(builtShell).join(' ')};`);
    // /login is the page as a first visit sees it, made when the app was built (issue 17 item 6),
    // compressed; its modules are fetched once it is painted. /home and /sales/create are the
    // signed-in layout's frame around their first state (docs/web-session.md). Other routes get the
    // bare shell, compressed too.
    expect(builtShell).toContain('<div id="root" data-prerendered="public">');
    expect(builtShell).toContain('Acesse sua conta');
    const home = await (await fetch(`${first.url}/home`)).text();
    expect(home).toContain('<meta name="prerendered" content="signed-in create:vendas read:vendas read:agendamentos" />');
    expect(home).toContain('<div id="root" data-prerendered="signed-in">');
    expect(home).toContain('Roteiro de hoje');
    expect(inlineScriptHashes(home)).toEqual(inlineScriptHashes(builtShell));
    // A store's login and its catalogue, whatever the store's address: its frame around the login
    // form, and signed in, the client's tabs around the catalogue's loading state.
    const storeLogin = await (await fetch(`${first.url}/vendas/padaria-central`)).text();
    expect(storeLogin).toContain('<meta name="prerendered" content="store-public" />');
    expect(storeLogin).toContain('<div id="root" data-prerendered="store-public">');
    expect(storeLogin).toContain('Entrar na loja');
    const storePurchase = await (await fetch(`${first.url}/vendas/padaria-central/sales/create`)).text();
    expect(storePurchase).toContain('<div id="root" data-prerendered="store-signed-in">');
    expect(storePurchase).toContain('data-testid="store-catalogue-loading"');
    expect(await (await fetch(`${first.url}/vendas/padaria-central/sales`)).text()).toContain('<div id="root"></div>');
    expect(inlineScriptHashes(storePurchase)).toEqual(inlineScriptHashes(builtShell));
    expect(builtShell).toMatch(/<meta name="app-modules" content="\/assets\/index-[^" ]+\.js /);
    expect(builtShell).not.toContain('<script type="module"');
    for (const encoding of ['br', 'gzip']) {
      const page = await fetch(`${first.url}/login`, { headers: { 'accept-encoding': encoding } });
      expect(page.headers.get('content-encoding')).toBe(encoding);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      const other = await fetch(`${first.url}/clients`, { headers: { 'accept-encoding': encoding } });
      expect(other.headers.get('content-encoding')).toBe(encoding);
      const otherText = await other.text();
      expect(otherText).toContain('<div id="root"></div>');
      expect(otherText).toContain('<script type="module"');
    }
    // robots.txt and the web manifest are files, never the SPA's HTML (issue 17 item 6).
    const robots = await fetch(`${first.url}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await robots.text()).toMatch(/^User-agent: \*$/m);
    const manifest = await fetch(`${first.url}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect((await manifest.json()).name).toBeTruthy();
  }, TEST_TIMEOUT);

  it('ends cleanly on SIGINT: exit code 0, Java gone, both ports free again', async () => {
    const java = processes().filter((p) => p.ppid === first.dynamoPid && p.args.includes('java'));
    expect(java).toHaveLength(1);
    expect(processesMentioning(dataDir).length).toBeGreaterThan(0);

    const t0 = Date.now();
    first.child.kill('SIGINT');
    const exit = await withTimeout(first.exited, 10_000, 'the product to exit after SIGINT');
    console.info(`[local-runtime] SIGINT → exit ${exit.code} in ${Date.now() - t0} ms`);
    expect(exit).toEqual({ code: 0, signal: null });

    await waitFor('Java to end', () => !alive(java[0]!.pid) && !alive(first.dynamoPid), 5_000);
    expect(processesMentioning(dataDir)).toEqual([]);
    await waitFor(`HTTP port ${first.port} to be free`, () => portFree(first.port), 5_000);
    await waitFor(`DynamoDB Local port ${first.dynamoPort} to be free`, () => portFree(first.dynamoPort), 5_000);
  }, TEST_TIMEOUT);

  it('starts again on the same DATA_DIR keeping the data and adding nothing', async () => {
    second = await startProduct(dataDir);
    expect(second.demo).toBe('already there');
    expect(second.tenantId).toBe(first.tenantId);
    expect(second.output()).not.toContain('table created');

    const res = await login(second.url, 'vendedor@exemplo.com.br', 'demo1234');
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe('vendedor@exemplo.com.br');
  }, TEST_TIMEOUT);

  it('leaves nothing behind when killed with SIGKILL', async () => {
    expect(processesMentioning(dataDir).length).toBeGreaterThan(0);
    const t0 = Date.now();
    second.child.kill('SIGKILL');
    const exit = await withTimeout(second.exited, 5_000, 'the product to die after SIGKILL');
    expect(exit.signal).toBe('SIGKILL');

    await waitFor(`no process mentioning ${dataDir}`, () => processesMentioning(dataDir).length === 0, 5_000);
    console.info(`[local-runtime] SIGKILL → Java gone in ${Date.now() - t0} ms`);
    expect(alive(second.dynamoPid)).toBe(false);
    await waitFor(`DynamoDB Local port ${second.dynamoPort} to be free`, () => portFree(second.dynamoPort), 5_000);
  }, TEST_TIMEOUT);

  it('stops with one line naming openjdk-17-jre-headless when Java is missing', async () => {
    const bin = tempDir('ev-local-runtime-bin-');
    fs.symlinkSync(process.execPath, path.join(bin, 'node'));
    fs.symlinkSync('/bin/sh', path.join(bin, 'sh'));
    const noJavaDir = tempDir('ev-local-runtime-nojava-');

    const product = spawnProduct({ PORT: '0', DATA_DIR: noJavaDir, PATH: bin });
    const exit = await withTimeout(product.closed, 30_000, 'the product to exit without Java');
    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    const lines = product.stderr().split('\n').filter((l) => l.includes('openjdk-17-jre-headless'));
    expect(lines, product.output()).toHaveLength(1);
    expect(product.output()).not.toContain('ready at');
    expect(processesMentioning(noJavaDir)).toEqual([]);
  }, TEST_TIMEOUT);
});
