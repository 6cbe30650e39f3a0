import Decimal from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addDays } from '@ev/shared/calendar';
import { saleTotals } from '@ev/shared/sales/totals';
import type { Sale } from '@ev/shared/schemas/sales';
import { runAs } from '@ev/core/context';
import { dynamoClient, tableName } from '@ev/core/db/client';
import { Keys } from '@ev/core/db/keys';
import { dieAt, injectFailure } from '@ev/core/db/testing/failure';
import { newId } from '@ev/core/ids';
import { Consignments, Inventory, Reservations } from '@ev/core/inventory/index';
import { Sales } from '@ev/core/sales/index';
import { postMovements } from '@ev/core/inventory/ledger';
import { checkedCall } from '../testing/checked-call';
import { call, makeWorld, poster, type World } from '../testing/world';

/**
 * Consigned sales (issue 13 item 5, docs/sales.md "Consigned sales"): allowed where the session's
 * branch has consignment days; the close lends the goods through the ledger (no reservation) with
 * the branch's return date and discount; the settlement returns part, sells the rest, and bills
 * what was sold. Only once.
 */

const api = checkedCall;
let w: World;
const t = {} as Record<'admin' | 'salesman' | 'other', string>;
const r = {} as Record<'un' | 'venda' | 'prazo' | 'table', string>;
const p = {} as Record<'arroz' | 'feijao', string>;
let client: string;
let matriz: string;
const here = { latitude: -22.3145, longitude: -49.0587, accuracy: 35 };
const post = (path: string, body: unknown, token = t.admin) => poster(token, api)(path, body);
const line = (productId: string, quantity: string, unitPrice: string) => ({ productId, quantity, unitPrice });

beforeAll(async () => {
  w = await makeWorld('Consignada');
  matriz = w.branches[0]!.id;
  // The salesman's session branch (Matriz) consigns for 20 days at 5 %; the other salesman's (Filial) does not.
  await runAs({ tenantId: w.tenant.id }, () =>
    dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: Keys.branch(matriz),
        UpdateExpression: 'SET consignmentDays = :d, consignmentDiscount = :x',
        ExpressionAttributeValues: { ':d': 20, ':x': '5.00' },
      }),
    ),
  );
  const logins = await Promise.all([w.admin.email, w.salesman.email, w.otherSalesman.email].map((e) => w.login(e)));
  [t.admin, t.salesman, t.other] = logins.map((l) => l.accessToken) as [string, string, string];
  const [un, venda, prazo] = await Promise.all([
    post('/api/units', { name: 'UN' }),
    post('/api/natures', { name: 'Venda de mercadoria', cfop: '5102', financialMovement: true }),
    post('/api/payments-conditions', { name: '30/60/90', terms: ['030', '060', '090'], discountRate: '2' }),
  ]);
  Object.assign(r, { un: un.id, venda: venda.id, prazo: prazo.id });
  r.table = (await post('/api/price-tables', { name: 'Varejo', isDefault: true })).id;
  const product = async (ref: string, name: string, price: string) => {
    const made = await post('/api/products', { ref, name, unitId: r.un });
    expect((await api('PUT', `/api/products/${made.id}/prices/${r.table}`, { token: t.admin, body: { price } })).status).toBe(200);
    return made.id as string;
  };
  [p.arroz, p.feijao] = await Promise.all([product('C-1', 'Arroz Tipo 1 5kg', '24.9'), product('C-2', 'Feijão Carioca 1kg', '8.333')]);
  client = (await post('/api/clients', { name: 'Atacadão Bauru Ltda', nickname: 'Atacadão', email: 'compras@atacadao.com.br', document: '11.222.333/0001-81', birthDate: '1990-05-05', salesmanId: w.salesman.id })).id;
  for (const [id, q] of [[p.arroz, '100'], [p.feijao, '50']] as const) {
    const res = await api('POST', '/api/inventory/movements', { token: t.admin, body: { productId: id, branchId: matriz, kind: 'adjustment', quantity: q, reason: 'Contagem' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
}, 60_000);

async function balance(productId: string) {
  const res = await api('GET', `/api/inventory/products/${productId}/balances`, { token: t.admin });
  return res.body.items.find((b: { branchId: string }) => b.branchId === matriz) as Record<'physical' | 'reserved' | 'lent' | 'available', string>;
}

const consignedDraft = (items: unknown[], token = t.salesman) =>
  poster(token, api)<Sale>('/api/sales', { clientId: client, natureId: r.venda, paymentConditionId: r.prazo, paymentType: 'boleto', transport: { costing: 1 }, consigned: true, items });

async function closeConsigned(items: unknown[]) {
  const d = await consignedDraft(items);
  const closed = await api('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: d.version, geolocation: here } });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  return closed.body;
}

const sum = (list: { value: string }[]) => list.reduce((acc, i) => acc.plus(i.value), new Decimal(0));

describe('consigned sales', () => {
  it('is refused, naming the field, where the session branch has no consignment days', async () => {
    const res = await api('POST', '/api/sales', { token: t.other, body: { consigned: true, items: [] } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ field: 'consigned', message: 'O centro de resultado Filial não faz venda consignada (não tem prazo de consignação). Desmarque "Venda consignada" ou troque o centro de resultado da sessão.' }]);
    expect(res.body.fieldTexts).toEqual([{ field: 'consigned', key: 'sales.consignmentNotAllowed', params: { branch: 'Filial' } }]);
  });

  it('a draft takes the branch’s discount as its general discount; the close lends the goods (no reservation), with the return date the branch’s days ahead and no installments', async () => {
    const d = await consignedDraft([line(p.arroz, '10', '24.9'), line(p.feijao, '4', '8.333')]);
    expect(d).toMatchObject({ consigned: true, generalDiscountPercent: '5.00', consignment: { days: 20, discountPercent: '5.00', returnDate: null, settledAt: null } });
    expect(d.totals.discounts.general).toBe(saleTotals({ ...d, condition: d.paymentRates }, 2).discounts.general);
    expect(d.totals.discounts.general).toBe('14.12');

    const closed = await api('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: d.version, geolocation: here } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const s = closed.body;
    expect(s).toMatchObject({ status: 'pending', consigned: true, installments: [] });
    expect(s.number).toBeGreaterThan(0);
    expect(s.consignment.returnDate).toBe(addDays(s.orderDate, 20));
    expect(await balance(p.arroz)).toMatchObject({ physical: '100.0000', reserved: '0.0000', lent: '10.0000', available: '90.0000' });
    expect(await balance(p.feijao)).toMatchObject({ lent: '4.0000', reserved: '0.0000', available: '46.0000' });
    const [reservation, consignment] = await runAs({ tenantId: w.tenant.id }, () => Promise.all([Reservations.status(s.id), Consignments.status(s.id)]));
    expect(reservation.state).toBe('none');
    expect(consignment.state).toBe('lent');
    const financial = await api('GET', `/api/clients/${client}/financial`, { token: t.salesman });
    expect(financial.body.installments.filter((i: { document: string }) => i.document === String(s.number))).toEqual([]);
  });

  it('a consigned close cut off before its number is finished by the start’s sweep: lent once, the return date set', async () => {
    const start = await balance(p.feijao);
    const d = await consignedDraft([line(p.feijao, '2', '8.333')]);
    // The process dies just before its numbering transaction: nothing after it is written, its own undo included.
    const crash = dieAt({ command: 'TransactWriteItems', when: (input) => JSON.stringify(input).includes('COUNTER#sales') });
    try {
      expect((await call('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: d.version, geolocation: here } })).status).toBe(500);
    } finally {
      crash.remove();
    }
    expect(new Decimal((await balance(p.feijao)).lent).minus(start.lent).toFixed()).toBe('2');
    expect((await Sales.finishInterrupted({ tenantIds: [w.tenant.id] })).finished).toBeGreaterThanOrEqual(1);
    const whole = (await api('GET', `/api/sales/${d.id}`, { token: t.salesman })).body;
    expect(whole).toMatchObject({ status: 'pending', installments: [] });
    expect(whole.consignment.returnDate).toBe(addDays(whole.orderDate, 20));
    expect(new Decimal((await balance(p.feijao)).lent).minus(start.lent).toFixed()).toBe('2');
  });

  it('settles part returned: the ledger balanced, the sale billed on what was sold with installments that add up; only once; a cancel waits for the settlement', async () => {
    const s = await closeConsigned([line(p.arroz, '10', '24.9'), line(p.feijao, '4', '8.333')]);
    const before = { arroz: await balance(p.arroz), feijao: await balance(p.feijao) };

    const cancel = await api('POST', `/api/sales/${s.id}/status`, { token: t.admin, body: { version: s.version, to: 'cancelled' } });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe('Este pedido tem mercadoria em consignação: acerte a consignação (devolvendo o que voltou) antes de cancelar.');

    const tooMuch = await api('POST', `/api/sales/${s.id}/consignment`, { token: t.salesman, body: { version: s.version, items: [{ index: 0, returned: '11' }] } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fields).toEqual([{ field: 'items.0.returned', message: 'A quantidade devolvida passa da quantidade consignada (10).' }]);

    const res = await api('POST', `/api/sales/${s.id}/consignment`, { token: t.salesman, body: { version: s.version, items: [{ index: 0, returned: '4' }] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const settled = res.body;
    expect(settled.items.map((i: Record<string, string>) => [i.quantity, i.returned, i.sold])).toEqual([['10', '4', '6'], ['4', '0', '4']]);
    const expected = saleTotals({ ...s, items: [{ quantity: '6', unitPrice: '24.9' }, { quantity: '4', unitPrice: '8.333' }], condition: s.paymentRates }, 2);
    expect(settled.totals.total).toBe(expected.total);
    expect(new Decimal(settled.totals.total).lt(s.totals.total)).toBe(true);
    expect(settled.installments.map((i: { installment: string }) => i.installment)).toEqual(['1/3', '2/3', '3/3']);
    expect(sum(settled.installments).toFixed(2)).toBe(settled.totals.total);
    expect(settled.consignment).toMatchObject({ settledBy: w.salesman.id, settling: null });
    expect(settled.consignment.settledAt).toBeTruthy();
    const financial = await api('GET', `/api/clients/${client}/financial`, { token: t.salesman });
    const mine = financial.body.installments.filter((i: { document: string }) => i.document === String(s.number));
    expect(sum(mine.map((i: { installmentValue: string }) => ({ value: i.installmentValue }))).toFixed(2)).toBe(settled.totals.total);

    // Returned: back to available; sold: out of the physical stock; nothing left lent.
    const after = { arroz: await balance(p.arroz), feijao: await balance(p.feijao) };
    expect(new Decimal(after.arroz.lent).minus(before.arroz.lent).toFixed()).toBe('-10');
    expect(new Decimal(after.arroz.available).minus(before.arroz.available).toFixed()).toBe('4');
    expect(new Decimal(after.arroz.physical).minus(before.arroz.physical).toFixed()).toBe('-6');
    expect(new Decimal(after.feijao.physical).minus(before.feijao.physical).toFixed()).toBe('-4');
    const checks = await runAs({ tenantId: w.tenant.id }, () => Promise.all([Inventory.check(p.arroz), Inventory.check(p.feijao)]));
    expect(checks.flat().filter((b) => !b.matches)).toEqual([]);

    const again = await api('POST', `/api/sales/${s.id}/consignment`, { token: t.salesman, body: { version: settled.version, items: [] } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A consignação deste pedido já foi acertada: o acerto é feito uma vez só.');
    expect(await balance(p.arroz)).toEqual(after.arroz);

    // Settled, it cancels as any sale: its open installments with it.
    const cancelled = await api('POST', `/api/sales/${s.id}/status`, { token: t.admin, body: { version: settled.version, to: 'cancelled' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
  });

  it('a salesman cannot settle another’s sale (404), nor a sale that is not consigned (409)', async () => {
    const s = await closeConsigned([line(p.arroz, '2', '24.9')]);
    const other = await api('POST', `/api/sales/${s.id}/consignment`, { token: t.other, body: { version: s.version, items: [] } });
    expect(other.status).toBe(404);
    expect((await api('GET', `/api/sales/${s.id}`, { token: t.salesman })).body).toMatchObject({ version: s.version, consignment: { settledAt: null } });

    const plain = await post('/api/sales', { clientId: client, natureId: r.venda, paymentConditionId: r.prazo, paymentType: 'boleto', transport: { costing: 1 }, items: [line(p.arroz, '1', '24.9')] }, t.salesman);
    const closed = (await api('POST', `/api/sales/${plain.id}/close`, { token: t.salesman, body: { version: plain.version, geolocation: here } })).body;
    const res = await api('POST', `/api/sales/${plain.id}/consignment`, { token: t.salesman, body: { version: closed.version, items: [] } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Este pedido não é uma venda consignada.');
  });

  it('a settlement cut off after the ledger (the process dies) is finished by the next call with what was marked, the stock moved once', async () => {
    const s = await closeConsigned([line(p.arroz, '5', '24.9')]);
    const lent = await balance(p.arroz);
    const crash = injectFailure({ command: 'TransactWriteItems', when: (input) => JSON.stringify(input).includes('"settledBy":"') });
    try {
      const res = await call('POST', `/api/sales/${s.id}/consignment`, { token: t.salesman, body: { version: s.version, items: [{ index: 0, returned: '2' }] } });
      expect(res.status).toBe(500);
    } finally {
      crash.remove();
    }
    const half = (await api('GET', `/api/sales/${s.id}`, { token: t.salesman })).body;
    expect(half.consignment).toMatchObject({ settledAt: null, settling: [{ index: 0, returned: '2' }] });
    expect(half.installments).toEqual([]);
    const moved = await balance(p.arroz);
    expect(new Decimal(moved.lent).minus(lent.lent).toFixed()).toBe('-5');

    // The next call, whatever it asks, finishes the marked settlement; the ledger is not moved twice.
    const res = await api('POST', `/api/sales/${s.id}/consignment`, { token: t.salesman, body: { version: half.version, items: [{ index: 0, returned: '5' }] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items[0]).toMatchObject({ returned: '2', sold: '3' });
    expect(sum(res.body.installments).toFixed(2)).toBe(res.body.totals.total);
    expect(await balance(p.arroz)).toEqual(moved);
    const checks = await runAs({ tenantId: w.tenant.id }, () => Inventory.check(p.arroz));
    expect(checks.filter((b) => !b.matches)).toEqual([]);
  });

  it('everything returned: nothing billed, no installments, the stock as before the sale', async () => {
    const start = await balance(p.feijao);
    const s = await closeConsigned([line(p.feijao, '3', '8.333')]);
    const res = await api('POST', `/api/sales/${s.id}/consignment`, { token: t.salesman, body: { version: s.version, items: [{ index: 0, returned: '3' }] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ installments: [], totals: { total: '0.00' } });
    expect(await balance(p.feijao)).toEqual(start);
  });
});

describe('Consignments (inventory)', () => {
  it('lends and settles an order longer than one transaction: chunks, idempotent, the ledger balanced', async () => {
    await runAs({ tenantId: w.tenant.id }, async () => {
      const branchId = matriz;
      const ids = Array.from({ length: 60 }, () => newId());
      for (let i = 0; i < ids.length; i += 40) await postMovements(ids.slice(i, i + 40).map((productId) => ({ productId, branchId, kind: 'adjustment', quantity: '5', reason: 'Contagem' })));
      const orderId = newId();
      const lines = ids.map((productId) => ({ productId, branchId, quantity: '3' }));
      expect(await Consignments.lend(orderId, lines)).toMatchObject({ ok: true, alreadyReserved: false });
      expect(await Consignments.lend(orderId, lines)).toMatchObject({ ok: true, alreadyReserved: true });
      const settlement = ids.map((productId, n) => ({ productId, branchId, returned: n % 2 ? '1' : '0', sold: n % 2 ? '2' : '3' }));
      expect(await Consignments.settle(orderId, settlement)).toEqual({ orderId, alreadySettled: false });
      expect(await Consignments.settle(orderId, settlement)).toEqual({ orderId, alreadySettled: true });
      await expect(Consignments.settle(orderId, settlement.map((l) => ({ ...l, returned: '3', sold: '0' })))).rejects.toMatchObject({ code: 'inventory.consignment_changed' });
      const checks = (await Promise.all([ids[0]!, ids[1]!, ids[59]!].map((id) => Inventory.check(id)))).flat();
      expect(checks.filter((b) => !b.matches)).toEqual([]);
      expect(checks.map((b) => [b.stored.lent, b.stored.physical])).toEqual([['0.0000', '2.0000'], ['0.0000', '3.0000'], ['0.0000', '3.0000']]);
    });
  });

  it('a lending short on one line lends nothing', async () => {
    await runAs({ tenantId: w.tenant.id }, async () => {
      const [a, b] = [newId(), newId()];
      await postMovements([{ productId: a, branchId: matriz, kind: 'adjustment', quantity: '5', reason: 'Contagem' }]);
      const out = await Consignments.lend(newId(), [{ productId: a, branchId: matriz, quantity: '2' }, { productId: b, branchId: matriz, quantity: '1' }]);
      expect(out).toMatchObject({ ok: false, shortages: [{ productId: b, level: 'insufficient' }] });
      expect((await Inventory.check(a))[0]!.stored).toMatchObject({ lent: '0.0000', available: '5.0000' });
    });
  });
});
