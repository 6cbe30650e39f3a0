import { Duration, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, PayloadFormatVersion, type CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import { removal, type StageConfig } from './config';
import type { EmailSettings } from './email';
import type { JobsStack } from './jobs';
import { AppFunction, lambdaRole } from './lambda';
import { allowFiles, allowListFiles, allowSecrets, allowSendJobs, allowTable } from './permissions';
import type { DataStack } from './table';

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

  constructor(scope: Construct, id: string, config: StageConfig, props: ApiStackProps) {
    super(scope, id, props);
    const role = lambdaRole(this, 'ApiRole', 'API: requests of the web app');
    allowTable(role, props.data);
    allowFiles(role, props.filesBucketArn);
    // A missing upload (an import announced, its file never sent) reads as 404, not 403.
    allowListFiles(role, props.filesBucketArn, ['uploads/']);
    allowSecrets(role, [props.appSecretArn, props.originVerifyArn]);
    allowSendJobs(role, props.jobs.families.map((f) => f.queue.queueArn));

    this.fn = new AppFunction(this, 'Api', {
      entry: 'api.ts',
      description: `Escritório Virtual ${config.stage}: API`,
      role,
      // HTTP APIs stop waiting at 30 s; scrypt at login wants CPU, which comes with memory.
      timeout: Duration.seconds(25),
      memorySize: 1024,
      removalPolicy: removal(config),
      environment: {
        TABLE_NAME: props.data.table.tableName,
        APP_SECRET_ARN: props.appSecretArn,
        ORIGIN_VERIFY_SECRET_ARN: props.originVerifyArn,
        FILES_BUCKET: props.filesBucketName,
        QUEUE_URLS: Stack.of(this).toJsonString(Object.fromEntries(props.jobs.families.map((f) => [f.family.name, f.queue.queueUrl]))),
        EMAIL_FROM: props.email.from,
      },
    });

    this.api = new HttpApi(this, 'HttpApi', {
      description: `Escritório Virtual ${config.stage}`,
      defaultIntegration: new HttpLambdaIntegration('App', this.fn.fn, { payloadFormatVersion: PayloadFormatVersion.VERSION_2_0 }),
      createDefaultStage: true,
    });
    const stage = this.api.defaultStage?.node.defaultChild as CfnStage | undefined;
    if (stage) stage.defaultRouteSettings = { throttlingBurstLimit: 400, throttlingRateLimit: 200 };
    this.apiDomain = Fn.select(2, Fn.split('/', this.api.apiEndpoint));
  }
}
