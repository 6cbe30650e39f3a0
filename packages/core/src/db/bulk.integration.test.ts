import { regions } from '@ev/shared/registries/regions';
import { segments } from '@ev/shared/registries/segments';
import { describe, expect, it } from 'vitest';
import { ClientsRepository, type ClientRecord } from '../clients/repository';
import { runAs } from '../context';
import { DomainError } from '../errors';
import { newId } from '../ids';
import { Registries } from '../registries';
import { batchGet } from './batch';
import { bulkCreate } from './bulk';
import { Keys, tenantPrefix, type Key } from './keys';
import { getItem } from './records';
import { transact, Tx, type TxStep } from './tx';

/** The keys a set of steps writes or reads. */
function keysOf(steps: TxStep[]): Key[] {
  return steps.map(({ item }) => {
    const k = (item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key ?? item.ConditionCheck?.Key) as Record<string, unknown>;
    return { pk: String(k.pk), sk: String(k.sk) };
  });
}

/** A tenant's items under those keys, with the tenant's prefix taken out, sorted: comparable across tenants. */
async function snapshot(keys: Key[]): Promise<string[]> {
  const prefix = tenantPrefix();
  const items = await batchGet(keys.map((k) => ({ pk: k.pk.replaceAll(/T#[0-9a-f-]{36}/g, prefix), sk: k.sk })));
  return items.map((i) => JSON.stringify(i, Object.keys(i).sort()).replaceAll(prefix, 'T#tenant')).sort();
}

const noTaken = () => new DomainError('clients.document_taken', 'taken', 'conflict');

/** The same clients in every tenant (fixed ids), pointing to that tenant's regions and segment. */
async function clients(n: number): Promise<ClientRecord[]> {
  const [centro, norte] = [await Registries.create(regions, { name: 'Centro' }), await Registries.create(regions, { name: 'Norte' })];
  const segment = await Registries.create(segments, { name: 'Mercearia' });
  return Array.from({ length: n }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `Mercado ${['Bom Preço', 'Central', 'do Bairro'][i % 3]} ${i}`,
    nickname: `Mercado ${i}`,
    document: i % 4 === 0 ? null : `${String(11222333000181 + i * 97).padStart(14, '0')}`,
    email: `compras${i}@exemplo.com.br`,
    phone1: `1498100${String(1000 + i)}`,
    status: i % 5 === 0 ? 'inactive' : 'active',
    situation: i % 3 === 0 ? 'analysis' : 'normal',
    salesmanId: null,
    regionId: i % 2 ? centro.id : norte.id,
    segmentId: i % 3 ? segment.id : null,
    paymentConditionIds: [],
    addresses: [],
    lastPurchaseDate: i % 2 ? `2026-0${1 + (i % 9)}-15` : null,
    incomplete: false,
    blocked: i % 3 === 0,
    createdOn: `2025-${String(1 + (i % 12)).padStart(2, '0')}-10`,
    createdAt: '2025-01-10T12:00:00.000Z',
    updatedAt: '2025-01-10T12:00:00.000Z',
    version: 1,
  })) as unknown as ClientRecord[];
}

describe('bulkCreate', () => {
  it('writes exactly what each record’s own create transaction writes: records, guards, references, lists, search and figures', async () => {
    const one = await runAs({ tenantId: newId() }, async () => {
      const records = await clients(12);
      for (const r of records) await transact(ClientsRepository.createSteps(r, noTaken));
      const keys = records.flatMap((r) => keysOf(ClientsRepository.createSteps(r, noTaken)));
      return snapshot(keys);
    });
    const bulk = await runAs({ tenantId: newId() }, async () => {
      const records = await clients(12);
      await ClientsRepository.createMany(records, noTaken);
      const keys = records.flatMap((r) => keysOf(ClientsRepository.createSteps(r, noTaken)));
      return snapshot(keys);
    });
    // The registries' ids and write times differ between tenants: compare without them.
    const norm = (rows: string[]) =>
      rows.map((r) =>
        r
          .replaceAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => (id.startsWith('00000000-') ? id : 'REG'))
          .replaceAll(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/g, 'NOW'),
      );
    expect(bulk.length).toBeGreaterThan(12 * 10);
    expect(norm(bulk)).toEqual(norm(one));
  });

  it('adds exact decimals once per item, and keeps the condition of a reference', () =>
    runAs({ tenantId: newId() }, async () => {
      const counter = Keys.counter(`bulk-${newId()}`);
      const target = Keys.counter(`target-${newId()}`);
      await transact([Tx.putNew({ ...target, name: 'alvo' })]);
      const steps: TxStep[] = [];
      for (let i = 0; i < 30; i++) {
        steps.push(Tx.update(counter, { UpdateExpression: 'ADD #a0 :a0, total :one', ExpressionAttributeNames: { '#a0': 'amount' }, ExpressionAttributeValues: { ':a0': 0.1, ':one': 1 } }));
        steps.push(Tx.update(target, { UpdateExpression: 'ADD refCount :one', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':one': 1 } }));
      }
      await bulkCreate(steps);
      const c = await getItem<{ amount: number; total: number }>(counter);
      expect(c).toMatchObject({ amount: 3, total: 30 });
      expect(await getItem<{ refCount: number }>(target)).toMatchObject({ refCount: 30 });
      // A reference to an item that does not exist fails on its condition.
      await expect(bulkCreate([Tx.update(Keys.counter(`missing-${newId()}`), { UpdateExpression: 'ADD refCount :one', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':one': 1 } })])).rejects.toThrow();
    }));

  it('adds many keys of one item (a month of a history: a key per day, city and client) in as many updates as its expression needs', () =>
    runAs({ tenantId: newId() }, async () => {
      const month = Keys.counter(`month-${newId()}`);
      const steps: TxStep[] = [];
      for (let i = 0; i < 400; i++) {
        steps.push(Tx.update(month, { UpdateExpression: 'ADD #a0 :a0, #a1 :one', ExpressionAttributeNames: { '#a0': `vy#Cidade ${i}/SP`, '#a1': `cc#cliente-${i % 350}` }, ExpressionAttributeValues: { ':a0': 1.25, ':one': 1 } }));
      }
      await bulkCreate(steps);
      const item = (await getItem<Record<string, number>>(month))!;
      expect(item['vy#Cidade 0/SP']).toBe(1.25);
      expect(item['vy#Cidade 399/SP']).toBe(1.25);
      expect(item['cc#cliente-0']).toBe(2);
      expect(item['cc#cliente-349']).toBe(1);
      expect(Object.keys(item).filter((k) => k.startsWith('vy#') || k.startsWith('cc#'))).toHaveLength(750);
    }));

  it('refuses before writing anything when a new record’s key is taken, a checked item is missing, or a step is not a creation', () =>
    runAs({ tenantId: newId() }, async () => {
      const taken = Keys.counter(`taken-${newId()}`);
      await transact([Tx.putNew({ ...taken, v: 1 })]);
      const fresh = Keys.counter(`fresh-${newId()}`);
      await expect(bulkCreate([Tx.putNew({ ...fresh, v: 1 }), Tx.putNew({ ...taken, v: 2 })])).rejects.toThrow(/already exist/);
      expect(await getItem(fresh)).toBeUndefined();
      expect(await getItem(taken)).toMatchObject({ v: 1 });
      await expect(bulkCreate([Tx.putNew({ ...fresh, v: 1 }), Tx.check(Keys.counter(`nowhere-${newId()}`), 'attribute_exists(pk)', noTaken)])).rejects.toThrow(/do not exist/);
      expect(await getItem(fresh)).toBeUndefined();
      await expect(bulkCreate([Tx.delete(taken)])).rejects.toThrow(/not a creation/);
      await expect(bulkCreate([Tx.update(taken, { UpdateExpression: 'SET v = :v', ExpressionAttributeValues: { ':v': 3 } })])).rejects.toThrow(/only ADD/);
      await expect(bulkCreate([Tx.putNew({ ...fresh, v: 1 }), Tx.putNew({ ...fresh, v: 2 })])).rejects.toThrow(/two puts/);
      expect(await getItem(taken)).toMatchObject({ v: 1 });
    }));
});
