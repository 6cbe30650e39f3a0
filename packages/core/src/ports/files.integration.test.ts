import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../clock';
import { env } from '../env';
import { newId } from '../ids';
import { DEFAULT_URL_EXPIRY_SECONDS, LocalFileStore, isValidFileKey, verifyFileSignature } from './files';
import { Ports } from './index';

const tenantId = newId();
const store = new LocalFileStore();

/** What the HTTP route will read from a signed URL. */
function parseUrl(url: string) {
  const u = new URL(url);
  const prefix = '/api/files/';
  expect(u.pathname.startsWith(prefix)).toBe(true);
  return {
    origin: u.origin,
    key: decodeURIComponent(u.pathname.slice(prefix.length)),
    method: u.searchParams.get('method') ?? '',
    expires: u.searchParams.get('expires') ?? '',
    signature: u.searchParams.get('signature') ?? '',
    contentType: u.searchParams.get('contentType') ?? undefined,
  };
}

afterEach(() => {
  Clock.reset();
});

describe('LocalFileStore', () => {
  it('round-trips a file and its content type under DATA_DIR/files', async () => {
    const key = `t/${tenantId}/exports/clientes.csv`;
    const csv = '\uFEFFnome;documento\nJoão;123\n';

    await store.put(key, csv, 'text/csv; charset=utf-8');

    const got = await store.get(key);
    expect(got?.contentType).toBe('text/csv; charset=utf-8');
    expect(Buffer.from(got!.body).toString('utf8')).toBe(csv);
    const file = path.join(env().DATA_DIR, 'files', 't', tenantId, 'exports', 'clientes.csv');
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.existsSync(`${file}.meta.json`)).toBe(true);

    const bytes = new Uint8Array([0, 1, 2, 255]);
    await store.put(key, bytes);
    const again = await store.get(key);
    expect(again?.body).toEqual(bytes);
    expect(again?.contentType).toBe('application/octet-stream');

    await store.delete(key);
    expect(await store.get(key)).toBeUndefined();
    await store.delete(key); // deleting a missing file is fine, as on S3
    expect(await store.get(`t/${tenantId}/exports/never.csv`)).toBeUndefined();
  });

  it("lists the keys under a prefix, nested ones too, and not another prefix's (a company's erasure)", async () => {
    const other = newId();
    for (const key of [`exports/${tenantId}/1/a.csv`, `exports/${tenantId}/2/b.pdf`, `exports/${other}/1/c.csv`, `t/${tenantId}/avatars/u/x.png`]) await store.put(key, 'x');
    expect(await store.list(`exports/${tenantId}/`)).toEqual([`exports/${tenantId}/1/a.csv`, `exports/${tenantId}/2/b.pdf`]);
    expect(await store.list(`t/${tenantId}/`)).toEqual([`t/${tenantId}/avatars/u/x.png`]);
    expect(await store.list(`uploads/${tenantId}/`)).toEqual([]);
  });

  it('rejects keys that could leave the files folder', async () => {
    const bad = [
      '',
      '../secret.key',
      `t/${tenantId}/../../secret.key`,
      '/etc/passwd',
      `t/${tenantId}//x.csv`,
      `t/${tenantId}/`,
      `t/${tenantId}/./x.csv`,
      't\\..\\secret.key',
      'C:/windows/x',
      `t/${tenantId}/x\u0000.csv`,
      `t/${tenantId}/x.csv.meta.json`,
    ];
    for (const key of bad) {
      expect(isValidFileKey(key), key).toBe(false);
      await expect(store.put(key, 'x'), key).rejects.toMatchObject({ code: 'file.invalid_key' });
      await expect(store.get(key), key).rejects.toMatchObject({ code: 'file.invalid_key' });
      await expect(store.delete(key), key).rejects.toMatchObject({ code: 'file.invalid_key' });
      await expect(store.signedUrl(key, { method: 'GET', expiresInSeconds: 60 }), key).rejects.toMatchObject({
        code: 'file.invalid_key',
      });
    }
    expect(fs.existsSync(path.join(env().DATA_DIR, 'secret.key.meta.json'))).toBe(false);
  });

  it('signs a URL that verifies, and refuses it tampered, for another key, method, or once expired', async () => {
    const key = `t/${tenantId}/exports/relatório março.csv`;
    const now = Clock.now();
    Clock.set(() => now);
    const url = await store.signedUrl(key, { method: 'GET', expiresInSeconds: DEFAULT_URL_EXPIRY_SECONDS });
    const p = parseUrl(url);

    expect(p.origin).toBe(new URL(env().PUBLIC_URL).origin);
    expect(p.key).toBe(key);
    expect(p.method).toBe('GET');
    expect(Number(p.expires)).toBe(Math.floor(now / 1000) + DEFAULT_URL_EXPIRY_SECONDS);
    expect(p.signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifyFileSignature(p)).toBe(true);

    const flipped = (p.signature[0] === 'A' ? 'B' : 'A') + p.signature.slice(1);
    expect(verifyFileSignature({ ...p, signature: flipped })).toBe(false);
    expect(verifyFileSignature({ ...p, key: `t/${newId()}/exports/relatório março.csv` })).toBe(false);
    expect(verifyFileSignature({ ...p, method: 'PUT' })).toBe(false);
    expect(verifyFileSignature({ ...p, expires: String(Number(p.expires) + 3600) })).toBe(false);
    // Malformed input is refused, never thrown.
    expect(verifyFileSignature({ ...p, signature: '' })).toBe(false);
    expect(verifyFileSignature({ ...p, signature: `${p.signature}==` })).toBe(false);
    expect(verifyFileSignature({ ...p, expires: 'soon' })).toBe(false);
    expect(verifyFileSignature({ ...p, method: 'DELETE' })).toBe(false);
    expect(verifyFileSignature({ ...p, key: '../secret.key' })).toBe(false);

    Clock.set(() => now + DEFAULT_URL_EXPIRY_SECONDS * 1000);
    expect(verifyFileSignature(p)).toBe(true); // still valid at its last second
    Clock.set(() => now + (DEFAULT_URL_EXPIRY_SECONDS + 1) * 1000);
    expect(verifyFileSignature(p)).toBe(false);
  });

  it('binds an upload URL to its method and content type', async () => {
    const key = `t/${tenantId}/imports/planilha.csv`;
    const url = await store.signedUrl(key, { method: 'PUT', expiresInSeconds: 60, contentType: 'text/csv' });
    const p = parseUrl(url);

    expect(p.method).toBe('PUT');
    expect(p.contentType).toBe('text/csv');
    expect(verifyFileSignature(p)).toBe(true);
    expect(verifyFileSignature({ ...p, contentType: 'text/html' })).toBe(false);
    expect(verifyFileSignature({ ...p, contentType: undefined })).toBe(false);
    expect(verifyFileSignature({ ...p, method: 'GET' })).toBe(false);
    await expect(store.signedUrl(key, { method: 'PUT', expiresInSeconds: 0 })).rejects.toThrow();
  });

  it('is the default file port', () => {
    expect(Ports.files()).toBeInstanceOf(LocalFileStore);
  });
});
