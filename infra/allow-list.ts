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
// Its own log group, and X-Ray's two write actions (active tracing: X-Ray has no resources to name).
const OWN_LOGS = ['logs:CreateLogStream', 'logs:PutLogEvents', 'xray:PutTelemetryRecords', 'xray:PutTraceSegments'];
const CLAIMS = ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'];
// What Lambda's SQS event source needs on the consumer's own queue (and the runner's visibility extension).
const CONSUME = ['sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:ReceiveMessage'];

export const ALLOW_LIST: Record<string, string[]> = {
  // The API: requests of the web app; queues jobs, presigns file URLs, reads its two secrets.
  // And whether the table's point-in-time recovery is on (the operators' server card).
  // And the assistant's model on Bedrock (Converse is authorised by InvokeModel), on its model's ARNs alone.
  'api/ApiRole': [...TABLE, ...OBJECTS, ...OWN_LOGS, 'bedrock:InvokeModel', 'dynamodb:DescribeContinuousBackups', 's3:ListBucket', 'secretsmanager:GetSecretValue', 'sqs:SendMessage'],
  // A jobs consumer per family (infra/jobs.ts FAMILY_ACCESS): its own queue, the app secret, and no more.
  // E-mail: claims and dead letters only, and SES.
  'jobs/EmailConsumerRole': [...CLAIMS, ...OWN_LOGS, ...CONSUME, 'secretsmanager:GetSecretValue', 'ses:SendEmail'],
  // Exports: reads the company's records as the user would, writes its file under exports/.
  'jobs/ExportsConsumerRole': [...TABLE, ...OWN_LOGS, ...CONSUME, 's3:PutObject', 'secretsmanager:GetSecretValue'],
  // Imports: reads its upload under uploads/ (ListBucket there: a missing file is a 404, not a 403), writes records.
  'jobs/ImportsConsumerRole': [...TABLE, ...OWN_LOGS, ...CONSUME, 's3:GetObject', 's3:ListBucket', 'secretsmanager:GetSecretValue'],
  // The sweep of interrupted sale closes.
  'jobs/SalesConsumerRole': [...TABLE, ...OWN_LOGS, ...CONSUME, 'secretsmanager:GetSecretValue'],
  // WhatsApp: the webhook's deliveries and the sends; the release queues a batch's chunks on its own queue.
  'jobs/MessagesConsumerRole': [...TABLE, ...OWN_LOGS, ...CONSUME, 'secretsmanager:GetSecretValue', 'sqs:SendMessage'],
  // The platform's upkeep: the usage count reads the table's stream; its rebuild and a company's erasure scan the table.
  // A company's erasure: its files under exports/, uploads/ and t/ listed and deleted.
  'jobs/PlatformConsumerRole': [...TABLE, ...OBJECTS, ...OWN_LOGS, ...CONSUME, 'dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:Scan', 's3:ListBucket', 'secretsmanager:GetSecretValue'],
  // CDK's provider that empties a preview's bucket on delete: its rights are in the bucket policy.
  'files/Custom::S3AutoDeleteObjectsCustomResourceProvider/Role': [],
  'web/Custom::S3AutoDeleteObjectsCustomResourceProvider/Role': [],
};
