import Decimal from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '@ev/core/clock';
import { runAs } from '@ev/core/context';
import { dynamoClient } from '@ev/core/db/client';
import { dieAt } from '@ev/core/db/testing/failure';
import { JOB_HANDLERS } from '@ev/core/wiring/worker';
import { SALES_SWEEP_JOB } from '@ev/core/sales/sweep';
import { Inventory } from '@ev/core/inventory/index';
import { checkedCall } from '../testing/checked-call';
import { call, makeWorld, poster, type World } from '../testing/world';

/**
 * Many closes at once over scarce stock (issue 13, docs/sales.md "What the tests prove"): 50 drafts
 * of one company ask for more of two products than the branch holds, and close all at once through
 * the API. Whatever order DynamoDB Local runs them in, the stock never goes below zero, the sales
 * take the numbers 1..k with none twice and none skipped, every close answers a sale or a stock
 * error with its Portuguese text, and the ledger and the reservations add up.
 */

const api = checkedCall;
const DRAFTS = 50;
const here = { latitude: -22.3145, longitude: -49.0587, accuracy: 35 };
let w: World;
let admin: string;
let salesman: string;
let matriz: string;
const post = (path: string, body: unknown, token = admin) => poster(token, api)(path, body);
const ids = {} as Record<'un' | 'venda' | 'prazo' | 'table' | 'client' | 'arroz' | 'oleo', string>;

async function balance(productId: string) {
  const res = await api('GET', `/api/inventory/products/${productId}/balances`, { token: admin });
  expect(res.status).toBe(200);
  return res.body.items.find((b: { branchId: string }) => b.branchId === matriz) as { physical: string; available: string; reserved: string };
}

/** Every movement of a product in Matriz, through the API's pages. */
async function movements(productId: string) {
  const out: { kind: string; quantity: string; orderId: string | null }[] = [];
  let cursor: string | null = null;
  do {
    const res = await api('GET', `/api/inventory/products/${productId}/movements?branchId=${matriz}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: admin });
    expect(res.status).toBe(200);
    out.push(...res.body.items);
    cursor = res.body.nextCursor;
  } while (cursor);
  return out;
}

beforeAll(async () => {
  w = await makeWorld('Fechamentos');
  matriz = w.branches[0]!.id;
  [admin, salesman] = (await Promise.all([w.login(w.admin.email), w.login(w.salesman.email)])).map((l) => l.accessToken) as [string, string];
  const [un, venda, prazo, table] = await Promise.all([
    post('/api/units', { name: 'UN' }),
    post('/api/natures', { name: 'Venda de mercadoria', cfop: '5102', financialMovement: true }),
    post('/api/payments-conditions', { name: '30/60', terms: ['030', '060'] }),
    post('/api/price-tables', { name: 'Varejo', isDefault: true }),
  ]);
  Object.assign(ids, { un: un.id, venda: venda.id, prazo: prazo.id, table: table.id });
  const product = async (ref: string, name: string, price: string, stock: string) => {
    const made = await post('/api/products', { ref, name, unitId: ids.un });
    expect((await api('PUT', `/api/products/${made.id}/prices/${ids.table}`, { token: admin, body: { price } })).status).toBe(200);
    await post('/api/inventory/movements', { productId: made.id, branchId: matriz, kind: 'adjustment', quantity: stock, reason: 'Contagem' });
    return made.id;
  };
  [ids.arroz, ids.oleo] = await Promise.all([product('F-1', 'Arroz Tipo 1 5kg', '24.9', '60'), product('F-2', 'Óleo de Soja 900ml', '7.5', '25')]);
  ids.client = (await post('/api/clients', { name: 'Atacadão Bauru Ltda', nickname: 'Atacadão', email: 'compras@atacadao.com.br', document: '11.222.333/0001-81', birthDate: '1990-05-05', salesmanId: w.salesman.id })).id;
}, 60_000);

describe('50 closes at once over scarce stock', () => {
  it('never takes the stock below zero, numbers the sales 1..k, answers each close a sale or a stock error, and the ledger adds up', async () => {
    // Draft n asks 1 to 3 of rice (60 in stock, 99 asked in all) and, one in two, 1 of oil (25 in
    // stock for 25 asks): a close that loses the rice must not keep the oil either (all or nothing).
    const asks = Array.from({ length: DRAFTS }, (_, n) => ({ arroz: 1 + (n % 3), oleo: n % 2 === 0 ? 1 : 0 }));
    const drafts = await Promise.all(
      asks.map((a) =>
        post('/api/sales', {
          clientId: ids.client, natureId: ids.venda, paymentConditionId: ids.prazo, paymentType: 'boleto', transport: { costing: 1 },
          items: [{ productId: ids.arroz, quantity: String(a.arroz), unitPrice: '24.9' }, ...(a.oleo ? [{ productId: ids.oleo, quantity: '1', unitPrice: '7.5' }] : [])],
        }, salesman),
      ),
    );
    // One in three accepts a short line being cut to what is left; the others refuse a cut.
    const answers = await Promise.all(
      drafts.map((d, n) => api('POST', `/api/sales/${d.id}/close`, { token: salesman, body: { version: d.version, geolocation: here, acceptShortStock: n % 3 === 0 }, headers: { 'idempotency-key': `close-${d.id}` } })),
    );

    // Each close: a sale, or a stock error with its Portuguese text, on the stock.
    const sales = answers.filter((r) => r.status === 200).map((r) => r.body);
    const refused = answers.filter((r) => r.status !== 200);
    for (const r of refused) {
      expect(r.status, JSON.stringify(r.body)).toBe(409);
      expect(['sales.stock_insufficient', 'sales.stock_lower']).toContain(r.body.code);
      expect(r.body.message).toMatch(/^(Estoque insuficiente para .+: disponível \d+(,\d+)?\. Mude a quantidade ou retire o item\.|Estoque menor que o pedido para .+: disponível \d+(,\d+)?\. Deseja continuar com a quantidade disponível\?)$/);
    }
    expect(sales.length).toBeGreaterThan(0);
    expect(sales.length + refused.length).toBe(DRAFTS);

    // Numbers: exactly 1..k in a new company, none twice, none skipped.
    const numbers = sales.map((s) => s.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: sales.length }, (_, i) => i + 1));
    // A sale is whole: pending, its installments adding up to its total.
    for (const s of sales) {
      expect(s.status).toBe('pending');
      expect(s.installments).toHaveLength(2);
      expect(s.installments.reduce((acc: Decimal, i: { value: string }) => acc.plus(i.value), new Decimal(0)).toFixed(2)).toBe(s.totals.total);
    }
    // A refused close left its draft a draft, editable again (not marked as closing).
    await Promise.all(
      drafts.filter((_, n) => answers[n]!.status !== 200).map(async ({ id }) => {
        const d = (await api('GET', `/api/sales/${id}`, { token: salesman })).body;
        expect(d).toMatchObject({ status: 'typing', number: null, installments: [] });
        expect((await api('PUT', `/api/sales/${id}`, { token: salesman, body: { version: d.version, clientId: ids.client, items: [] } })).status).toBe(200);
      }),
    );

    // The stock: reserved = what the sales hold, available = count − reserved, never below zero;
    // the reservations in the ledger are the sales', one each; balances equal the ledger's recount.
    for (const [key, count] of [['arroz', 60], ['oleo', 25]] as const) {
      const held = sales.reduce((acc, s) => acc.plus(s.items.filter((i: { productId: string }) => i.productId === ids[key]).reduce((a: Decimal, i: { quantity: string }) => a.plus(i.quantity), new Decimal(0))), new Decimal(0));
      const b = await balance(ids[key]);
      expect(new Decimal(b.available).gte(0), `${key} available ${b.available}`).toBe(true);
      expect(new Decimal(b.reserved).toFixed(), key).toBe(held.toFixed());
      expect(new Decimal(b.available).toFixed(), key).toBe(new Decimal(count).minus(held).toFixed());
      const ledger = await movements(ids[key]);
      const net = new Map<string, Decimal>();
      for (const m of ledger) {
        if (m.kind !== 'reserved' && m.kind !== 'reservation_released') continue;
        net.set(m.orderId!, (net.get(m.orderId!) ?? new Decimal(0)).plus(m.kind === 'reserved' ? m.quantity : new Decimal(m.quantity).neg()));
      }
      const holding = [...net].filter(([, q]) => !q.isZero());
      const expected = sales.flatMap((s) => s.items.filter((i: { productId: string }) => i.productId === ids[key]).map((i: { quantity: string }) => [s.id, new Decimal(i.quantity).toFixed()]));
      expect(holding.map(([id, q]) => [id, q.toFixed()]).sort(), key).toEqual(expected.sort());
    }
    const recount = await runAs({ tenantId: w.tenant.id }, () => Promise.all([Inventory.check(ids.arroz), Inventory.check(ids.oleo)]));
    expect(recount.flat().filter((b) => !b.matches)).toEqual([]);

    // The counter stands at k: the next close takes k + 1.
    await post('/api/inventory/movements', { productId: ids.arroz, branchId: matriz, kind: 'adjustment', quantity: '1', reason: 'Contagem' });
    const next = await post('/api/sales', { clientId: ids.client, natureId: ids.venda, paymentConditionId: ids.prazo, paymentType: 'boleto', transport: { costing: 1 }, items: [{ productId: ids.arroz, quantity: '1', unitPrice: '24.9' }] }, salesman);
    const closed = await api('POST', `/api/sales/${next.id}/close`, { token: salesman, body: { version: next.version, geolocation: here } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.number).toBe(sales.length + 1);
  }, 120_000);

  it('the scheduled sweep (the sales queue’s job on AWS) leaves a close marked under two minutes ago to its request, and finishes an older one', async () => {
    await post('/api/inventory/movements', { productId: ids.oleo, branchId: matriz, kind: 'adjustment', quantity: '5', reason: 'Contagem' });
    const before = new Decimal((await balance(ids.oleo)).available);
    const d = await post('/api/sales', { clientId: ids.client, natureId: ids.venda, paymentConditionId: ids.prazo, paymentType: 'boleto', transport: { costing: 1 }, items: [{ productId: ids.oleo, quantity: '2', unitPrice: '7.5' }] }, salesman);
    const crash = dieAt({ command: 'TransactWriteItems', when: (input) => JSON.stringify(input).includes('COUNTER#sales') && JSON.stringify(input).includes(d.id) });
    try {
      expect((await call('POST', `/api/sales/${d.id}/close`, { token: salesman, body: { version: d.version, geolocation: here } })).status).toBe(500);
    } finally {
      crash.remove();
    }
    const sweep = JOB_HANDLERS[SALES_SWEEP_JOB]!;
    await sweep({}, { id: 'x', type: SALES_SWEEP_JOB, tenantId: null, payload: {}, idempotencyKey: 'x', attempt: 1 } as never);
    expect((await api('GET', `/api/sales/${d.id}`, { token: salesman })).body).toMatchObject({ status: 'typing', number: null });
    const now = Date.now();
    Clock.set(() => now + 3 * 60_000);
    try {
      await sweep({}, { id: 'y', type: SALES_SWEEP_JOB, tenantId: null, payload: {}, idempotencyKey: 'y', attempt: 1 } as never);
    } finally {
      Clock.reset();
    }
    const whole = (await api('GET', `/api/sales/${d.id}`, { token: salesman })).body;
    expect(whole).toMatchObject({ status: 'pending', installments: [{}, {}] });
    expect(whole.number).toBeGreaterThan(0);
    // Reserved once.
    expect(new Decimal((await balance(ids.oleo)).available).toFixed()).toBe(before.minus(2).toFixed());
  });

  it('the largest close fits in its one transaction: 48 installments and a client whose name and nickname fill the search words', async () => {
    // The numbering transaction holds the sale, its list and search items, its figures, the outbox
    // item of its products' figures and every installment (DynamoDB takes 100 actions): 100 at this
    // size, 99 before the outbox (docs/sales.md "Home figures", "The products' ranking").
    const terms = Array.from({ length: 48 }, (_, i) => String((i + 1) * 7).padStart(3, '0'));
    const longest = await post('/api/payments-conditions', { name: '48 parcelas semanais', terms });
    const client = await post('/api/clients', {
      name: 'Comercial Atacadista Irmãos Silva Souza Pereira Oliveira Santos Costa Almeida Ribeiro Ltda', nickname: 'Mercado Bom Preço Central Bairro Novo Horizonte Vila',
      email: 'compras@irmaossilva.com.br', document: '11.444.777/0001-61', birthDate: '1990-05-05', salesmanId: w.salesman.id,
    });
    await post('/api/inventory/movements', { productId: ids.arroz, branchId: matriz, kind: 'adjustment', quantity: '10', reason: 'Contagem' });
    const d = await post('/api/sales', { clientId: client.id, natureId: ids.venda, paymentConditionId: longest.id, paymentType: 'boleto', transport: { costing: 1 }, items: [{ productId: ids.arroz, quantity: '10', unitPrice: '24.9' }] }, salesman);
    // The actions of the numbering transaction (the one that takes the counter), counted as sent.
    const sizes: number[] = [];
    const name = `count-close-actions-${Date.now()}`;
    dynamoClient().middlewareStack.add((next, context) => async (args) => {
      const input = args.input as { TransactItems?: unknown[] };
      if (context.commandName === 'TransactWriteItemsCommand' && JSON.stringify(input).includes('COUNTER#sales')) sizes.push(input.TransactItems?.length ?? 0);
      return next(args);
    }, { step: 'initialize', name });
    let res: Awaited<ReturnType<typeof api>>;
    try {
      res = await api('POST', `/api/sales/${d.id}/close`, { token: salesman, body: { version: d.version, geolocation: here } });
    } finally {
      dynamoClient().middlewareStack.remove(name);
    }
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.installments).toHaveLength(48);
    expect(sizes).toEqual([100]);
  });
});
