import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAs } from '@ev/core/context';
import { JobStatuses } from '@ev/core/jobs/index';
import { Ports } from '@ev/core/ports';
import { S3FileStore } from '@ev/core/ports/aws/s3-files';
import type { JobRequest } from '@ev/core/ports/queue';
import { jobBody, sqsEvent, sqsRecord } from '../functions/src/lambda/testing/events';
import { pdfText } from '../functions/src/testing/pdf-text';
import { call, makeWorld, type World } from '../functions/src/testing/world';
import { bundleLambda } from './bundle';
import { REPO_ROOT } from './config';
import { startAwsStub, type AwsStub } from './testing/aws-stub';
import './testing/bundle-export';
import { functionBundles } from './testing/bundles';
import { APP_SECRET_ARN, functionAsset, lambdaEnvironment } from './testing/lambda-env';
import { synthesized, type Assembly } from './testing/synth';

/**
 * pdfmake stays out of the API bundle and works inside the jobs bundle (docs/jobs.md): the
 * synthesised stage's API asset carries none of pdfmake, pdfkit or the fonts; and the jobs entry,
 * bundled with infra's esbuild settings, loaded by Node and fed an SQS event for an export job,
 * renders the PDF against DynamoDB Local and an S3 stand-in (s3rver).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
const BUCKET = 'ev-pr-1-files';
const nativeImport = (url: string): Promise<any> => import(/* @vite-ignore */ url);

let assembly: Assembly;
let stub: AwsStub;
let s3: S3rver;
let s3Dir: string;
let outDir: string;
let world: World;
let bundleFile: string;
let restoreEnvironment: () => void = () => {};

const assetDir = (pathSuffix: string) => functionAsset(assembly, pathSuffix);

const codeOf = (dir: string) => fs.readFileSync(path.join(dir, 'index.mjs'), 'utf8');

beforeAll(async () => {
  [assembly, world] = await Promise.all([synthesized().then((a) => a['pr-1']), makeWorld('Pacote')]);
  // The jobs entry as infra bundles it (infra/bundle.ts), inside the repository so that the
  // external `@aws-sdk/*` resolves from its node_modules as the Lambda runtime provides it.
  outDir = fs.mkdtempSync(path.join(REPO_ROOT, 'infra', 'cdk.out', 'jobs-bundle-'));
  bundleFile = path.join(outDir, 'index.mjs');
  await bundleLambda(path.join(REPO_ROOT, 'infra/testing/jobs-bundle-entry.ts'), bundleFile);

  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ev-s3rver-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3.run();
  stub = await startAwsStub({ [APP_SECRET_ARN]: process.env.APP_SECRET! });
  restoreEnvironment = lambdaEnvironment({
    // s3rver's own credentials; DynamoDB Local and the stub accept any.
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_SECRETS_MANAGER: stub.url,
    // An IP endpoint: the SDK addresses the bucket path-style, as s3rver expects.
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`,
    APP_SECRET_ARN,
    FILES_BUCKET: BUCKET,
    QUEUE_URLS: JSON.stringify({ exports: 'https://sqs.sa-east-1.amazonaws.com/123456789012/ev-pr-1-exports' }),
  });
}, 240_000);

afterAll(async () => {
  restoreEnvironment();
  Ports.reset();
  await stub?.close();
  await s3?.close();
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
  if (s3Dir) fs.rmSync(s3Dir, { recursive: true, force: true });
});

describe('the Lambda bundles (cdk.out assets)', () => {
  it('put pdfmake and its fonts in the exports consumer alone: not in the API, the e-mail or any other consumer', () => {
    for (const name of ['Api', 'EmailConsumer', 'ImportsConsumer', 'SalesConsumer', 'MessagesConsumer', 'PlatformConsumer']) {
      const code = codeOf(assetDir(`${name}/Function/Resource`));
      expect(code, name).not.toContain('Roboto-Regular.ttf');
      expect(code, name).not.toContain('pdfmake');
    }
    expect(codeOf(assetDir('ExportsConsumer/Function/Resource'))).toContain('Roboto-Regular.ttf');
  });

  it('stay within their limits: the API at most 1200 KB, the consumers but the exports 850 KB', () => {
    const bundles = functionBundles(assembly);
    expect(bundles.map((b) => b.path).sort()).toEqual(['Api', 'EmailConsumer', 'ExportsConsumer', 'ImportsConsumer', 'MessagesConsumer', 'PlatformConsumer', 'SalesConsumer'].map((n) => `${n}/Function/Resource`));
    expect(bundles.find((b) => b.entry === 'api.ts')!.limit).toBe(1200 * 1024);
    for (const b of bundles) expect(b.bytes, `${b.path} (${b.entry}): ${b.bytes} bytes, limit ${b.limit}`).toBeLessThanOrEqual(b.limit);
  });

  it('carry no source map, and no function maps stacks at run time', () => {
    for (const name of ['Api', 'EmailConsumer', 'ExportsConsumer']) expect(fs.readdirSync(assetDir(`${name}/Function/Resource`)).filter((f) => f.endsWith('.map')), name).toEqual([]);
  });
});

describe('the bundled jobs handler', () => {
  it('renders a small table to PDF from an SQS export job, into the files bucket', async () => {
    // The API side records the job and hands it to the queue (captured here, as SQS would carry it).
    const sent: JobRequest[] = [];
    Ports.set({ queue: { send: async (job) => void sent.push(job) } });
    const token = (await world.login(world.admin.email)).accessToken;
    const res = await call('POST', '/api/exports/bundle-test', { token, body: { format: 'pdf', query: { rows: 12 } } });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(sent).toHaveLength(1);
    const job = sent[0]!;
    expect(job.type).toBe('exports.run');

    const { handler } = await nativeImport(pathToFileURL(bundleFile).href);
    const body = jobBody(job.type, job.payload, { tenantId: job.tenantId, idempotencyKey: job.idempotencyKey });
    expect(await handler(sqsEvent([sqsRecord(body)]))).toEqual({ batchItemFailures: [] });

    const status = await call('GET', `/api/jobs/${res.body.id}`, { token });
    expect(status.body).toMatchObject({ status: 'done', processed: 12, total: 12, error: null, format: 'pdf' });
    expect(status.body.fileName).toMatch(/^bundle-test-.*\.pdf$/);

    const record = await runAs({ tenantId: world.tenant.id }, () => JobStatuses.find(res.body.id, world.admin.id));
    expect(record!.fileKey).toBe(`exports/${world.tenant.id}/${res.body.id}/${status.body.fileName}`);
    const store = new S3FileStore({ bucket: BUCKET, clientConfig: { forcePathStyle: true } });
    const file = await store.get(record!.fileKey!);
    store.client.destroy();
    expect(file?.contentType).toBe('application/pdf');
    expect(Buffer.from(file!.body.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = pdfText(file!.body).text.replace(/\s+/g, ' ');
    expect(text).toContain('Tabela do pacote');
    expect(text).toContain('Linhas: 12');
    expect(text).toContain('Página 1 de 1');
    for (const cell of ['Referência', 'Descrição', 'Preço', 'P-1 ', 'P-12 ', `Sabão em pó 12 (${world.tenant.name})`, '12,90']) expect(text).toContain(cell);
  });
});
