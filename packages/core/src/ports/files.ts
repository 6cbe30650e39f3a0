import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Clock } from '../clock';
import { env } from '../env';
import { DomainError } from '../errors';
import { newId } from '../ids';
import { purposeKey } from '../secrets';

/**
 * The file port (ARCHITECTURE, "The local default"): S3 with presigned URLs on AWS, a folder under
 * DATA_DIR locally. Keys are relative paths such as `t/<tenantId>/exports/x.csv`.
 */
export interface FileStore {
  put(key: string, body: Uint8Array | string, contentType?: string): Promise<void>;
  get(key: string): Promise<{ body: Uint8Array; contentType: string } | undefined>;
  delete(key: string): Promise<void>;
  signedUrl(key: string, opts: SignedUrlOptions): Promise<string>;
  /** Every key under `prefix` (`exports/<tenantId>/`): a company's erasure finds its files so. */
  list(prefix: string): Promise<string[]>;
}

export type FileMethod = 'GET' | 'PUT';

export interface SignedUrlOptions {
  method: FileMethod;
  expiresInSeconds: number;
  /** For PUT: the upload must carry this Content-Type (as an S3 presigned PUT binds it). */
  contentType?: string;
}

/** What callers hand out by default: long enough to start a download, short enough not to leak. */
export const DEFAULT_URL_EXPIRY_SECONDS = 300;
/** S3's limit for presigned URLs. */
export const MAX_URL_EXPIRY_SECONDS = 7 * 24 * 60 * 60;
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
const META_SUFFIX = '.meta.json';
const MAX_KEY_CHARS = 1024;

export function invalidFileKey(): DomainError {
  return new DomainError('file.invalid_key', 'Chave de arquivo inválida.', 'validation');
}

/** False for anything that could leave the files folder or collide with a sidecar. */
export function isValidFileKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_CHARS) return false;
  // Control characters break paths and headers; backslashes are separators on Windows.
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f\\]/.test(key)) return false;
  if (key.startsWith('/') || path.isAbsolute(key) || /^[A-Za-z]:/.test(key)) return false;
  if (key.split('/').some((s) => s === '' || s === '.' || s === '..')) return false;
  return !key.endsWith(META_SUFFIX);
}

export function assertFileKey(key: unknown): asserts key is string {
  if (!isValidFileKey(key)) throw invalidFileKey();
}

function sign(method: FileMethod, key: string, expires: number, contentType?: string): string {
  const parts = [method, key, String(expires)];
  if (contentType !== undefined) parts.push(contentType);
  return createHmac('sha256', purposeKey('files')).update(parts.join('\n')).digest('base64url');
}

/**
 * Checks a local signed URL's parameters (the HTTP route calls it). False when expired, tampered,
 * for another key or method, or malformed; never throws.
 */
export function verifyFileSignature(params: {
  key: string;
  method: string;
  expires: string | number;
  signature: string;
  contentType?: string;
}): boolean {
  try {
    const { key, method, signature, contentType } = params;
    if (method !== 'GET' && method !== 'PUT') return false;
    if (!isValidFileKey(key)) return false;
    const expiresText = String(params.expires);
    if (!/^\d{1,12}$/.test(expiresText)) return false;
    const expires = Number(expiresText);
    if (Clock.seconds() > expires) return false;
    if (typeof signature !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
    const expected = Buffer.from(sign(method, key, expires, contentType), 'base64url');
    const given = Buffer.from(signature, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  } catch {
    return false;
  }
}

/** Files under `DATA_DIR/files`, content type in a `<file>.meta.json` sidecar. */
export class LocalFileStore implements FileStore {
  private readonly root: string;

  constructor(opts: { root?: string } = {}) {
    this.root = path.resolve(opts.root ?? path.join(env().DATA_DIR, 'files'));
  }

  private pathOf(key: string): string {
    assertFileKey(key);
    const file = path.resolve(this.root, ...key.split('/'));
    // Belt and braces over the key check: nothing resolves outside the root.
    if (!file.startsWith(this.root + path.sep)) throw invalidFileKey();
    return file;
  }

  async put(key: string, body: Uint8Array | string, contentType = DEFAULT_CONTENT_TYPE): Promise<void> {
    const file = this.pathOf(key);
    const data = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    await fs.mkdir(path.dirname(file), { recursive: true });
    await writeAtomically(file, data);
    await writeAtomically(file + META_SUFFIX, JSON.stringify({ contentType, size: data.byteLength }));
  }

  async get(key: string): Promise<{ body: Uint8Array; contentType: string } | undefined> {
    const file = this.pathOf(key);
    let data: Buffer;
    try {
      data = await fs.readFile(file);
    } catch (e) {
      if (isMissing(e)) return undefined;
      throw e;
    }
    let contentType = DEFAULT_CONTENT_TYPE;
    try {
      const meta = JSON.parse(await fs.readFile(file + META_SUFFIX, 'utf8')) as { contentType?: unknown };
      if (typeof meta.contentType === 'string') contentType = meta.contentType;
    } catch (e) {
      if (!isMissing(e)) throw e;
    }
    return { body: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), contentType };
  }

  /** Deleting a missing file is not an error, as on S3. */
  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.rm(file, { force: true });
    await fs.rm(file + META_SUFFIX, { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    const walk = async (dir: string, at: string) => {
      let entries: Dirent[];
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch (e) {
        if (isMissing(e)) return;
        throw e;
      }
      for (const e of entries) {
        const key = at ? `${at}/${e.name}` : e.name;
        if (e.isDirectory()) await walk(path.join(dir, e.name), key);
        else if (!e.name.endsWith(META_SUFFIX) && key.startsWith(prefix)) keys.push(key);
      }
    };
    // From the prefix's folder (its last segment may be a partial name).
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    await walk(folder ? path.join(this.root, ...folder.split('/')) : this.root, folder);
    return keys.sort();
  }

  async signedUrl(key: string, opts: SignedUrlOptions): Promise<string> {
    assertFileKey(key);
    if (opts.method !== 'GET' && opts.method !== 'PUT') throw new Error(`Unsupported method ${String(opts.method)}`);
    const ttl = opts.expiresInSeconds;
    if (!Number.isInteger(ttl) || ttl < 1 || ttl > MAX_URL_EXPIRY_SECONDS) {
      throw new Error(`expiresInSeconds must be an integer from 1 to ${MAX_URL_EXPIRY_SECONDS}`);
    }
    const expires = Clock.seconds() + ttl;
    const query = new URLSearchParams({ method: opts.method, expires: String(expires) });
    if (opts.contentType !== undefined) query.set('contentType', opts.contentType);
    query.set('signature', sign(opts.method, key, expires, opts.contentType));
    const base = env().PUBLIC_URL.replace(/\/+$/, '');
    return `${base}/api/files/${encodeURIComponent(key)}?${query.toString()}`;
  }
}

/** A reader never sees half a file: write beside it, then rename over it. */
async function writeAtomically(file: string, data: Uint8Array | string): Promise<void> {
  const tmp = `${file}.${newId()}.tmp`;
  try {
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
  } catch (e) {
    await fs.rm(tmp, { force: true });
    throw e;
  }
}

function isMissing(e: unknown): boolean {
  // ENOTDIR: a parent of the key is itself a file, so the key cannot exist.
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
