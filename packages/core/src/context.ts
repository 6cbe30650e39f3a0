import { AsyncLocalStorage } from 'node:async_hooks';
import { ApiTexts } from '@ev/shared/messages';
import type { Action, AbilityRule, AppAbility, Subject } from '@ev/shared/permissions';
import { DomainError } from './errors';

/**
 * Who is calling (CONVENTIONS 5). It travels in async context; the repository takes the tenant
 * prefix from it, so no function takes a tenant id from a request.
 */
export interface Actor {
  tenantId: string;
  /** Absent for system work (provisioning, login before the user is known, jobs). */
  userId?: string;
  branchId?: string | null;
  /** The user's allowed branches and default one: where it works when its session's branch was deactivated (Tenants.current). */
  branchIds?: string[];
  defaultBranchId?: string | null;
  sessionId?: string;
  salesman?: boolean;
  supervisor?: boolean;
  employee?: boolean;
  /** After a login with a temporary password: only the password change is allowed. */
  mustChangePassword?: boolean;
  rules?: AbilityRule[];
  ability?: AppAbility;
  /** A store's client signed in (docs/store.md "Accounts"): its own principal, no user, no ability. */
  storeClientId?: string;
  /** The store's address the client signed in to. */
  storeSlug?: string;
}

/** One request (or one piece of system work): its actor and what was resolved for it once. */
interface Frame {
  actor: Actor;
  resolved: Map<string, Promise<unknown>>;
}

const storage = new AsyncLocalStorage<Frame>();

/** Runs `fn` as `actor`: one request's worth of context, with its own per-request cache. */
export function runAs<T>(actor: Actor, fn: () => T): T {
  return storage.run({ actor, resolved: new Map() }, fn);
}

export function currentActor(): Actor {
  const frame = storage.getStore();
  if (!frame) throw new DomainError('internal.no_actor', 'No actor in context', 'internal');
  return frame.actor;
}

/**
 * What a request resolves once (the current company and branch, the caller's record scope): the
 * first call loads it, the others of the same request (the same `runAs`) share that answer. A
 * failed load is forgotten, so the next call tries again.
 */
export function perRequest<T>(name: string, load: () => Promise<T>): Promise<T> {
  const frame = storage.getStore();
  if (!frame) throw new DomainError('internal.no_actor', 'No actor in context', 'internal');
  let found = frame.resolved.get(name) as Promise<T> | undefined;
  if (!found) {
    found = load();
    frame.resolved.set(name, found);
    found.catch(() => frame.resolved.delete(name));
  }
  return found;
}

/**
 * The subject check of the services, behind the routes' own: 403 with the spec's denied text when
 * the caller's ability lacks `action` on `subject`. System work (seeds, provisioning) has no
 * ability and is not checked.
 */
export function authorize(action: Action, subject: Subject): void {
  const actor = currentActor();
  if (actor.ability && !actor.ability.can(action, subject)) throw new DomainError('forbidden', ApiTexts.forbidden(), 'forbidden');
}

export function maybeActor(): Actor | undefined {
  return storage.getStore()?.actor;
}

/** The actor of a logged-in user: a request path that needs one fails loudly without it. */
export function currentUserActor(): Required<Pick<Actor, 'tenantId' | 'userId' | 'ability'>> & Actor {
  const actor = currentActor();
  if (!actor.userId || !actor.ability) {
    throw new DomainError('internal.no_user', 'No user in context', 'internal');
  }
  return actor as Required<Pick<Actor, 'tenantId' | 'userId' | 'ability'>> & Actor;
}
