import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Clock } from '@ev/core/clock';
import { runAs } from '@ev/core/context';
import { dynamoClient, tableName } from '@ev/core/db/client';
import { Keys } from '@ev/core/db/keys';
import type { SaleSummary } from '@ev/shared/schemas/sales';
import { checkedCall } from '../testing/checked-call';
import { makeWorld, poster, type World } from '../testing/world';

/**
 * The sales list finds any sale (docs/sales.md "The list", "Count and total"): every filter and
 * sort over a set larger than a page, read page after page by its cursor, against what was
 * written; the count and total against a recount of the same set, in the company's scope, a
 * salesman's and a supervisor's; every write of a sale (close, move, settlement) keeping them.
 */

const api = checkedCall;
let w: World;
const t = {} as Record<'admin' | 'supervisor' | 'salesman' | 'other', string>;
const r = {} as Record<'un' | 'alfa' | 'beta' | 'venda' | 'revenda' | 'prazo' | 'vista' | 'table', string>;
const p = {} as Record<'arroz' | 'sabao', string>;
const c = {} as Record<'atacadao' | 'bompreco' | 'otavio', string>;
let matriz: string;
let filial: string;
const here = { latitude: -22.3145, longitude: -49.0587, accuracy: 35 };
const post = (path: string, body: unknown, token = t.admin) => poster(token, api)(path, body);
const PAGE = 4;
const qs = (query: Record<string, string>) => new URLSearchParams(query).toString();

/** What the test wrote: each closed sale as the list should show it. */
interface Written {
  id: string;
  number: number;
  status: string;
  orderDate: string;
  issuedOn: string;
  clientId: string;
  clientName: string;
  salesmanId: string;
  supervisorId: string | null;
  branchId: string;
  productCompanyId: string | null;
  natureId: string;
  paymentConditionId: string;
  total: string;
  consigned: boolean;
  returnDate: string | null;
  settled: boolean;
}
const written: Written[] = [];

/** The clock at 15:00 UTC (noon in São Paulo) of a business date. */
const at = (day: string) => Clock.set(() => Date.parse(`${day}T15:00:00Z`));

async function setBranch(branchId: string, days: number) {
  await runAs({ tenantId: w.tenant.id }, () =>
    dynamoClient().send(new UpdateCommand({ TableName: tableName(), Key: Keys.branch(branchId), UpdateExpression: 'SET consignmentDays = :d', ExpressionAttributeValues: { ':d': days } })),
  );
}

/** A sale begun on `begun` and closed on `closed` by `token`, as typed. */
async function sale(o: { token: string; client: string; company: string | null; nature: string; condition: string; quantity: number; begun: string; closed?: string; consigned?: boolean }) {
  at(o.begun);
  const product = o.company === r.beta ? p.sabao : p.arroz;
  const d = await post(
    '/api/sales',
    { clientId: o.client, productCompanyId: o.company, natureId: o.nature, paymentConditionId: o.condition, paymentType: 'boleto', transport: { costing: 1 }, consigned: o.consigned ?? false, items: [{ productId: product, quantity: String(o.quantity), unitPrice: o.company === r.beta ? '12.5' : '24.9' }] },
    o.token,
  );
  at(o.closed ?? o.begun);
  const res = await api('POST', `/api/sales/${d.id}/close`, { token: o.token, body: { version: d.version, geolocation: here } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const s = res.body;
  written.push({
    id: s.id, number: s.number, status: s.status, orderDate: s.orderDate, issuedOn: s.issuedOn, clientId: s.clientId, clientName: s.clientName, salesmanId: s.salesmanId, supervisorId: s.supervisorId,
    branchId: s.branchId, productCompanyId: s.productCompanyId, natureId: s.natureId, paymentConditionId: s.paymentConditionId, total: s.totals.total, consigned: s.consigned, returnDate: s.consignment?.returnDate ?? null, settled: false,
  });
  return s as { id: string; version: number; number: number };
}

async function move(id: string, to: string) {
  const s = (await api('GET', `/api/sales/${id}`, { token: t.admin })).body;
  const res = await api('POST', `/api/sales/${id}/status`, { token: t.admin, body: { version: s.version, to, reason: 'Teste' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  written.find((x) => x.id === id)!.status = to;
}

beforeAll(async () => {
  w = await makeWorld('Lista de vendas');
  [matriz, filial] = [w.branches[0]!.id, w.branches[1]!.id];
  const logins = await Promise.all([w.admin.email, w.supervisor.email, w.salesman.email, w.otherSalesman.email].map((e) => w.login(e)));
  [t.admin, t.supervisor, t.salesman, t.other] = logins.map((l) => l.accessToken) as [string, string, string, string];
  await setBranch(matriz, 20);
  const [un, alfa, beta, venda, revenda, prazo, vista] = await Promise.all([
    post('/api/units', { name: 'UN' }),
    post('/api/product-companies', { name: 'Alfa Alimentos' }),
    post('/api/product-companies', { name: 'Beta Limpeza' }),
    post('/api/natures', { name: 'Venda de mercadoria', cfop: '5102', financialMovement: true }),
    post('/api/natures', { name: 'Revenda', cfop: '5405', financialMovement: true }),
    post('/api/payments-conditions', { name: '30/60/90', terms: ['030', '060', '090'] }),
    post('/api/payments-conditions', { name: 'À vista', terms: ['000'] }),
  ]);
  Object.assign(r, { un: un.id, alfa: alfa.id, beta: beta.id, venda: venda.id, revenda: revenda.id, prazo: prazo.id, vista: vista.id });
  r.table = (await post('/api/price-tables', { name: 'Varejo', isDefault: true })).id;
  const product = async (ref: string, name: string, company: string, price: string) => {
    const made = await post('/api/products', { ref, name, unitId: r.un, productCompanyId: company });
    expect((await api('PUT', `/api/products/${made.id}/prices/${r.table}`, { token: t.admin, body: { price } })).status).toBe(200);
    for (const branchId of [matriz, filial]) {
      const res = await api('POST', '/api/inventory/movements', { token: t.admin, body: { productId: made.id, branchId, kind: 'adjustment', quantity: '1000', reason: 'Contagem' } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    return made.id as string;
  };
  [p.arroz, p.sabao] = await Promise.all([product('L-1', 'Arroz Tipo 1 5kg', r.alfa, '24.9'), product('L-2', 'Sabão em Pó 1kg', r.beta, '12.5')]);
  const client = async (name: string, nickname: string, document: string, email: string, salesmanId: string) => (await post('/api/clients', { name, nickname, document, email, birthDate: '1980-01-01', salesmanId })).id as string;
  [c.atacadao, c.bompreco, c.otavio] = await Promise.all([
    client('Atacadão Bauru Ltda', 'Atacadão', '11.222.333/0001-81', 'compras@atacadao.com.br', w.salesman.id),
    client('Mercado Bom Preço', 'Bompreço', '529.982.247-25', 'bp@mercado.com.br', w.salesman.id),
    client('Supermercado do Otávio', 'Otavião', '45.723.174/0001-10', 'ot@super.com.br', w.otherSalesman.id),
  ]);

  // Twelve sales of the salesman (Matriz) and six of the other (Filial), over three months and the
  // turn of two, three a day, numbered as they are dated (the clock moves forward): companies,
  // natures and conditions in turn, quantities growing (totals all apart).
  const days = ['2026-08-14', '2026-09-29', '2026-09-30', '2026-10-01', '2026-10-02', '2026-10-31'];
  for (let n = 0; n < 18; n++) {
    const mine = n < 12;
    await sale({
      token: mine ? t.salesman : t.other,
      client: mine ? (n % 2 ? c.bompreco : c.atacadao) : c.otavio,
      company: [r.alfa, r.beta, null][n % 3]!,
      nature: n % 2 ? r.revenda : r.venda,
      condition: n % 4 < 2 ? r.prazo : r.vista,
      quantity: n + 1,
      begun: days[Math.floor(n / 3)]!,
      // Two begun on the month's last day and closed in the next: their emission is not their closing date.
      closed: n === 16 ? '2026-11-01' : n === 17 ? '2026-11-02' : undefined,
    });
  }
  // A consigned sale (Matriz consigns for 20 days), then settled; another left open.
  const open = await sale({ token: t.salesman, client: c.atacadao, company: r.alfa, nature: r.venda, condition: r.prazo, quantity: 3, begun: '2026-11-03', consigned: true });
  const settled = await sale({ token: t.salesman, client: c.bompreco, company: r.alfa, nature: r.venda, condition: r.prazo, quantity: 4, begun: '2026-11-04', consigned: true });
  Clock.reset();
  const s = (await api('GET', `/api/sales/${settled.id}`, { token: t.admin })).body;
  const res = await api('POST', `/api/sales/${settled.id}/consignment`, { token: t.admin, body: { version: s.version, items: [{ index: 0, returned: '1' }] } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  Object.assign(written.find((x) => x.id === settled.id)!, { total: res.body.totals.total, settled: true });
  expect(open.number).toBeGreaterThan(0);
  // Moves: two cancelled, one refunded after the release, one picked.
  await move(written[1]!.id, 'cancelled');
  await move(written[14]!.id, 'cancelled');
  await move(written[2]!.id, 'processing');
}, 180_000);

afterAll(() => Clock.reset());

/** Every row of a filter, page after page by the cursor (`PAGE` rows a page: the set is larger). */
async function all(query: Record<string, string>, token = t.admin): Promise<SaleSummary[]> {
  const rows: SaleSummary[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 100; n++) {
    const res = await api('GET', `/api/sales?${qs({ ...query, limit: String(PAGE), ...(cursor ? { cursor } : {}) })}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    rows.push(...res.body.items);
    cursor = res.body.nextCursor ?? undefined;
    if (!cursor) return rows;
  }
  throw new Error('the list never ended');
}

const totalsOf = async (query: Record<string, string>, token = t.admin) => {
  const res = await api('GET', `/api/sales/totals?${qs(query)}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { count: number; total: string; exact: boolean; source: string };
};

/** The count and total of rows as the list defines them: cancelled and refunded counted, their value left out unless asked for by status. */
function recount(rows: { status: string; total: string }[], byStatus: boolean) {
  const total = rows.filter((x) => byStatus || (x.status !== 'cancelled' && x.status !== 'refunded')).reduce((acc, x) => acc.plus(x.total), new Decimal(0));
  return { count: rows.length, total: total.toFixed() };
}

const newestFirst = (a: Written, b: Written) => (a.orderDate === b.orderDate ? b.number - a.number : a.orderDate < b.orderDate ? 1 : -1);

describe('the sales list finds any sale', () => {
  const filters: [string, Record<string, string>, (x: Written) => boolean, 'aggregates' | 'read'][] = [];
  beforeAll(() => {
    filters.push(
      ['no filter', {}, () => true, 'aggregates'],
      ['status', { status: 'cancelled' }, (x) => x.status === 'cancelled', 'aggregates'],
      ['client', { clientId: c.atacadao }, (x) => x.clientId === c.atacadao, 'read'],
      ['salesman', { salesmanId: w.otherSalesman.id }, (x) => x.salesmanId === w.otherSalesman.id, 'aggregates'],
      ['supervisor', { supervisorId: w.supervisor.id }, (x) => x.salesmanId === w.salesman.id || x.salesmanId === w.supervisor.id, 'aggregates'],
      ['branch', { branchId: filial }, (x) => x.branchId === filial, 'aggregates'],
      ['product company', { productCompanyId: r.beta }, (x) => x.productCompanyId === r.beta, 'aggregates'],
      ['sale type', { natureId: r.revenda }, (x) => x.natureId === r.revenda, 'aggregates'],
      ['payment condition', { paymentConditionId: r.vista }, (x) => x.paymentConditionId === r.vista, 'aggregates'],
      ['closing period over a month’s turn', { from: '2026-09-30', until: '2026-10-31' }, (x) => x.orderDate >= '2026-09-30' && x.orderDate <= '2026-10-31', 'aggregates'],
      ['closing period of whole months', { from: '2026-09-01', until: '2026-10-31' }, (x) => x.orderDate >= '2026-09-01' && x.orderDate <= '2026-10-31', 'aggregates'],
      ['closing period with only an end', { until: '2026-09-30' }, (x) => x.orderDate <= '2026-09-30', 'aggregates'],
      ['closing period with only a start', { from: '2026-10-02' }, (x) => x.orderDate >= '2026-10-02', 'aggregates'],
      ['emission period', { dateBy: 'emission', from: '2026-10-31', until: '2026-10-31' }, (x) => x.issuedOn === '2026-10-31', 'read'],
      ['closing period of that day', { from: '2026-10-31', until: '2026-10-31' }, (x) => x.orderDate === '2026-10-31', 'aggregates'],
      ['status and branch', { status: 'pending', branchId: matriz }, (x) => x.status === 'pending' && x.branchId === matriz, 'aggregates'],
      ['status, condition and period', { status: 'pending', paymentConditionId: r.prazo, from: '2026-09-29', until: '2026-10-02' }, (x) => x.status === 'pending' && x.paymentConditionId === r.prazo && x.orderDate >= '2026-09-29' && x.orderDate <= '2026-10-02', 'aggregates'],
      ['branch and sale type', { branchId: matriz, natureId: r.venda }, (x) => x.branchId === matriz && x.natureId === r.venda, 'read'],
      ['client and status', { clientId: c.bompreco, status: 'pending' }, (x) => x.clientId === c.bompreco && x.status === 'pending', 'read'],
    );
  });

  it('each filter, read page after page, is exactly the sales written that match it, newest first; its count and total equal a recount', async () => {
    expect(written.length).toBe(20);
    for (const [name, query, pred, source] of filters) {
      const expected = written.filter(pred).sort(newestFirst);
      expect(expected.length, name).toBeGreaterThan(0);
      const rows = await all(query);
      expect(rows.map((x) => x.number), name).toEqual(expected.map((x) => x.number));
      const byStatus = Boolean(query.status);
      const figures = await totalsOf(query);
      expect(figures, name).toEqual({ ...recount(expected, byStatus), exact: true, source });
      expect(recount(rows, byStatus), name).toEqual(recount(expected, byStatus));
    }
  });

  it('sorts by number, client and total over the whole filtered set, either way, by the server', async () => {
    const cases: [Record<string, string>, (x: Written) => boolean][] = [[{}, () => true], [{ branchId: matriz }, (x) => x.branchId === matriz], [{ status: 'pending', from: '2026-09-30' }, (x) => x.status === 'pending' && x.orderDate >= '2026-09-30']];
    const collator = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const orders: Record<string, (a: Written, b: Written) => number> = {
      number: (a, b) => a.number - b.number,
      client: (a, b) => collator(fold(a.clientName), fold(b.clientName)) || a.number - b.number,
      total: (a, b) => new Decimal(a.total).comparedTo(b.total) || a.number - b.number,
      date: (a, b) => -newestFirst(a, b),
    };
    for (const [query, pred] of cases) {
      for (const [sort, order] of Object.entries(orders)) {
        for (const dir of ['asc', 'desc'] as const) {
          const expected = written.filter(pred).sort((a, b) => (dir === 'asc' ? order(a, b) : order(b, a)));
          const rows = await all({ ...query, sort, dir });
          expect(rows.map((x) => x.number), `${sort} ${dir} ${JSON.stringify(query)}`).toEqual(expected.map((x) => x.number));
        }
      }
    }
  });

  it('searches by number, the client’s name, nickname or document, the newest first', async () => {
    const atacadao = written.filter((x) => x.clientId === c.atacadao).sort((a, b) => b.number - a.number);
    for (const q of ['atacadao', 'Atacadão Bauru', '11222333', '11.222.333/0001-81']) {
      const rows = await all({ q });
      expect(rows.map((x) => x.number), q).toEqual(atacadao.map((x) => x.number));
      expect((await totalsOf({ q })).count, q).toBe(atacadao.length);
    }
    const otaviao = await all({ q: 'otaviao' });
    expect(otaviao.map((x) => x.clientId)).toEqual(written.filter((x) => x.clientId === c.otavio).map(() => c.otavio));
    const one = written[7]!;
    expect((await all({ q: String(one.number) })).map((x) => x.id)).toContain(one.id);
    // A search with a filter: the client's cancelled sales only.
    const cancelled = atacadao.filter((x) => x.status === 'cancelled');
    expect((await all({ q: 'atacadao', status: 'cancelled' })).map((x) => x.number)).toEqual(cancelled.map((x) => x.number));
  });

  it('the consignments view: the consigned sales still with the client, the earliest return date first, with the date', async () => {
    const open = written.filter((x) => x.consigned && !x.settled);
    const rows = await all({ consignments: 'true' });
    expect(rows.map((x) => [x.number, x.returnDate])).toEqual(open.sort((a, b) => collate(a.returnDate!, b.returnDate!)).map((x) => [x.number, x.returnDate]));
    expect(rows.every((x) => x.settled === false)).toBe(true);
    expect(await totalsOf({ consignments: 'true' })).toMatchObject({ count: open.length, exact: true, source: 'read' });
  });

  it('in the user’s record scope: a salesman’s count and total only over his sales, a supervisor’s over his team; a filter outside the scope finds nothing', async () => {
    const his = written.filter((x) => x.salesmanId === w.salesman.id);
    expect((await all({}, t.salesman)).map((x) => x.number)).toEqual([...his].sort(newestFirst).map((x) => x.number));
    expect(await totalsOf({}, t.salesman)).toEqual({ ...recount(his, false), exact: true, source: 'aggregates' });
    expect(await totalsOf({ status: 'cancelled' }, t.salesman)).toEqual({ ...recount(his.filter((x) => x.status === 'cancelled'), true), exact: true, source: 'aggregates' });
    // The supervisor's team is him and the salesman: the other salesman's sales are not his to count.
    expect(await totalsOf({}, t.supervisor)).toEqual({ ...recount(his, false), exact: true, source: 'aggregates' });
    expect(await totalsOf({ salesmanId: w.otherSalesman.id }, t.supervisor)).toEqual({ count: 0, total: '0', exact: true, source: 'aggregates' });
    expect(await all({ salesmanId: w.otherSalesman.id }, t.supervisor)).toEqual([]);
    expect(await totalsOf({ branchId: filial }, t.salesman)).toEqual({ count: 0, total: '0', exact: true, source: 'aggregates' });
  });

  it('answers Portuguese 400s for a bad sort or direction', async () => {
    const bad = await api('GET', '/api/sales?sort=peso&dir=up', { token: t.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['dir', 'sort']);
    expect(bad.body.fields.find((f: { field: string }) => f.field === 'sort').message).toBe('Ordene por um destes: date, number, client, total.');
    const period = await api('GET', '/api/sales/totals?from=2026-10-02&until=2026-10-01', { token: t.admin });
    expect(period.status).toBe(400);
    expect(period.body.fields).toEqual([{ field: 'until', message: 'A data final do período deve ser igual ou posterior à inicial.' }]);
  });
});

const collate = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
