import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { env } from './env';

let secret: Buffer | undefined;

/**
 * The application secret: APP_SECRET when set (AWS reads it from Secrets Manager into the
 * environment once per cold start), otherwise generated once into DATA_DIR/secret.key.
 */
export function appSecret(): Buffer {
  if (secret) return secret;
  const e = env();
  if (e.APP_SECRET) {
    secret = Buffer.from(e.APP_SECRET, 'utf8');
    return secret;
  }
  const file = path.join(e.DATA_DIR, 'secret.key');
  if (fs.existsSync(file)) {
    secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  } else {
    fs.mkdirSync(e.DATA_DIR, { recursive: true });
    secret = randomBytes(48);
    fs.writeFileSync(file, secret.toString('base64url'), { mode: 0o600 });
  }
  return secret;
}

/** A key for one purpose (tokens, cursors, file URLs, stored credentials, a sale's delivery link), so one leak cannot forge the others. */
export function purposeKey(purpose: 'jwt' | 'operator' | 'cursor' | 'files' | 'sealed' | 'derived' | 'delivery' | 'store'): Buffer {
  return createHmac('sha256', appSecret()).update(`escritorio-virtual:${purpose}`).digest();
}

/**
 * A secret the product makes for one company and one use, the same every time it is asked (nothing
 * stored): the WhatsApp webhook's verify token, the sandbox provider's app secret. Another company
 * or use gets another; none can be worked back to the application secret.
 */
export function derivedSecret(use: string, tenantId: string): string {
  return createHmac('sha256', purposeKey('derived')).update(`${use}:${tenantId}`).digest('base64url').slice(0, 32);
}

const SEALED = 'v1.';

/**
 * A credential a company gives the product (a provider's access token, an app secret) as it is
 * stored: AES-256-GCM under the stored-credentials key, with a random nonce, bound to `context`
 * (the company and the field: the same text sealed for another company or field does not open).
 * Never answered back to a client; `unseal` opens it where the product itself uses it.
 */
export function seal(plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', purposeKey('sealed'), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return SEALED + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
}

/** The text `seal` stored; throws when it was changed, sealed for another context or under another secret. */
export function unseal(sealed: string, context: string): string {
  if (!sealed.startsWith(SEALED)) throw new Error('Not a sealed value.');
  const raw = Buffer.from(sealed.slice(SEALED.length), 'base64url');
  if (raw.length < 28) throw new Error('Not a sealed value.');
  const decipher = createDecipheriv('aes-256-gcm', purposeKey('sealed'), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

export function resetSecret(): void {
  secret = undefined;
}
