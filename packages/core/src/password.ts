import { randomBytes, randomInt, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const DEFAULT_N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 64;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEYLEN, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * scrypt's cost for new hashes: 2^14, unless PASSWORD_SCRYPT_N names another power of two from 2^10
 * to 2^16. Only the test runs set it (2^10: a hash in 4 ms of CPU instead of 57, docs/decisions.md "Test
 * time"); a hash keeps the cost it was made with, so it verifies whatever the setting is later.
 */
export function scryptCost(): number {
  const n = Number(process.env.PASSWORD_SCRYPT_N);
  return Number.isInteger(n) && n >= 1024 && n <= DEFAULT_N * 4 && (n & (n - 1)) === 0 ? n : DEFAULT_N;
}

/** scrypt from node:crypto with a per-user salt; the parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const N = scryptCost();
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | undefined | null): Promise<boolean> {
  if (!stored) {
    // Same work whether or not the account exists, so timing does not tell.
    await scrypt(password, randomBytes(16), { N: scryptCost(), r: R, p: P, maxmem: 64 * 1024 * 1024 });
    return false;
  }
  const [alg, n, r, p, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A temporary password that is easy to type: no 0/O, 1/l/I. */
export function temporaryPassword(length = 10): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}
