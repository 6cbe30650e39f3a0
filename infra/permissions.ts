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

export function allowTable(role: Role, data: DataStack): void {
  role.addToPrincipalPolicy(new PolicyStatement({ actions: TABLE_ACTIONS, resources: [data.table.tableArn, ...data.indexArns] }));
}

/** Objects only (presigning needs the signer to hold the permission); no bucket administration. */
export function allowFiles(role: Role, bucketArn: string): void {
  role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], resources: [`${bucketArn}/*`] }));
}

export function allowSecrets(role: Role, secretArns: string[]): void {
  role.addToPrincipalPolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: secretArns }));
}

export function allowSendJobs(role: Role, queueArns: string[]): void {
  role.addToPrincipalPolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: queueArns }));
}
