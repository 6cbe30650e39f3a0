/**
 * Least privilege, written down: for every IAM role of a stage, the exact set of actions its
 * policies may grant, keyed by `<concern>/<construct path>`. infra/permissions.test.ts fails when a
 * synthesised role has an action not listed here, lacks one listed, or has no entry at all: a new
 * permission is a reviewed edit of this file. Written out on purpose (not imported from the stacks).
 */
// Three a line, by name: the same nine as infra/permissions.ts grants, compared, not imported.
const TABLE = [
  'dynamodb:BatchGetItem', 'dynamodb:BatchWriteItem', 'dynamodb:ConditionCheckItem',
  'dynamodb:DeleteItem', 'dynamodb:DescribeTable', 'dynamodb:GetItem',
  'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem',
];
const OBJECTS = ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'];
const OWN_LOGS = ['logs:CreateLogStream', 'logs:PutLogEvents'];

export const ALLOW_LIST: Record<string, string[]> = {
  // The API: requests of the web app; queues jobs, presigns file URLs, reads its two secrets.
  'api/ApiRole': [...TABLE, ...OBJECTS, ...OWN_LOGS, 'secretsmanager:GetSecretValue', 'sqs:SendMessage'],
  // Every jobs consumer: runs jobs (table, files, e-mail), may queue jobs, consumes its queue.
  'jobs/ConsumerRole': [
    ...TABLE,
    ...OBJECTS,
    ...OWN_LOGS,
    'secretsmanager:GetSecretValue',
    'ses:SendEmail',
    'sqs:ChangeMessageVisibility',
    'sqs:DeleteMessage',
    'sqs:GetQueueAttributes',
    'sqs:GetQueueUrl',
    'sqs:ReceiveMessage',
    'sqs:SendMessage',
  ],
  // CDK's provider that empties a preview's bucket on delete: its rights are in the bucket policy.
  'files/Custom::S3AutoDeleteObjectsCustomResourceProvider/Role': [],
  'web/Custom::S3AutoDeleteObjectsCustomResourceProvider/Role': [],
};
