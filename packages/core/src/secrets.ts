import { createHmac, randomBytes } from 'node:crypto';
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

/** A key for one purpose (tokens, cursors, file URLs), so one leak cannot forge the others. */
export function purposeKey(purpose: 'jwt' | 'cursor' | 'files'): Buffer {
  return createHmac('sha256', appSecret()).update(`escritorio-virtual:${purpose}`).digest();
}

export function resetSecret(): void {
  secret = undefined;
}
