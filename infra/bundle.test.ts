import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banks } from '@ev/shared/banks';
import { z } from '@ev/shared/zod';
import { bundleLambda } from './bundle';
import { REPO_ROOT } from './config';

/**
 * The Lambda bundles' plugins (infra/bundle.ts) keep out only what no function calls: a module
 * bundled as the Lambda entries are gives the same banks and the same Portuguese validation
 * messages as the sources.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
const nativeImport = (url: string): Promise<any> => import(/* @vite-ignore */ url);

let dir: string;
let bundled: any;

beforeAll(async () => {
  // Inside the repository, so that the workspace packages resolve as they do for the entries.
  fs.mkdirSync(path.join(REPO_ROOT, 'infra', 'cdk.out'), { recursive: true });
  dir = fs.mkdtempSync(path.join(REPO_ROOT, 'infra', 'cdk.out', 'bundle-test-'));
  const entry = path.join(dir, 'entry.ts');
  fs.writeFileSync(entry, "export { banks } from '@ev/shared/banks';\nexport { z } from '@ev/shared/zod';\n");
  await bundleLambda(entry, path.join(dir, 'index.mjs'));
  bundled = await nativeImport(pathToFileURL(path.join(dir, 'index.mjs')).href);
}, 60_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the Lambda bundles', () => {
  it('carry every bank with its names, from the fields banks.ts reads', () => {
    expect(bundled.banks()).toEqual(banks());
    expect(bundled.banks().length).toBeGreaterThan(100);
    expect(fs.readFileSync(path.join(dir, 'index.mjs'), 'utf8')).not.toContain('LogoUrl');
  });

  it("answer zod's messages in our Brazilian Portuguese, with none of zod's own languages", () => {
    const message = (zod: typeof z) => zod.object({ n: zod.number() }).safeParse({ n: 'x' }).error!.issues[0]!.message;
    expect(message(bundled.z)).toBe(message(z));
    expect(message(bundled.z)).toMatch(/^O campo n deve ser /);
    expect(Object.keys(bundled.z.locales)).toEqual([]);
  });
});
