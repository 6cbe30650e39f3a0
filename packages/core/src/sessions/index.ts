import { Clock, timestamp } from '../clock';
import { env } from '../env';
import { newId } from '../ids';
import { SessionsRepository, type SessionRecord } from './repository';
import { signRefreshToken } from './tokens';

export type { SessionRecord } from './repository';

const ttlFrom = (issuedAt: number) => issuedAt + env().REFRESH_TOKEN_TTL_SECONDS + 86400;

/**
 * The login sessions (docs/web-session.md): the item each refresh token is bound to, in its user's
 * partition, and the tokens' signing. Below `users` (ARCHITECTURE "Layout"): a user's deactivation
 * or password change ends its sessions through here; login and refresh (`auth`) stand above both.
 */
export const Sessions = {
  async create(userId: string, branchId: string | null, mustChangePassword: boolean): Promise<SessionRecord> {
    const now = Clock.seconds();
    const session: SessionRecord = {
      id: newId(),
      userId,
      gen: 1,
      issuedAt: now,
      rotatedAt: now,
      branchId,
      mustChangePassword,
      createdAt: timestamp(),
      ttl: ttlFrom(now),
    };
    await SessionsRepository.putSession(session);
    return session;
  },

  get(userId: string, sessionId: string): Promise<SessionRecord | undefined> {
    return SessionsRepository.session(userId, sessionId);
  },

  /** Moves the session to its next generation, only if it is still at `gen`; null when another won. */
  rotate(session: SessionRecord): Promise<SessionRecord | null> {
    const now = Clock.seconds();
    return SessionsRepository.rotateSession(session, now, ttlFrom(now));
  },

  setBranch(session: SessionRecord, branchId: string): Promise<void> {
    return SessionsRepository.setSessionBranch(session, branchId);
  },

  end(userId: string, sessionId: string): Promise<void> {
    return SessionsRepository.deleteSession(userId, sessionId);
  },

  /** Ends every session of a user (password change, deactivation): one Query, batched deletes. */
  endAll(userId: string): Promise<number> {
    return SessionsRepository.deleteSessions(userId);
  },

  /** A user's sessions (its browsers and devices signed in). */
  list(userId: string): Promise<SessionRecord[]> {
    return SessionsRepository.sessions(userId);
  },

  /** Ends every session of a user but one (the one asking): answers how many ended. */
  endOthers(userId: string, keep: string): Promise<number> {
    return SessionsRepository.deleteSessions(userId, keep);
  },

  /** The refresh token of the session's current generation (identical every time it is asked). */
  refreshToken(tenantId: string, session: SessionRecord): Promise<string> {
    return signRefreshToken({ tid: tenantId, sub: session.userId, sid: session.id, gen: session.gen }, session.issuedAt);
  },
};
