import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '@ev/core/clock';
import { runAs } from '@ev/core/context';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, tableName } from '@ev/core/db/client';
import { Keys } from '@ev/core/db/keys';
import { queryAll } from '@ev/core/db/query';
import { dieAt } from '@ev/core/db/testing/failure';
import { transact, Tx } from '@ev/core/db/tx';
import { newId } from '@ev/core/ids';
import { Sales } from '@ev/core/sales/index';
import { applyProductOutbox, productOutbox, SalesRepository, type ProductOutbox, type SaleRecord } from '@ev/core/sales/repository';
import { exportAndWait } from '../testing/exports';
import { salesWorld, type SaleBody } from '../testing/sales';

/**
 * The sales dashboard's ranking of products (issue 41 item 4, docs/sales.md "The products'
 * ranking"): its figures kept by an outbox item written in each sale's transaction and applied after
 * it. After closes on either side of a month boundary in São Paulo time, an edit of a pending sale,
 * a cancellation and a refund, every product's count, quantity and value equal a recount of the
 * sales' lines; an outbox item applied twice counts once; one left by a process that died after the
 * sale's transaction is applied by the sweep. The ranking follows the dashboard's scope: the
 * company's, a supervisor's team (the sum of its salesmen's items) and one salesman's, each equal to
 * a recount of its own sales' lines, a sale moved to another salesman counting only in his, and
 * another team's sales never in a team's.
 */

type Line = { productId: string; quantity: string; sold?: string | null; total: string; cancelled: boolean };
type Sale = { id: string; status: string; orderDate: string; salesmanId: string | null; items: Line[] };
type Ranked = { id: string; ref: string | null; name: string | null; count: number; quantity: string; total: string };

const at = (iso: string) => () => Date.parse(iso);
let s: Awaited<ReturnType<typeof salesWorld>>;
const p = {} as Record<'arroz' | 'oleo' | 'cafe' | 'feijao', string>;
let mine: string;
/** The supervisor's team (himself and his salesman), and the salesman outside it. */
let team: string[];
let outsider: string;
const sales: string[] = [];

const line = (productId: string, quantity: string, unitPrice: string, extra: Record<string, unknown> = {}) => ({ productId, quantity, unitPrice, ...extra });
const move = async (sale: { id: string; version: number }, to: string) => {
  const res = await s.api('POST', `/api/sales/${sale.id}/status`, { token: s.tokens.admin, body: { version: sale.version, to, reason: 'Cliente desistiu' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as SaleBody;
};
const closed = async (items: ReturnType<typeof line>[], token?: string) => {
  const sale = await s.closed(mine, items, { token });
  sales.push(sale.id);
  return sale;
};

beforeAll(async () => {
  s = await salesWorld('Produtos');
  [p.arroz, p.oleo, p.cafe, p.feijao] = [await s.product('Arroz Tipo 1 5kg', '20', '500'), await s.product('Óleo de Soja 900ml', '7', '500'), await s.product('Café Torrado 500g', '15', '500'), await s.product('Feijão Carioca 1kg', '9', '500')];
  mine = await s.client();
  team = [s.w.supervisor.id, s.w.salesman.id];
  outsider = s.w.otherSalesman.id;
  // A client of the salesman outside the team: the administrator (who does not sell) closes for him.
  const his = await s.client('Mercado Fora do Time', outsider);
  // Matriz consigns (20 days at 5 %): a consigned sale counts what the client kept once settled.
  await runAs({ tenantId: s.w.tenant.id }, () =>
    dynamoClient().send(new UpdateCommand({ TableName: tableName(), Key: Keys.branch(s.matriz), UpdateExpression: 'SET consignmentDays = :d, consignmentDiscount = :x', ExpressionAttributeValues: { ':d': 20, ':x': '5.00' } })),
  );
  try {
    // 23:30 in São Paulo on the last day of March: already April in UTC, still March for the company.
    Clock.set(at('2026-03-31T23:30:00-03:00'));
    await closed([line(p.arroz, '2', '20'), line(p.oleo, '1', '7')]);
    Clock.set(at('2026-04-01T00:30:00-03:00'));
    await closed([line(p.arroz, '1', '20'), line(p.cafe, '3', '15')], s.tokens.supervisor);
    Clock.set(at('2026-04-02T10:00:00-03:00'));
    // Two lines of one product: one sale of it, their quantities and values added.
    const edited = await closed([line(p.arroz, '1', '20'), line(p.arroz, '2', '20'), line(p.oleo, '2', '7')]);
    // The pending sale corrected: more rice on its first line, the oil's line cancelled, coffee added.
    const res = await s.api('PUT', `/api/sales/${edited.id}`, {
      token: s.tokens.admin,
      body: {
        version: edited.version, clientId: edited.clientId, natureId: edited.natureId, paymentConditionId: edited.paymentConditionId, paymentType: edited.paymentType, transport: edited.transport,
        items: [line(p.arroz, '4', '20', { index: 0 }), line(p.arroz, '2', '20', { index: 1 }), line(p.oleo, '2', '7', { index: 2, cancelled: true, cancelReason: 'Sem estoque no cliente' }), line(p.cafe, '1', '15')],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await move(await closed([line(p.cafe, '2', '15')]), 'cancelled');
    await move(await move(await closed([line(p.oleo, '3', '7')]), 'paid'), 'refunded');
    const moved = await closed([line(p.oleo, '1', '7')]);
    const outside = await s.closed(his, [line(p.feijao, '2', '9'), line(p.arroz, '2', '20')], { token: s.tokens.admin });
    sales.push(outside.id);
    expect(outside.salesmanId).toBe(outsider);
    // A sale's salesman changed (no API moves a closed sale's salesman today: the edit keeps its
    // client, so its salesman; written through the repository's own write, as a reassignment would):
    // its figures leave the salesman's items for the other's.
    await runAs({ tenantId: s.w.tenant.id }, async () => {
      const before = (await SalesRepository.get(moved.id))!;
      const after: SaleRecord = { ...before, salesmanId: outsider, supervisorId: null, version: before.version + 1 };
      await transact(SalesRepository.replaceSteps(before, after));
      await SalesRepository.applyProducts(before, after);
    });
    expect((await s.read(moved.id)).salesmanId).toBe(outsider);
    // Five coffees consigned, two given back at the settlement: three sold.
    const lent = await s.post<SaleBody>('/api/sales', { clientId: mine, natureId: s.ids.venda, paymentConditionId: s.ids.prazo, paymentType: 'boleto', transport: { costing: 1 }, consigned: true, items: [line(p.cafe, '5', '15')] }, s.tokens.salesman);
    const consigned = await s.api('POST', `/api/sales/${lent.id}/close`, { token: s.tokens.salesman, body: { version: lent.version } });
    expect(consigned.status, JSON.stringify(consigned.body)).toBe(200);
    sales.push(lent.id);
    const settled = await s.api('POST', `/api/sales/${lent.id}/consignment`, { token: s.tokens.salesman, body: { version: consigned.body.version, items: [{ index: 0, returned: '2' }] } });
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    Clock.set(at('2026-04-03T10:00:00-03:00'));
  } catch (e) {
    Clock.reset();
    throw e;
  }
}, 120_000);
afterAll(() => Clock.reset());

const dashboard = async (query: string, token = s.tokens.admin) => {
  const res = await s.api('GET', `/api/sales/dashboard?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { scope: string; byProduct: Ranked[]; clientsPeriod: { from: string; until: string } };
};

/**
 * The products of the month as a recount of the sales' lines makes them: sales neither cancelled
 * nor refunded (of these salesmen only, when given), lines not cancelled.
 */
async function recount(month: string, salesmen?: string[]): Promise<Omit<Ranked, 'ref' | 'name'>[]> {
  const out = new Map<string, { count: number; quantity: Decimal; total: Decimal }>();
  for (const id of sales) {
    const sale = (await s.read(id)) as unknown as Sale;
    if (!sale.orderDate.startsWith(month) || sale.status === 'cancelled' || sale.status === 'refunded') continue;
    if (salesmen && !salesmen.includes(sale.salesmanId ?? '')) continue;
    const seen = new Set<string>();
    for (const i of sale.items) {
      if (i.cancelled) continue;
      const acc = out.get(i.productId) ?? { count: 0, quantity: new Decimal(0), total: new Decimal(0) };
      out.set(i.productId, { count: acc.count + (seen.has(i.productId) ? 0 : 1), quantity: acc.quantity.plus(i.sold ?? i.quantity), total: acc.total.plus(i.total) });
      seen.add(i.productId);
    }
  }
  return [...out]
    .map(([id, r]) => ({ id, count: r.count, quantity: r.quantity.toFixed(), total: r.total.toFixed() }))
    .sort((a, b) => new Decimal(b.total).comparedTo(a.total) || b.count - a.count);
}

const figures = (list: Ranked[]) => list.map(({ id, count, quantity, total }) => ({ id, count, quantity: new Decimal(quantity).toFixed(), total: new Decimal(total).toFixed() }));

const outboxLeft = () => runAs({ tenantId: s.w.tenant.id }, () => queryAll<ProductOutbox>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': Keys.saleProductsOutboxPartition() }, ConsistentRead: true }));

describe('the products ranking of the sales dashboard', () => {
  it('equals a recount of the sales\' lines, month by month in São Paulo time, after closes, an edit, a cancellation, a refund and a consignment settled', async () => {
    const april = await dashboard('from=2026-04-01&until=2026-04-03');
    expect(april.clientsPeriod).toEqual({ from: '2026-04-01', until: '2026-04-30' });
    expect(figures(april.byProduct)).toEqual(await recount('2026-04'));
    // What the recount holds, written out: the edit's rice (4 + 2 at 20), the supervisor's and the
    // outsider's, the coffee of the edit, of the supervisor's sale and the three the consignment
    // sold, the outsider's beans, the oil of the sale moved to him only (its line in the edit
    // cancelled, its refunded sale and the cancelled coffee counted nowhere).
    expect(figures(april.byProduct)).toEqual([
      { id: p.arroz, count: 3, quantity: '9', total: '180' },
      { id: p.cafe, count: 3, quantity: '7', total: '105' },
      { id: p.feijao, count: 1, quantity: '2', total: '18' },
      { id: p.oleo, count: 1, quantity: '1', total: '7' },
    ]);
    expect(april.byProduct[0]).toMatchObject({ name: 'Arroz Tipo 1 5kg', ref: expect.stringMatching(/^SW-/) });
    // 23:30 on March 31st in São Paulo: March's.
    const march = await dashboard('from=2026-03-01&until=2026-03-31');
    expect(figures(march.byProduct)).toEqual(await recount('2026-03'));
    expect(figures(march.byProduct)).toEqual([
      { id: p.arroz, count: 1, quantity: '2', total: '40' },
      { id: p.oleo, count: 1, quantity: '1', total: '7' },
    ]);
    // Both months: the products' figures added up.
    const both = await dashboard('from=2026-03-15&until=2026-04-03');
    expect(both.byProduct.find((r) => r.id === p.arroz)).toMatchObject({ count: 4, quantity: '11', total: '220' });
    expect(await outboxLeft()).toEqual([]);
  });

  it('follows the dashboard\'s scope: a supervisor\'s team, one salesman, each equal to a recount of its own sales, never another team\'s', async () => {
    // The salesman's profile has no dashboard at all (not widened here).
    expect((await s.api('GET', '/api/sales/dashboard?from=2026-04-01&until=2026-04-03', { token: s.tokens.salesman })).status).toBe(403);
    // The supervisor's: his team's sales (his own and his salesman's), month by month across the boundary.
    const teamApril = await dashboard('from=2026-04-01&until=2026-04-03', s.tokens.supervisor);
    expect(teamApril.scope).toBe('team');
    expect(figures(teamApril.byProduct)).toEqual(await recount('2026-04', team));
    // Written out: the outsider's beans and rice and the oil of the sale moved to him are not the team's.
    expect(figures(teamApril.byProduct)).toEqual([
      { id: p.arroz, count: 2, quantity: '7', total: '140' },
      { id: p.cafe, count: 3, quantity: '7', total: '105' },
    ]);
    expect(teamApril.byProduct[0]).toMatchObject({ name: 'Arroz Tipo 1 5kg', ref: expect.stringMatching(/^SW-/) });
    expect(figures((await dashboard('from=2026-03-01&until=2026-03-31', s.tokens.supervisor)).byProduct)).toEqual(await recount('2026-03', team));
    expect(figures((await dashboard('from=2026-03-15&until=2026-04-03', s.tokens.supervisor)).byProduct).find((r) => r.id === p.arroz)).toMatchObject({ count: 3, quantity: '9', total: '180' });
    // One salesman chosen: his own sales only; the one outside the team holds the sale moved to him.
    for (const month of ['2026-03', '2026-04']) {
      const period = month === '2026-03' ? 'from=2026-03-01&until=2026-03-31' : 'from=2026-04-01&until=2026-04-03';
      for (const id of [s.w.salesman.id, s.w.supervisor.id, outsider]) expect(figures((await dashboard(`${period}&salesmanId=${id}`)).byProduct), `${month} ${id}`).toEqual(await recount(month, [id]));
      // The supervisor choosing one of his team.
      expect(figures((await dashboard(`${period}&salesmanId=${s.w.salesman.id}`, s.tokens.supervisor)).byProduct)).toEqual(await recount(month, [s.w.salesman.id]));
    }
    expect(figures((await dashboard(`from=2026-04-01&until=2026-04-03&salesmanId=${outsider}`)).byProduct)).toEqual([
      { id: p.arroz, count: 1, quantity: '2', total: '40' },
      { id: p.feijao, count: 1, quantity: '2', total: '18' },
      { id: p.oleo, count: 1, quantity: '1', total: '7' },
    ]);
    // The salesman outside his team asked by the supervisor: nothing of his.
    expect((await dashboard(`from=2026-04-01&until=2026-04-03&salesmanId=${outsider}`, s.tokens.supervisor)).byProduct).toEqual([]);
  });

  it('is in the CSV export, a line per product with its quantity', async () => {
    const out = await exportAndWait('sales-dashboard', s.tokens.admin, 'csv', { from: '2026-04-01', until: '2026-04-03' });
    const text = String(out.file.text ?? out.file.body);
    expect(text).toMatch(/Produtos \(01\/04\/2026 a 30\/04\/2026\);SW-[A-Z0-9]+-1 - Arroz Tipo 1 5kg;3;180,00;Quantidade 9/);
    expect(text).toMatch(/Produtos \(01\/04\/2026 a 30\/04\/2026\);SW-[A-Z0-9]+-2 - Óleo de Soja 900ml;1;7,00;Quantidade 1/);
  });

  it('a close counts its products with the sale; an outbox item left by a process that died after an edit\'s transaction is applied by the sweep, and an item applied twice counts once', async () => {
    // A close whose figures fit its own transaction writes them with the sale: nothing left to apply.
    const sale: SaleBody = await closed([line(p.cafe, '5', '15'), line(p.arroz, '1', '20')]);
    expect(await outboxLeft()).toEqual([]);
    expect(figures((await dashboard('from=2026-04-01&until=2026-04-03')).byProduct)).toEqual(await recount('2026-04'));
    expect(figures((await dashboard('from=2026-04-01&until=2026-04-03', s.tokens.supervisor)).byProduct)).toEqual(await recount('2026-04', team));

    // The process dies as it applies an edit's figures: the edit is written, with its outbox item.
    const death = dieAt({ command: 'TransactWriteItems', when: (input) => JSON.stringify(input).includes('COUNTS#sales-products') });
    try {
      const res = await s.api('PUT', `/api/sales/${sale.id}`, {
        token: s.tokens.admin,
        body: {
          version: sale.version, clientId: sale.clientId, natureId: sale.natureId, paymentConditionId: sale.paymentConditionId, paymentType: sale.paymentType, transport: sale.transport,
          items: [line(p.cafe, '6', '15', { index: 0 }), line(p.arroz, '1', '20', { index: 1 })],
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    } finally {
      death.remove();
    }
    expect(death.failed()).toBeGreaterThan(0);
    const left = await outboxLeft();
    expect(left.map((o) => o.saleId)).toEqual([sale.id]);
    // Not counted yet: the ranking lags the recount by that edit.
    const lagging = await dashboard('from=2026-04-01&until=2026-04-03');
    expect(figures(lagging.byProduct)).not.toEqual(await recount('2026-04'));
    expect(figures((await dashboard('from=2026-04-01&until=2026-04-03', s.tokens.supervisor)).byProduct)).not.toEqual(await recount('2026-04', team));

    // Applied twice at once (the close's own call and the sweep): once.
    const item = left[0]!;
    const applied = await runAs({ tenantId: s.w.tenant.id }, () => Promise.all([applyProductOutbox(item), applyProductOutbox(item)]));
    expect(applied.filter(Boolean)).toHaveLength(1);
    expect(figures((await dashboard('from=2026-04-01&until=2026-04-03')).byProduct)).toEqual(await recount('2026-04'));
    // The salesman's items too: his team's and his own ranking, once.
    expect(figures((await dashboard('from=2026-04-01&until=2026-04-03', s.tokens.supervisor)).byProduct)).toEqual(await recount('2026-04', team));
    expect(figures((await dashboard(`from=2026-04-01&until=2026-04-03&salesmanId=${s.w.salesman.id}`)).byProduct)).toEqual(await recount('2026-04', [s.w.salesman.id]));
    expect(await runAs({ tenantId: s.w.tenant.id }, () => applyProductOutbox(item))).toBe(false);
    expect(await Sales.finishInterrupted({ tenantIds: [s.w.tenant.id] })).toMatchObject({ products: 0 });

    // Another left behind, by a cancel this time: the sweep applies it.
    const cancelDeath = dieAt({ command: 'TransactWriteItems', when: (input) => JSON.stringify(input).includes('COUNTS#sales-products') });
    try {
      await move(await s.read(sale.id), 'cancelled');
    } finally {
      cancelDeath.remove();
    }
    expect(await outboxLeft()).toHaveLength(1);
    expect(await Sales.finishInterrupted({ tenantIds: [s.w.tenant.id] })).toMatchObject({ products: 1 });
    expect(await outboxLeft()).toEqual([]);
    const after = await dashboard('from=2026-04-01&until=2026-04-03');
    expect(figures(after.byProduct)).toEqual(await recount('2026-04'));
    expect(figures((await dashboard('from=2026-04-01&until=2026-04-03', s.tokens.supervisor)).byProduct)).toEqual(await recount('2026-04', team));
  }, 60_000);

  it('a sale too large for one transaction applies its figures in several, each once, across a process that dies between them', async () => {
    // 4,500 products of a month no sale of this company has, of a salesman of their own: the
    // company's 16 shards of about 280, 120 a part, three rounds; the salesman's 4 of about 1,125,
    // ten. A transaction updates each item once: round n holds each item's part n.
    const ids = Array.from({ length: 4500 }, () => newId()).sort();
    const seller = newId();
    const item: ProductOutbox = { saleId: newId(), version: 3, before: null, after: { month: '2025-01', salesmanId: seller, products: ids.map((id, n) => [id, String(n % 7 + 1), `${n % 7 + 1}.5`]) } };
    const tenant = { tenantId: s.w.tenant.id };
    await runAs(tenant, () => transact([Tx.put({ ...Keys.saleProductsOutbox(item.saleId, item.version), type: 'saleProductsOutbox', ...item })]));
    const transactions: number[] = [];
    let n = 0;
    // The process dies as it sends its second transaction: the first one's part is applied and noted in the item.
    const death = dieAt({ command: 'TransactWriteItems', when: (input) => {
      const items = (input as { TransactItems: unknown[] }).TransactItems;
      transactions.push(items.length);
      return ++n === 2;
    } });
    try {
      await expect(runAs(tenant, () => applyProductOutbox(item))).rejects.toThrow(/injected failure/);
    } finally {
      death.remove();
    }
    // The first round: the outbox item's note, an update of each of the 16 company shards and of the salesman's 4.
    expect(transactions).toEqual([21, 21]);
    expect(await outboxLeft()).toHaveLength(1);
    // Started again (the sweep): the part noted is not applied twice, the rest is, and the item goes.
    expect(await Sales.finishInterrupted({ tenantIds: [s.w.tenant.id] })).toMatchObject({ products: 1 });
    expect(await outboxLeft()).toEqual([]);
    expect(await runAs(tenant, () => applyProductOutbox(item))).toBe(false);
    for (const owners of [null, [seller]]) {
      const ranked = await runAs(tenant, () => SalesRepository.productRanking(['2025-01'], owners, 10_000));
      expect(ranked).toHaveLength(4500);
      const byId = new Map(ranked.map((r) => [r.id, r]));
      expect(ids.every((id, k) => {
        const r = byId.get(id);
        return r?.count === 1 && r.quantity === String(k % 7 + 1) && r.total === `${k % 7 + 1}.5`;
      }), String(owners)).toBe(true);
    }
  }, 60_000);

  it('the largest sale (1,000 lines) moved to another salesman: its outbox item within 400 KB, its figures leaving one salesman\'s items for the other\'s in rounds of at most 100 actions', async () => {
    const tenant = { tenantId: s.w.tenant.id };
    const [from, to] = [newId(), newId()];
    const lines = Array.from({ length: 1000 }, () => ({ productId: newId(), quantity: '123456.789', sold: null, total: '9999999.99', cancelled: false }));
    // What the outbox reads of a sale: a closed (numbered) pending sale of June 2024, a month no sale of this company has.
    const sale = (salesmanId: string, total: string, version: number) =>
      ({ id: 'big', version, status: 'pending', number: 1, orderDate: '2024-06-10', salesmanId, items: lines.map((l) => ({ ...l, total })) }) as unknown as SaleRecord;
    const closing = productOutbox(null, sale(from, '9999999.99', 1))!;
    // Moved to another salesman, every line's value changed: both sides carry all 1,000 products.
    const move = productOutbox(sale(from, '9999999.99', 1), sale(to, '8888888.88', 2))!;
    expect([move.before!.products.length, move.after!.products.length]).toEqual([1000, 1000]);
    // DynamoDB refuses an item past 400 KB: the put of the item is the close's own action.
    const size = Buffer.byteLength(JSON.stringify(move));
    expect(size).toBeLessThan(200_000);
    // The transactions each write and apply sends, counted as sent.
    const sent: number[][] = [];
    const name = `count-products-actions-${Date.now()}`;
    dynamoClient().middlewareStack.add((next, context) => async (args) => {
      const input = args.input as { TransactItems?: unknown[] };
      if (context.commandName === 'TransactWriteItemsCommand') sent.at(-1)!.push(input.TransactItems?.length ?? 0);
      return next(args);
    }, { step: 'initialize', name });
    try {
      await runAs(tenant, async () => {
        for (const o of [closing, move]) {
          sent.push([]);
          await transact([Tx.put({ ...Keys.saleProductsOutbox(o.saleId, o.version), type: 'saleProductsOutbox', ...o })]);
          expect(await applyProductOutbox(o)).toBe(true);
        }
      });
    } finally {
      dynamoClient().middlewareStack.remove(name);
    }
    // The close: its put, then 16 company shards (about 63 products each: one part) and the
    // salesman's 4 (about 250, one at least past 240: three parts) with the item's note; then the
    // salesman's shards' further parts.
    const [closeTx, moveTx] = sent as [number[], number[]];
    expect(closeTx.slice(0, 2)).toEqual([1, 21]);
    expect(closeTx.length).toBe(4);
    expect(closeTx.slice(2).every((n) => n >= 2 && n <= 5)).toBe(true);
    // The move: its put, then the company's 16 (the values changed), the first salesman's 4 and the
    // second's 4 in the first round, their further parts after: never past 100 actions.
    expect(moveTx.slice(0, 2)).toEqual([1, 25]);
    expect(moveTx.length).toBe(4);
    expect(moveTx.slice(2).every((n) => n >= 2 && n <= 9)).toBe(true);
    // Every product ties: compared in the ids' order.
    const ranked = async (owners: string[] | null) => (await runAs(tenant, () => SalesRepository.productRanking(['2024-06'], owners, 10_000))).sort((a, b) => a.id.localeCompare(b.id));
    expect(await ranked([from])).toEqual([]);
    const theirs = await ranked([to]);
    expect(theirs).toHaveLength(1000);
    expect(theirs.every((r) => r.count === 1 && r.quantity === '123456.789' && r.total === '8888888.88')).toBe(true);
    expect(await ranked(null)).toEqual(theirs);
    expect(await outboxLeft()).toEqual([]);
  }, 60_000);
});
