import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * `npm test`: Vitest, then Playwright. The browser tests need the built web app (about 25 s of
 * CPU); it is built meanwhile, at the lowest priority, from the CPU Vitest leaves idle while its
 * tests wait on DynamoDB Local (docs/decisions.md "Test time"). A test that starts the product
 * before that build ends waits for it instead of building again (functions/src/local/web.ts).
 */
const root = path.resolve(import.meta.dirname, '..');

let buildOutput = '';
const build = spawn(process.execPath, ['--import', 'tsx', 'scripts/build-web.ts', '--background'], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
build.stdout.on('data', (d) => (buildOutput += d));
build.stderr.on('data', (d) => (buildOutput += d));
const built = new Promise((resolve) => build.on('exit', (code) => resolve(code ?? 1)));
const stopBuild = () => {
  try {
    process.kill(-build.pid, 'SIGTERM');
  } catch {
    // Already ended.
  }
};

let current;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopBuild();
    current?.kill(signal);
    process.exit(130);
  });
}

function run(script) {
  return new Promise((resolve) => {
    current = spawn('npm', ['run', script], { cwd: root, stdio: 'inherit' });
    current.on('exit', (code) => resolve(code ?? 1));
  });
}

let code = await run('test:unit');
if (code !== 0) {
  stopBuild();
  process.exit(code);
}
if ((await built) !== 0) {
  // The browser tests' setup builds it again and stops the run with the same error, shown whole.
  process.stderr.write(`The web app's background build failed:\n${buildOutput}\n`);
}
code = await run('test:e2e');
process.exit(code);
