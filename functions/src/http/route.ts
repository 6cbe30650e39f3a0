import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { ApiTexts } from '@ev/shared/messages';
import type { Action, Subject } from '@ev/shared/permissions';
import { Auth } from '@ev/core/auth';
import { runAs } from '@ev/core/context';
import { DomainError } from '@ev/core/errors';
import { takeRequest } from '@ev/core/limits';
import { OPERATOR_CONTEXT, Operators } from '@ev/core/operators';
import { AdminTexts } from '@ev/shared/schemas/admin';
import { StoreTexts } from '@ev/shared/schemas/store';
import { Store } from '@ev/core/store';
import { clientAddress } from './client-address';
import { errors } from './openapi';
import type { AppEnv } from './env';

type Pair = { action: Action; subject: Subject };
/** One (action, subject), or any of several (an operation that is one use case or another by the record's state: a draft saved, a sale corrected). */
export type Permission = Pair | { any: Pair[] } | 'public' | 'authenticated' | 'operator' | 'store';

export interface Guard {
  permission: Permission;
  /** Allowed in a session opened with a temporary password (only the password change and its surroundings). */
  allowWhilePasswordChange?: boolean;
  /** A public route that uses the caller's session when a valid token comes along (logout). */
  optionalActor?: boolean;
}

function bearer(header: string | undefined): string | null {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1] ?? null;
}

/**
 * Authentication, the route's (action, subject) check, and the actor in async context for the
 * rest of the request. A public route reads the session only when it asks to (`optionalActor`): the
 * others (health, login, refresh) cost no session reads, whatever token the web sends along.
 */
export function guard(g: Guard): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearer(c.req.header('authorization'));
    if (g.permission === 'public') {
      // Without a session the address is what is counted (login, the portal, webhooks).
      await takeRequest('address', clientAddress(c));
      if (token && g.optionalActor) {
        const actor = await Auth.authenticate(token).catch(() => undefined);
        if (actor) c.set('actor', actor);
      }
      return next();
    }
    if (g.permission === 'operator') return operatorOnly(c, token, next);
    if (g.permission === 'store') return storeClientOnly(c, token, next);
    if (!token) throw new DomainError('auth.unauthenticated', ApiTexts.unauthenticated(), 'unauthenticated');
    const actor = await Auth.authenticate(token);
    // Counted per company once the session is proved: a forged token spends nobody's share.
    await takeRequest('company', actor.tenantId);
    if (actor.mustChangePassword && !g.allowWhilePasswordChange) {
      throw new DomainError('auth.must_change_password', ApiTexts.mustChangePassword(), 'forbidden');
    }
    const pairs = g.permission === 'authenticated' ? [] : 'any' in g.permission ? g.permission.any : [g.permission];
    if (pairs.length && !pairs.some((p) => actor.ability?.can(p.action, p.subject))) {
      throw new DomainError('forbidden', ApiTexts.forbidden(), 'forbidden');
    }
    c.set('actor', actor);
    return runAs(actor, () => next());
  };
}

/**
 * The admin area's routes (docs/admin.md "Operators"): an operator's token only. A company's token,
 * even its administrator's, is refused with 403 (a signed-in user who is not an operator); anything
 * else is 401. The operator's work runs in a platform context of its own (no company's prefix).
 */
async function operatorOnly(c: Parameters<MiddlewareHandler<AppEnv>>[0], token: string | null, next: () => Promise<void>) {
  await takeRequest('address', clientAddress(c));
  if (!token) throw new DomainError('auth.unauthenticated', ApiTexts.unauthenticated(), 'unauthenticated');
  const operator = await Operators.authenticate(token).catch(async (e: unknown) => {
    // Not an operator's: a company's valid session is told so (403), anything else stays 401.
    const companyUser = await Auth.authenticate(token).then(
      () => true,
      () => false,
    );
    throw companyUser ? new DomainError('admin.not_operator', AdminTexts.notOperator(), 'forbidden') : e;
  });
  c.set('operator', operator);
  return runAs({ tenantId: OPERATOR_CONTEXT, userId: operator.id }, () => next());
}

/**
 * The store's routes (docs/store.md "Accounts"): a store session's token of the store in the path
 * only. A company's staff token is refused with 403 (it opens no store); anything else is 401. The
 * store's client works in its company's context, with no user and no ability.
 */
async function storeClientOnly(c: Parameters<MiddlewareHandler<AppEnv>>[0], token: string | null, next: () => Promise<void>) {
  await takeRequest('address', clientAddress(c));
  if (!token) throw new DomainError('auth.unauthenticated', StoreTexts.unauthenticated(), 'unauthenticated');
  const slug = (c.req.param('slug') ?? '').trim().toLowerCase();
  const actor = await Store.authenticate(token, slug).catch(async (e: unknown) => {
    const staff = await Auth.authenticate(token).then(
      () => true,
      () => false,
    );
    throw staff ? new DomainError('store.staff_token', StoreTexts.staffToken(), 'forbidden') : e;
  });
  await takeRequest('company', actor.tenantId);
  c.set('actor', actor);
  return runAs(actor, () => next());
}

/**
 * A route definition: the OpenAPI operation (generated from the same zod schemas) plus its guard,
 * recorded in the document as `x-permission` so tests can walk every operation.
 */
export function defineRoute<R extends RouteConfig>(config: R & { guard: Guard }) {
  const { guard: g, ...rest } = config;
  const named = (p: Pair) => `${p.action} ${p.subject}`;
  const permission = typeof g.permission === 'string' ? g.permission : 'any' in g.permission ? g.permission.any.map(named).join(' | ') : named(g.permission);
  const existing = rest.middleware ? (Array.isArray(rest.middleware) ? rest.middleware : [rest.middleware]) : [];
  return createRoute({
    ...rest,
    'x-permission': permission,
    // Any operation may be refused by the request limits (limits/index.ts).
    responses: { 429: errors[429], ...rest.responses },
    middleware: [guard(g), ...existing],
  } as unknown as R);
}

type Method = RouteConfig['method'];
type Request = NonNullable<RouteConfig['request']>;
/** The schema of a query (or of path parameters). */
export type QuerySchema = NonNullable<Request['query']>;

/** What an operation needs: `can('read', 'clientes')`, or any signed-in user, or nobody. */
export const can = (action: Action, subject: Subject): Guard => ({ permission: { action, subject } });
/** Any of these (the use case behind checks its own: a draft's save create, a sale's correction update). */
export const canAny = (...pairs: [Action, Subject][]): Guard => ({ permission: { any: pairs.map(([action, subject]) => ({ action, subject })) } });
export const signedIn: Guard = { permission: 'authenticated' };
/** The store's client signed in to the store of the path (`/store/{slug}/...`). */
export const storeClient: Guard = { permission: 'store' };
export const open: Guard = { permission: 'public' };
/** The admin area: an operator signed in at /admin (never a company's user). */
export const operator: Guard = { permission: 'operator' };

/**
 * The route declarations of one module, under its tag: `route(method, path, guard, summary,
 * responses, request?)` declares one operation (see `answers` for the responses).
 */
export function routes(tag: string) {
  const tags = [tag];
  return <M extends Method, P extends string, A extends RouteConfig['responses'], Q extends Request = Record<never, never>>(
    method: M,
    path: P,
    guard: Guard,
    summary: string,
    responses: A,
    request?: Q,
    extra?: { deprecated?: boolean },
  ) => defineRoute({ method, path, tags, summary, guard, ...(request && { request }), responses, ...extra } as { method: M; path: P; tags: string[]; summary: string; request: Q; responses: A; guard: Guard });
}

export type RouteMaker = ReturnType<typeof routes>;
