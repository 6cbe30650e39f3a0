import path from 'node:path';
import type { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ApplicationLogLevel, Architecture, LoggingFormat, Runtime, SystemLogLevel, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { REPO_ROOT } from './config';

/**
 * Our Lambdas: arm64, nodejs22.x, one esbuild bundle (local esbuild, no Docker) of an entry in
 * functions/src/lambda, ESM with top-level await for the cold start. `@aws-sdk/*` stays out of the
 * bundle: the nodejs22.x runtime ships SDK v3 (docs/deploy.md says why and what it costs).
 */
export const LAMBDA_RUNTIME = Runtime.NODEJS_22_X;
export const LAMBDA_ARCHITECTURE = Architecture.ARM_64;

export const BUNDLING = {
  format: OutputFormat.ESM,
  target: 'node22',
  minify: true,
  // No source maps: Node maps every stack through them at run time (--enable-source-maps), which
  // slows each error and the cold start; our logs carry messages and ids, never stacks to a client.
  sourceMap: false,
  externalModules: ['@aws-sdk/*'],
  mainFields: ['module', 'main'],
  // Bundled CommonJS code may still call require() for Node built-ins.
  banner: "import { createRequire as __evCreateRequire } from 'node:module'; const require = __evCreateRequire(import.meta.url);",
  forceDockerBundling: false,
} as const;

export interface AppFunctionProps {
  /** File in functions/src/lambda, e.g. `api.ts`. */
  entry: string;
  role: Role;
  timeout: Duration;
  memorySize: number;
  environment: Record<string, string>;
  removalPolicy: RemovalPolicy;
  description: string;
}

/**
 * A function with its own log group (30 days), whose role may write only to that group. Its logs
 * are JSON (Lambda's JSON format: every line with its time, level and request id; our lines carry
 * the tenant and job ids, never personal data or secrets), and it is traced with X-Ray, the SQS
 * messages it sends carrying the trace on to their consumer.
 */
export class AppFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    this.logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH, removalPolicy: props.removalPolicy });
    this.fn = new NodejsFunction(this, 'Function', {
      entry: path.join(REPO_ROOT, 'functions/src/lambda', props.entry),
      handler: 'handler',
      runtime: LAMBDA_RUNTIME,
      architecture: LAMBDA_ARCHITECTURE,
      description: props.description,
      role: props.role,
      timeout: props.timeout,
      memorySize: props.memorySize,
      logGroup: this.logGroup,
      loggingFormat: LoggingFormat.JSON,
      applicationLogLevelV2: ApplicationLogLevel.INFO,
      systemLogLevelV2: SystemLogLevel.WARN,
      tracing: Tracing.ACTIVE,
      environment: { LOG_LEVEL: 'info', ...props.environment },
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      bundling: { ...BUNDLING, externalModules: [...BUNDLING.externalModules], mainFields: [...BUNDLING.mainFields] },
    });
    props.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [this.logGroup.logGroupArn] }),
    );
  }
}

/** A role Lambda assumes, with no managed policy: every permission is a statement we wrote. */
export function lambdaRole(scope: Construct, id: string, description: string): Role {
  return new Role(scope, id, { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), description });
}
