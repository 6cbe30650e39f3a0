import { SignJWT, errors, jwtVerify } from 'jose';
import { env } from '../env';
import { Clock } from '../clock';
import { purposeKey } from '../secrets';

/**
 * Access token: a short-lived JWT naming tenant, user, session and profile. Refresh token: a JWT
 * bound to a session item and its generation; signing is deterministic (HS256, fixed iat/exp), so
 * the session can hand out the very same successor again inside the grace window.
 */
export interface AccessClaims {
  tid: string;
  sub: string;
  sid: string;
  pid: string;
}

export interface RefreshClaims {
  tid: string;
  sub: string;
  sid: string;
  gen: number;
}

const key = () => new Uint8Array(purposeKey('jwt'));

export async function signAccessToken(claims: AccessClaims): Promise<string> {
  const now = Clock.seconds();
  return new SignJWT({ typ: 'access', tid: claims.tid, sid: claims.sid, pid: claims.pid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(now)
    .setExpirationTime(now + env().ACCESS_TOKEN_TTL_SECONDS)
    .sign(key());
}

export async function signRefreshToken(claims: RefreshClaims, issuedAt: number): Promise<string> {
  return new SignJWT({ typ: 'refresh', tid: claims.tid, sid: claims.sid, gen: claims.gen })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + env().REFRESH_TOKEN_TTL_SECONDS)
    .sign(key());
}

async function verify(token: string, typ: 'access' | 'refresh'): Promise<Record<string, unknown> | null> {
  try {
    const { payload } = await jwtVerify(token, key(), {
      algorithms: ['HS256'],
      currentDate: Clock.date(),
    });
    if (payload.typ !== typ || typeof payload.sub !== 'string' || typeof payload.tid !== 'string' || typeof payload.sid !== 'string') {
      return null;
    }
    return payload as Record<string, unknown>;
  } catch {
    return null;
  }
}

export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  const p = await verify(token, 'access');
  if (!p || typeof p.pid !== 'string') return null;
  return { tid: p.tid as string, sub: p.sub as string, sid: p.sid as string, pid: p.pid };
}

export async function verifyRefreshToken(token: string): Promise<RefreshClaims | null> {
  const p = await verify(token, 'refresh');
  if (!p || typeof p.gen !== 'number') return null;
  return { tid: p.tid as string, sub: p.sub as string, sid: p.sid as string, gen: p.gen };
}

/**
 * Whether a refresh token carries our signature but is past its expiry: the session ended by age,
 * which the spec answers with 'Token revogado.' (login with expired=1), not 'Token inválido.'.
 */
export async function isExpiredRefreshToken(token: string): Promise<boolean> {
  try {
    await jwtVerify(token, key(), { algorithms: ['HS256'], currentDate: Clock.date() });
    return false;
  } catch (e) {
    // jose checks the signature before the claims: JWTExpired means a genuine, expired token.
    return e instanceof errors.JWTExpired && e.payload.typ === 'refresh';
  }
}
