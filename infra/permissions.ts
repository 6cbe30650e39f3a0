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
