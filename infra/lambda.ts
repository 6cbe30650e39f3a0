import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { AssetHashType, DockerImage, type Duration, type ILocalBundling, type RemovalPolicy } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ApplicationLogLevel, Architecture, type CfnFunction, Code, Function as LambdaFunction, LoggingFormat, Runtime, SystemLogLevel, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { REPO_ROOT } from './config';

/**
 * Our Lambdas: arm64, nodejs22.x, one esbuild bundle (local esbuild, no Docker) of an entry in
 * functions/src/lambda, ESM with top-level await for the cold start. `@aws-sdk/*` stays out of the
 * bundle: the nodejs22.x runtime ships SDK v3 (docs/deploy.md says why and what it costs). The
 * bundle is made by infra/bundle.ts (esbuild's options and plugins, in one place).
 */
export const LAMBDA_RUNTIME = Runtime.NODEJS_22_X;
export const LAMBDA_ARCHITECTURE = Architecture.ARM_64;

/** The folder of the Lambda entries. */
export const LAMBDA_ENTRIES = path.join(REPO_ROOT, 'functions/src/lambda');

const KB = 1024;

/** The template metadata naming a function's entry (`api.ts`). */
export const ENTRY_METADATA = 'ev:entry';

/**
 * The most each entry's `index.mjs` may weigh (bytes, minified): a cold start reads and parses the
 * whole file before the first answer. The synthesis test fails past them and `npm run bench` prints
 * each function's size beside its limit (docs/deploy.md, "Bundle sizes").
 */
export const BUNDLE_LIMITS: Readonly<Record<string, number>> = {
  // The API: 1.2 MB since the AI area's assistant and contacts joined it (docs/deploy.md).
  'api.ts': 1200 * KB,
  // Every job family's consumer but the exports' (850 KB since the campaigns joined the sales' write path, docs/deploy.md).
  'jobs.ts': 850 * KB,
  // pdfmake, its fonts and their decoders.
  'jobs-exports.ts': 3072 * KB,
  // The platform's upkeep (the usage count from the table's stream, a company's erasure) with the light jobs.
  'jobs-platform.ts': 1024 * KB,
};

/**
 * Bundles an entry at synthesis, in a process of its own (infra/bundle-main.ts). Its fields are the
 * cache key CDK keeps its staged assets by: the functions of one entry share one bundle.
 */
class LocalBundle implements ILocalBundling {
  constructor(readonly entry: string) {}

  tryBundle(outputDir: string): boolean {
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'infra/bundle-main.ts'), path.join(LAMBDA_ENTRIES, this.entry), outputDir], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (run.status !== 0) throw new Error(`Bundling ${this.entry} failed (${run.error?.message ?? `exit ${run.status}`})`);
    return true;
  }
}

/** The bundled entry as a Lambda asset, fingerprinted by its output (the bundle itself). */
export function lambdaCode(entry: string): Code {
  if (!BUNDLE_LIMITS[entry]) throw new Error(`No bundle limit for the Lambda entry ${entry} (BUNDLE_LIMITS)`);
  return Code.fromAsset(LAMBDA_ENTRIES, {
    assetHashType: AssetHashType.OUTPUT,
    // Never used: the local bundling always answers (or fails the synthesis).
    bundling: { image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22'), local: new LocalBundle(entry) },
  });
}

export interface AppFunctionProps {
  /** File in functions/src/lambda, e.g. `api.ts` (with its limit in `BUNDLE_LIMITS`). */
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
  readonly fn: LambdaFunction;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    this.logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH, removalPolicy: props.removalPolicy });
    this.fn = new LambdaFunction(this, 'Function', {
      code: lambdaCode(props.entry),
      handler: 'index.handler',
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
    });
    // Which entry the function runs, for the bundle-size test and `npm run bench` (BUNDLE_LIMITS).
    (this.fn.node.defaultChild as CfnFunction).addMetadata(ENTRY_METADATA, props.entry);
    props.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [this.logGroup.logGroupArn] }),
    );
  }
}

/** A role Lambda assumes, with no managed policy: every permission is a statement we wrote. */
export function lambdaRole(scope: Construct, id: string, description: string): Role {
  return new Role(scope, id, { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), description });
}
