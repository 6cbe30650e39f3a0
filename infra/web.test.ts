import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, planWeb, publishWeb, REVALIDATE, webBucketFromOutputs } from './publish-web';
import { SPA_FALLBACK_CODE } from './web-fallback';

describe('the SPA fallback CloudFront Function', () => {
  const handler = new Function(`${SPA_FALLBACK_CODE}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };
  const run = (uri: string) => handler({ request: { uri } }).uri;

  it('gives the prerendered login its page, other client-side routes the shell, and leaves files and the API alone', () => {
    expect(run('/login')).toBe('/login.html');
    expect(run('/login-forgot-password')).toBe('/index.html');
    expect(run('/')).toBe('/index.html');
    expect(run('/clients')).toBe('/index.html');
    expect(run('/clients/123/edit')).toBe('/index.html');
    expect(run('/payments-conditions')).toBe('/index.html');
    expect(run('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(run('/favicon.svg')).toBe('/favicon.svg');
    expect(run('/sw.js')).toBe('/sw.js');
    expect(run('/api/x')).toBe('/api/x');
  });

  it("gives a store's login and its catalogue their pages whatever the store's address, and nothing else under it", () => {
    expect(run('/vendas/padaria-central')).toBe('/store-login.html');
    expect(run('/vendas/padaria-central/sales/create')).toBe('/store-purchase.html');
    expect(run('/vendas/padaria-central/sales')).toBe('/index.html');
    expect(run('/vendas/padaria-central/forgot-password')).toBe('/index.html');
    expect(run('/vendas/padaria-central/sales/create/x')).toBe('/index.html');
    expect(run('/vendas')).toBe('/index.html');
    expect(run('/vendas/')).toBe('/index.html');
    expect(run('/vendas//sales/create')).toBe('/index.html');
    expect(run('/vendas/icon.svg')).toBe('/vendas/icon.svg');
  });
});

describe('publishing the web app', () => {
  let dist: string;
  let server: S3rver;
  let port: number;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ev-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/app-1.js"></script>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    // The build's precompressed copies, for `npm start` only.
    fs.writeFileSync(path.join(dist, 'assets', 'app-1.js.br'), 'br');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1.js.gz'), 'gz');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self');
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{}');
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: fs.mkdtempSync(path.join(os.tmpdir(), 'ev-s3rver-')), configureBuckets: [{ name: 'site' }] });
    ({ port } = await server.run());
  });

  afterAll(async () => {
    await server.close();
  });

  it('uploads assets first and the shell last, with their types; hashed assets immutable, the rest revalidated; no precompressed copy', async () => {
    expect(planWeb(dist).map((f) => [f.key, f.contentType, f.cacheControl])).toEqual([
      ['assets/app-1.js', 'text/javascript; charset=utf-8', IMMUTABLE],
      ['manifest.webmanifest', 'application/manifest+json', REVALIDATE],
      ['sw.js', 'text/javascript; charset=utf-8', REVALIDATE],
      ['index.html', 'text/html; charset=utf-8', REVALIDATE],
    ]);
    await publishWeb({
      dist,
      bucket: 'site',
      clientConfig: { endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, region: 'sa-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } },
    });
    const res = await fetch(`http://127.0.0.1:${port}/site/index.html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe(REVALIDATE);
    const asset = await fetch(`http://127.0.0.1:${port}/site/assets/app-1.js`);
    expect(asset.headers.get('cache-control')).toBe(IMMUTABLE);
  });

  it('refuses a missing build and finds the web bucket in the deploy outputs', () => {
    expect(() => planWeb(path.join(dist, 'nope'))).toThrow(/npm run build/);
    const outputs = path.join(dist, 'outputs.json');
    fs.writeFileSync(outputs, JSON.stringify({ 'ev-pr-7-api': {}, 'ev-pr-7-web': { BucketName: 'b-123', Url: 'https://d.cloudfront.net' } }));
    expect(webBucketFromOutputs(outputs)).toEqual({ stack: 'ev-pr-7-web', bucket: 'b-123' });
  });
});

describe('the web stack with the stage’s own domain', () => {
  it('requires TLS 1.2 of viewers (TLSv1.2_2021) with the given certificate', async () => {
    const { App, SecretValue } = await import('aws-cdk-lib');
    const { WebStack } = await import('./web');
    const { stageConfig } = await import('./config');
    const app = new App();
    const config = stageConfig({ stage: 'prod', domainName: 'app.escritoriovirtual.com.br', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123' });
    const originVerify = { secretValue: SecretValue.unsafePlainText('x'.repeat(32)) } as never;
    const stack = new WebStack(app, 'ev-prod-web', config, { apiDomain: 'abc.execute-api.sa-east-1.amazonaws.com', originVerify, filesBucketDomain: 'ev-prod-files.s3.sa-east-1.amazonaws.com' });
    const template = app.synth().getStackByName(stack.stackName).template as { Resources: Record<string, { Type: string; Properties: any }> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    const dist = Object.values(template.Resources).find((r) => r.Type === 'AWS::CloudFront::Distribution')!.Properties.DistributionConfig;
    expect(dist.Aliases).toEqual(['app.escritoriovirtual.com.br']);
    expect(dist.ViewerCertificate).toMatchObject({ AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123', MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' });
    expect(() => stageConfig({ stage: 'prod', domainName: 'a.b.com', certificateArn: 'arn:aws:acm:sa-east-1:123456789012:certificate/x' })).toThrow(/us-east-1/);
  });
});
