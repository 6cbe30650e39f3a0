import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RemovalPolicy } from 'aws-cdk-lib';

/** The repository root: bundling resolves workspace packages and the lock file from here. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * One stage per environment: `prod`, or a preview such as `pr-12`. The stage names the stacks
 * (`ev-<stage>-<concern>`); resources keep generated names, so stages never collide.
 */
export interface StageConfig {
  stage: string;
  prod: boolean;
  /** The SES domain e-mails are sent from (`no-reply@<mailDomain>`). */
  mailDomain: string;
  /** Whether this stage owns the SES identity: an identity exists once per account and region. */
  createEmailIdentity: boolean;
}

const STAGE_NAME = /^[a-z][a-z0-9-]{0,19}$/;

export function stageConfig(input: { stage: unknown; mailDomain?: unknown; createEmailIdentity?: unknown }): StageConfig {
  const stage = typeof input.stage === 'string' ? input.stage : '';
  if (!STAGE_NAME.test(stage)) {
    throw new Error(`Pass the stage with -c stage=<name> (lower case, starting with a letter, at most 20 characters; got "${stage}")`);
  }
  const prod = stage === 'prod';
  const base = typeof input.mailDomain === 'string' && input.mailDomain ? input.mailDomain : 'escritoriovirtual.com.br';
  // Previews send from their own domain, whose identity the previews' account holds (infra/access.ts):
  // never from production's.
  const mailDomain = prod ? base : `preview.${base}`;
  if (!/^[a-z0-9.-]+\.[a-z]{2,}$/.test(mailDomain)) throw new Error(`Invalid mailDomain "${mailDomain}"`);
  const create = input.createEmailIdentity === undefined ? prod : input.createEmailIdentity === true || input.createEmailIdentity === 'true';
  return { stage, prod, mailDomain, createEmailIdentity: create };
}

export function stackName(config: StageConfig, concern: string): string {
  return `ev-${config.stage}-${concern}`;
}

/** Stateful resources survive a prod stack deletion; previews leave nothing behind. */
export function removal(config: StageConfig): RemovalPolicy {
  return config.prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
}
