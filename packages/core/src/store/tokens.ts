import { SignJWT, jwtVerify } from 'jose';
import { Clock } from '../clock';
import { purposeKey } from '../secrets';

/**
 * A store session's token (docs/store.md "Accounts"): a JWT of its own kind (`typ: store`) signed
 * with a key of its own purpose, naming the company, the client, the session and the store's
 * address. A staff token is never one (another `typ`, another key), and this is never a staff one.
 */
export interface StoreClaims {
  tid: string;
  /** The client. */
  sub: string;
  sid: string;
  slug: string;
}

/** How long a store session lasts: a working day in a shop and the evening after. */
export const STORE_SESSION_SECONDS = 12 * 60 * 60;

const key = () => new Uint8Array(purposeKey('store'));

export async function signStoreToken(claims: StoreClaims): Promise<{ token: string; expiresAt: number }> {
  const now = Clock.seconds();
  const expiresAt = now + STORE_SESSION_SECONDS;
  const token = await new SignJWT({ typ: 'store', tid: claims.tid, sid: claims.sid, slug: claims.slug })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(key());
  return { token, expiresAt };
}

export async function verifyStoreToken(token: string): Promise<StoreClaims | null> {
  try {
    const { payload: p } = await jwtVerify(token, key(), { algorithms: ['HS256'], currentDate: Clock.date() });
    if (p.typ !== 'store' || typeof p.sub !== 'string' || typeof p.tid !== 'string' || typeof p.sid !== 'string' || typeof p.slug !== 'string') return null;
    return { tid: p.tid, sub: p.sub, sid: p.sid, slug: p.slug };
  } catch {
    return null;
  }
}
