import { performance } from 'node:perf_hooks';
import { ApiTexts, Messages } from '@ev/shared/messages';
import { buildAbility } from '@ev/shared/permissions';
import { BranchSwitchBody, ForgotPasswordBody, LoginBody, PasswordChangeBody, type SessionData, type SessionInfo } from '@ev/shared/schemas/auth';
import { utcTimestamp } from '@ev/shared/calendar';
import type { z } from 'zod';
import { Clock, timestamp } from '../clock';
import { currentActor, currentUserActor, runAs, type Actor } from '../context';
import type { Said } from '@ev/shared/texts';
import { fieldError, DomainError } from '../errors';
import { env } from '../env';
import { Logs } from '../logs';
import { Tenants } from '../tenants';
import { Users } from '../users';
import { parseInput } from '../validation';
import { hashPassword, verifyPassword } from '../password';
import { mailTemporary, newTemporary } from '../users/temporary';
import { checkAccess, loadSessionState, sessionBody } from './session-data';
import { Sessions, type SessionRecord } from '../sessions';
import { assertNotThrottled, clearAccount, recordFailure } from './throttle';
import { isExpiredRefreshToken, signAccessToken, verifyAccessToken, verifyRefreshToken } from '../sessions/tokens';

/** How long a temporary password (forgot-password) stays valid. */
export { TEMP_PASSWORD_TTL_SECONDS } from '../users/temporary';

const unauthenticated = (code: string, message: Said | string) => new DomainError(code, message, 'unauthenticated');

async function issue(tenantId: string, session: SessionRecord, profileId: string): Promise<{ accessToken: string; refreshToken: string }> {
  const [accessToken, refreshToken] = await Promise.all([
    signAccessToken({ tid: tenantId, sub: session.userId, sid: session.id, pid: profileId }),
    Sessions.refreshToken(tenantId, session),
  ]);
  return { accessToken, refreshToken };
}

async function sessionData(tenantId: string, session: SessionRecord): Promise<SessionData> {
  const state = await loadSessionState(tenantId, session.userId, session.branchId);
  const tokens = await issue(tenantId, session, state.user.profileId);
  return { ...tokens, ...sessionBody(state, session.mustChangePassword) };
}

export const Auth = {
  /** POST /api/login. `address` is the client's address, for throttling. */
  async login(input: z.input<typeof LoginBody>, address: string | null): Promise<SessionData> {
    const { email, password } = parseInput(LoginBody, input);
    await assertNotThrottled(email, address);
    const pointer = await Users.pointer(email);
    if (!pointer) {
      await verifyPassword(password, null);
      await recordFailure(email, address);
      throw unauthenticated('auth.invalid_credentials', ApiTexts.invalidCredentials());
    }
    return runAs({ tenantId: pointer.tenantId, userId: pointer.userId }, async () => {
      const user = await Users.record(pointer.userId);
      let temporary = false;
      let ok = await verifyPassword(password, user?.passwordHash);
      const temp = user?.temp;
      if (!ok && temp && !temp.usedAt && temp.expiresAt > Clock.seconds() && (await verifyPassword(password, temp.hash))) {
        // Single use: only the first login with it wins.
        ok = await Users.consumeTemp(user.id, temp.hash, Clock.seconds());
        temporary = ok;
      }
      if (!user || !ok) {
        await recordFailure(email, address);
        Logs.warn('auth.login_failed', { email });
        throw unauthenticated('auth.invalid_credentials', ApiTexts.invalidCredentials());
      }
      const state = await loadSessionState(pointer.tenantId, user.id, null);
      await clearAccount(email);
      const now = timestamp();
      await Users.setLastAccess(user.id, now);
      const session = await Sessions.create(user.id, state.branch?.id ?? null, temporary);
      Logs.audit('auth.login', { temporary });
      const tokens = await issue(pointer.tenantId, session, user.profileId);
      return { ...tokens, ...sessionBody({ ...state, user: { ...state.user, previousAccessAt: state.user.lastAccessAt, lastAccessAt: now } }, temporary) };
    });
  },

  /**
   * For other modules (a sale's price below the minimum, authorized by a user's password): the
   * active user of the current company with this e-mail and password, or null. Failures count
   * against the e-mail's login throttle, so an authorizer's password cannot be guessed here either.
   */
  async confirm(email: string, password: string): Promise<{ userId: string; name: string; profileId: string; financialReleaseAuthorizer: boolean } | null> {
    const folded = email.trim().toLowerCase();
    await assertNotThrottled(folded, null);
    const pointer = await Users.pointer(folded);
    const user = pointer && pointer.tenantId === currentActor().tenantId ? await Users.record(pointer.userId) : undefined;
    const ok = await verifyPassword(password, user?.passwordHash ?? null);
    if (!user || !ok || !user.active) {
      await recordFailure(folded, null);
      return null;
    }
    return { userId: user.id, name: user.name, profileId: user.profileId, financialReleaseAuthorizer: user.financialReleaseAuthorizer === true };
  },

  /**
   * POST /api/auth/refresh: rotates the refresh token. The previous generation, presented again
   * within the grace window while its successor is unused, gets that same successor (two tabs);
   * any other reuse ends the session ('Token revogado.').
   */
  async refresh(refreshToken: string): Promise<SessionData> {
    const claims = await verifyRefreshToken(refreshToken);
    if (!claims) {
      if (await isExpiredRefreshToken(refreshToken)) throw unauthenticated('auth.token_revoked', Messages.tokenRevoked);
      throw unauthenticated('auth.token_invalid', Messages.tokenInvalid);
    }
    return runAs({ tenantId: claims.tid, userId: claims.sub, sessionId: claims.sid }, async () => {
      const tenant = await Tenants.tenant(claims.tid);
      if (!tenant || !tenant.active) throw unauthenticated('auth.company_not_found', Messages.companyNotFound);
      let session = await Sessions.get(claims.sub, claims.sid);
      for (let attempt = 0; session && attempt < 3; attempt++) {
        if (claims.gen === session.gen) {
          const rotated = await Sessions.rotate(session);
          if (rotated) return sessionData(claims.tid, rotated);
          session = await Sessions.get(claims.sub, claims.sid); // another tab won: re-read
          continue;
        }
        const withinGrace = Clock.seconds() - session.rotatedAt <= env().REFRESH_GRACE_SECONDS;
        if (claims.gen === session.gen - 1 && withinGrace) return sessionData(claims.tid, session);
        break;
      }
      if (session) {
        await Sessions.end(claims.sub, claims.sid);
        Logs.warn('auth.refresh_reuse', { sessionId: claims.sid, gen: claims.gen });
      } else {
        // No session: deactivating a user ends them all, so say why ('Perfil inativo.', ...) when
        // the user or profile can no longer log in; otherwise the session was ended (logout).
        await loadSessionState(claims.tid, claims.sub, null);
      }
      throw unauthenticated('auth.token_revoked', Messages.tokenRevoked);
    });
  },

  /** POST /api/auth/logout: ends the session named by the access token or the refresh token. */
  async logout(actor: Actor | undefined, refreshToken: string | undefined): Promise<void> {
    if (actor?.userId && actor.sessionId) {
      await runAs(actor, () => Sessions.end(actor.userId!, actor.sessionId!));
      return;
    }
    const claims = refreshToken ? await verifyRefreshToken(refreshToken) : null;
    if (claims) await runAs({ tenantId: claims.tid }, () => Sessions.end(claims.sub, claims.sid));
  },

  /** GET /api/auth/me: the session data, without tokens, for the web's start-up check. */
  async me(): Promise<Omit<SessionData, 'accessToken' | 'refreshToken'>> {
    const actor = currentUserActor();
    const state = await loadSessionState(actor.tenantId, actor.userId, actor.branchId ?? null);
    return sessionBody(state, Boolean(actor.mustChangePassword));
  },

  /** POST /api/auth/branch: switch among the user's allowed branches. */
  async switchBranch(input: z.input<typeof BranchSwitchBody>): Promise<SessionData> {
    const { branchId } = parseInput(BranchSwitchBody, input);
    const actor = currentUserActor();
    const session = await Sessions.get(actor.userId, actor.sessionId!);
    if (!session) throw unauthenticated('auth.token_revoked', Messages.tokenRevoked);
    const state = await loadSessionState(actor.tenantId, actor.userId, null);
    if (!state.branches.some((b) => b.id === branchId)) {
      throw new DomainError('auth.branch_not_allowed', ApiTexts.branchNotAllowed(), 'validation', {
        fields: [fieldError('branchId', ApiTexts.branchNotAllowed())],
      });
    }
    await Sessions.setBranch(session, branchId);
    return sessionData(actor.tenantId, { ...session, branchId });
  },

  /** GET /api/auth/sessions: the user's own sessions, this one first, then the most recently used. */
  async sessions(): Promise<SessionInfo[]> {
    const actor = currentUserActor();
    const list = await Sessions.list(actor.userId);
    return list
      .map((s) => ({ id: s.id, createdAt: s.createdAt, lastUsedAt: utcTimestamp(s.rotatedAt * 1000), current: s.id === actor.sessionId }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt));
  },

  /** POST /api/auth/sessions/end-others: ends every session of the user but this one (audited). */
  async endOtherSessions(): Promise<number> {
    const actor = currentUserActor();
    if (!actor.sessionId) throw unauthenticated('auth.token_revoked', Messages.tokenRevoked);
    const ended = await Sessions.endOthers(actor.userId, actor.sessionId);
    Logs.audit('auth.end_other_sessions', { userId: actor.userId, ended });
    return ended;
  },

  /** POST /api/auth/password: current + new + confirmation; every session of the user ends. */
  async changePassword(input: z.input<typeof PasswordChangeBody>): Promise<void> {
    const data = parseInput(PasswordChangeBody, input);
    const actor = currentUserActor();
    const user = await Users.record(actor.userId);
    if (!user) throw unauthenticated('auth.profile_not_found', Messages.profileNotFound);
    let ok = await verifyPassword(data.currentPassword, user.passwordHash);
    // After a login with a temporary password, that password stands for the current one.
    if (!ok && actor.mustChangePassword && user.temp && user.temp.expiresAt > Clock.seconds()) {
      ok = await verifyPassword(data.currentPassword, user.temp.hash);
    }
    if (!ok) {
      throw new DomainError('auth.wrong_password', ApiTexts.wrongCurrentPassword(), 'validation', {
        fields: [fieldError('currentPassword', ApiTexts.wrongCurrentPassword())],
      });
    }
    await Users.setPassword(user.id, await hashPassword(data.newPassword), timestamp());
    await Sessions.endAll(user.id);
    Logs.audit('auth.password_changed', {});
  },

  /**
   * POST /api/auth/forgot-password: the same neutral answer whether or not the e-mail exists. A
   * registered, active user gets a single-use temporary password by e-mail that expires and never
   * replaces the current one. `address` is the client's address: each request counts in the login
   * throttle (an account or an address past its limit is refused, 429), and an unknown e-mail
   * costs the same work as a known one (the temporary password is made and hashed either way) and
   * no less time (`AUTH_FORGOT_MIN_MS`), so neither the answer nor its time tells them apart.
   */
  async forgotPassword(input: z.input<typeof ForgotPasswordBody>, address: string | null = null): Promise<void> {
    const { email } = parseInput(ForgotPasswordBody, input);
    const started = performance.now();
    await assertNotThrottled(email, address);
    await recordFailure(email, address);
    const [pointer, issued] = await Promise.all([Users.pointer(email), newTemporary('forgot')]);
    if (pointer) {
      await runAs({ tenantId: pointer.tenantId }, async () => {
        const user = await Users.record(pointer.userId);
        if (!user || !user.active) return;
        await Users.setTemp(user.id, issued.temp);
        Logs.audit('auth.password_reset_requested', { userId: user.id });
        await mailTemporary(pointer.tenantId, user, issued.password, 'forgot');
      });
    }
    const rest = env().AUTH_FORGOT_MIN_MS - (performance.now() - started);
    if (rest > 0) await new Promise((r) => setTimeout(r, rest));
  },

  /** Resolves an access token into the actor of a request, with fresh abilities. */
  async authenticate(accessToken: string): Promise<Actor> {
    const claims = await verifyAccessToken(accessToken);
    if (!claims) throw unauthenticated('auth.token_expired', ApiTexts.tokenExpired());
    return runAs({ tenantId: claims.tid }, async () => {
      // The four reads at once, each through its module.
      const [tenant, user, session, tokenProfile] = await Promise.all([
        Tenants.tenant(claims.tid),
        Users.record(claims.sub),
        Sessions.get(claims.sub, claims.sid),
        Tenants.profile(claims.pid),
      ]);
      if (!session) throw unauthenticated('auth.token_expired', ApiTexts.tokenExpired());
      const profile = user && user.profileId !== claims.pid ? await Tenants.profile(user.profileId) : tokenProfile;
      // The same checks as login and refresh, on every request: an inactive company or a profile
      // without read on auth stops its access tokens at once, as an inactive user or profile does.
      const rules = checkAccess(tenant, user, profile);
      const { id, salesman, supervisor, employee, branchIds, defaultBranchId } = user!;
      return {
        tenantId: claims.tid,
        userId: id,
        sessionId: session.id,
        branchId: session.branchId,
        branchIds,
        defaultBranchId,
        salesman,
        supervisor,
        employee,
        mustChangePassword: session.mustChangePassword,
        rules,
        ability: buildAbility(rules),
      };
    });
  },
};
