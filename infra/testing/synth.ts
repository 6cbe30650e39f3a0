import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { withFileLockAsync } from '@ev/core/local/file-lock';
import { REPO_ROOT, stageConfig } from '../config';
import { buildStage } from '../stage';

/** The stages the tests assert: production and a preview. */
export const TEST_STAGES = ['prod', 'pr-1'] as const;
export type TestStage = (typeof TEST_STAGES)[number];

/**
 * Synthesised assemblies live under infra/cdk.out (inside the repository, so a bundle that leaves
 * `@aws-sdk/*` external resolves it from the repository's node_modules, as the Lambda runtime
 * provides it on AWS).
 */
const ROOT = path.join(REPO_ROOT, 'infra', 'cdk.out');

export interface Assembly {
  stage: TestStage;
  dir: string;
  /** Template of each stack by concern (`data`, `api`, ...). */
  templates: Record<string, Template>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Template = { Resources: Record<string, { Type: string; Properties?: any; Metadata?: any; DependsOn?: unknown }>; Outputs?: Record<string, any>; Parameters?: Record<string, any> };

/**
 * `prod` and `pr-1`, synthesised once for every test file and for `npm run bench`: the assemblies
 * are kept in a folder named by a hash of everything that shapes them (infra, the Lambda sources,
 * the lock file), made by one process under a lock while the others wait.
 */
export async function synthesized(): Promise<Record<TestStage, Assembly>> {
  const key = inputsHash();
  const dir = path.join(ROOT, `test-${key}`);
  if (!fs.existsSync(path.join(dir, 'done'))) await withFileLockAsync(`${dir}.lock`, () => {
    if (fs.existsSync(path.join(dir, 'done'))) return;
    const tmp = `${dir}.tmp-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    for (const stage of TEST_STAGES) synthStage(stage, path.join(tmp, stage));
    fs.writeFileSync(path.join(tmp, 'done'), new Date().toISOString());
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(tmp, dir);
    for (const old of fs.readdirSync(ROOT)) {
      // Older assemblies, and what a killed run left half made (not this run's lock).
      if (/^test-[0-9a-f]+(\.tmp-\d+)?$/.test(old) && old !== `test-${key}`) fs.rmSync(path.join(ROOT, old), { recursive: true, force: true });
    }
  });
  return Object.fromEntries(TEST_STAGES.map((stage) => [stage, readAssembly(stage, path.join(dir, stage))])) as Record<TestStage, Assembly>;
}

function synthStage(stage: TestStage, outdir: string): void {
  // The context of infra/cdk.json (feature flags, mail domain), and path and asset metadata as the
  // CDK CLI writes them: the tests synthesise what `cdk deploy` would, and find resources by path.
  const cdkJson = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'infra', 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const app = new App({ outdir, context: { ...cdkJson.context, 'aws:cdk:enable-path-metadata': true, 'aws:cdk:enable-asset-metadata': true } });
  buildStage(app, stageConfig({ stage, mailDomain: app.node.tryGetContext('mailDomain') }));
  app.synth();
}

function readAssembly(stage: TestStage, dir: string): Assembly {
  const prefix = `ev-${stage}-`;
  const templates: Record<string, Template> = {};
  for (const file of fs.readdirSync(dir)) {
    if (!file.startsWith(prefix) || !file.endsWith('.template.json')) continue;
    templates[file.slice(prefix.length, -'.template.json'.length)] = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Template;
  }
  return { stage, dir, templates };
}

function inputsHash(): string {
  const hash = createHash('sha256');
  const roots = ['infra', 'functions/src', 'packages/core/src', 'packages/shared/src'];
  const files: string[] = [path.join(REPO_ROOT, 'package-lock.json')];
  for (const root of roots) {
    for (const rel of fs.readdirSync(path.join(REPO_ROOT, root), { recursive: true }) as string[]) {
      if (/(^|\/)(cdk\.out|node_modules)(\/|$)/.test(rel) || rel.endsWith('.test.ts')) continue;
      const file = path.join(REPO_ROOT, root, rel);
      if (fs.statSync(file).isFile()) files.push(file);
    }
  }
  for (const file of files.sort()) hash.update(path.relative(REPO_ROOT, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** The deployed construct path of a resource, without the stack name (`Api/Function/Resource`). */
export function cdkPath(resource: { Metadata?: { 'aws:cdk:path'?: string } }): string {
  return (resource.Metadata?.['aws:cdk:path'] ?? '').split('/').slice(1).join('/');
}
