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
  /**
   * The stage's own address and its ACM certificate (us-east-1), when it has one: CloudFront then
   * requires TLS 1.2 (TLSv1.2_2021). The default `*.cloudfront.net` certificate cannot be held to it.
   */
  domain?: { name: string; certificateArn: string };
}

const STAGE_NAME = /^[a-z][a-z0-9-]{0,19}$/;

export function stageConfig(input: { stage: unknown; mailDomain?: unknown; createEmailIdentity?: unknown; domainName?: unknown; certificateArn?: unknown }): StageConfig {
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
  const domain =
    typeof input.domainName === 'string' && input.domainName && typeof input.certificateArn === 'string' && input.certificateArn
      ? { name: input.domainName, certificateArn: input.certificateArn }
      : undefined;
  if (domain && !/^arn:aws:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(domain.certificateArn)) throw new Error(`certificateArn must be an ACM certificate in us-east-1 (got "${domain.certificateArn}")`);
  return { stage, prod, mailDomain, createEmailIdentity: create, ...(domain && { domain }) };
}

export function stackName(config: StageConfig, concern: string): string {
  return `ev-${config.stage}-${concern}`;
}

/** Stateful resources survive a prod stack deletion; previews leave nothing behind. */
export function removal(config: StageConfig): RemovalPolicy {
  return config.prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
}
