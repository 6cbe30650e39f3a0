// `npm run check`: the type checks of the three projects and the lint, at once. Each alone uses
// little more than one core, so on a machine of two cores they end sooner side by side than one
// after the other (85 s against 106 s here, docs/decisions.md "Test time"). Each one's output is
// printed whole when it ends, so outputs never interleave; the run fails if any fails.
import { spawn } from 'node:child_process';

const checks = [
  ['lint', 'eslint', ['--max-warnings', '0', '.']],
  ['typecheck (API, core, shared, tests)', 'tsc', ['-p', 'tsconfig.json']],
  ['typecheck (web)', 'tsc', ['-p', 'web/tsconfig.json']],
  ['typecheck (browser tests)', 'tsc', ['-p', 'tests/e2e/tsconfig.json']],
];

function run([name, bin, args]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let ended = false;
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const end = (code, extra = '') => {
      if (ended) return;
      ended = true;
      console.info(`${code === 0 ? '✓' : '✗'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      if ((out + extra).trim()) console.info((out + extra).trimEnd());
      resolve(code === 0);
    };
    child.on('error', (e) => end(1, e.message));
    child.on('close', (code) => end(code ?? 1));
  });
}

const started = Date.now();
const passed = (await Promise.all(checks.map(run))).filter(Boolean).length;
console.info(`${passed === checks.length ? 'Passed' : 'Failed'}: ${passed} of ${checks.length} checks in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(passed === checks.length ? 0 : 1);
