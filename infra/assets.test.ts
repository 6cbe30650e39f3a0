import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@ev/core/ids';
import { listDeadLetters } from '@ev/core/ports/dead-letters';
import { jobBody, sqsEvent, sqsRecord } from '../functions/src/lambda/testing/events';
import { makeWorld, PASSWORD, type World } from '../functions/src/testing/world';
import { startAwsStub, type AwsStub } from './testing/aws-stub';
import { APP_SECRET_ARN, functionAsset, lambdaEnvironment } from './testing/lambda-env';
import { synthesized, type Assembly } from './testing/synth';

/**
 * Acceptance: the handlers CDK bundled (the assets of the synthesised pr-1 stage, not the sources)
 * loaded by Node itself and invoked with the events AWS sends, against the test DynamoDB Local.
 * Their cold start reads the secrets from Secrets Manager and SES receives the e-mails, both played
 * by a local server. `@aws-sdk/*` is external to the bundles (the Lambda runtime provides it); the
 * assets live under infra/cdk.out, so Node resolves it from the repository's node_modules.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
const ORIGIN_SECRET = 'origin-secret-0123456789abcdefghijklmnop';
const ORIGIN_ARN = 'arn:aws:secretsmanager:sa-east-1:123456789012:secret:ev-pr-1-origin';
// Vitest hands `.mjs` files to Node's own loader (it externalises them): the bundle runs as on Lambda.
const nativeImport = (url: string): Promise<any> => import(/* @vite-ignore */ url);

let assembly: Assembly;
let stub: AwsStub;
let world: World;
let restoreEnvironment: () => void = () => {};

function bundle(pathSuffix: string): string {
  const file = path.join(functionAsset(assembly, pathSuffix), 'index.mjs');
  expect(fs.existsSync(file)).toBe(true);
  return file;
}

beforeAll(async () => {
  assembly = (await synthesized())['pr-1'];
  world = await makeWorld('Lambda');
  const appSecret = process.env.APP_SECRET!;
  stub = await startAwsStub({ [APP_SECRET_ARN]: appSecret, [ORIGIN_ARN]: ORIGIN_SECRET });
  restoreEnvironment = lambdaEnvironment({
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    AWS_ENDPOINT_URL_SECRETS_MANAGER: stub.url,
    AWS_ENDPOINT_URL_SESV2: stub.url,
    APP_SECRET_ARN,
    ORIGIN_VERIFY_SECRET_ARN: ORIGIN_ARN,
    FILES_BUCKET: 'ev-pr-1-files',
    QUEUE_URLS: JSON.stringify({ email: 'https://sqs.sa-east-1.amazonaws.com/123456789012/ev-pr-1-email' }),
  });
}, 240_000);

afterAll(async () => {
  restoreEnvironment();
  await stub?.close();
});

function httpEvent(method: string, rawPath: string, opts: { body?: unknown; headers?: Record<string, string>; viaCloudFront?: boolean } = {}) {
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = {
    host: 'abc123.execute-api.sa-east-1.amazonaws.com',
    'user-agent': 'Amazon CloudFront',
    'cloudfront-viewer-address': `177.${Math.floor(Math.random() * 250)}.10.20:51234`,
    ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
    ...(opts.viaCloudFront === false ? {} : { 'x-ev-origin-verify': ORIGIN_SECRET }),
    ...opts.headers,
  };
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString: '',
    headers,
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      domainName: 'abc123.execute-api.sa-east-1.amazonaws.com',
      domainPrefix: 'abc123',
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '130.176.1.1', userAgent: 'Amazon CloudFront' },
      requestId: newId(),
      routeKey: '$default',
      stage: '$default',
      time: '22/Nov/2025:14:00:00 +0000',
      timeEpoch: Date.now(),
    },
    body,
    isBase64Encoded: false,
  };
}

function json(res: { body: string; isBase64Encoded?: boolean; headers?: Record<string, string> }) {
  const text = res.isBase64Encoded ? (res.headers?.['content-encoding'] === 'gzip' ? gunzipSync(Buffer.from(res.body, 'base64')).toString() : Buffer.from(res.body, 'base64').toString()) : res.body;
  return JSON.parse(text);
}

describe('the bundled API handler (cdk.out asset)', () => {
  it('answers health, login with tokens, an authenticated call, JSON 404, and refuses calls that bypass CloudFront', async () => {
    const { handler } = await nativeImport(pathToFileURL(bundle('Api/Function/Resource')).href);
    // The origin secret's current and previous values (rotation: functions/src/lambda/origin.ts).
    expect(stub.secretReads.sort()).toEqual([APP_SECRET_ARN, ORIGIN_ARN, ORIGIN_ARN].sort());

    const health = await handler(httpEvent('GET', '/api/health'), {});
    expect(health.statusCode).toBe(200);
    expect(json(health)).toMatchObject({ status: 'healthy', checks: { table: 'ok' } });

    const login = await handler(httpEvent('POST', '/api/login', { body: { email: world.admin.email, password: PASSWORD } }), {});
    expect(login.statusCode).toBe(200);
    const data = json(login).data;
    expect(data.accessToken).toMatch(/^eyJ/);
    expect(data.refreshToken).toMatch(/^eyJ/);

    const me = await handler(httpEvent('GET', '/api/auth/me', { headers: { authorization: `Bearer ${data.accessToken}` } }), {});
    expect(me.statusCode).toBe(200);

    // An answer over 1 kB gzipped for a client that accepts it (CloudFront compresses none under /api/*'s policy), sent base64 as API Gateway wants.
    const document = await handler(httpEvent('GET', '/api/openapi.json', { headers: { 'accept-encoding': 'gzip, br' } }), {});
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-encoding']).toBe('gzip');
    expect(document.isBase64Encoded).toBe(true);
    expect(json(document)).toMatchObject({ openapi: '3.1.0', paths: { '/offline/portfolio': expect.any(Object) } });

    const missing = await handler(httpEvent('GET', '/api/x'), {});
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/application\/json/);
    expect(json(missing)).toMatchObject({ status: 'error', code: 'route_not_found' });

    const direct = await handler(httpEvent('GET', '/api/health', { viaCloudFront: false }), {});
    expect(direct.statusCode).toBe(403);
    expect(json(direct)).toMatchObject({ status: 'error', code: 'origin.forbidden' });
    // Secrets are read once per cold start, not per request.
    expect(stub.secretReads).toHaveLength(3);
  });
});

describe('the bundled jobs handler (cdk.out asset)', () => {
  it('reports just the failing record, ignores a duplicate delivery, and writes a dead letter on the last attempt', async () => {
    const { handler } = await nativeImport(pathToFileURL(bundle('EmailConsumer/Function/Resource')).href);
    const tenantId = world.tenant.id;
    const key = newId();
    const mail = { to: 'cliente@example.com', subject: 'Pedido recebido', text: 'Obrigado!' };
    const ok = sqsRecord(jobBody('email.send', mail, { tenantId, idempotencyKey: key }));
    const duplicate = sqsRecord(jobBody('email.send', mail, { tenantId, idempotencyKey: key }));
    const bad = sqsRecord(jobBody('email.send', { to: 'não é e-mail', subject: 'x', text: 'y' }, { tenantId }));

    expect(await handler(sqsEvent([ok, bad, duplicate]))).toEqual({ batchItemFailures: [{ itemIdentifier: bad.messageId }] });
    expect(stub.emails).toHaveLength(1);
    expect(stub.emails[0]).toMatchObject({ Destination: { ToAddresses: ['cliente@example.com'] }, Content: { Simple: { Subject: { Data: 'Pedido recebido' } } } });
    expect(stub.emails[0]!.FromEmailAddress).toMatch(/^=\?UTF-8\?B\?.+\?= <no-reply@escritoriovirtual\.com\.br>$/);

    // The same message delivered again later: skipped, no second e-mail.
    expect(await handler(sqsEvent([{ ...ok, attributes: { ...ok.attributes, ApproximateReceiveCount: '2' } }]))).toEqual({ batchItemFailures: [] });
    expect(stub.emails).toHaveLength(1);

    // The bad one on its last delivery (MAX_RECEIVE_COUNT 3): still reported, and kept as a dead letter.
    const last = { ...bad, attributes: { ...bad.attributes, ApproximateReceiveCount: '3' } };
    expect(await handler(sqsEvent([last]))).toEqual({ batchItemFailures: [{ itemIdentifier: bad.messageId }] });
    const letters = await listDeadLetters(tenantId);
    expect(letters.map((l) => [l.type, l.attempts])).toEqual([['email.send', 3]]);
  });
});
