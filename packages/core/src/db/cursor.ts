import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiTexts } from '@ev/shared/messages';
import { currentActor } from '../context';
import { fieldError, DomainError } from '../errors';
import { purposeKey } from '../secrets';

/**
 * Signed cursors (ARCHITECTURE, "The API contract"): the last evaluated key, HMAC-signed together
 * with the tenant, the user and the query it belongs to. A cursor from another query, user or
 * tenant, or a tampered one, is a 400.
 */
export function signCursor(lastKey: Record<string, unknown>, query: string): string {
  const payload = Buffer.from(JSON.stringify(lastKey)).toString('base64url');
  return `${payload}.${mac(payload, query)}`;
}

export function readCursor(cursor: string | undefined, query: string): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  const [payload, sig, extra] = cursor.split('.');
  if (!payload || !sig || extra !== undefined) throw invalid();
  const expected = Buffer.from(mac(payload, query));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  try {
    const key = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (!key || typeof key !== 'object' || Array.isArray(key)) throw invalid();
    return key as Record<string, unknown>;
  } catch {
    throw invalid();
  }
}

function mac(payload: string, query: string): string {
  const actor = currentActor();
  return createHmac('sha256', purposeKey('cursor'))
    .update(`${actor.tenantId}\n${actor.userId ?? '-'}\n${query}\n${payload}`)
    .digest('base64url');
}

function invalid(): DomainError {
  return new DomainError('cursor.invalid', ApiTexts.invalidCursor(), 'validation', {
    fields: [fieldError('cursor', ApiTexts.invalidCursor())],
  });
}
