import Decimal from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { idsDigest } from '@ev/shared/offline/digest';
import { candidatesOf, hasDefaultTable, resolvePrice } from '@ev/shared/prices/resolve';
import type { OfflinePortfolio } from '@ev/shared/schemas/offline';
import { utcTimestamp } from '@ev/shared/calendar';
import { cpfDigits } from '../testing/documents';
import { salesWorld } from '../testing/sales';
import { makeWorld } from '../testing/world';

/**
 * Offline field work's API (docs/offline.md): the portfolio a device keeps, in the user's scope and
 * by changes since its last sync, and the sync of the queue, each item once per key whatever
 * arrives twice, late or out of order; a refusal leaves nothing and says why.
 */

type S = Awaited<ReturnType<typeof salesWorld>>;
let s: S;
const ids = {} as Record<'rice' | 'oil' | 'scarce' | 'mine' | 'mine2' | 'theirs', string>;
const now = () => utcTimestamp(Date.now());
let seq = 0;
const key = () => `k-${Date.now().toString(36)}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

const portfolio = async (token: string, body: unknown = {}) => {
  const res = await s.api('POST', '/api/offline/portfolio', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as OfflinePortfolio;
};
const sync = (token: string, items: unknown[]) => s.api('POST', '/api/offline/sync', { token, body: { items } });
const order = (clientId: string, lines: { productId: string; quantity: string; unitPrice: string }[], k = key()) => ({
  kind: 'order',
  key: k,
  queuedAt: now(),
  draft: { clientId, natureId: s.ids.venda, paymentConditionId: s.ids.prazo, paymentType: 'boleto', transport: { costing: 1 }, items: lines },
  geolocation: { latitude: -22.31, longitude: -49.05, accuracy: 20 },
});

beforeAll(async () => {
  s = await salesWorld('Offline');
  [ids.rice, ids.oil, ids.scarce] = await Promise.all([s.product('Arroz Tipo 1 5kg', '24.9', '100'), s.product('Óleo de Soja 900ml', '7.5', '50'), s.product('Café Torrado 500g', '18.4', '3')]);
  [ids.mine, ids.mine2, ids.theirs] = await Promise.all([s.client('Mercado Bom Preço'), s.client('Empório Central'), s.client('Armazém do Outro', s.w.otherSalesman.id)]);
}, 120_000);

describe('the portfolio on the device', () => {
  it("holds the salesman's own clients only, the products with their prices and stock, and resolves a price as the server does", async () => {
    const p = await portfolio(s.tokens.salesman);
    const clientIds = p.clients.items.map((c) => c.id);
    expect(clientIds).toEqual(expect.arrayContaining([ids.mine, ids.mine2]));
    expect(clientIds).not.toContain(ids.theirs);
    expect(p.clients.ids).toEqual(expect.arrayContaining(clientIds));
    expect(p.products.items.map((x) => x.name)).toEqual(expect.arrayContaining(['Arroz Tipo 1 5kg', 'Óleo de Soja 900ml']));
    expect(new Decimal(p.stock.find((x) => x.productId === ids.scarce)!.available).toNumber()).toBe(3);
    expect(new Decimal(p.stock.find((x) => x.productId === ids.rice)!.available).toNumber()).toBe(100);
    expect(p.registries['natures']!.map((n) => n.id)).toContain(s.ids.venda);
    expect(p.registries['payments-conditions']!.map((n) => n.id)).toContain(s.ids.prazo);
    // The device's resolution (the shared function over what it holds) gives the server's answer.
    const terms = p.clientTerms.find((t) => t.clientId === ids.mine)!;
    const tables = new Map(p.priceTables.map((t) => [t.id, t]));
    const server = await s.api('GET', `/api/clients/${ids.mine}/prices?productIds=${[ids.rice, ids.oil, ids.scarce].join(',')}`, { token: s.tokens.salesman });
    expect(server.status).toBe(200);
    for (const item of server.body.items) {
      const product = p.products.items.find((x) => x.id === item.productId);
      const device = resolvePrice({
        productId: item.productId,
        product,
        candidates: candidatesOf(terms.priceSources, tables),
        hasDefault: hasDefaultTable(terms.priceSources, tables),
        day: server.body.on,
        priceIn: (tableId) => p.prices.items.find((x) => x.id === `${tableId}|${item.productId}`)?.price,
        decimals: server.body.decimals,
      });
      expect(device).toEqual(item);
    }
    expect(terms.financial).toMatchObject({ open: expect.any(String), expired: expect.any(String) });
  });

  it("gives a supervisor his team's clients, and staff only the clients they sell to", async () => {
    const team = await portfolio(s.tokens.supervisor);
    expect(team.clients.items.map((c) => c.id)).toEqual(expect.arrayContaining([ids.mine, ids.mine2]));
    expect(team.clients.items.map((c) => c.id)).not.toContain(ids.theirs);
    const admin = await portfolio(s.tokens.admin);
    expect(admin.clients.items).toEqual([]);
    const other = await portfolio(s.tokens.other);
    expect(other.clients.items.map((c) => c.id)).toEqual([ids.theirs]);
  });

  it('sends only what changed since the last sync, and every id only when the sets differ', async () => {
    const first = await portfolio(s.tokens.salesman);
    const held = (part: { ids: string[] | null; items: { id: string }[] }) => ({ since: first.at, digest: idsDigest(part.ids ?? part.items.map((i) => i.id)) });
    const state = { clients: held(first.clients), products: held(first.products), prices: held(first.prices), schedulings: held(first.schedulings) };
    // Past the overlap a device's clock step is forgiven: nothing changed, nothing comes.
    const same = await portfolio(s.tokens.salesman, { clients: { ...state.clients, since: utcTimestamp(Date.now() + 120_000) }, products: { ...state.products, since: utcTimestamp(Date.now() + 120_000) } });
    expect(same.clients.items).toEqual([]);
    expect(same.clients.ids).toBeNull();
    expect(same.products.items).toEqual([]);
    expect(same.products.ids).toBeNull();
    // A client given to another salesman leaves the portfolio: the ids come, without it.
    const moved = await s.client('Quitanda da Esquina');
    const before = await portfolio(s.tokens.salesman);
    const holding = { since: before.at, digest: idsDigest(before.clients.ids!) };
    const record = (await s.api('GET', `/api/clients/${moved}`, { token: s.tokens.admin })).body;
    expect((await s.api('PUT', `/api/clients/${moved}`, { token: s.tokens.admin, body: { ...record, salesmanId: s.w.otherSalesman.id } })).status).toBe(200);
    const after = await portfolio(s.tokens.salesman, { clients: holding });
    expect(after.clients.ids).not.toBeNull();
    expect(after.clients.ids).not.toContain(moved);
    expect(after.clients.ids).toContain(ids.mine);
  });

  it('refuses a malformed state with the field and the reason', async () => {
    const res = await s.api('POST', '/api/offline/portfolio', { token: s.tokens.salesman, body: { clients: { since: 'ontem', digest: null } } });
    expect(res.status).toBe(400);
    expect(res.body.fields[0].field).toBe('clients.since');
  });
});

describe('the sync of the queue', () => {
  it('closes an order once per key: a replay, and twins sent at once, answer the same sale, the stock reserved once', async () => {
    const item = order(ids.mine, [{ productId: ids.rice, quantity: '4', unitPrice: '24.9' }]);
    const stock = await s.balance(ids.rice);
    const first = await sync(s.tokens.salesman, [item]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.items[0]).toMatchObject({ key: item.key, status: 'done', sale: { status: 'pending', number: expect.any(Number) } });
    const [again, twin] = await Promise.all([sync(s.tokens.salesman, [item]), sync(s.tokens.salesman, [item])]);
    expect(again.body.items[0].sale).toEqual(first.body.items[0].sale);
    expect(twin.body.items[0].sale).toEqual(first.body.items[0].sale);
    const after = await s.balance(ids.rice);
    expect(new Decimal(stock.available).minus(after.available).toNumber()).toBe(4);
    const sale = await s.read(first.body.items[0].sale.id);
    expect(sale.salesmanId).toBe(s.w.salesman.id);
    expect(sale.items[0].quantity).toMatch(/^4(\.0+)?$/);
  });

  it("removes the user's own draft the order was typed from once the order is taken, never another's", async () => {
    const lines = [{ productId: ids.oil, quantity: '1', unitPrice: '7.5' }];
    const [mine, supervisors] = await Promise.all([s.draft(ids.mine, lines), s.draft(ids.mine2, lines, s.tokens.supervisor)]);
    const res = await sync(s.tokens.salesman, [{ ...order(ids.mine, lines), replacesDraft: mine.id }, { ...order(ids.mine2, lines), replacesDraft: supervisors.id }]);
    expect(res.body.items.map((i: { status: string }) => i.status)).toEqual(['done', 'done']);
    expect((await s.api('GET', `/api/sales/${mine.id}`, { token: s.tokens.salesman })).status).toBe(404);
    expect((await s.api('GET', `/api/sales/${supervisors.id}`, { token: s.tokens.admin })).body).toMatchObject({ status: 'typing', version: supervisors.version });
  });

  it('answers the sale a close made online under the same key when its answer was lost, never a second one', async () => {
    const lines = [{ productId: ids.rice, quantity: '2', unitPrice: '24.9' }];
    const draft = await s.draft(ids.mine, lines);
    const item = { ...order(ids.mine, lines), replacesDraft: draft.id };
    const closed = await s.api('POST', `/api/sales/${draft.id}/close`, { token: s.tokens.salesman, body: { version: draft.version }, headers: { 'idempotency-key': item.key } });
    expect(closed.status).toBe(200);
    const stock = await s.balance(ids.rice);
    const res = await sync(s.tokens.salesman, [item]);
    expect(res.body.items[0]).toMatchObject({ status: 'done', sale: { id: draft.id, number: closed.body.number } });
    expect(await s.balance(ids.rice)).toEqual(stock);
  });

  it('takes items in the order sent, each once, whatever arrived before', async () => {
    const a = order(ids.mine, [{ productId: ids.oil, quantity: '1', unitPrice: '7.5' }]);
    const b = order(ids.mine2, [{ productId: ids.oil, quantity: '2', unitPrice: '7.5' }]);
    const late = await sync(s.tokens.salesman, [b]);
    const both = await sync(s.tokens.salesman, [a, b]);
    expect(both.body.items.map((i: { key: string; status: string }) => [i.key, i.status])).toEqual([[a.key, 'done'], [b.key, 'done']]);
    expect(both.body.items[1].sale).toEqual(late.body.items[0].sale);
    expect(both.body.items[0].sale.number).not.toBe(both.body.items[1].sale.number);
  });

  it('refuses an order the stock cannot take with the reason, leaves nothing behind, and goes on with the next item', async () => {
    const stock = await s.balance(ids.scarce);
    const short = order(ids.mine, [{ productId: ids.scarce, quantity: '50', unitPrice: '18.4' }]);
    const next = order(ids.mine2, [{ productId: ids.rice, quantity: '1', unitPrice: '24.9' }]);
    const res = await sync(s.tokens.salesman, [short, next]);
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({ key: short.key, status: 'refused', sale: null, error: { status: 'error', code: expect.any(String), message: expect.stringMatching(/estoque/i) } });
    expect(res.body.items[1]).toMatchObject({ key: next.key, status: 'done' });
    expect(await s.balance(ids.scarce)).toEqual(stock);
    // No draft was left: the salesman's drafts hold none for that client.
    const drafts = await s.api('GET', `/api/sales?status=typing&clientId=${ids.mine}`, { token: s.tokens.salesman });
    expect(drafts.body.items ?? []).toEqual([]);
  });

  it("refuses another salesman's client, another company's client and an item queued too long ago", async () => {
    const stranger = await makeWorld('Outra offline');
    const strangerAdmin = (await stranger.login(stranger.admin.email)).accessToken;
    const foreign = (await s.api('POST', '/api/clients', { token: strangerAdmin, body: { name: 'Cliente Alheio', nickname: 'Alheio', email: 'compras@alheio.com.br', document: cpfDigits(777_888_111), birthDate: '1990-05-05', salesmanId: stranger.salesman.id } })).body.id as string;
    expect(foreign).toBeTruthy();
    const old = { ...order(ids.mine, [{ productId: ids.rice, quantity: '1', unitPrice: '24.9' }]), queuedAt: utcTimestamp(Date.now() - 8 * 24 * 3600 * 1000) };
    const res = await sync(s.tokens.salesman, [order(ids.theirs, [{ productId: ids.rice, quantity: '1', unitPrice: '24.9' }]), order(foreign, [{ productId: ids.rice, quantity: '1', unitPrice: '24.9' }]), old]);
    expect(res.body.items.map((i: { status: string }) => i.status)).toEqual(['refused', 'refused', 'refused']);
    expect(res.body.items[0].error, JSON.stringify(res.body.items[0].error)).toMatchObject({ code: 'validation', key: 'sales.clientMissing', fields: [{ field: 'clientId' }] });
    expect(res.body.items[1].error, JSON.stringify(res.body.items[1].error)).toMatchObject({ code: 'validation', key: 'sales.clientMissing', fields: [{ field: 'clientId' }] });
    expect(res.body.items[2].error).toMatchObject({ code: 'offline.too_old', message: expect.stringContaining('7 dias') });
  });

  it('refuses a malformed queue with the field and the reason, and changes nothing', async () => {
    const bad = await sync(s.tokens.salesman, [{ ...order(ids.mine, []), key: 'x' }]);
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0]).toMatchObject({ field: 'items.0.key', message: expect.stringContaining('chave') });
    const many = await sync(s.tokens.salesman, Array.from({ length: 21 }, () => order(ids.mine, [])));
    expect(many.status).toBe(400);
    expect(many.body.fields[0].message).toContain('20');
    const twice = order(ids.mine, [{ productId: ids.rice, quantity: '1', unitPrice: '24.9' }]);
    const repeated = await sync(s.tokens.salesman, [twice, twice]);
    expect(repeated.status).toBe(400);
    expect(repeated.body.message).toContain(twice.key);
    const none = await sync(s.tokens.salesman, [twice]);
    expect(none.body.items[0].status).toBe('done');
  });
});

describe('visits in the queue', () => {
  const MIN = 60_000;
  const fix = (takenAt: number) => ({ latitude: -22.3246, longitude: -49.0871, accuracy: 20, takenAt });
  let types: { visit: string; visited: string };
  const schedule = async () => {
    const res = await s.api('POST', '/api/schedulings', { token: s.tokens.salesman, body: { clientId: ids.mine, typeId: types.visit, date: new Date().toISOString().slice(0, 10) } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; version: number };
  };
  beforeAll(async () => {
    const [visit, visited] = await Promise.all([s.post('/api/schedulings-types', { name: 'Visita offline', type: 'visit' }), s.post('/api/occurrences-types', { name: 'Visitado offline', type: 'schedulings' })]);
    types = { visit: visit.id, visited: visited.id };
  });

  it("starts and closes a visit on the device's times, once whatever is sent again, and the portfolio holds the day's schedulings", async () => {
    const visit = await schedule();
    const held = await portfolio(s.tokens.salesman);
    expect(held.schedulings.items.map((x) => x.id)).toContain(visit.id);
    const startedAt = Date.now() - 90 * MIN;
    const closedAt = Date.now() - 45 * MIN;
    const item = {
      kind: 'visit',
      key: key(),
      queuedAt: utcTimestamp(startedAt),
      schedulingId: visit.id,
      start: { version: visit.version, position: fix(startedAt - MIN), offline: { key: key(), at: utcTimestamp(startedAt) } },
      close: { version: visit.version + 1, occurrenceTypeId: types.visited, closingObservations: 'Pedido tirado sem sinal', position: fix(closedAt), offline: { key: key(), at: utcTimestamp(closedAt) } },
    };
    const res = await sync(s.tokens.salesman, [item]);
    expect(res.body.items[0], JSON.stringify(res.body)).toMatchObject({ status: 'done', scheduling: { id: visit.id, status: 'completed', duration: 45 * 60 } });
    expect(res.body.items[0].scheduling.start.at).toBe(utcTimestamp(startedAt));
    const again = await sync(s.tokens.salesman, [item]);
    expect(again.body.items[0]).toMatchObject({ status: 'done', scheduling: { version: res.body.items[0].scheduling.version, status: 'completed' } });
  });

  it('closes in a later sync a visit an earlier one started, and refuses a close of a visit never started', async () => {
    const visit = await schedule();
    const startedAt = Date.now() - 30 * MIN;
    const started = await sync(s.tokens.salesman, [{ kind: 'visit', key: key(), queuedAt: utcTimestamp(startedAt), schedulingId: visit.id, start: { version: visit.version, position: fix(startedAt), offline: { key: key(), at: utcTimestamp(startedAt) } } }]);
    expect(started.body.items[0]).toMatchObject({ status: 'done', scheduling: { status: 'active' } });
    const closing = { kind: 'visit', key: key(), queuedAt: now(), schedulingId: visit.id, close: { version: visit.version + 1, occurrenceTypeId: types.visited, position: null, offline: { key: key(), at: now() } } };
    const never = await schedule();
    const res = await sync(s.tokens.salesman, [{ ...closing, key: key(), schedulingId: never.id, close: { ...closing.close, version: never.version, offline: { key: key(), at: now() } } }, closing]);
    expect(res.body.items[0]).toMatchObject({ status: 'refused', error: { code: 'schedulings.not_started' } });
    expect(res.body.items[1]).toMatchObject({ status: 'done', scheduling: { status: 'completed' } });
  });
});
