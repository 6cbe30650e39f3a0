import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { runAs } from '../context';
import { newId } from '../ids';
import { aggregate, aggregateSteps, readAggregate } from './aggregate';
import { Keys } from './keys';
import { getItem } from './records';
import { transact, Tx } from './tx';

/** A record of the kind the next dashboards count: a salesman's, with a status, labels and an amount. */
interface Sale {
  id: string;
  salesmanId: string | null;
  status: 'open' | 'won' | 'lost';
  labels: string[];
  amount: string;
}

const saleFigures = aggregate<Sale, { total: true; status: Sale['status']; label: string }, { amount: true; amountBy: Sale['status'] }>({
  name: `test-sales-${newId()}`,
  scopes: (s) => ['all', ...(s.salesmanId ? [`sm#${s.salesmanId}`] : [])],
  counts: { total: () => true, status: (s) => s.status, label: (s) => s.labels },
  sums: { amount: (s) => ({ key: true, amount: s.amount }), amountBy: (s) => ({ key: s.status, amount: s.amount }) },
});

const key = (id: string) => Keys.counter(`sale-${id}`);
const create = (s: Sale) => transact([Tx.putNew({ ...key(s.id), ...s }), ...aggregateSteps(saleFigures, null, s)]);
const edit = (before: Sale, after: Sale) => transact([Tx.put({ ...key(after.id), ...after }), ...aggregateSteps(saleFigures, before, after)]);
const remove = (s: Sale) => transact([Tx.delete(key(s.id)), ...aggregateSteps(saleFigures, s, null)]);

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

describe('aggregate', () => {
  it('keeps every scope equal to a recount of the records after a mixed run of creates, edits and deletes', () =>
    runAs({ tenantId: newId() }, async () => {
      const rnd = random(20261125);
      const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
      const salesmen = [null, 'a', 'b', 'c'];
      const statuses = ['open', 'won', 'lost'] as const;
      const labels = ['x', 'y', 'z'];
      const amount = () => new Decimal(Math.floor(rnd() * 1_000_000)).div(100).toFixed(2);
      const newSale = (id = newId()): Sale => ({
        id,
        salesmanId: pick(salesmen),
        status: pick(statuses),
        labels: labels.filter(() => rnd() < 0.4),
        amount: amount(),
      });
      const records = new Map<string, Sale>();
      for (let step = 0; step < 60; step++) {
        const roll = rnd();
        const existing = [...records.values()];
        if (roll < 0.45 || existing.length < 3) {
          const s = newSale();
          await create(s);
          records.set(s.id, s);
        } else if (roll < 0.85) {
          const before = pick(existing);
          // Edits that move it between scopes, statuses and labels, or change only its amount.
          const after = rnd() < 0.3 ? { ...before, amount: amount() } : newSale(before.id);
          await edit(before, after);
          records.set(after.id, after);
        } else {
          const s = pick(existing);
          await remove(s);
          records.delete(s.id);
        }
      }
      // The records as stored are the ones the run kept.
      for (const s of records.values()) expect(await getItem(key(s.id))).toMatchObject(s);

      const recount = (scope: string[]) => {
        const in_ = [...records.values()].filter((s) => scope.includes('all') || scope.some((x) => x === `sm#${s.salesmanId}`));
        const sum = (list: Sale[]) => list.reduce((a, s) => a.plus(s.amount), new Decimal(0)).toFixed();
        return {
          total: in_.length,
          status: Object.fromEntries(statuses.map((st) => [st, in_.filter((s) => s.status === st).length])),
          labels: Object.fromEntries(labels.map((l) => [l, in_.filter((s) => s.labels.includes(l)).length]).filter(([, n]) => n)),
          amount: sum(in_),
          amountBy: Object.fromEntries(statuses.map((st) => [st, sum(in_.filter((s) => s.status === st))])),
        };
      };
      for (const scope of [['all'], ['sm#a'], ['sm#b'], ['sm#a', 'sm#c'], ['sm#nobody']]) {
        const f = await readAggregate(saleFigures, scope);
        const read = {
          total: f.count('total'),
          status: Object.fromEntries(statuses.map((st) => [st, f.count('status', st)])),
          labels: Object.fromEntries(f.keyed('label').map((l) => [l.key, l.count])),
          amount: f.sum('amount'),
          amountBy: Object.fromEntries(statuses.map((st) => [st, f.sum('amountBy', st)])),
        };
        expect(read, scope.join('+')).toEqual(recount(scope));
      }
      expect(records.size).toBeGreaterThan(3);
    }));

  it('writes nothing for an edit that changes no figure, and sums decimals exactly', () =>
    runAs({ tenantId: newId() }, async () => {
      const s: Sale = { id: newId(), salesmanId: 'a', status: 'open', labels: [], amount: '0.10' };
      expect(aggregateSteps(saleFigures, s, { ...s, labels: [] })).toEqual([]);
      await create(s);
      await create({ ...s, id: newId(), amount: '0.20' });
      const f = await readAggregate(saleFigures, ['sm#a']);
      expect(f.sum('amount')).toBe('0.3');
      expect(f.count('total')).toBe(2);
    }));
});
