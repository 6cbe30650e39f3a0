import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.pdf': 'application/pdf',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export interface PublishedFile {
  key: string;
  contentType: string;
  cacheControl: string;
}

/** What to upload, in order: hashed assets first, the HTML shell last, so no page names a missing file. */
export function planWeb(dist: string): PublishedFile[] {
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist}/index.html is missing: build the web app first (npm run build)`);
  const files = (fs.readdirSync(dist, { recursive: true }) as string[])
    // The build's precompressed copies (`.br`, `.gz`) are for `npm start`: CloudFront compresses itself.
    .filter((rel) => fs.statSync(path.join(dist, rel)).isFile() && !/\.(br|gz)$/.test(rel))
    .map((rel) => rel.split(path.sep).join('/'));
  const rank = (key: string) => (key.startsWith('assets/') ? 0 : key.endsWith('.html') ? 2 : 1);
  return files
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((key) => ({
      key,
      contentType: TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream',
      // Hashed assets never change; the shell, the service worker and the manifest are revalidated,
      // so a deploy needs no CloudFront invalidation. Old assets stay for tabs still open.
      cacheControl: key.startsWith('assets/') ? IMMUTABLE : REVALIDATE,
    }));
}

/** Uploads the built SPA to the web bucket (after `cdk deploy`, by deploy.sh). */
export async function publishWeb(opts: { dist: string; bucket: string; clientConfig?: S3ClientConfig }): Promise<PublishedFile[]> {
  const plan = planWeb(opts.dist);
  const client = new S3Client({ ...opts.clientConfig, requestChecksumCalculation: 'WHEN_REQUIRED' });
  try {
    for (const file of plan) {
      await client.send(
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: file.key,
          Body: fs.readFileSync(path.join(opts.dist, file.key)),
          ContentType: file.contentType,
          CacheControl: file.cacheControl,
        }),
      );
    }
  } finally {
    client.destroy();
  }
  return plan;
}

/** The web bucket from `cdk deploy --outputs-file`: the output BucketName of the `ev-<stage>-web` stack. */
export function webBucketFromOutputs(outputsFile: string): { stack: string; bucket: string } {
  const outputs = JSON.parse(fs.readFileSync(outputsFile, 'utf8')) as Record<string, Record<string, string>>;
  const stacks = Object.keys(outputs).filter((s) => /^ev-[a-z0-9-]+-web$/.test(s));
  if (stacks.length !== 1) throw new Error(`Expected one web stack in ${outputsFile}, found ${stacks.length}`);
  const stack = stacks[0]!;
  const bucket = outputs[stack]?.BucketName;
  if (!bucket) throw new Error(`${stack} has no BucketName output`);
  return { stack, bucket };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outputsFile = process.argv[2] ?? 'cdk.out/outputs.json';
  const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'web', 'dist');
  const { stack, bucket } = webBucketFromOutputs(outputsFile);
  const done = await publishWeb({ dist, bucket });
  console.info(`Published ${done.length} files of the web app to ${bucket} (${stack})`);
}
