import { describe, expect, it } from 'vitest';
import { runAs } from '../context';
import { DomainError } from '../errors';
import { newId } from '../ids';
import { Keys } from './keys';
import { getItem, Versioned } from './records';
import { References, type Source, type Target } from './references';
import { transact, Tx } from './tx';

const inTenant = <T>(fn: () => Promise<T>) => runAs({ tenantId: newId() }, fn);

/** A target record (a region) and a way to point a client at it. */
async function region(extra: Record<string, unknown> = {}): Promise<Target> {
  const id = newId();
  const key = Keys.branch(id);
  await transact([Versioned.create({ ...key, id, name: 'Região Centro', ...extra })]);
  return { entity: 'regions', id, key, field: 'regionId' };
}
const client = (label = 'Cliente Fulano'): Source => ({ entity: 'clients', id: newId(), label });
const clientSteps = (source: Source, target: Target) => [
  Tx.putNew({ ...Keys.counter(`client-${source.id}`), id: source.id, regionId: target.id }),
  ...References.add(source, target),
];

describe('References', () => {
  it('refuses to delete a referenced record, names what uses it, and allows the delete once removed', () =>
    inTenant(async () => {
      const target = await region();
      const source = client('Cliente Fulano');
      await transact(clientSteps(source, target));
      expect(await getItem(target.key)).toMatchObject({ refCount: 1 });

      const refused = await transact([References.guardDelete(target.key)]).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(DomainError);
      const inUse = await References.inUseError(target.entity, target.id);
      expect(inUse).toMatchObject({ code: 'reference.in_use', kind: 'conflict' });
      expect(inUse.message).toContain('Cliente Fulano');
      expect(inUse.extra.details?.usedBy).toEqual([{ source: 'clients', sourceId: source.id, label: 'Cliente Fulano' }]);
      expect(await getItem(target.key)).toBeDefined();

      await transact(References.remove(source, target));
      expect(await getItem(target.key)).toMatchObject({ refCount: 0 });
      expect(await References.usersOf(target.entity, target.id)).toEqual([]);
      await transact([References.guardDelete(target.key)]);
      expect(await getItem(target.key)).toBeUndefined();
    }));

  it('answers the declared 400 when the target is missing or inactive, and writes nothing', () =>
    inTenant(async () => {
      const missing: Target = { entity: 'regions', id: newId(), key: Keys.branch(newId()), field: 'regionId' };
      const source = client();
      await expect(transact(clientSteps(source, missing))).rejects.toMatchObject({
        code: 'reference.missing',
        kind: 'validation',
        extra: { fields: [{ field: 'regionId' }] },
      });
      expect(await getItem(Keys.counter(`client-${source.id}`))).toBeUndefined();
      expect(await getItem(missing.key)).toBeUndefined();

      const inactive = await region({ active: false });
      await expect(transact(clientSteps(client(), inactive))).rejects.toMatchObject({ code: 'reference.missing' });
      expect(await References.usersOf(inactive.entity, inactive.id)).toEqual([]);
    }));

  it('moves a reference with change(): the old target is freed, the new one held', () =>
    inTenant(async () => {
      const [a, b] = [await region(), await region()];
      const source = client();
      await transact(References.change(source, [], [a]));
      await transact(References.change(source, [a], [b]));
      expect(await getItem(a.key)).toMatchObject({ refCount: 0 });
      expect(await getItem(b.key)).toMatchObject({ refCount: 1 });
      await transact([References.guardDelete(a.key)]);
      // An unchanged pointer to a target that disappeared is the same 400.
      await expect(transact(References.change(source, [a], [a]))).rejects.toMatchObject({ code: 'reference.missing' });
    }));

  it('counts a reference once even when its removal is sent twice (two racing deletes of the source)', () =>
    inTenant(async () => {
      const target = await region();
      const [a, b] = [client('Cliente A'), client('Cliente B')];
      await transact(clientSteps(a, target));
      await transact(clientSteps(b, target));
      const results = await Promise.allSettled([transact(References.remove(a, target)), transact(References.remove(a, target))]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await getItem(target.key)).toMatchObject({ refCount: 1 });
      // B still points to it, so it cannot go.
      await expect(transact([References.guardDelete(target.key)])).rejects.toBeInstanceOf(DomainError);
      expect((await References.usersOf(target.entity, target.id)).map((r) => r.label)).toEqual(['Cliente B']);
    }));

  it('never leaves a dangling reference when an add and a delete race', () =>
    inTenant(async () => {
      for (let round = 0; round < 6; round++) {
        const target = await region();
        const source = client(`Cliente ${round}`);
        const [add, del] = await Promise.allSettled([
          transact(clientSteps(source, target)),
          transact([References.guardDelete(target.key)]),
        ]);
        // Exactly one of them wins.
        expect([add.status, del.status].sort()).toEqual(['fulfilled', 'rejected']);
        const stored = await getItem(target.key);
        const refs = await References.usersOf(target.entity, target.id);
        if (add.status === 'fulfilled') {
          expect(stored).toMatchObject({ refCount: 1 });
          expect(refs.map((r) => r.sourceId)).toEqual([source.id]);
        } else {
          expect((add as PromiseRejectedResult).reason).toMatchObject({ code: 'reference.missing' });
          expect(stored).toBeUndefined();
          expect(refs).toEqual([]);
          expect(await getItem(Keys.counter(`client-${source.id}`))).toBeUndefined();
        }
      }
    }));
});
