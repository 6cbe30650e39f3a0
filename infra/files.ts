import { Aws, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { AnyPrincipal, Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { FILE_LIFECYCLE } from '@ev/core/ports/aws/s3-files';
import { removal, type StageConfig } from './config';

/**
 * The files bucket's name, known before it exists: `ev-<stage>-files-<account>-<region>`. The API,
 * the consumers and the web app's CSP name it without referring to this stack, so this stack can
 * come after the web stack and allow CORS for the stage's own CloudFront address only.
 */
export function filesBucketName(config: StageConfig): string {
  return `ev-${config.stage}-files-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
}

export const filesBucketArn = (config: StageConfig) => `arn:${Aws.PARTITION}:s3:::${filesBucketName(config)}`;
export const filesBucketDomain = (config: StageConfig) => `${filesBucketName(config)}.s3.${Aws.REGION}.amazonaws.com`;

export interface FilesStackProps extends StackProps {
  /** The stage's web address (`https://<distribution>.cloudfront.net`): the only origin CORS allows. */
  webOrigin: string;
}

/**
 * The files bucket (exports, uploads, attachments): private, encrypted, TLS only, handed out by
 * presigned URLs. Exports and uploads expire by prefix (FILE_LIFECYCLE, shared with the adapter).
 * Outside prod the bucket empties itself on delete, so a preview stage can be destroyed.
 */
export class FilesStack extends Stack {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, config: StageConfig, props: FilesStackProps) {
    super(scope, id, props);
    this.bucket = new Bucket(this, 'Files', {
      bucketName: filesBucketName(config),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: config.prod,
      removalPolicy: removal(config),
      autoDeleteObjects: !config.prod,
      lifecycleRules: [
        ...FILE_LIFECYCLE.map((rule) => ({ id: `expire-${rule.prefix.replace(/\/$/, '')}`, prefix: rule.prefix, expiration: Duration.days(rule.expireDays) })),
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        ...(config.prod ? [{ id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(30) }] : []),
      ],
      // Presigned URLs are the permission; the browser uploads and downloads directly, from the stage's own pages only.
      cors: [{ allowedMethods: [HttpMethods.GET, HttpMethods.PUT, HttpMethods.HEAD], allowedOrigins: [props.webOrigin], allowedHeaders: ['content-type'], maxAge: 3600 }],
    });
    // TLS 1.2 at least, whoever calls (enforceSSL refuses plain HTTP; this, old TLS).
    this.bucket.addToResourcePolicy(
      new PolicyStatement({
        effect: Effect.DENY,
        principals: [new AnyPrincipal()],
        actions: ['s3:*'],
        resources: [this.bucket.bucketArn, this.bucket.arnForObjects('*')],
        conditions: { NumericLessThan: { 's3:TlsVersion': '1.2' } },
      }),
    );
  }
}
