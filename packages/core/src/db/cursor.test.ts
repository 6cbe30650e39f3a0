import { describe, expect, it } from 'vitest';
import { runAs, type Actor } from '../context';
import { newId } from '../ids';
import { readCursor, signCursor } from './cursor';

const alice: Actor = { tenantId: newId(), userId: newId() };
const lastKey = { pk: `T#${alice.tenantId}#L#users#all`, sk: 'ana 0190' };
const signed = runAs(alice, () => signCursor(lastKey, 'users|all||'));
const invalid = { code: 'cursor.invalid', kind: 'validation', extra: { fields: [{ field: 'cursor' }] } };

function refused(actor: Actor, cursor: string, query: string) {
  let error: unknown;
  try {
    runAs(actor, () => readCursor(cursor, query));
  } catch (e) {
    error = e;
  }
  expect(error, cursor).toMatchObject(invalid);
}

describe('signed cursors', () => {
  it('reads back the key for the same tenant, user and query', () => {
    expect(runAs(alice, () => readCursor(signed, 'users|all||'))).toEqual(lastKey);
    expect(runAs(alice, () => readCursor(undefined, 'users|all||'))).toBeUndefined();
  });

  it('refuses a cursor signed for another query', () => {
    refused(alice, signed, 'users|all|ana|');
    refused(alice, signed, 'users|sup#x||');
  });

  it('refuses a cursor signed for another user of the same company', () => {
    refused({ ...alice, userId: newId() }, signed, 'users|all||');
    refused({ tenantId: alice.tenantId }, signed, 'users|all||');
  });

  it('refuses a cursor signed for another company', () => {
    refused({ ...alice, tenantId: newId() }, signed, 'users|all||');
  });

  it('refuses a tampered payload or signature and malformed cursors', () => {
    const [payload, sig] = signed.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...lastKey, pk: `T#${newId()}#L#users#all` })).toString('base64url');
    const flip = (s: string) => s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
    for (const bad of [`${forged}.${sig}`, `${payload}.${flip(sig)}`, `${flip(payload)}.${sig}`, payload, `${signed}.x`, '.', 'x.y', `${payload}.`]) {
      refused(alice, bad, 'users|all||');
    }
  });

  it('refuses a correctly signed payload that is not a key object', () => {
    for (const value of [[1, 2], 'text', 42, null]) {
      const odd = runAs(alice, () => signCursor(value as unknown as Record<string, unknown>, 'q'));
      refused(alice, odd, 'q');
    }
  });
});
