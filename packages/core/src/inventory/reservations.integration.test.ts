import Decimal from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import { runAs } from '../context';
import { dynamoClient } from '../db/client';
import { Keys } from '../db/keys';
import { newId } from '../ids';
import { LINES_PER_TX, postMovements, recompute } from './ledger';
import { InventoryRepository } from './repository';
import { LINES_PER_CHUNK, Reservations } from './reservations';

const MIDDLEWARE = 'test-inventory-inject';
afterEach(() => {
  dynamoClient().middlewareStack.remove(MIDDLEWARE);
});

const inTenant = <T>(fn: () => Promise<T>) => runAs({ tenantId: newId() }, fn);

async function stock(productId: string, branchId: string, quantity: string) {
  await postMovements([{ productId, branchId, kind: 'adjustment', quantity, reason: 'Estoque inicial' }]);
}

async function reserved(productId: string, branchId: string) {
  return (await InventoryRepository.balance(productId, branchId))?.reserved.toFixed() ?? '0';
}

async function expectLedgerBalanced(productIds: string[]) {
  const checks = (await Promise.all(productIds.map((p) => recompute(p)))).flat();
  for (const c of checks) expect(c.matches, JSON.stringify(c)).toBe(true);
}

async function expectNothingReserved(productIds: string[], branchId: string) {
  expect(new Set(await Promise.all(productIds.map((p) => reserved(p, branchId))))).toEqual(new Set(['0']));
}

/** Calls `hook` once, before the first TransactWriteItems that updates `key` (a writer racing the reserve). */
function beforeWriteOf(key: { pk: string; sk: string }, hook: () => Promise<void>) {
  let fired = false;
  dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (!fired && context.commandName === 'TransactWriteItemsCommand') {
        const items = (args.input as { TransactItems?: { Update?: { Key?: Record<string, unknown> } }[] }).TransactItems ?? [];
        // The document client's input, or the marshalled one ({ S: ... }), whichever this step sees.
        const text = (v: unknown) => (typeof v === 'string' ? v : (v as { S?: string } | undefined)?.S);
        const touches = items.some((t) => t.Update?.Key && text(t.Update.Key.pk) === key.pk && text(t.Update.Key.sk) === key.sk);
        if (touches) {
          fired = true;
          await hook();
        }
      }
      return next(args);
    },
    { step: 'initialize', name: MIDDLEWARE },
  );
}

describe('reservations', () => {
  it('reserves every line of an order at once, and reports each short line when any is short (reserving nothing)', () =>
    inTenant(async () => {
      const [b, p1, p2, p3, p4] = [newId(), newId(), newId(), newId(), newId()];
      await stock(p1, b, '10');
      await stock(p2, b, '3');
      await stock(p3, b, '5');
      await postMovements([{ productId: p3, branchId: b, kind: 'consignment_out', quantity: '5' }]);
      const short = await Reservations.reserve(`o-${newId()}`, [
        { productId: p1, branchId: b, quantity: '4' },
        { productId: p2, branchId: b, quantity: '5' },
        { productId: p3, branchId: b, quantity: '1' },
        { productId: p4, branchId: b, quantity: '1' },
      ]);
      expect(short.ok).toBe(false);
      if (short.ok) return;
      expect(short.shortages).toEqual([
        { productId: p2, branchId: b, requested: '5.0000', available: '3.0000', level: 'lower', message: 'Estoque menor que o solicitado: disponível 3.0000, solicitado 5.0000.' },
        { productId: p3, branchId: b, requested: '1.0000', available: '0.0000', level: 'insufficient', message: expect.stringContaining('Estoque insuficiente') },
        { productId: p4, branchId: b, requested: '1.0000', available: '0.0000', level: 'insufficient', message: expect.stringContaining('Estoque insuficiente') },
      ]);
      expect(await reserved(p1, b)).toBe('0');

      const orderId = `o-${newId()}`;
      const ok = await Reservations.reserve(orderId, [
        { productId: p1, branchId: b, quantity: '4' },
        { productId: p2, branchId: b, quantity: '3' },
      ]);
      expect(ok).toEqual({ ok: true, orderId, lines: 2, alreadyReserved: false });
      expect(await reserved(p1, b)).toBe('4');
      expect(await reserved(p2, b)).toBe('3');
      expect((await InventoryRepository.balance(p2, b))!.available.toFixed()).toBe('0');
      expect(await Reservations.status(orderId)).toMatchObject({ state: 'reserved' });
      await expectLedgerBalanced([p1, p2, p3]);
    }));

  it('checks an order without reserving (the warning before the order is closed)', () =>
    inTenant(async () => {
      const [b, p1, p2] = [newId(), newId(), newId()];
      await stock(p1, b, '2');
      const shortages = await Reservations.check([
        { productId: p1, branchId: b, quantity: '1,5' },
        { productId: p1, branchId: b, quantity: '1' },
        { productId: p2, branchId: b, quantity: '1' },
      ]);
      // The two lines of p1 are one line of 2.5.
      expect(shortages.map((s) => [s.productId, s.requested, s.level])).toEqual([
        [p1, '2.5000', 'lower'],
        [p2, '1.0000', 'insufficient'],
      ]);
      expect(await reserved(p1, b)).toBe('0');
    }));

  it('is idempotent per order: the same reserve twice reserves once; other lines are a 409', () =>
    inTenant(async () => {
      const [b, p] = [newId(), newId()];
      await stock(p, b, '10');
      const orderId = `o-${newId()}`;
      const lines = [{ productId: p, branchId: b, quantity: '3' }];
      expect(await Reservations.reserve(orderId, lines)).toMatchObject({ ok: true, alreadyReserved: false });
      expect(await Reservations.reserve(orderId, lines)).toMatchObject({ ok: true, alreadyReserved: true });
      // At the same time, too: the marker lets one of them write.
      const again = await Promise.all([Reservations.reserve(orderId, lines), Reservations.reserve(orderId, lines)]);
      expect(again.every((r) => r.ok)).toBe(true);
      expect(await reserved(p, b)).toBe('3');
      await expect(Reservations.reserve(orderId, [{ productId: p, branchId: b, quantity: '4' }])).rejects.toMatchObject({ code: 'inventory.reservation_changed', kind: 'conflict' });
      await expectLedgerBalanced([p]);
    }));

  it('releases an order (idempotent), after which it can be reserved again', () =>
    inTenant(async () => {
      const [b, p1, p2] = [newId(), newId(), newId()];
      await stock(p1, b, '10');
      await stock(p2, b, '10');
      const orderId = `o-${newId()}`;
      const lines = [
        { productId: p1, branchId: b, quantity: '2' },
        { productId: p2, branchId: b, quantity: '7.5' },
      ];
      expect(await Reservations.release(orderId)).toEqual({ orderId, state: 'none', released: 0 });
      await Reservations.reserve(orderId, lines);
      expect(await Reservations.release(orderId)).toEqual({ orderId, state: 'released', released: 2 });
      expect(await Reservations.release(orderId)).toEqual({ orderId, state: 'released', released: 0 });
      expect(await reserved(p1, b)).toBe('0');
      expect(await reserved(p2, b)).toBe('0');
      expect(await Reservations.reserve(orderId, [{ productId: p1, branchId: b, quantity: '10' }])).toMatchObject({ ok: true, alreadyReserved: false });
      expect(await reserved(p1, b)).toBe('10');
      const { movements } = await InventoryRepository.ledger(p1);
      expect(movements.filter((m) => m.orderId === orderId).map((m) => m.kind).sort()).toEqual(['reservation_released', 'reserved', 'reserved']);
      await expectLedgerBalanced([p1, p2]);
    }));

  it('delivers an order: its reservation leaves the physical stock', () =>
    inTenant(async () => {
      const [b, p] = [newId(), newId()];
      await stock(p, b, '10');
      const orderId = `o-${newId()}`;
      await expect(Reservations.deliver(orderId)).rejects.toMatchObject({ code: 'inventory.not_reserved' });
      await Reservations.reserve(orderId, [{ productId: p, branchId: b, quantity: '4' }]);
      expect(await Reservations.deliver(orderId)).toMatchObject({ state: 'delivered', released: 1 });
      expect(await Reservations.deliver(orderId)).toMatchObject({ state: 'delivered', released: 0 });
      const bal = (await InventoryRepository.balance(p, b))!;
      expect([bal.physical.toFixed(), bal.reserved.toFixed(), bal.available.toFixed()]).toEqual(['6', '0', '6']);
      await expect(Reservations.release(orderId)).rejects.toMatchObject({ code: 'inventory.reservation_delivered' });
      await expectLedgerBalanced([p]);
    }));

  it('reserves 0,5 kg lines exactly', () =>
    inTenant(async () => {
      const [b, p] = [newId(), newId()];
      await stock(p, b, '1.5');
      const orders = [`o-${newId()}`, `o-${newId()}`, `o-${newId()}`, `o-${newId()}`];
      const results = [];
      for (const o of orders) results.push(await Reservations.reserve(o, [{ productId: p, branchId: b, quantity: '0,5' }]));
      expect(results.map((r) => r.ok)).toEqual([true, true, true, false]);
      const bal = (await InventoryRepository.balance(p, b))!;
      expect([bal.reserved.toFixed(), bal.available.toFixed()]).toEqual(['1.5', '0']);
      const last = results[3]!;
      expect(!last.ok && last.shortages).toEqual([expect.objectContaining({ requested: '0.5000', available: '0.0000', level: 'insufficient' })]);
    }));

  it('never takes the stock below zero when concurrent orders together ask for more than there is', () =>
    inTenant(async () => {
      const [b, p1, p2] = [newId(), newId(), newId()];
      await stock(p1, b, '10');
      await stock(p2, b, '7');
      // 12 orders of 1 × p1 and 1 × p2 (plus a third of p1 every other order): 7 can get p2.
      const orders = Array.from({ length: 12 }, (_, i) => ({
        id: `o-${i}-${newId()}`,
        lines: [
          { productId: p1, branchId: b, quantity: i % 2 ? '1.5' : '1' },
          { productId: p2, branchId: b, quantity: '1' },
        ],
      }));
      const results = await Promise.all(orders.map((o) => Reservations.reserve(o.id, o.lines)));
      const won = results.filter((r) => r.ok);
      // p2 has 7 for 12 orders of 1 (p1's 10 are enough for any 7 of them): exactly 7 win.
      expect(won).toHaveLength(7);
      for (const r of results) {
        if (r.ok) expect((await Reservations.status(r.orderId)).state).toBe('reserved');
        else {
          expect(r.shortages.length).toBeGreaterThan(0);
          expect((await Reservations.status(r.orderId)).state).toMatch(/none|failed/);
        }
      }
      const b1 = (await InventoryRepository.balance(p1, b))!;
      const b2 = (await InventoryRepository.balance(p2, b))!;
      expect(b1.available.isNegative()).toBe(false);
      expect(b2.available.isNegative()).toBe(false);
      // Each winner holds its lines; nobody else holds anything.
      const heldP2 = won.length;
      expect(b2.reserved.toFixed()).toBe(String(heldP2));
      expect(heldP2).toBeLessThanOrEqual(7);
      const heldP1 = won.reduce((sum, r) => sum.plus(orders.find((o) => o.id === r.orderId)!.lines[0]!.quantity), new Decimal(0));
      expect(b1.reserved.toFixed()).toBe(heldP1.toFixed());
      expect(heldP1.lessThanOrEqualTo(10)).toBe(true);
      await expectLedgerBalanced([p1, p2]);
    }));

  it(`reserves 250 lines in chunks of ${LINES_PER_CHUNK}, and releases them all when line 200 fails on write`, () =>
    inTenant(async () => {
      const b = newId();
      const products = Array.from({ length: 250 }, () => newId());
      for (let i = 0; i < products.length; i += LINES_PER_TX) {
        await postMovements(products.slice(i, i + LINES_PER_TX).map((p) => ({ productId: p, branchId: b, kind: 'adjustment' as const, quantity: '5', reason: 'Inicial' })));
      }
      const lines = products.map((productId) => ({ productId, branchId: b, quantity: '2' }));

      // The check passes; then, just before the chunk holding line 200 is written, another order's
      // consignment takes that product's stock: the chunk's condition fails on write.
      const victim = products[199]!;
      const transactions: number[] = [];
      dynamoClient().middlewareStack.add(
        (next, context) => async (args) => {
          if (context.commandName === 'TransactWriteItemsCommand') transactions.push((args.input as { TransactItems: unknown[] }).TransactItems.length);
          return next(args);
        },
        { step: 'initialize', name: `${MIDDLEWARE}-count` },
      );
      beforeWriteOf(Keys.stockBalance(victim, b), async () => {
        await postMovements([{ productId: victim, branchId: b, kind: 'consignment_out', quantity: '4' }]);
      });
      const orderId = `o-${newId()}`;
      const result = await Reservations.reserve(orderId, lines);
      dynamoClient().middlewareStack.remove(`${MIDDLEWARE}-count`);

      expect(result.ok).toBe(false);
      expect(!result.ok && result.shortages).toEqual([
        expect.objectContaining({ productId: victim, requested: '2.0000', available: '1.0000', level: 'lower' }),
      ]);
      // Chunks 1 to 4 (196 lines) were written, chunk 5 was refused, then 4 compensations ran.
      expect(transactions.every((n) => n <= 100)).toBe(true);
      expect(transactions.filter((n) => n === LINES_PER_CHUNK * 2 + 1)).toHaveLength(4 + 1 + 4);
      await expectNothingReserved(products, b);
      expect(await Reservations.status(orderId)).toMatchObject({ state: 'failed' });
      await expectLedgerBalanced(products);
      const { movements } = await InventoryRepository.ledger(products[0]!);
      // The system's reason kept with its key, so a client says it in the user's language.
      expect(movements.map((m) => [m.kind, m.reason, m.reasonKey])).toContainEqual(['reservation_released', expect.stringContaining('Compensação'), 'inventory.compensationReservation']);

      // With the stock back, the same order reserves all 250 lines.
      await postMovements([{ productId: victim, branchId: b, kind: 'consignment_returned', quantity: '4' }]);
      const again = await Reservations.reserve(orderId, lines);
      expect(again).toMatchObject({ ok: true, lines: 250 });
      for (const p of [products[0]!, victim, products[249]!]) expect(await reserved(p, b)).toBe('2');
      expect(await Reservations.release(orderId)).toMatchObject({ state: 'released', released: 250 });
      await expectNothingReserved(products, b);
      await expectLedgerBalanced(products);
    }));

  it('a chunk of a reserve still in flight when its order is taken back never lands: the compensation closes it to that reserve', () =>
    inTenant(async () => {
      const b = newId();
      const products = Array.from({ length: LINES_PER_CHUNK * 3 + 3 }, () => newId());
      for (let i = 0; i < products.length; i += LINES_PER_TX) {
        await postMovements(products.slice(i, i + LINES_PER_TX).map((p) => ({ productId: p, branchId: b, kind: 'adjustment' as const, quantity: '3', reason: 'Inicial' })));
      }
      const lines = products.map((productId) => ({ productId, branchId: b, quantity: '2' }));
      const orderId = `o-${newId()}`;
      // The reserve's chunks after the first go at once: chunk 1 meets a network error, chunk 2 is
      // held on its way to DynamoDB (a process that died with it in flight), chunk 3 is written.
      const text = (v: unknown) => (typeof v === 'string' ? v : (v as { S?: string } | undefined)?.S);
      const partOf = (input: unknown) => {
        const items = (input as { TransactItems?: { Put?: { Item?: Record<string, unknown> } }[] }).TransactItems ?? [];
        const sk = items.map((t) => text(t.Put?.Item?.sk)).find((k) => k?.startsWith('ORDER#PART#'));
        return sk ? Number(sk.slice('ORDER#PART#'.length)) : null;
      };
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      let held!: () => void;
      const holding = new Promise<void>((r) => (held = r));
      let reserving = true;
      dynamoClient().middlewareStack.add(
        (next, context) => async (args) => {
          if (reserving && context.commandName === 'TransactWriteItemsCommand') {
            const part = partOf(args.input);
            if (part === 1) throw new Error('connection reset');
            if (part === 2) {
              held();
              await gate;
            }
          }
          return next(args);
        },
        { step: 'initialize', name: MIDDLEWARE },
      );
      const reserve = Reservations.reserve(orderId, lines).then(
        () => null,
        (e: unknown) => e as Error,
      );
      await holding;
      reserving = false;
      // Meanwhile the order is taken back (the close undone): what the reserve wrote is released.
      expect(await Reservations.release(orderId)).toMatchObject({ state: 'failed' });
      await expectNothingReserved(products, b);
      // The held chunk reaches DynamoDB now: its part is closed to it, so its lines are not written.
      open();
      expect((await reserve)?.message).toBe('connection reset');
      expect(await Reservations.status(orderId)).toMatchObject({ state: 'failed' });
      await expectNothingReserved(products, b);
      await expectLedgerBalanced(products);
      // The order reserves again in a new round, every line once.
      expect(await Reservations.reserve(orderId, lines)).toMatchObject({ ok: true, lines: products.length });
      for (const p of [products[0]!, products[LINES_PER_CHUNK * 2]!, products.at(-1)!]) expect(await reserved(p, b)).toBe('2');
      await expectLedgerBalanced(products);
    }));

  it('finishes a reserve interrupted between chunks on the next call, or releases it', () =>
    inTenant(async () => {
      const b = newId();
      const products = Array.from({ length: LINES_PER_CHUNK + 10 }, () => newId());
      await postMovements(products.slice(0, LINES_PER_TX).map((p) => ({ productId: p, branchId: b, kind: 'adjustment' as const, quantity: '1', reason: 'x' })));
      await postMovements(products.slice(LINES_PER_TX).map((p) => ({ productId: p, branchId: b, kind: 'adjustment' as const, quantity: '1', reason: 'x' })));
      const lines = products.map((productId) => ({ productId, branchId: b, quantity: '1' }));
      // The process dies as the second chunk goes out (a network error, not a condition).
      let calls = 0;
      dynamoClient().middlewareStack.add(
        (next, context) => async (args) => {
          if (context.commandName === 'TransactWriteItemsCommand' && ++calls === 2) throw new Error('connection reset');
          return next(args);
        },
        { step: 'initialize', name: MIDDLEWARE },
      );
      const orderId = `o-${newId()}`;
      await expect(Reservations.reserve(orderId, lines)).rejects.toThrow('connection reset');
      dynamoClient().middlewareStack.remove(MIDDLEWARE);
      expect(await Reservations.status(orderId)).toMatchObject({ state: 'reserving' });
      expect(await reserved(products[0]!, b)).toBe('1');
      expect(await reserved(products.at(-1)!, b)).toBe('0');

      expect(await Reservations.reserve(orderId, lines)).toMatchObject({ ok: true, alreadyReserved: false });
      expect(await reserved(products.at(-1)!, b)).toBe('1');

      // Interrupted again, this time a release: the next release finishes it.
      calls = 0;
      dynamoClient().middlewareStack.add(
        (next, context) => async (args) => {
          if (context.commandName === 'TransactWriteItemsCommand' && ++calls === 2) throw new Error('connection reset');
          return next(args);
        },
        { step: 'initialize', name: MIDDLEWARE },
      );
      await expect(Reservations.release(orderId)).rejects.toThrow('connection reset');
      dynamoClient().middlewareStack.remove(MIDDLEWARE);
      expect(await Reservations.status(orderId)).toMatchObject({ state: 'releasing' });
      expect(await Reservations.release(orderId)).toMatchObject({ state: 'released' });
      await expectNothingReserved(products, b);
      await expectLedgerBalanced(products);
    }));
});
