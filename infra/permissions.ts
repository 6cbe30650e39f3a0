import type { Stack } from 'aws-cdk-lib';
import { PolicyStatement, type Role } from 'aws-cdk-lib/aws-iam';
import type { DataStack } from './table';

/**
 * What our code does to the table: items and queries on the table and each named index. No Scan
 * (invariant 2: no request path scans), no table administration. TransactWriteItems and
 * TransactGetItems are authorised per item by these actions.
 */
export const TABLE_ACTIONS = [
  'dynamodb:BatchGetItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DeleteItem',
  'dynamodb:DescribeTable',
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:Query',
  'dynamodb:UpdateItem',
];

/** What the job runner alone does to the table: claim a job's key, renew and release it, write a dead letter. */
export const CLAIM_ACTIONS = ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'];

export function allowTable(role: Role, data: DataStack, actions: string[] = TABLE_ACTIONS): void {
  role.addToPrincipalPolicy(new PolicyStatement({ actions, resources: [data.table.tableArn, ...data.indexArns] }));
}

const OBJECT_ACTIONS = ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'];

/**
 * Objects only (presigning needs the signer to hold the permission), under `prefixes` (default:
 * every key); no bucket administration.
 */
export function allowFiles(role: Role, bucketArn: string, opts: { prefixes?: string[]; actions?: string[] } = {}): void {
  const resources = (opts.prefixes ?? ['']).map((prefix) => `${bucketArn}/${prefix}*`);
  role.addToPrincipalPolicy(new PolicyStatement({ actions: opts.actions ?? OBJECT_ACTIONS, resources }));
}

/**
 * `s3:ListBucket` limited to `prefixes`: without it S3 answers a missing key with 403, with it
 * 404 (NoSuchKey), which the files port turns into the project's "file not sent" text.
 */
export function allowListFiles(role: Role, bucketArn: string, prefixes: string[]): void {
  role.addToPrincipalPolicy(
    new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucketArn], conditions: { StringLike: { 's3:prefix': prefixes.map((p) => `${p}*`) } } }),
  );
}

export function allowSecrets(role: Role, secretArns: string[]): void {
  role.addToPrincipalPolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: secretArns }));
}

export function allowSendJobs(role: Role, queueArns: string[]): void {
  role.addToPrincipalPolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: queueArns }));
}

/** A cross-Region inference profile's id: a geography (or `global`) before the model's id. */
const INFERENCE_PROFILE = /^(global|us|us-gov|eu|apac|jp|au|ca)\.(.+)$/;

/**
 * What `bedrock:InvokeModel` names for a model id called from `region`: a foundation model, that
 * model in that region; an inference profile, the profile in that region and its model in every
 * region the profile sends requests to (any region for a geography's; for `global.`, also the
 * model's ARN without a region, as AWS's guide to global cross-Region inference asks).
 */
export function modelArns(stack: Stack, modelId: string, region: string): string[] {
  const profile = INFERENCE_PROFILE.exec(modelId);
  if (!profile) return [`arn:${stack.partition}:bedrock:${region}::foundation-model/${modelId}`];
  const [, geography, model] = profile;
  return [
    `arn:${stack.partition}:bedrock:${region}:${stack.account}:inference-profile/${modelId}`,
    `arn:${stack.partition}:bedrock:*::foundation-model/${model}`,
    ...(geography === 'global' ? [`arn:${stack.partition}:bedrock:::foundation-model/${model}`] : []),
  ];
}

/** Converse on the stage's model alone (Converse is authorised by `bedrock:InvokeModel`). */
export function allowModel(role: Role, modelArnList: string[]): void {
  role.addToPrincipalPolicy(new PolicyStatement({ actions: ['bedrock:InvokeModel'], resources: modelArnList }));
}
