import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException, type S3ClientConfig } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Clock } from '../../clock';
import { assertFileKey, MAX_URL_EXPIRY_SECONDS, type FileStore, type SignedUrlOptions } from '../files';

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * Expiry of files by key prefix, applied by the bucket's lifecycle rules (infra/files.ts reads this
 * list, so the two cannot drift). Exports and uploads (imports) are working files, not records:
 * modules put them under these prefixes (`exports/<tenantId>/...`, `uploads/<tenantId>/...`).
 */
export const FILE_LIFECYCLE = [
  { prefix: 'exports/', expireDays: 7 },
  { prefix: 'uploads/', expireDays: 2 },
] as const;

export interface S3FileStoreOptions {
  bucket: string;
  /** Extra client settings (endpoint, path style, credentials) for tests against s3rver. */
  clientConfig?: S3ClientConfig;
}

/**
 * The file port on AWS: objects in one private bucket, handed out by presigned URLs of short
 * expiry. Checksums are computed only when an operation requires them (`WHEN_REQUIRED`), so a
 * presigned PUT carries no checksum parameter that a browser upload could not satisfy.
 */
export class S3FileStore implements FileStore {
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(opts: S3FileStoreOptions) {
    if (!opts.bucket) throw new Error('S3FileStore needs a bucket name');
    this.bucket = opts.bucket;
    this.client = new S3Client({
      ...opts.clientConfig,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Uint8Array | string, contentType = DEFAULT_CONTENT_TYPE): Promise<void> {
    assertFileKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async get(key: string): Promise<{ body: Uint8Array; contentType: string } | undefined> {
    assertFileKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const body = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
      return { body, contentType: out.ContentType ?? DEFAULT_CONTENT_TYPE };
    } catch (e) {
      if (e instanceof NoSuchKey || (e instanceof S3ServiceException && e.$metadata.httpStatusCode === 404)) return undefined;
      throw e;
    }
  }

  /** Deleting a missing object is not an error on S3 either. */
  async delete(key: string): Promise<void> {
    assertFileKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const out = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      keys.push(...(out.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])));
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  /**
   * A presigned GET (downloaded as an attachment) or PUT (bound to its Content-Type, which the
   * uploader must send). Signed at `Clock` time, so tests can make a URL that is already expired.
   */
  async signedUrl(key: string, opts: SignedUrlOptions): Promise<string> {
    assertFileKey(key);
    const ttl = opts.expiresInSeconds;
    if (!Number.isInteger(ttl) || ttl < 1 || ttl > MAX_URL_EXPIRY_SECONDS) {
      throw new Error(`expiresInSeconds must be an integer from 1 to ${MAX_URL_EXPIRY_SECONDS}`);
    }
    const name = key.split('/').pop() ?? 'arquivo';
    const command =
      opts.method === 'GET'
        ? new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentDisposition: `attachment; filename="${encodeURIComponent(name)}"` })
        : opts.method === 'PUT'
          ? new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: opts.contentType })
          : null;
    if (!command) throw new Error(`Unsupported method ${String(opts.method)}`);
    return getSignedUrl(this.client, command, { expiresIn: ttl, signingDate: Clock.date() });
  }
}
