import Decimal from 'decimal.js';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { judgeOfflineOrder, type DeviceFacts } from '@ev/shared/offline/order';
import type { OfflinePortfolio } from '@ev/shared/schemas/offline';
import { SaleDraftFields } from '@ev/shared/schemas/sales';
import { utcTimestamp } from '@ev/shared/calendar';
import { salesWorld } from '../testing/sales';

/**
 * The same rules offline and online (issue 45, docs/offline.md "Orders offline"): on the same data,
 * an order judged on the device (`judgeOfflineOrder`, from the portfolio the device holds) and the
 * same order sent through the sync get the same answer: taken with the same total, or refused on
 * the same fields with the same texts. Orders are drawn at random over clients (the salesman's, a
 * blocked one, another salesman's), payment conditions (one with a minimum invoice), products (one
 * without a price, one with a minimum price), prices under, at and over the table's, line and
 * general discounts. Stock is plentiful: the stock is the server's to judge.
 */

type S = Awaited<ReturnType<typeof salesWorld>>;
let s: S;
let facts: Omit<DeviceFacts, 'client' | 'terms' | 'nature' | 'condition'>;
let held: OfflinePortfolio;
const c = {} as Record<'mine' | 'blocked' | 'theirs', string>;
const p = {} as Record<'rice' | 'oil' | 'minimum' | 'unpriced', string>;
let minimumCondition: string;
let seq = 0;

beforeAll(async () => {
  s = await salesWorld('Regras offline');
  [p.rice, p.oil, p.minimum] = await Promise.all([s.product('Arroz Tipo 1 5kg', '24.9', '10000'), s.product('Óleo de Soja 900ml', '7.45', '10000'), s.product('Café Torrado 500g', '18.40', '10000', { minimumPrice: '16.00' })]);
  p.unpriced = (await s.post('/api/products', { ref: `SEM-${s.tag}`, name: 'Biscoito sem preço', unitId: s.ids.un })).id;
  [c.mine, c.theirs] = await Promise.all([s.client('Mercado Bom Preço'), s.client('Armazém do Outro', s.w.otherSalesman.id)]);
  c.blocked = await s.client('Empório em Análise');
  const blocked = (await s.api('GET', `/api/clients/${c.blocked}`, { token: s.tokens.admin })).body;
  expect((await s.api('PUT', `/api/clients/${c.blocked}`, { token: s.tokens.admin, body: { ...blocked, situation: 'analysis' } })).status).toBe(200);
  minimumCondition = (await s.post('/api/payments-conditions', { name: `28/56 mínimo ${s.tag}`, terms: ['28', '56'], discountRate: '2,5', minimumInvoice: '150' })).id;
  const res = await s.api('POST', '/api/offline/portfolio', { token: s.tokens.salesman, body: {} });
  expect(res.status).toBe(200);
  held = res.body;
  const company = (await s.api('GET', '/api/company', { token: s.tokens.admin })).body;
  const sales = company.settings.sales;
  const prices = new Map(held.prices.items.map((x) => [x.id, x.price]));
  facts = {
    products: new Map(held.products.items.map((x) => [x.id, x])),
    priceTables: new Map(held.priceTables.map((t) => [t.id, t])),
    priceOf: (tableId, productId) => prices.get(`${tableId}|${productId}`),
    settings: { ...sales, useOriginalSalesman: company.settings.further.useOriginalSalesman },
    user: { id: s.w.salesman.id, sells: true },
    decimals: held.branch!.decimals,
    day: new Date().toLocaleDateString('en-CA', { timeZone: held.timezone }),
  };
}, 120_000);

const line = fc.record({
  product: fc.constantFrom('rice', 'oil', 'rice', 'oil', 'minimum', 'minimum', 'unpriced') as fc.Arbitrary<keyof typeof p>,
  quantity: fc.integer({ min: 1, max: 6 }).map(String),
  factor: fc.constantFrom('1', '1', '0.5', '1.1', '0.88'),
  discount: fc.constantFrom(null, '5', '12.5'),
});
const order = fc.record({
  client: fc.constantFrom('mine', 'mine', 'mine', 'mine', 'mine', 'mine', 'blocked', 'theirs') as fc.Arbitrary<keyof typeof c>,
  condition: fc.constantFrom('prazo', 'prazo', 'prazo', 'minimum', null),
  general: fc.constantFrom(null, '10'),
  lines: fc.array(line, { minLength: 0, maxLength: 3 }),
});

describe('an order judged on the device and on the server', () => {
  it('gets the same answer on the same data: taken with the same total, or refused on the same fields with the same texts', async () => {
    const outcomes: string[] = [];
    await fc.assert(
      fc.asyncProperty(order, async (o) => {
        const table = (productId: string) => held.prices.items.find((x) => x.productId === productId)?.price ?? '10';
        const draft = SaleDraftFields.parse({
          clientId: c[o.client],
          natureId: s.ids.venda,
          paymentConditionId: o.condition === 'prazo' ? s.ids.prazo : o.condition === 'minimum' ? minimumCondition : null,
          paymentType: o.condition ? 'boleto' : null,
          transport: { costing: 1 },
          generalDiscountPercent: o.general,
          items: o.lines.map((l) => ({ productId: p[l.product], quantity: l.quantity, unitPrice: new Decimal(table(p[l.product])).times(l.factor).toDecimalPlaces(2).toFixed(), discountPercent: l.discount })),
        });
        const client = held.clients.items.find((x) => x.id === draft.clientId);
        const device = judgeOfflineOrder(draft, {
          ...facts,
          client,
          terms: held.clientTerms.find((t) => t.clientId === draft.clientId),
          nature: held.registries['natures']!.find((n) => n.id === draft.natureId) ?? null,
          condition: held.registries['payments-conditions']!.find((n) => n.id === draft.paymentConditionId) ?? null,
        });
        const key = `prop-${s.tag}-${++seq}-${Date.now().toString(36)}`;
        const res = await s.api('POST', '/api/offline/sync', { token: s.tokens.salesman, body: { items: [{ kind: 'order', key, queuedAt: utcTimestamp(Date.now()), draft }] } });
        expect(res.status).toBe(200);
        const server = res.body.items[0];
        outcomes.push(device.refusal ? 'refused' : 'done');
        if (device.refusal) {
          expect(server.status, `device refused ${JSON.stringify(device.refusal.fields.map((f) => f.field))}, server ${JSON.stringify(server)}`).toBe('refused');
          expect(server.error.fields.map((f: { field: string }) => f.field)).toEqual(device.refusal.fields.map((f) => f.field));
          expect(server.error.fields.map((f: { message: string }) => f.message)).toEqual(device.refusal.fields.map((f) => f.said.message));
        } else {
          expect(server.status, JSON.stringify(server)).toBe('done');
          const sale = await s.read(server.sale.id);
          expect(sale.totals.total).toBe(device.totals.total);
        }
      }),
      { numRuns: 60, seed: Number(process.env.PROPERTY_SEED ?? Date.now() % 100000) },
    );
    // Both answers were drawn: a run of only refusals (or only orders taken) proves half the rule.
    expect(outcomes).toContain('done');
    expect(outcomes).toContain('refused');
  }, 240_000);
});
