import { registerJobHandlers } from '@ev/core/wiring/worker';
import { Ports } from '@ev/core/ports';
import type { LocalQueue } from '@ev/core/ports/local-queue';
import { Messages } from '@ev/shared/messages';
import { InventoryMessages } from '@ev/shared/schemas/inventory';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { call, makeWorld, type World } from '../testing/world';

// The exports and imports job handlers, with the catalogue, consumed by the local queue.
registerJobHandlers();

const api = checkedCall;

let w: World;
let other: World;
const t = {} as Record<'admin' | 'salesman' | 'otherSalesman' | 'employee' | 'otherAdmin', string>;
/** Registry records: a unit, two groups, two product companies. */
const r = {} as Record<'un' | 'bebidas' | 'limpeza' | 'alfa' | 'beta', string>;
/** Products: água (bebidas, alfa), suco (bebidas, beta), sabão (limpeza, alfa), vassoura (limpeza, beta; no stock). */
const p = {} as Record<'agua' | 'suco' | 'sabao' | 'vassoura', string>;
let matriz: string;
let filial: string;

async function created(token: string, path: string, body: Record<string, unknown>) {
  const res = await api('POST', path, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function move(body: Record<string, unknown>, token = t.admin) {
  return api('POST', '/api/inventory/movements', { token, body });
}

async function posted(body: Record<string, unknown>) {
  const res = await move(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

beforeAll(async () => {
  [w, other] = await Promise.all([makeWorld('Estoque'), makeWorld('EstoqueOutra')]);
  const logins = await Promise.all([w.admin, w.salesman, w.otherSalesman, w.employee, other.admin].map((u) => (u === other.admin ? other : w).login(u.email)));
  [t.admin, t.salesman, t.otherSalesman, t.employee, t.otherAdmin] = logins.map((l) => l.accessToken) as [string, string, string, string, string];
  [matriz, filial] = [w.branches[0]!.id, w.branches[1]!.id];
  [r.un, r.bebidas, r.limpeza, r.alfa, r.beta] = await Promise.all([
    created(t.admin, '/api/units', { name: 'UN' }),
    created(t.admin, '/api/product-groups', { name: 'Bebidas' }),
    created(t.admin, '/api/product-groups', { name: 'Limpeza' }),
    created(t.admin, '/api/product-companies', { name: 'Alfa' }),
    created(t.admin, '/api/product-companies', { name: 'Beta' }),
  ]);
  [p.agua, p.suco, p.sabao, p.vassoura] = await Promise.all([
    created(t.admin, '/api/products', { ref: 'AGUA', name: 'Água Mineral', unitId: r.un, groupId: r.bebidas, productCompanyId: r.alfa }),
    created(t.admin, '/api/products', { ref: 'SUCO', name: 'Suco de Uva', unitId: r.un, groupId: r.bebidas, productCompanyId: r.beta }),
    created(t.admin, '/api/products', { ref: 'SABAO', name: 'Sabão em Pó', unitId: r.un, groupId: r.limpeza, productCompanyId: r.alfa }),
    created(t.admin, '/api/products', { ref: 'VASSOURA', name: 'Vassoura', unitId: r.un, groupId: r.limpeza, productCompanyId: r.beta }),
  ]);
  // The default price table has água's price (the position's sale price); the others have none.
  const table = await created(t.admin, '/api/price-tables', { name: 'Tabela Padrão', isDefault: true });
  const price = await api('PUT', `/api/products/${p.agua}/prices/${table}`, { token: t.admin, body: { price: '3,5' } });
  expect(price.status, JSON.stringify(price.body)).toBe(200);
  // Água: 10 in the matriz; 20 ordered in the filial, 6,5 of them received, 2 consigned from there.
  await posted({ productId: p.agua, branchId: matriz, kind: 'adjustment', quantity: '10', reason: 'Estoque inicial' });
  await posted({ productId: p.agua, branchId: filial, kind: 'purchase_ordered', quantity: '20' });
  await posted({ productId: p.agua, branchId: filial, kind: 'purchase_received', quantity: '6,5' });
  await posted({ productId: p.agua, branchId: filial, kind: 'consignment_out', quantity: '2' });
  await posted({ productId: p.suco, branchId: matriz, kind: 'adjustment', quantity: '0.25', reason: 'Estoque inicial' });
  await posted({ productId: p.sabao, branchId: filial, kind: 'adjustment', quantity: '7', reason: 'Estoque inicial' });
}, 90_000);

describe('POST /api/inventory/movements', () => {
  it('posts an adjustment and answers the movement with the balance after it', async () => {
    const res = await move({ productId: p.sabao, branchId: matriz, kind: 'adjustment', quantity: '3,75', reason: 'Contagem de fim de mês', reference: 'INV-2024-01' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.movement).toMatchObject({ productId: p.sabao, branchId: matriz, kind: 'adjustment', quantity: '3.7500', reason: 'Contagem de fim de mês', reference: 'INV-2024-01', orderId: null, userId: w.admin.id });
    expect(res.body.balance).toEqual({ productId: p.sabao, branchId: matriz, bought: '0.0000', physical: '3.7500', reserved: '0.0000', lent: '0.0000', available: '3.7500' });
    const down = await move({ productId: p.sabao, branchId: matriz, kind: 'adjustment', quantity: '-0,75', reason: 'Avaria' });
    expect(down.body.balance.physical).toBe('3.0000');
  });

  it('answers 400 with each field and its reason in Portuguese', async () => {
    const res = await move({ productId: 'x', branchId: matriz, kind: 'reserved', quantity: '-1' });
    expect(res.status).toBe(400);
    const fields = Object.fromEntries(res.body.fields.map((f: { field: string; message: string }) => [f.field, f.message]));
    expect(fields.productId).toBe(Messages.invalidId);
    expect(fields.kind).toBe(InventoryMessages.kind);
    const noReason = await move({ productId: p.agua, branchId: matriz, kind: 'adjustment', quantity: '1' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields).toEqual([{ field: 'reason', message: InventoryMessages.reasonRequired }]);
    for (const quantity of ['0', '-2', '1.23456', 'abc', '1.000.000']) {
      const bad = await move({ productId: p.agua, branchId: matriz, kind: 'purchase_ordered', quantity });
      expect(bad.status, quantity).toBe(400);
      expect(bad.body.fields).toEqual([{ field: 'quantity', message: InventoryMessages.quantity }]);
    }
    const zero = await move({ productId: p.agua, branchId: matriz, kind: 'adjustment', quantity: '0', reason: 'x' });
    expect(zero.body.fields).toEqual([{ field: 'quantity', message: InventoryMessages.adjustmentQuantity }]);
    const unknown = await move({ productId: other.admin.id, branchId: matriz, kind: 'purchase_ordered', quantity: '1' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual([{ field: 'productId', message: InventoryMessages.productNotFound }]);
  });

  it('refuses with 409 a movement that would take a figure below zero, naming it', async () => {
    const res = await move({ productId: p.suco, branchId: matriz, kind: 'consignment_out', quantity: '0.26' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'inventory.insufficient', message: InventoryMessages.notEnoughAvailable('0.25') });
    const received = await move({ productId: p.suco, branchId: matriz, kind: 'purchase_received', quantity: '1' });
    expect(received.status).toBe(409);
    expect(received.body.message).toBe(InventoryMessages.notEnoughBought('0'));
  });

  it('is for staff who update stock: salesmen only read (403), and only in allowed branches', async () => {
    const res = await move({ productId: p.agua, branchId: matriz, kind: 'adjustment', quantity: '1', reason: 'x' }, t.salesman);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(Messages.forbidden);
    const foreign = await move({ productId: p.agua, branchId: other.branches[0]!.id, kind: 'purchase_ordered', quantity: '1' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual([{ field: 'branchId', message: InventoryMessages.branchNotAllowed }]);
    expect(foreign.body).toMatchObject({ key: 'inventory.branchNotAllowed', fieldTexts: [{ field: 'branchId', key: 'inventory.branchNotAllowed' }] });
  });
});

describe('GET /api/inventory', () => {
  const get = (query: string, token = t.admin) => api('GET', `/api/inventory?${query}`, { token });
  const rowsOf = (res: { body: { items: Record<string, unknown>[] } }) =>
    res.body.items.map((i) => [i.ref, i.branchName, i.physical, i.lent, i.available].filter((x) => x !== null).join(' '));

  it('groups by product, summing the chosen result centers; or shows one row per product and result center', async () => {
    const grouped = await get('limit=100');
    expect(grouped.status, JSON.stringify(grouped.body)).toBe(200);
    expect(grouped.body.branchIds.sort()).toEqual([matriz, filial].sort());
    expect(grouped.body.message).toBeNull();
    const agua = grouped.body.items.find((i: { ref: string }) => i.ref === 'AGUA');
    expect(agua).toEqual({
      productId: p.agua,
      ref: 'AGUA',
      name: 'Água Mineral',
      salePrice: '3.5000',
      bought: '13.5000',
      physical: '16.5000',
      reserved: '0.0000',
      lent: '2.0000',
      available: '14.5000',
      branchId: null,
      branchName: null,
      decimals: 2,
    });
    // A product without any movement is listed with zeros.
    expect(grouped.body.items.find((i: { ref: string }) => i.ref === 'VASSOURA')).toMatchObject({ salePrice: null, physical: '0.0000', available: '0.0000' });

    const byBranch = await get(`grouping=branch&branchIds=${filial}&limit=100`);
    expect(byBranch.body.branchIds).toEqual([filial]);
    expect(rowsOf(byBranch)).toEqual(expect.arrayContaining(['AGUA Filial 6.5000 2.0000 4.5000', 'SABAO Filial 7.0000 0.0000 7.0000', 'SUCO Filial 0.0000 0.0000 0.0000']));
    const both = await get(`grouping=branch&branchIds=${matriz},${filial}&limit=100`);
    expect(both.body.items.filter((i: { ref: string }) => i.ref === 'AGUA').map((i: { branchName: string; physical: string }) => [i.branchName, i.physical]).sort()).toEqual([
      ['Filial', '6.5000'],
      ['Matriz', '10.0000'],
    ]);
    // Repeated parameters work as well as a comma-separated list.
    const repeated = await get(`grouping=branch&branchIds=${matriz}&branchIds=${filial}&limit=100`);
    expect(repeated.body.items).toEqual(both.body.items);
  });

  it('filters by product groups and product companies', async () => {
    const bebidas = await get(`groupIds=${r.bebidas}&limit=100`);
    expect(bebidas.body.items.map((i: { ref: string }) => i.ref).sort()).toEqual(['AGUA', 'SUCO']);
    const alfa = await get(`productCompanyIds=${r.alfa}&limit=100`);
    expect(alfa.body.items.map((i: { ref: string }) => i.ref).sort()).toEqual(['AGUA', 'SABAO']);
    const both = await get(`groupIds=${r.limpeza}&productCompanyIds=${r.beta}`);
    expect(both.body.items.map((i: { ref: string }) => i.ref)).toEqual(['VASSOURA']);
  });

  it("says there is no inventory when nothing matches (the spec's informational message)", async () => {
    const empty = await get(`q=inexistente`);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ items: [], nextCursor: null, message: InventoryMessages.noInventory });
  });

  it('pages with a signed cursor bound to the query', async () => {
    const first = await get('limit=2');
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextCursor).toBeTruthy();
    const second = await get(`limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body.items).toHaveLength(2);
    const seen = [...first.body.items, ...second.body.items].map((i: { ref: string }) => i.ref);
    expect(new Set(seen).size).toBe(4);
    const otherQuery = await get(`grouping=branch&limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(otherQuery.status).toBe(400);
  });

  it("shows only the user's allowed result centers: another branch is a 400, none allowed is the spec's message", async () => {
    // The other salesman is allowed the filial only: grouped rows sum the filial alone.
    const mine = await get('limit=100', t.otherSalesman);
    expect(mine.status).toBe(200);
    expect(mine.body.branchIds).toEqual([filial]);
    expect(mine.body.items.find((i: { ref: string }) => i.ref === 'AGUA')).toMatchObject({ physical: '6.5000', available: '4.5000' });
    const asked = await get(`branchIds=${matriz}`, t.otherSalesman);
    expect(asked.status).toBe(400);
    expect(asked.body.fields).toEqual([{ field: 'branchIds', message: InventoryMessages.branchNotAllowed }]);
    const none = await get('', t.employee);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ items: [], nextCursor: null, branchIds: [], message: Messages.noBranches, messageText: { key: 'api.noBranches' } });
  });

  it('is read by salesmen (estoques read)', async () => {
    const res = await get('limit=100', t.salesman);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(4);
  });

  it("never shows another company's products or stock", async () => {
    const res = await get('limit=100', t.otherAdmin);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
    expect(res.body.message).toBe(InventoryMessages.noInventory);
    const foreign = await get(`branchIds=${matriz}`, t.otherAdmin);
    expect(foreign.status).toBe(400);
  });
});

describe('GET /api/inventory/products/{productId}/movements and /balances', () => {
  it("pages a product's ledger, newest first, in the allowed branches only", async () => {
    const all = await api('GET', `/api/inventory/products/${p.agua}/movements?limit=100`, { token: t.salesman });
    expect(all.status).toBe(200);
    // Sorted by result center, then newest first.
    const filialFirst = filial > matriz;
    const f = [['consignment_out', 'F'], ['purchase_received', 'F'], ['purchase_ordered', 'F']];
    const m = [['adjustment', 'M']];
    expect(all.body.items.map((i: { kind: string; branchId: string }) => [i.kind, i.branchId === matriz ? 'M' : 'F'])).toEqual(filialFirst ? [...f, ...m] : [...m, ...f]);
    const page1 = await api('GET', `/api/inventory/products/${p.agua}/movements?branchId=${filial}&limit=2`, { token: t.salesman });
    expect(page1.body.items.map((m: { kind: string }) => m.kind)).toEqual(['consignment_out', 'purchase_received']);
    const page2 = await api('GET', `/api/inventory/products/${p.agua}/movements?branchId=${filial}&limit=2&cursor=${encodeURIComponent(page1.body.nextCursor)}`, { token: t.salesman });
    expect(page2.body.items.map((m: { kind: string }) => m.kind)).toEqual(['purchase_ordered']);
    // The filial-only salesman never sees the matriz's movements.
    const limited = await api('GET', `/api/inventory/products/${p.agua}/movements?limit=100`, { token: t.otherSalesman });
    expect(limited.body.items.every((m: { branchId: string }) => m.branchId === filial)).toBe(true);
    expect(limited.body.items).toHaveLength(3);
    expect((await api('GET', `/api/inventory/products/${p.agua}/movements?branchId=${matriz}`, { token: t.otherSalesman })).status).toBe(400);
  });

  it('answers the balances per allowed result center, and 404 for an unknown product', async () => {
    const res = await api('GET', `/api/inventory/products/${p.agua}/balances`, { token: t.otherSalesman });
    expect(res.body.items).toEqual([{ productId: p.agua, branchId: filial, bought: '13.5000', physical: '6.5000', reserved: '0.0000', lent: '2.0000', available: '4.5000' }]);
    expect((await api('GET', `/api/inventory/products/${other.admin.id}/movements`, { token: t.admin })).status).toBe(404);
  });
});

describe('CSV export of the position (POST /api/exports/inventory)', () => {
  async function exported(token: string, query: Record<string, unknown>) {
    const res = await api('POST', '/api/exports/inventory', { token, body: { format: 'csv', query } });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await (Ports.queue() as LocalQueue).drain();
    const job = await api('GET', `/api/jobs/${res.body.id}`, { token });
    return job.body;
  }

  it('writes the rows of the chosen grouping and result centers, in Portuguese, with the branch decimals', async () => {
    const job = await exported(t.salesman, { grouping: 'branch', branchIds: [filial], groupIds: [r.bebidas] });
    expect(job).toMatchObject({ status: 'done', processed: 2, error: null });
    const link = await api('GET', `/api/jobs/${job.id}/download`, { token: t.salesman });
    const url = new URL(link.body.url);
    const file = await call('GET', `${url.pathname}${url.search}`);
    const lines = file.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Referência;Nome;Preço de venda;Comprado;Físico;Reservado;Consignado;Disponível;Centro de resultado');
    expect(lines.slice(1).sort()).toEqual(['AGUA;Água Mineral;3,50;13,50;6,50;0,00;2,00;4,50;Filial', 'SUCO;Suco de Uva;;0,00;0,00;0,00;0,00;0,00;Filial']);
    const grouped = await exported(t.admin, { groupIds: [r.bebidas] });
    const link2 = await api('GET', `/api/jobs/${grouped.id}/download`, { token: t.admin });
    const url2 = new URL(link2.body.url);
    const text = (await call('GET', `${url2.pathname}${url2.search}`)).text;
    expect(text).toContain('SUCO;Suco de Uva;;0,00;0,25;0,00;0,00;0,25\r\n');
  });

  it("fails the job, saying why, for a result center the user is not allowed", async () => {
    const job = await exported(t.otherSalesman, { branchIds: [matriz] });
    expect(job).toMatchObject({ status: 'failed', error: InventoryMessages.branchNotAllowed, errorText: { key: 'inventory.branchNotAllowed' } });
  });
});
