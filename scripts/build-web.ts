import os from 'node:os';
import path from 'node:path';
import { buildWebIfStale } from '../functions/src/local/web';

/**
 * Builds the web app when its sources changed since the last build (the same check as `npm start`
 * and the browser tests). With `--background` it runs at the lowest CPU priority, so the tests
 * running beside it (`npm test`) lose nearly nothing to it.
 */
if (process.argv.includes('--background')) os.setPriority(19);
buildWebIfStale(path.resolve(import.meta.dirname, '..'));
