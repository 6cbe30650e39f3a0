import fs from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { BANK_FIELDS } from '@ev/shared/banks';

/**
 * How a Lambda entry (functions/src/lambda/*.ts) becomes its bundle: one ESM file, `index.mjs`,
 * for nodejs22.x, made by esbuild's API (infra/lambda.ts runs it through ./bundle-main.ts at
 * synthesis; the tests and `npm run bench` call `bundleLambda` directly). `@aws-sdk/*` and
 * `@smithy/*` stay out: the runtime ships SDK v3 and the Smithy packages it is made of (CDK's own
 * `sdkV3ExcludeSmithyPackages` assumes as much); the model port signs with `@smithy/signature-v4`.
 * The plugins below keep out what no function ever calls (docs/deploy.md, "Bundle sizes").
 */
export const LAMBDA_BUILD: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  // No source maps: Node maps every stack through them at run time (--enable-source-maps), which
  // slows each error and the cold start; our logs carry messages and ids, never stacks to a client.
  sourcemap: false,
  external: ['@aws-sdk/*', '@smithy/*'],
  mainFields: ['module', 'main'],
  // Bundled CommonJS code may still call require() for Node built-ins.
  banner: { js: "import { createRequire as __evCreateRequire } from 'node:module'; const require = __evCreateRequire(import.meta.url);" },
  logLevel: 'warning',
};

/**
 * zod's `locales` namespace (about 50 languages, some 290 KB minified) left empty: we configure none
 * of them (packages/shared/src/zod.ts sets our own Brazilian Portuguese messages; zod's `pt` is
 * European). zod exports the namespace from its main entry, and @hono/zod-openapi hands that whole
 * entry (`z`) to zod-to-openapi, so no tree shaking can drop the languages: the API would carry
 * every one of them without this. Its `fromJSONSchema` (a JSON Schema read back into zod, about
 * 12 KB) goes the same way: no function calls it (only the tests' contract check, which runs on the
 * sources), and the name stays, throwing if ever called.
 */
export const zodWithoutLocales: Plugin = {
  name: 'zod-without-locales',
  setup(b) {
    b.onResolve({ filter: /^\.\/from-json-schema\.js$/ }, (args) => {
      if (!/[\\/]node_modules[\\/]zod[\\/]v4[\\/]classic[\\/]/.test(args.importer)) return undefined;
      return { path: path.resolve(path.dirname(args.importer), args.path), namespace: 'zod-from-json-schema' };
    });
    b.onLoad({ filter: /.*/, namespace: 'zod-from-json-schema' }, (args) => ({
      contents: "export function fromJSONSchema() { throw new Error('fromJSONSchema is not bundled (infra/bundle.ts)'); }",
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => {
      if (!/[\\/]node_modules[\\/]zod[\\/]v4[\\/]/.test(args.importer)) return undefined;
      return { path: path.resolve(path.dirname(args.importer), args.path), namespace: 'zod-locales' };
    });
    b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: 'export {};',
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

/**
 * The Central Bank's participants list (`bancos-brasileiros`, a 380 KB JSON of 22 fields per bank)
 * with only the fields packages/shared/src/banks.ts reads (`BANK_FIELDS`): the same banks and names,
 * a fifth of the size. Written as rows of values under one list of the fields' names, made back into
 * objects when the bundle loads (the names repeated in every object were some 17 KB).
 */
export const bankFieldsOnly: Plugin = {
  name: 'bank-fields-only',
  setup(b) {
    b.onLoad({ filter: /[\\/]bancos-brasileiros[\\/]bancos\.json$/ }, (args) => {
      const list = JSON.parse(fs.readFileSync(args.path, 'utf8').replace(/^\uFEFF/, '')) as Record<string, unknown>[];
      // A missing value is null; the nulls that end a row are left out.
      const rows = list.map((entry) => {
        const row = BANK_FIELDS.map((k) => entry[k] ?? null);
        while (row.length && row[row.length - 1] === null) row.pop();
        return row;
      });
      const contents = `const k=${JSON.stringify(BANK_FIELDS)};export default ${JSON.stringify(rows)}.map(r=>Object.fromEntries(k.flatMap((n,i)=>r[i]==null?[]:[[n,r[i]]])));`;
      return { contents, loader: 'js' };
    });
  },
};

/** Bundles a Lambda entry into `outfile`; answers esbuild's metafile (what each input adds). */
export async function bundleLambda(entry: string, outfile: string): Promise<Metafile> {
  const result = await build({ ...LAMBDA_BUILD, entryPoints: [entry], outfile, metafile: true, plugins: [zodWithoutLocales, bankFieldsOnly] });
  return result.metafile;
}

/** The bytes each package (or each source folder of ours) adds to a bundle, largest first. */
export function bundleShares(metafile: Metafile): { name: string; bytes: number }[] {
  const shares = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
      const name = pkg ?? input.replace(/^zod-locales:.*/, 'zod').split('/').slice(0, 3).join('/');
      shares.set(name, (shares.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...shares].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}
