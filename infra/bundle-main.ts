import path from 'node:path';
import { bundleLambda } from './bundle';

/**
 * `node --import tsx infra/bundle-main.ts <entry> <output dir>`: bundles one Lambda entry into the
 * folder CDK stages as the function's asset (infra/lambda.ts, at synthesis). A process of its own:
 * CDK asks for the asset synchronously, and esbuild's plugins need its asynchronous API.
 */
const [entry, outDir] = process.argv.slice(2);
if (!entry || !outDir) throw new Error('usage: bundle-main.ts <entry> <output dir>');
await bundleLambda(entry, path.join(outDir, 'index.mjs'));
