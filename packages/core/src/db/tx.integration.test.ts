import { afterEach, describe, expect, it } from 'vitest';
import { runAs } from '../context';
import { DomainError } from '../errors';
import { newId } from '../ids';
import { Keys } from './keys';
import { getItem, Versioned } from './records';
import { References } from './references';
import { injectConflicts, type Conflicts } from './testing/conflicts';
import { transact, Tx, MAX_TX_ACTIONS } from './tx';

let injected: Conflicts | undefined;
/** The first `times` TransactWriteItems calls answer TransactionConflict (./testing/conflicts.ts). */
function injectFirst(times: number): Conflicts {
  injected = injectConflicts((n) => n <= times);
  return injected;
}

afterEach(() => {
  injected?.remove();
  injected = undefined;
});

const inTenant = <T>(fn: () => Promise<T>) => runAs({ tenantId: newId() }, fn);

describe('transact', () => {
  it('retries TransactionConflict: the write lands after two conflicts', () =>
    inTenant(async () => {
      const key = Keys.counter(`tx-${newId()}`);
      const probe = injectFirst(2);
      await transact([Tx.putNew({ ...key, value: 'landed' })]);
      expect(probe.calls()).toBe(3);
      expect(await getItem(key)).toMatchObject({ value: 'landed' });
    }));

  it('gives up after too many conflicts and writes nothing', () =>
    inTenant(async () => {
      const key = Keys.counter(`tx-${newId()}`);
      const probe = injectFirst(1000);
      await expect(transact([Tx.putNew({ ...key, value: 'never' })])).rejects.toMatchObject({ code: 'conflict.busy', kind: 'conflict' });
      expect(probe.calls()).toBeGreaterThan(1);
      expect(probe.calls()).toBeLessThan(20);
      probe.remove();
      expect(await getItem(key)).toBeUndefined();
    }));

  it('maps a failed condition to the error its step declares, without retrying', () =>
    inTenant(async () => {
      const key = Keys.counter(`tx-${newId()}`);
      await transact([Tx.putNew({ ...key, value: 1 })]);
      const probe = injectFirst(0);
      const declared = new DomainError('test.taken', 'Já existe.', 'conflict');
      await expect(
        transact([Tx.putNew({ ...Keys.counter(`other-${newId()}`), value: 2 }), Tx.putNew({ ...key, value: 3 }, () => declared)]),
      ).rejects.toBe(declared);
      expect(probe.calls()).toBe(1);
    }));

  it('refuses a transaction larger than DynamoDB allows before sending it', () =>
    inTenant(async () => {
      const steps = Array.from({ length: MAX_TX_ACTIONS + 1 }, (_, i) => Tx.putNew({ ...Keys.counter(`big-${i}`), value: i }));
      await expect(transact(steps)).rejects.toMatchObject({ code: 'internal.transaction_too_large' });
    }));
});

describe('Versioned.replace', () => {
  it('writes over the version read and answers conflict.version over any other', () =>
    inTenant(async () => {
      const key = Keys.branch(newId());
      await transact([Versioned.create({ ...key, name: 'A' })]);
      await transact([Versioned.replace({ ...key, name: 'B', version: 1 }, 1)]);
      expect(await getItem(key)).toMatchObject({ name: 'B', version: 2 });
      await expect(transact([Versioned.replace({ ...key, name: 'C', version: 1 }, 1)])).rejects.toMatchObject({ code: 'conflict.version' });
      expect(await getItem(key)).toMatchObject({ name: 'B', version: 2 });
    }));

  it('never loses a reference added between the read and the write (refCount)', () =>
    inTenant(async () => {
      const id = newId();
      const key = Keys.branch(id);
      await transact([Versioned.create({ ...key, name: 'Região' })]);
      const target = { entity: 'regions', id, key, field: 'regionId' };
      await transact(References.add({ entity: 'clients', id: newId(), label: 'Cliente 1' }, target));
      const read = await getItem<Record<string, unknown> & { version: number }>(key);
      expect(read?.refCount).toBe(1);
      // Another writer references the record after our read...
      await transact(References.add({ entity: 'clients', id: newId(), label: 'Cliente 2' }, target));
      // ...so writing what we read back must not put refCount back to 1: the lost race is a 409.
      await expect(transact([Versioned.replace({ ...read!, name: 'Região nova' }, read!.version)])).rejects.toMatchObject({
        code: 'conflict.version',
      });
      const after = await getItem<Record<string, unknown>>(key);
      expect(after?.refCount).toBe(2);
      // The target is still protected: it cannot be deleted while two records point to it.
      await expect(transact([References.guardDelete(key)])).rejects.toBeInstanceOf(DomainError);
      // Read again, the write goes through and keeps the count.
      const fresh = await getItem<Record<string, unknown> & { version: number }>(key);
      await transact([Versioned.replace({ ...fresh!, name: 'Região nova' }, fresh!.version)]);
      expect(await getItem(key)).toMatchObject({ name: 'Região nova', refCount: 2, version: 2 });
    }));
});

describe('Versioned.update', () => {
  it('sets and removes the given attributes, keeps the others, and moves version', () =>
    inTenant(async () => {
      const id = newId();
      const key = Keys.branch(id);
      await transact([Versioned.create({ ...key, id, name: 'A', nickname: 'a', lastAccessAt: 'x', type: 'branch' })]);
      await transact([Versioned.update(key, { ...key, name: 'B', nickname: undefined, active: false, tags: ['t'], note: null, version: 99 }, 1)]);
      expect(await getItem(key)).toEqual({ ...key, id, type: 'branch', name: 'B', active: false, tags: ['t'], note: null, lastAccessAt: 'x', version: 2 });
    }));

  it('answers conflict.version for another version or a missing record, and writes nothing', () =>
    inTenant(async () => {
      const key = Keys.branch(newId());
      await transact([Versioned.create({ ...key, name: 'A' })]);
      await expect(transact([Versioned.update(key, { name: 'B' }, 2)])).rejects.toMatchObject({ code: 'conflict.version' });
      const missing = Keys.branch(newId());
      await expect(transact([Versioned.update(missing, { name: 'B' }, 1)])).rejects.toMatchObject({ code: 'conflict.version' });
      expect(await getItem(key)).toMatchObject({ name: 'A', version: 1 });
      expect(await getItem(missing)).toBeUndefined();
    }));

  it('keeps a reference added between the read and the write', () =>
    inTenant(async () => {
      const id = newId();
      const key = Keys.branch(id);
      await transact([Versioned.create({ ...key, name: 'Região' })]);
      const read = await getItem<Record<string, unknown> & { version: number }>(key);
      await transact(References.add({ entity: 'clients', id: newId(), label: 'Cliente' }, { entity: 'regions', id, key, field: 'regionId' }));
      const { refCount: _stale, ...edited }: Record<string, unknown> = { ...read!, name: 'Região nova' };
      await transact([Versioned.update(key, edited, read!.version)]);
      expect(await getItem(key)).toMatchObject({ name: 'Região nova', refCount: 1, version: 2 });
    }));
});
