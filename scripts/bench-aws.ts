/**
 * Figures of the AWS build for `npm run bench`: each function's bundle as CDK synthesised it
 * (minified, and gzipped as Lambda stores it in the deployment zip) beside its limit
 * (`BUNDLE_LIMITS`, infra/lambda.ts), what weighs most in each entry's bundle (esbuild's metafile),
 * and each prod stack's template size (CloudFormation accepts up to 1 MB through S3).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundleLambda, bundleShares } from '../infra/bundle';
import { LAMBDA_ENTRIES } from '../infra/lambda';
import { functionBundles } from '../infra/testing/bundles';
import { synthesized } from '../infra/testing/synth';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export async function awsFigures(): Promise<string[]> {
  const prod = (await synthesized()).prod;
  const lines: string[] = ['AWS build (stage prod, synthesised by CDK; @aws-sdk/* from the runtime):'];
  const bundles = functionBundles(prod).sort((a, b) => a.path.localeCompare(b.path));
  for (const b of bundles) {
    const over = b.bytes > b.limit ? '  OVER THE LIMIT' : '';
    lines.push(`  ${b.path.split('/')[0]!.padEnd(17)} ${b.entry.padEnd(16)} ${kb(b.bytes).padStart(10)} minified, ${kb(gzipSync(fs.readFileSync(b.file)).length).padStart(9)} gzipped (limit ${kb(b.limit)})${over}`);
  }
  lines.push('  largest parts of each bundle (esbuild metafile):');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ev-bench-bundle-'));
  try {
    for (const entry of [...new Set(bundles.map((b) => b.entry))].sort()) {
      const shares = bundleShares(await bundleLambda(path.join(LAMBDA_ENTRIES, entry), path.join(dir, entry, 'index.mjs')));
      lines.push(`    ${entry}: ${shares.slice(0, 6).map((s) => `${s.name} ${kb(s.bytes)}`).join(', ')}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  lines.push('  templates:');
  for (const [concern, template] of Object.entries(prod.templates).sort()) {
    const bytes = fs.statSync(path.join(prod.dir, `ev-prod-${concern}.template.json`)).size;
    lines.push(`    ev-prod-${concern}: ${kb(bytes)}, ${Object.keys(template.Resources).length} resources`);
  }
  return lines;
}
