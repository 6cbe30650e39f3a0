import { describe, expect, it } from 'vitest';
import { runAs } from '../context';
import { DomainError } from '../errors';
import { newId } from '../ids';
import { Keys } from './keys';
import { getItem } from './records';
import { transact } from './tx';
import { Unique } from './unique';

const inTenant = <T>(fn: () => Promise<T>) => runAs({ tenantId: newId() }, fn);
const taken = () => new DomainError('clients.document_taken', 'Este documento já está em uso.', 'conflict', { fields: [{ field: 'document', message: 'Este documento já está em uso.' }] });

describe('Unique', () => {
  it('lets one owner claim a value and refuses the second with the declared error', () =>
    inTenant(async () => {
      const [a, b] = [newId(), newId()];
      await transact([Unique.claim('clients', 'document', '12345678900', a, taken)]);
      await expect(transact([Unique.claim('clients', 'document', '12345678900', b, taken)])).rejects.toMatchObject({
        code: 'clients.document_taken',
        extra: { fields: [{ field: 'document' }] },
      });
      expect(await getItem(Keys.unique('clients', 'document', '12345678900'))).toMatchObject({ ownerId: a });
      // The owner claiming its own value again is not a conflict (an update that keeps it).
      await transact([Unique.claim('clients', 'document', '12345678900', a, taken)]);
    }));

  it('refuses exactly one of two concurrent claims', () =>
    inTenant(async () => {
      const owners = [newId(), newId()];
      const results = await Promise.allSettled(owners.map((o) => transact([Unique.claim('clients', 'document', 'X1', o, taken)])));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ code: 'clients.document_taken' });
    }));

  it('frees a value on release, and a stranger cannot release it', () =>
    inTenant(async () => {
      const [a, b] = [newId(), newId()];
      await transact([Unique.claim('clients', 'document', 'V', a, taken)]);
      await expect(transact([Unique.release('clients', 'document', 'V', b)])).rejects.toBeInstanceOf(DomainError);
      await transact([Unique.release('clients', 'document', 'V', a)]);
      expect(await getItem(Keys.unique('clients', 'document', 'V'))).toBeUndefined();
      await transact([Unique.claim('clients', 'document', 'V', b, taken)]);
      expect(await getItem(Keys.unique('clients', 'document', 'V'))).toMatchObject({ ownerId: b });
    }));

  it('moves a value with change(): the old one is freed and the new one taken', () =>
    inTenant(async () => {
      const [a, b] = [newId(), newId()];
      await transact([Unique.claim('clients', 'document', 'OLD', a, taken)]);
      await transact(Unique.change('clients', 'document', 'OLD', 'NEW', a, taken));
      await expect(transact([Unique.claim('clients', 'document', 'NEW', b, taken)])).rejects.toMatchObject({ code: 'clients.document_taken' });
      await transact([Unique.claim('clients', 'document', 'OLD', b, taken)]);
      expect(Unique.change('clients', 'document', 'SAME', 'SAME', a, taken)).toEqual([]);
    }));

  it('keeps tenants apart: the same value is free in another company', async () => {
    await inTenant(() => transact([Unique.claim('clients', 'document', 'SHARED', newId(), taken)]));
    await inTenant(() => transact([Unique.claim('clients', 'document', 'SHARED', newId(), taken)]));
  });
});
