import { Duration, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, PayloadFormatVersion, type CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { removal, type StageConfig } from './config';
import type { EmailSettings } from './email';
import type { JobsStack } from './jobs';
import { AppFunction, lambdaRole } from './lambda';
import { allowFiles, allowListFiles, allowModel, allowSecrets, allowSendJobs, allowTable, modelArns } from './permissions';
import type { DataStack } from './table';

/** The fields of an access log line (API Gateway's `$context` variables); no address, no user. */
export const ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  time: '$context.requestTimeEpoch',
  method: '$context.httpMethod',
  route: '$context.routeKey',
  path: '$context.path',
  status: '$context.status',
  responseLength: '$context.responseLength',
  latency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
} as const;

/** HTTP APIs stop waiting at 30 s. */
export const API_TIMEOUT_SECONDS = 25;

export interface ApiStackProps extends StackProps {
  data: DataStack;
  jobs: JobsStack;
  filesBucketArn: string;
  filesBucketName: string;
  appSecretArn: string;
  originVerifyArn: string;
  email: EmailSettings;
}

/**
 * The Hono app as one Lambda behind an HTTP API (API Gateway v2, payload 2.0): every route goes to
 * the app, headers (Authorization: Bearer included) reach it untouched. CloudFront is the only
 * caller the Lambda serves (see functions/src/lambda/origin.ts).
 */
export class ApiStack extends Stack {
  readonly api: HttpApi;
  readonly fn: AppFunction;
  /** `<id>.execute-api.<region>.amazonaws.com`, CloudFront's origin for /api/*. */
  readonly apiDomain: string;
  /** One JSON line per request (status, route, latency, CloudFront's request id), kept 90 days. */
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, config: StageConfig, props: ApiStackProps) {
    super(scope, id, props);
    const role = lambdaRole(this, 'ApiRole', 'API: requests of the web app');
    allowTable(role, props.data);
    // The operators' server card shows whether the table's point-in-time recovery is on (docs/admin.md "Servers").
    role.addToPrincipalPolicy(new PolicyStatement({ actions: ['dynamodb:DescribeContinuousBackups'], resources: [props.data.table.tableArn] }));
    allowFiles(role, props.filesBucketArn);
    // A missing upload (an import announced, its file never sent) reads as 404, not 403.
    allowListFiles(role, props.filesBucketArn, ['uploads/']);
    allowSecrets(role, [props.appSecretArn, props.originVerifyArn]);
    allowSendJobs(role, props.jobs.families.map((f) => f.queue.queueArn));
    // The assistant's model (docs/ai.md "The model port"): called in its region, the stage's unless named.
    const model = config.model.kind === 'bedrock' ? { ...config.model, region: config.model.region ?? this.region } : null;
    if (model) allowModel(role, modelArns(this, model.id, model.region));

    this.fn = new AppFunction(this, 'Api', {
      entry: 'api.ts',
      description: `Escritório Virtual ${config.stage}: API`,
      role,
      // HTTP APIs stop waiting at 30 s; scrypt at login wants CPU, which comes with memory.
      timeout: Duration.seconds(API_TIMEOUT_SECONDS),
      memorySize: 1024,
      removalPolicy: removal(config),
      environment: {
        TABLE_NAME: props.data.table.tableName,
        APP_SECRET_ARN: props.appSecretArn,
        ORIGIN_VERIFY_SECRET_ARN: props.originVerifyArn,
        FILES_BUCKET: props.filesBucketName,
        QUEUE_URLS: Stack.of(this).toJsonString(Object.fromEntries(props.jobs.families.map((f) => [f.family.name, f.queue.queueUrl]))),
        EMAIL_FROM: props.email.from,
        // The operators' server card (docs/admin.md "Servers"): the stage, and what deploy.sh sets.
        EV_STAGE: config.stage,
        // The store's sandbox Pix (docs/store.md "Payment"): never in production, where nothing it confirms is money.
        STORE_SANDBOX: config.stage === 'prod' ? 'off' : 'on',
        AI_MODEL: model ? 'bedrock' : 'local',
        ...(model ? { BEDROCK_MODEL_ID: model.id, BEDROCK_REGION: model.region } : {}),
        ...(process.env.EV_VERSION ? { EV_VERSION: process.env.EV_VERSION } : {}),
        ...(process.env.EV_DEPLOYED_AT ? { EV_DEPLOYED_AT: process.env.EV_DEPLOYED_AT } : {}),
      },
    });

    this.api = new HttpApi(this, 'HttpApi', {
      description: `Escritório Virtual ${config.stage}`,
      defaultIntegration: new HttpLambdaIntegration('App', this.fn.fn, { payloadFormatVersion: PayloadFormatVersion.VERSION_2_0 }),
      createDefaultStage: true,
    });
    const stage = this.api.defaultStage?.node.defaultChild as CfnStage | undefined;
    this.accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.THREE_MONTHS, removalPolicy: removal(config) });
    if (stage) {
      // The stage's ceiling, above every company's share (limits/index.ts counts each company's).
      stage.defaultRouteSettings = { throttlingBurstLimit: 400, throttlingRateLimit: 200 };
      // No address or user: the request id ties a line to the function's logs and to CloudFront's.
      stage.accessLogSettings = { destinationArn: this.accessLogs.logGroupArn, format: JSON.stringify(ACCESS_LOG_FORMAT) };
    }
    this.apiDomain = Fn.select(2, Fn.split('/', this.api.apiEndpoint));
  }
}
