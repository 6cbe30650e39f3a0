import path from 'node:path';
import { all } from './templates';
import type { Assembly } from './synth';

/** The stage's Secrets Manager ARN of the app secret, as the pr-1 stage names it. */
export const APP_SECRET_ARN = 'arn:aws:secretsmanager:sa-east-1:123456789012:secret:ev-pr-1-app';

/** The folder of a synthesised function's bundle (its `index.mjs` and source map). */
export function functionAsset(assembly: Assembly, pathSuffix: string): string {
  const fn = all(assembly, 'AWS::Lambda::Function').find((f) => f.path === pathSuffix);
  if (!fn) throw new Error(`No function ${pathSuffix}`);
  return path.join(assembly.dir, fn.resource.Metadata!['aws:asset:path']);
}

/**
 * Sets the environment a bundled handler reads on Lambda (the region, the sender, the receive count
 * and what the test adds: endpoints, secrets, queues) and answers the function that puts the
 * process's environment back as it was.
 */
export function lambdaEnvironment(vars: Record<string, string>): () => void {
  const saved = { ...process.env };
  Object.assign(process.env, {
    AWS_REGION: 'sa-east-1',
    EMAIL_FROM: 'Escritório Virtual <no-reply@escritoriovirtual.com.br>',
    MAX_RECEIVE_COUNT: '3',
    ...vars,
  });
  return () => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  };
}
