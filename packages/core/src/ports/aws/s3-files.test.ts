import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../clock';
import { S3FileStore } from './s3-files';

/**
 * The S3 adapter against s3rver, a local server speaking S3's protocol (it checks presigned expiry;
 * it ignores checksums, which is why the adapter presigns with requestChecksumCalculation WHEN_REQUIRED).
 */
const BUCKET = 'ev-files-test';
let server: S3rver;
let dir: string;
let store: S3FileStore;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ev-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  store = new S3FileStore({
    bucket: BUCKET,
    clientConfig: {
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      region: 'sa-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
  });
});

afterAll(async () => {
  store.client.destroy();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

afterEach(() => Clock.reset());

describe('S3FileStore', () => {
  it('puts, gets and deletes an object, and a missing one is undefined', async () => {
    await store.put('exports/t1/relatorio.csv', 'a;b\n1;2\n', 'text/csv; charset=utf-8');
    const got = await store.get('exports/t1/relatorio.csv');
    expect(got?.contentType).toBe('text/csv; charset=utf-8');
    expect(Buffer.from(got!.body).toString('utf8')).toBe('a;b\n1;2\n');
    await store.delete('exports/t1/relatorio.csv');
    expect(await store.get('exports/t1/relatorio.csv')).toBeUndefined();
    await expect(store.delete('exports/t1/relatorio.csv')).resolves.toBeUndefined();
  });

  it("lists the keys under a prefix, and not another prefix's", async () => {
    const keys = Array.from({ length: 7 }, (_, i) => `exports/t9/${i}/f.csv`);
    for (const key of [...keys, 'exports/t10/0/f.csv']) await store.put(key, 'x');
    expect(await store.list('exports/t9/')).toEqual(keys);
    expect(await store.list('uploads/t9/')).toEqual([]);
  });

  it('uploads through a presigned PUT and downloads through a presigned GET', async () => {
    const key = 'uploads/t1/planilha.csv';
    const put = await store.signedUrl(key, { method: 'PUT', expiresInSeconds: 60, contentType: 'text/csv' });
    expect(put).toContain('X-Amz-Expires=60');
    expect(put).not.toMatch(/x-amz-checksum|x-amz-sdk-checksum/i);
    const uploaded = await fetch(put, { method: 'PUT', body: 'nome;documento\nAna;123\n', headers: { 'content-type': 'text/csv' } });
    expect(uploaded.status).toBe(200);

    const get = await store.signedUrl(key, { method: 'GET', expiresInSeconds: 60 });
    const res = await fetch(get);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('nome;documento\nAna;123\n');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="planilha.csv"');
    expect((await store.get(key))?.contentType).toBe('text/csv');
  });

  it('refuses an expired presigned URL', async () => {
    const key = 'exports/t1/velho.csv';
    await store.put(key, 'x');
    Clock.set(() => Date.now() - 10 * 60_000);
    const url = await store.signedUrl(key, { method: 'GET', expiresInSeconds: 60 });
    Clock.reset();
    const res = await fetch(url);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Request has expired');
    const putUrl = await (async () => {
      Clock.set(() => Date.now() - 10 * 60_000);
      try {
        return await store.signedUrl(key, { method: 'PUT', expiresInSeconds: 60 });
      } finally {
        Clock.reset();
      }
    })();
    expect((await fetch(putUrl, { method: 'PUT', body: 'y' })).status).toBe(403);
    expect(Buffer.from((await store.get(key))!.body).toString()).toBe('x');
  });

  it('refuses bad keys and expiries before calling S3', async () => {
    await expect(store.put('../escape', 'x')).rejects.toMatchObject({ code: 'file.invalid_key' });
    await expect(store.signedUrl('a/b', { method: 'GET', expiresInSeconds: 0 })).rejects.toThrow(/expiresInSeconds/);
    await expect(store.signedUrl('a/b', { method: 'GET', expiresInSeconds: 8 * 86400 })).rejects.toThrow(/expiresInSeconds/);
  });
});
