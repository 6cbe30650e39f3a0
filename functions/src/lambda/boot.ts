import { resetEnv } from '@ev/core/env';
import { Ports } from '@ev/core/ports';
import { S3FileStore } from '@ev/core/ports/aws/s3-files';
import { readSecretString } from '@ev/core/ports/aws/secrets';
import { SesEmailSender } from '@ev/core/ports/aws/ses-email';
import { SqsQueue } from '@ev/core/ports/aws/sqs-queue';
import { resetSecret } from '@ev/core/secrets';
import type { ApiEnv, JobsEnv } from './env';

/**
 * Cold start of a Lambda entry, before it handles anything: the application secret is read from
 * Secrets Manager once into APP_SECRET (core's env() and secrets read it from there), and the
 * ports get their AWS adapters.
 */
export async function bootAws(config: ApiEnv | JobsEnv): Promise<{ queue: SqsQueue }> {
  const secret = await readSecretString(config.APP_SECRET_ARN);
  process.env.APP_SECRET = secret;
  resetEnv();
  resetSecret();
  const queue = new SqsQueue({ queueUrls: config.QUEUE_URLS });
  Ports.set({
    queue,
    files: new S3FileStore({ bucket: config.FILES_BUCKET }),
    email: new SesEmailSender({ from: config.EMAIL_FROM }),
  });
  return { queue };
}
