import { beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '@ev/core/clock';
import { runAs } from '@ev/core/context';
import { SalesRepository } from '@ev/core/sales/repository';
import { checkedCall } from '../testing/checked-call';
import { makeWorld, poster, type World } from '../testing/world';

/**
 * The entry's rules as a caller meets them (docs/sales.md "Rules at a save", "Closing"): the drafts
 * list holds drafts only, whatever happened to them since; a discount never takes a line below its
 * minimum unnoticed; a sale always has a salesman; a free order refuses what it cannot carry.
 */

const api = checkedCall;
const here = { latitude: -22.3145, longitude: -49.0587, accuracy: 35 };
let w: World;
let matriz: string;
const t = {} as Record<'admin' | 'supervisor' | 'salesman', string>;
const r = {} as Record<'un' | 'venda' | 'prazo' | 'table', string>;
const p = {} as Record<'arroz' | 'feijao' | 'oleo', string>;
const c = {} as Record<'mine', string>;
const post = (path: string, body: unknown, token = t.admin) => poster(token, api)(path, body);
const line = (productId: string, quantity: string, unitPrice: string, extra: Record<string, unknown> = {}) => ({ productId, quantity, unitPrice, ...extra });
const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((i) => i.id);

beforeAll(async () => {
  w = await makeWorld('Regras');
  matriz = w.branches[0]!.id;
  const logins = await Promise.all([w.admin.email, w.supervisor.email, w.salesman.email].map((e) => w.login(e)));
  [t.admin, t.supervisor, t.salesman] = logins.map((l) => l.accessToken) as [string, string, string];
  const [un, venda, prazo, table] = await Promise.all([
    post('/api/units', { name: 'UN' }),
    post('/api/natures', { name: 'Venda de mercadoria', cfop: '5102', financialMovement: true }),
    post('/api/payments-conditions', { name: '30/60', terms: ['030', '060'] }),
    post('/api/price-tables', { name: 'Varejo', isDefault: true }),
  ]);
  Object.assign(r, { un: un.id, venda: venda.id, prazo: prazo.id, table: table.id });
  let ref = 0;
  const product = async (name: string, price: string, minimumPrice: string | null = null) => {
    const made = await post('/api/products', { ref: `R-${++ref}`, name, unitId: r.un, minimumPrice });
    expect((await api('PUT', `/api/products/${made.id}/prices/${r.table}`, { token: t.admin, body: { price } })).status).toBe(200);
    await post('/api/inventory/movements', { productId: made.id, branchId: matriz, kind: 'adjustment', quantity: '1000', reason: 'Contagem' });
    return made.id;
  };
  [p.arroz, p.feijao, p.oleo] = await Promise.all([product('Arroz Tipo 1 5kg', '24.9'), product('Feijão Preto 1kg', '91.89', '79.9'), product('Óleo de Soja 900ml', '7.5', '6')]);
  c.mine = (await post('/api/clients', { name: 'Atacadão Bauru Ltda', nickname: 'Atacadão', email: 'compras@atacadao.com.br', document: '11.222.333/0001-81', birthDate: '1990-05-05', salesmanId: w.salesman.id })).id;
}, 60_000);

const order = (items: unknown[], extra: Record<string, unknown> = {}, token = t.salesman) =>
  post('/api/sales', { clientId: c.mine, natureId: r.venda, paymentConditionId: r.prazo, paymentType: 'boleto', transport: { costing: 1 }, items, ...extra }, token);

describe('the drafts list holds drafts only', () => {
  it('a closed sale, then one moved to completed, is no longer a draft in any list of anyone who sees it', async () => {
    const d = await order([line(p.arroz, '2', '24.9')]);
    const kept = await order([line(p.arroz, '1', '24.9')]);
    // Closed a minute after its last save, as a user does (the list's sort key holds the last change).
    Clock.set(() => Date.now() + 60_000);
    const closed = await api('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: d.version, geolocation: here }, headers: { 'idempotency-key': `close-${d.id}` } }).finally(() => Clock.reset());
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);

    const draftsOf = async (token: string) => {
      const [apart, typing] = await Promise.all([api('GET', '/api/sales?drafts=true&limit=100', { token }), api('GET', '/api/sales?status=typing&limit=100', { token })]);
      expect(apart.status).toBe(200);
      for (const res of [apart, typing]) for (const row of res.body.items as { status: string }[]) expect(row.status).toBe('typing');
      return { apart: ids(apart), typing: ids(typing) };
    };
    const check = async () => {
      for (const token of [t.salesman, t.supervisor, t.admin]) {
        const drafts = await draftsOf(token);
        expect(drafts.apart).not.toContain(d.id);
        expect(drafts.typing).not.toContain(d.id);
        expect(drafts.apart).toContain(kept.id);
        const sales = await api('GET', '/api/sales?limit=100', { token });
        expect(ids(sales)).toContain(d.id);
        expect(ids(sales)).not.toContain(kept.id);
      }
      // Nor is it left among the closes under way, which the start's sweep reads.
      const closing = await runAs({ tenantId: w.tenant.id }, () => SalesRepository.interrupted({ limit: 100, query: 'test' }));
      expect(closing.items.map((i) => i.id)).not.toContain(d.id);
    };
    await check();

    let version = closed.body.version as number;
    for (const to of ['processing', 'receipt', 'delivered', 'completed']) {
      const moved = await api('POST', `/api/sales/${d.id}/status`, { token: t.admin, body: { version, to } });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      version = moved.body.version;
    }
    await check();
    const completed = await api('GET', '/api/sales?status=completed&limit=100', { token: t.admin });
    expect(ids(completed)).toContain(d.id);
  });

  it('a close that cut a short line to the stock leaves no draft behind either', async () => {
    const scarce = await post('/api/products', { ref: 'R-CUT', name: 'Azeite Escasso 500ml', unitId: r.un });
    expect((await api('PUT', `/api/products/${scarce.id}/prices/${r.table}`, { token: t.admin, body: { price: '30' } })).status).toBe(200);
    await post('/api/inventory/movements', { productId: scarce.id, branchId: matriz, kind: 'adjustment', quantity: '2', reason: 'Contagem' });
    const d = await order([line(scarce.id, '5', '30')]);
    Clock.set(() => Date.now() + 60_000);
    const closed = await api('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: d.version, geolocation: here, acceptShortStock: true } }).finally(() => Clock.reset());
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(ids(await api('GET', '/api/sales?drafts=true&limit=100', { token: t.salesman }))).not.toContain(d.id);
  });
});
