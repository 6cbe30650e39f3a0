/**
 * Figures of the AWS build for `npm run bench`: the API bundle as CDK synthesised it (minified, and
 * gzipped as Lambda stores it in the deployment zip), the jobs bundle, and each prod stack's
 * template size (CloudFormation accepts up to 1 MB through S3).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { synthesized } from '../infra/testing/synth';
import { all } from '../infra/testing/templates';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export async function awsFigures(): Promise<string[]> {
  const prod = (await synthesized()).prod;
  const lines: string[] = ['AWS build (stage prod, synthesised by CDK):'];
  for (const [label, suffix] of [['API', 'Api/Function/Resource'], ['jobs consumer (email)', 'EmailConsumer/Function/Resource']] as const) {
    const fn = all(prod, 'AWS::Lambda::Function').find((f) => f.path === suffix);
    if (!fn) continue;
    const file = path.join(prod.dir, fn.resource.Metadata!['aws:asset:path'], 'index.mjs');
    const code = fs.readFileSync(file);
    lines.push(`  ${label} bundle: ${kb(code.length)} minified, ${kb(gzipSync(code).length)} gzipped${label === 'API' ? ' (target < 1.5 MB minified)' : ''}; @aws-sdk/* from the runtime`);
  }
  lines.push('  templates:');
  for (const [concern, template] of Object.entries(prod.templates).sort()) {
    const bytes = fs.statSync(path.join(prod.dir, `ev-prod-${concern}.template.json`)).size;
    lines.push(`    ev-prod-${concern}: ${kb(bytes)}, ${Object.keys(template.Resources).length} resources`);
  }
  return lines;
}
