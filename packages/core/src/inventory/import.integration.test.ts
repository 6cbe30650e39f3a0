import { afterEach, describe, expect, it } from 'vitest';
import { runAs } from '../context';
import { dynamoClient } from '../db/client';
import { newId } from '../ids';
import { stockImport } from './import';
import { postMovements, recompute } from './ledger';
import { InventoryRepository } from './repository';

const MIDDLEWARE = 'test-stock-import-race';
afterEach(() => {
  dynamoClient().middlewareStack.remove(MIDDLEWARE);
});

describe('the stock import, applying a batch', () => {
  it('reaches the stated physical stock even when another movement lands between its read and its write', () =>
    runAs({ tenantId: newId() }, async () => {
      const [p, b] = [newId(), newId()];
      await postMovements([{ productId: p, branchId: b, kind: 'adjustment', quantity: '10', reason: 'Inicial' }]);
      // Just before the import's first transaction, a sale takes 3 units away.
      let fired = false;
      dynamoClient().middlewareStack.add(
        (next, context) => async (args) => {
          if (!fired && context.commandName === 'TransactWriteItemsCommand') {
            fired = true;
            await postMovements([{ productId: p, branchId: b, kind: 'adjustment', quantity: '-3', reason: 'Venda de balcão' }]);
          }
          return next(args);
        },
        { step: 'initialize', name: MIDDLEWARE },
      );
      const result = await stockImport.apply([{ productId: p, branchId: b, quantity: '4.0000' }], {} as never, [2]);
      expect(result).toEqual({ updated: 1, unchanged: 0, rejected: [] });
      const bal = (await InventoryRepository.balance(p, b))!;
      expect(bal.physical.toFixed()).toBe('4');
      const { movements } = await InventoryRepository.ledger(p);
      // 10, −3 (the sale), then −3 to reach 4: the first attempt (−6 from the 10 it read) was refused.
      expect(movements.map((m) => m.quantity).sort()).toEqual(['-3.0000', '-3.0000', '10.0000']);
      expect((await recompute(p))[0]!.matches).toBe(true);
    }));
});
