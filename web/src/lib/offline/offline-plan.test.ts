import { idsDigest } from '@ev/shared/offline/digest';
import { OFFLINE_ENTITIES as CONTRACT_ENTITIES, OFFLINE_SYNC_MAX as CONTRACT_SYNC_MAX, type OfflinePortfolio, type OfflineSyncResult } from '@ev/shared/schemas/offline';
import { describe, expect, it } from 'vitest';
import { OFFLINE_ENTITIES, OFFLINE_SYNC_MAX, planPortfolio, portfolioRequest, SYNC_EVERY_MS, syncDue } from './portfolio-plan';
import { planBatch, type QueueRow } from './queue-plan';
import { clientIndex, productIndex, searchIndex } from './search';

const AT = '2026-11-30 18:00:00';

function answer(over: Partial<OfflinePortfolio> = {}): OfflinePortfolio {
  const empty = { items: [], ids: null, digest: idsDigest([]) };
  return {
    at: AT,
    userId: 'u1',
    timezone: 'America/Sao_Paulo',
    branch: null,
    clients: empty,
    clientTerms: [],
    products: empty,
    prices: empty,
    schedulings: empty,
    priceTables: [],
    registries: {},
    stock: [],
    truncated: { clients: false, products: false },
    ...over,
  } as OfflinePortfolio;
}

const noneHeld = { clients: [], products: [], prices: [], schedulings: [] };

describe('the portfolio request', () => {
  it('repeats the contract constants', () => {
    expect(OFFLINE_ENTITIES).toEqual(CONTRACT_ENTITIES);
    expect(OFFLINE_SYNC_MAX).toBe(CONTRACT_SYNC_MAX);
  });

  it('asks everything on a first sync, then each entity since the last at with the digest of the ids held', () => {
    const never = { since: null, ids: [] };
    expect(portfolioRequest({ clients: never, products: never, prices: never, schedulings: never })).toEqual({});
    const req = portfolioRequest({
      clients: { since: AT, ids: ['c2', 'c1'] },
      products: { since: AT, ids: [] },
      prices: { since: AT, ids: ['t|p'] },
      schedulings: { since: AT, ids: [] },
    });
    expect(req.clients).toEqual({ since: AT, digest: idsDigest(['c1', 'c2']) });
    expect(req.products).toEqual({ since: AT, digest: idsDigest([]) });
    expect(req.prices?.digest).toBe(idsDigest(['t|p']));
  });
});

describe('applying a portfolio answer', () => {
  const client = (id: string) => ({ id }) as OfflinePortfolio['clients']['items'][number];

  it('puts what changed and removes nothing while the server says the set is right (ids null)', () => {
    const plan = planPortfolio({ ...noneHeld, clients: ['c1', 'c2'] }, answer({ clients: { items: [client('c2'), client('c3')], ids: null, digest: 'x' } }));
    expect(plan.put.clients.map((c) => c.id)).toEqual(['c2', 'c3']);
    expect(plan.remove.clients).toEqual([]);
    expect(plan.counts.clients).toBe(3);
    expect(plan.changed.clients).toBe(2);
  });

  it('removes the ids held that the answer no longer holds when it sends its ids', () => {
    const plan = planPortfolio(
      { ...noneHeld, clients: ['c1', 'c2', 'c3'], schedulings: ['s-old', 's1'] },
      answer({
        clients: { items: [], ids: ['c1', 'c3'], digest: 'x' },
        schedulings: { items: [], ids: ['s1'], digest: 'y' },
      }),
    );
    expect(plan.remove.clients).toEqual(['c2']);
    expect(plan.remove.schedulings).toEqual(['s-old']);
    expect(plan.counts).toMatchObject({ clients: 2, schedulings: 1, products: 0 });
  });

  it('never removes a record the same answer carries, even when its ids missed it', () => {
    const plan = planPortfolio({ ...noneHeld, clients: ['c1', 'c2'] }, answer({ clients: { items: [client('c2')], ids: ['c1'], digest: 'x' } }));
    expect(plan.remove.clients).toEqual([]);
    expect(plan.counts.clients).toBe(2);
  });

  it('counts the parts that come whole each time', () => {
    const plan = planPortfolio(
      noneHeld,
      answer({
        clientTerms: [{ clientId: 'c1', priceSources: [{ source: 'default', tableId: 't1' }], financial: { open: '0', expired: '0', toExpire: '0', creditAvailable: null } }],
        priceTables: [{ id: 't1', name: 'Padrão', isDefault: true, validFrom: null, validUntil: null }],
        registries: { natures: [{ id: 'n1' }, { id: 'n2' }], vehicles: [] },
        stock: [{ productId: 'p1', available: '3' }],
      }),
    );
    expect(plan.counts).toMatchObject({ clientTerms: 1, priceTables: 1, registries: 2, stock: 1 });
  });
});

describe('searching on the device', () => {
  const clients = [
    { id: '1', name: 'Mercado São José', nickname: 'Zé', document: '12.345.678/0001-90', addresses: [{ city: 'Bauru' }] },
    { id: '2', name: 'Açougue Boi Gordo', nickname: null, document: '987.654.321-00', addresses: [{ city: 'São Paulo' }, { city: 'Marília' }] },
    { id: '3', name: 'Padaria Pão Quente', nickname: 'Padoca do João', document: null, addresses: [] },
  ];
  const index = clientIndex(clients);
  const ids = (q: string, limit = 10) => searchIndex(index, q, limit).map((c) => c.id);

  it('ignores accents and case on names, nicknames and cities; each word begins a word of the record', () => {
    expect(ids('sao jose')).toEqual(['1']);
    expect(ids('ACOUGUE')).toEqual(['2']);
    expect(ids('joão')).toEqual(['3']);
    expect(ids('marilia')).toEqual(['2']);
    expect(ids('sao')).toEqual(['2', '1']);
    expect(ids('ose')).toEqual([]);
  });

  it('finds a document by its digits, typed with or without the mask', () => {
    expect(ids('12345678')).toEqual(['1']);
    expect(ids('987.654.321')).toEqual(['2']);
    expect(ids('0001-90')).toEqual(['1']);
  });

  it('answers by name, at most the limit; an empty text lists the first ones', () => {
    expect(ids('')).toEqual(['2', '1', '3']);
    expect(ids('', 2)).toEqual(['2', '1']);
  });

  it('finds products by name, reference and barcode', () => {
    const products = productIndex([
      { id: 'p1', name: 'Café Torrado 500 g', ref: 'CAF-500', barcode: '7891234567895' },
      { id: 'p2', name: 'Açúcar Refinado', ref: 'ACU-1', barcode: null },
    ]);
    const found = (q: string) => searchIndex(products, q, 10).map((p) => p.id);
    expect(found('cafe')).toEqual(['p1']);
    expect(found('acucar ref')).toEqual(['p2']);
    expect(found('caf-500')).toEqual(['p1']);
    expect(found('78912345')).toEqual(['p1']);
  });
});

describe("the queue's outcomes", () => {
  const row = (key: string): QueueRow => ({ seq: 1, key, kind: 'order', item: { kind: 'order', key, queuedAt: AT, draft: {} } as QueueRow['item'], queuedAt: AT, label: `Pedido ${key}` });
  const result = (key: string, status: OfflineSyncResult['status'], extra: Partial<OfflineSyncResult> = {}): OfflineSyncResult => ({ key, status, sale: null, scheduling: null, error: null, ...extra });

  it('moves done items to the sent list with their number and refused ones to review with the reason, in order', () => {
    const error = { status: 'error' as const, code: 'sales.stock', message: 'Estoque insuficiente.' };
    const plan = planBatch([row('k1'), row('k2'), row('k3')], [result('k1', 'done', { sale: { id: 's1', number: 123, status: 'closed' } }), result('k2', 'refused', { error }), result('k3', 'done', { sale: { id: 's3', number: 124, status: 'closed' } })], AT);
    expect(plan.sent.map((s) => [s.key, s.sale?.number, s.label])).toEqual([
      ['k1', 123, 'Pedido k1'],
      ['k3', 124, 'Pedido k3'],
    ]);
    expect(plan.review).toHaveLength(1);
    expect(plan.review[0]).toMatchObject({ key: 'k2', error, item: { key: 'k2' }, movedAt: AT });
    expect(plan.review[0]).not.toHaveProperty('seq');
    expect(plan.stop).toBe(false);
  });

  it('stops at a retry: that item and the ones after it stay queued', () => {
    const plan = planBatch([row('k1'), row('k2'), row('k3')], [result('k1', 'done'), result('k2', 'retry'), result('k3', 'done')], AT);
    expect(plan.sent.map((s) => s.key)).toEqual(['k1']);
    expect(plan.review).toEqual([]);
    expect(plan.stop).toBe(true);
  });

  it('treats an item the answer does not name as a retry', () => {
    const plan = planBatch([row('k1'), row('k2')], [result('k1', 'done')], AT);
    expect(plan.sent.map((s) => s.key)).toEqual(['k1']);
    expect(plan.stop).toBe(true);
  });
});

describe('when a sync is due', () => {
  const now = Date.parse('2026-11-30T18:00:00Z');
  const at = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  it('is due when never tried, 15 minutes after the last attempt, or when the clock went back', () => {
    expect(syncDue(null, now)).toBe(true);
    expect(syncDue(at(now - SYNC_EVERY_MS + 1000), now)).toBe(false);
    expect(syncDue(at(now - SYNC_EVERY_MS), now)).toBe(true);
    expect(syncDue(at(now + 60_000), now)).toBe(true);
  });
});
