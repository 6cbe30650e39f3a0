import fs from 'node:fs';
import path from 'node:path';
import { BUNDLE_LIMITS, ENTRY_METADATA } from '../lambda';
import type { Assembly } from './synth';
import { all } from './templates';

export interface FunctionBundle {
  /** The function's construct path without the stack (`Api/Function/Resource`). */
  path: string;
  /** Its entry in functions/src/lambda (`api.ts`). */
  entry: string;
  /** Its bundle, `index.mjs` of the synthesised asset. */
  file: string;
  bytes: number;
  /** The most the entry's bundle may weigh (`BUNDLE_LIMITS`). */
  limit: number;
}

/** Every function of ours in a synthesised stage, with its bundle's size and limit. */
export function functionBundles(assembly: Assembly): FunctionBundle[] {
  return all(assembly, 'AWS::Lambda::Function')
    .filter((fn) => fn.resource.Metadata?.[ENTRY_METADATA])
    .map((fn) => {
      const entry = fn.resource.Metadata![ENTRY_METADATA] as string;
      const file = path.join(assembly.dir, fn.resource.Metadata!['aws:asset:path'], 'index.mjs');
      return { path: fn.path, entry, file, bytes: fs.statSync(file).size, limit: BUNDLE_LIMITS[entry]! };
    });
}
