import { StockImportMessages } from '@ev/core/inventory/import';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { checkReport, importRoutes } from '../testing/imports';
import { makeWorld, type World } from '../testing/world';

/**
 * The stock import (ref;filial;quantidade) through the import engine: the dry run reports each
 * rejected line; a run posts the adjustments that reach the stated physical stock (never
 * overwriting it: the ledger explains every figure); the same file again changes nothing.
 */
const api = checkedCall;

let w: World;
const t = {} as Record<'admin' | 'salesman' | 'otherSalesman', string>;
const p = {} as Record<'agua' | 'suco', string>;

beforeAll(async () => {
  w = await makeWorld('ImportarEstoque');
  [t.admin, t.salesman] = (await Promise.all([w.login(w.admin.email), w.login(w.salesman.email)])).map((l) => l.accessToken) as [string, string];
  const unit = await api('POST', '/api/units', { token: t.admin, body: { name: 'UN' } });
  for (const [k, ref, name] of [['agua', 'AGUA-1', 'Água'], ['suco', 'SUCO-1', 'Suco']] as const) {
    const res = await api('POST', '/api/products', { token: t.admin, body: { ref, name, unitId: unit.body.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    p[k] = res.body.id;
  }
  // Água already has 10 in the matriz, 2 of them consigned.
  for (const body of [
    { productId: p.agua, branchId: w.branches[0]!.id, kind: 'adjustment', quantity: '10', reason: 'Inicial' },
    { productId: p.agua, branchId: w.branches[0]!.id, kind: 'consignment_out', quantity: '2' },
  ]) expect((await api('POST', '/api/inventory/movements', { token: t.admin, body })).status).toBe(201);
});

const { upload, step } = importRoutes('stock', () => t.admin);

const balance = async (productId: string, branch: number) =>
  (await api('GET', `/api/inventory/products/${productId}/balances`, { token: t.admin })).body.items.find((b: { branchId: string }) => b.branchId === w.branches[branch]!.id);

describe('POST /api/imports/stock', () => {
  it('is for who may update stock: a salesman reads it but cannot import', async () => {
    expect((await api('POST', '/api/imports/stock', { token: t.salesman, body: { fileName: 'x.csv', size: 10 } })).status).toBe(403);
    const info = await api('GET', '/api/imports/stock', { token: t.admin });
    expect(info.body.columns.map((c: { header: string }) => c.header).join(';')).toBe('ref;filial;quantidade');
  });

  it('dry run: each rejected line by number, in Portuguese, and nothing written', async () => {
    const file = ['ref;filial;quantidade', 'AGUA-1;Matriz;12', 'NADA;Matriz;1', 'SUCO-1;Outra;1', 'SUCO-1;Filial;-3', 'SUCO-1;filial;1,23456', 'agua-1;MATRIZ;5'].join('\r\n');
    const job = await step(await upload(file), 'check');
    expect(job.result).toEqual(
      checkReport({ lines: 6, accepted: 1 }, [
        [3, StockImportMessages.product('NADA'), [{ key: 'inventory.importProduct', params: { value: 'NADA' } }]],
        [4, StockImportMessages.branch('Outra'), [{ key: 'inventory.importBranch', params: { value: 'Outra' } }]],
        [5, StockImportMessages.quantity('-3'), [{ key: 'inventory.importQuantity', params: { value: '-3', scale: 4 } }]],
        [6, StockImportMessages.quantity('1,23456'), [{ key: 'inventory.importQuantity', params: { value: '1,23456', scale: 4 } }]],
        [7, StockImportMessages.repeated(2), [{ key: 'inventory.importRepeated', params: { line: 2 } }]],
      ]),
    );
    expect(await balance(p.agua, 0)).toMatchObject({ physical: '10.0000' });
  });

  it('posts the adjustments that reach the stated stock; the same file again changes nothing', async () => {
    const file = ['ref;filial;quantidade', 'AGUA-1;Matriz;7,5', 'AGUA-1;Filial;1.200', 'SUCO-1;Matriz;0', 'SUCO-1;Filial;3,25'].join('\n');
    const first = await step(await upload(file), 'run');
    expect(first).toMatchObject({ status: 'done', result: { accepted: 4, rejectedCount: 0, updated: 3, unchanged: 1 } });
    // Água in the matriz: 10 → 7,5 by an adjustment of −2,5; the consigned 2 are untouched.
    expect(await balance(p.agua, 0)).toMatchObject({ physical: '7.5000', lent: '2.0000', available: '5.5000' });
    expect(await balance(p.agua, 1)).toMatchObject({ physical: '1200.0000' });
    expect(await balance(p.suco, 1)).toMatchObject({ physical: '3.2500' });
    const ledger = await api('GET', `/api/inventory/products/${p.agua}/movements?branchId=${w.branches[0]!.id}`, { token: t.admin });
    expect(ledger.body.items[0]).toMatchObject({ kind: 'adjustment', quantity: '-2.5000', reason: 'Importação de estoque' });

    const again = await step(await upload(file), 'run');
    expect(again).toMatchObject({ status: 'done', result: { accepted: 4, updated: 0, unchanged: 4 } });
    const after = await api('GET', `/api/inventory/products/${p.agua}/movements?limit=100`, { token: t.admin });
    expect(after.body.items).toHaveLength(ledger.body.items.length + 1);
  });
});
