import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { FILE_LIFECYCLE } from '@ev/core/ports/aws/s3-files';
import { removal, type StageConfig } from './config';

/**
 * The files bucket (exports, uploads, attachments): private, encrypted, TLS only, handed out by
 * presigned URLs. Exports and uploads expire by prefix (FILE_LIFECYCLE, shared with the adapter).
 * Outside prod the bucket empties itself on delete, so a preview stage can be destroyed.
 */
export class FilesStack extends Stack {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, config: StageConfig, props: StackProps = {}) {
    super(scope, id, props);
    this.bucket = new Bucket(this, 'Files', {
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
      // Presigned URLs are the permission; the browser uploads and downloads directly.
      cors: [{ allowedMethods: [HttpMethods.GET, HttpMethods.PUT, HttpMethods.HEAD], allowedOrigins: ['*'], allowedHeaders: ['content-type'], maxAge: 3600 }],
    });
  }
}
