import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RemovalPolicy } from 'aws-cdk-lib';
import { DEFAULT_BEDROCK_MODEL_ID } from '@ev/core/env';

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
  /**
   * The assistant's model (docs/deploy.md "The assistant's model"): Bedrock's model or cross-Region
   * inference profile id and the region it is called in (null: the stage's own), or `local` (rules,
   * no model, nothing to pay; `-c aiModel=local`).
   */
  model: { kind: 'bedrock'; id: string; region: string | null } | { kind: 'local' };
}

const STAGE_NAME = /^[a-z][a-z0-9-]{0,19}$/;

/** A foundation model's id (`anthropic.claude-…-v1:0`) or a cross-Region inference profile's (`global.…`, `us.…`). */
const MODEL_ID = /^[a-z0-9][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+(:[a-z0-9-]+)*$/;
const REGION = /^[a-z]{2}(-gov)?-[a-z]+-\d$/;

export function stageConfig(input: {
  stage: unknown;
  mailDomain?: unknown;
  createEmailIdentity?: unknown;
  domainName?: unknown;
  certificateArn?: unknown;
  aiModel?: unknown;
  bedrockModelId?: unknown;
  bedrockRegion?: unknown;
}): StageConfig {
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
  return { stage, prod, mailDomain, createEmailIdentity: create, ...(domain && { domain }), model: modelConfig(input) };
}

function modelConfig(input: { aiModel?: unknown; bedrockModelId?: unknown; bedrockRegion?: unknown }): StageConfig['model'] {
  const kind = input.aiModel === undefined || input.aiModel === '' ? 'bedrock' : input.aiModel;
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 'bedrock') throw new Error(`aiModel must be bedrock or local (got "${String(kind)}")`);
  const id = typeof input.bedrockModelId === 'string' && input.bedrockModelId ? input.bedrockModelId : DEFAULT_BEDROCK_MODEL_ID;
  if (!MODEL_ID.test(id)) throw new Error(`bedrockModelId must be a Bedrock model or inference profile id, such as ${DEFAULT_BEDROCK_MODEL_ID} (got "${id}")`);
  const region = typeof input.bedrockRegion === 'string' && input.bedrockRegion ? input.bedrockRegion : null;
  if (region !== null && !REGION.test(region)) throw new Error(`bedrockRegion must be an AWS region such as sa-east-1 (got "${region}")`);
  return { kind: 'bedrock', id, region };
}

export function stackName(config: StageConfig, concern: string): string {
  return `ev-${config.stage}-${concern}`;
}

/** Stateful resources survive a prod stack deletion; previews leave nothing behind. */
export function removal(config: StageConfig): RemovalPolicy {
  return config.prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
}
