import { Clock } from '@ev/core/clock';
import { addDays } from '@ev/shared/calendar';
import Decimal from 'decimal.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { salesWorld, type SaleBody } from '../testing/sales';
import Papa from 'papaparse';
import { exportAndWait } from '../testing/exports';
import { setCompanySetting } from '../testing/world';

/**
 * Campaigns in an order (docs/campaigns.md "In an order"): which campaign a line takes (in force by
 * the company's time zone, its branch, the client's segment or region, the minimum quantity), its
 * discount or price in the figures at 2 and 4 places, the required campaign, the unit limit held by
 * the close under concurrent closes and given back by a cancellation, an edit keeping its own units.
 */
let s: Awaited<ReturnType<typeof salesWorld>>;
const p = {} as Record<'agua' | 'suco' | 'sabao', string>;
const r = {} as Record<'bebidas' | 'varejo' | 'atacado' | 'interior', string>;
const line = (productId: string, quantity: string, unitPrice: string) => ({ productId, quantity, unitPrice });
let today: string;

beforeAll(async () => {
  s = await salesWorld('Campanhas no Pedido');
  [r.bebidas, r.varejo, r.atacado, r.interior] = (await Promise.all([s.post('/api/product-groups', { name: 'Bebidas' }), s.post('/api/segments', { name: 'Varejo' }), s.post('/api/segments', { name: 'Atacado' }), s.post('/api/regions', { name: 'Interior' })])).map((x) => x.id) as [string, string, string, string];
  [p.agua, p.suco, p.sabao] = await Promise.all([
    s.product('Água Mineral 500ml', '2.49', '1000', { groupId: r.bebidas }),
    s.product('Suco de Uva 1L', '19.99', '1000', { groupId: r.bebidas }),
    s.product('Sabão em Pó 1kg', '12.90', '1000'),
  ]);
  today = Clock.today(s.w.tenant.timezone);
}, 60_000);

afterEach(() => Clock.reset());

let seq = 0;
async function campaign(body: Record<string, unknown>) {
  const res = await s.api('POST', '/api/campaigns', { token: s.tokens.admin, body: { name: `Campanha ${++seq}`, validFrom: addDays(today, -1), validUntil: addDays(today, 1), kind: 'discount', discountPercent: '5', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string; version: number };
}
const off = (c: { id: string; version: number }, name: string) => s.api('PUT', `/api/campaigns/${c.id}`, { token: s.tokens.admin, body: { name, validFrom: '2020-01-01', validUntil: '2020-01-01', kind: 'discount', discountPercent: '1', status: 'inactive', version: c.version } });
const client = async (extra: Record<string, unknown> = {}) => {
  const id = await s.client();
  if (Object.keys(extra).length) {
    const now = (await s.api('GET', `/api/clients/${id}`, { token: s.tokens.admin })).body;
    const res = await s.api('PUT', `/api/clients/${id}`, { token: s.tokens.admin, body: { ...now, ...extra } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return id;
};
const closeOf = (d: SaleBody, token = s.tokens.salesman) => s.api('POST', `/api/sales/${d.id}/close`, { token, body: { version: d.version, geolocation: { latitude: -22.3, longitude: -49.06, accuracy: 20 } } });

describe('a line in a campaign', () => {
  it('takes the discount off the table price from the minimum quantity, and the figures at 2 places', async () => {
    const c = await campaign({ productGroupIds: [r.bebidas], minimumQuantity: '10' });
    const clientId = await client();
    const d = await s.draft(clientId, [line(p.suco, '12', '19.99'), line(p.suco, '9', '19.99'), line(p.sabao, '12', '12.90')]);
    expect(d.items.map((i: SaleBody) => i.campaign?.id ?? null)).toEqual([c.id, null, null]);
    // 12 × 19,99 = 239,88; less 5 % = 227,886 → 227,89; what the campaign gave: 11,99.
    expect(d.items[0]).toMatchObject({ unitPrice: '19.9900', gross: '239.88', discount: '11.99', total: '227.89', campaign: { name: c.name, discountPercent: '5.0000', price: null, given: '11.99' } });
    expect(d.campaignIds).toEqual([c.id]);
    const closed = await closeOf(d);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.items[0].campaign.id).toBe(c.id);
    // A campaign an order took cannot be deleted (it is made inactive instead).
    const removed = await s.api('DELETE', `/api/campaigns/${c.id}`, { token: s.tokens.admin });
    expect(removed.status).toBe(409);
    expect(removed.body.code).toBe('reference.in_use');
    await off(c, `Encerrada ${c.id}`);
  });

  it('holds only in its period, in the company’s time zone: a São Paulo evening is still its last day', async () => {
    const clientId = await client();
    // 2027-01-01 01:30 UTC is 2026-12-31 22:30 in São Paulo (each moment's own sessions: a token lasts 15 minutes).
    Clock.set(() => Date.parse('2027-01-01T01:30:00Z'));
    const [admin, salesman] = await Promise.all([s.w.login(s.w.admin.email), s.w.login(s.w.salesman.email)]).then((l) => l.map((x) => x.accessToken) as [string, string]);
    const made = await s.api('POST', '/api/campaigns', { token: admin, body: { name: 'Réveillon', validFrom: '2026-12-01', validUntil: '2026-12-31', kind: 'discount', discountPercent: '5', productIds: [p.agua] } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const c = made.body as { id: string; name: string; version: number };
    const d = await s.draft(clientId, [line(p.agua, '10', '2.49')], salesman);
    expect(d.items[0].campaign?.id).toBe(c.id);
    // Past midnight in São Paulo the campaign has ended: the close of the order saved before refuses it, naming it.
    Clock.set(() => Date.parse('2027-01-01T03:30:00Z'));
    const later = (await s.w.login(s.w.salesman.email)).accessToken;
    const late = await closeOf(d, later);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(`A campanha ${c.name} não está mais em vigor para este pedido. Salve o pedido de novo para ter os preços de hoje.`);
    const again = await s.api('PUT', `/api/sales/${d.id}`, { token: later, body: { clientId, natureId: s.ids.venda, paymentConditionId: s.ids.prazo, paymentType: 'boleto', transport: { costing: 1 }, items: [line(p.agua, '10', '2.49')], version: d.version } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.items[0].campaign).toBeNull();
    expect(again.body.totals.total).toBe('24.90');
    Clock.reset();
    await off(c, `Encerrada ${c.id}`);
  });

  it('holds for its branches and its clients’ segments or regions only', async () => {
    const filial = await campaign({ productIds: [p.agua], branchIds: [s.w.branches[1]!.id] });
    const segment = await campaign({ productIds: [p.agua], segmentIds: [r.atacado], regionIds: [r.interior] });
    const plain = await client({ segmentId: r.varejo });
    expect((await s.draft(plain, [line(p.agua, '1', '2.49')])).items[0].campaign).toBeNull();
    const inland = await client({ segmentId: r.varejo, regionId: r.interior });
    expect((await s.draft(inland, [line(p.agua, '1', '2.49')])).items[0].campaign?.id).toBe(segment.id);
    await off(filial, `Encerrada ${filial.id}`);
    await off(segment, `Encerrada ${segment.id}`);
  });

  it('at a fixed price: the price is the campaign’s, another one is refused while prices are locked', async () => {
    const c = await campaign({ kind: 'price', price: '1.99', discountPercent: null, productIds: [p.agua] });
    const clientId = await client();
    const typed = await s.api('POST', '/api/sales', { token: s.tokens.salesman, body: { clientId, natureId: s.ids.venda, paymentConditionId: s.ids.prazo, paymentType: 'boleto', transport: { costing: 1 }, items: [line(p.agua, '3', '2.49')] } });
    expect(typed.status).toBe(400);
    expect(typed.body.fields).toEqual([{ field: 'items.0.unitPrice', message: `Água Mineral 500ml está na campanha ${c.name}: o preço é R$ 1,99.` }]);
    const d = await s.draft(clientId, [line(p.agua, '3', '1.99')]);
    expect(d.items[0]).toMatchObject({ unitPrice: '1.9900', total: '5.97', campaign: { id: c.id, price: '1.9900', given: '1.50' } });
    await off(c, `Encerrada ${c.id}`);
  });
});

describe('a campaign and the close', () => {
  it('a fixed price below the product’s minimum is the floor; a discount of the user on top of it is held against it', async () => {
    const biscuit = await s.product('Biscoito Maizena 400g', '2.49', '100', { minimumPrice: '2.40' });
    const c = await campaign({ kind: 'price', price: '1.99', discountPercent: null, productIds: [biscuit] });
    expect((await closeOf(await s.draft(await client(), [line(biscuit, '5', '1.99')]))).status).toBe(200);
    const off10 = await s.api('POST', '/api/sales', { token: s.tokens.salesman, body: { clientId: await client(), natureId: s.ids.venda, paymentConditionId: s.ids.prazo, paymentType: 'boleto', transport: { costing: 1 }, items: [{ ...line(biscuit, '5', '1.99'), discountPercent: '10' }] } });
    expect(off10.status, JSON.stringify(off10.body)).toBe(201);
    const refused = await closeOf(off10.body as SaleBody);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([{ field: 'items.0.unitPrice', message: 'O preço inserido está abaixo do mínimo permitido. Biscoito Maizena 400g: R$ 1,79 a unidade com os descontos, mínimo R$ 1,99.' }]);
    await off(c, `Encerrada ${c.id}`);
  });

  it('a line the stock cuts below the campaign’s minimum leaves it: its table price again, no unit of the campaign taken', async () => {
    const cereal = await s.product('Cereal Matinal 300g', '12.00', '6');
    const c = await campaign({ kind: 'price', price: '9.90', discountPercent: null, minimumQuantity: '10', productIds: [cereal], totalLimit: '100' });
    const d = await s.draft(await client(), [line(cereal, '12', '9.90')]);
    expect(d.items[0].campaign?.id).toBe(c.id);
    const short = await closeOf(d);
    expect(short.status).toBe(409);
    const cut = await s.api('POST', `/api/sales/${d.id}/close`, { token: s.tokens.salesman, body: { version: d.version, geolocation: { latitude: -22.3, longitude: -49.06, accuracy: 20 }, acceptShortStock: true } });
    expect(cut.status, JSON.stringify(cut.body)).toBe(200);
    expect(cut.body.items[0]).toMatchObject({ quantity: '6', quantityAsked: '12', unitPrice: '12.0000', total: '72.00', campaign: null });
    expect(cut.body.campaignIds).toEqual([]);
    const results = await s.api('GET', '/api/sales/campaign-results', { token: s.tokens.admin });
    expect(results.body.items.find((x: { id: string }) => x.id === c.id)).toMatchObject({ units: '0', sales: 0 });
    await off(c, `Encerrada ${c.id}`);
  });
});

describe('the campaigns the entry offers (GET /sales/campaigns/{clientId})', () => {
  it("are those in force for the client, with what a limited one sold to it; another salesman's client is not found", async () => {
    const c = await campaign({ productIds: [p.agua], clientLimit: '20', segmentIds: [r.atacado] });
    const other = await campaign({ productIds: [p.agua], segmentIds: [r.varejo] });
    const clientId = await client({ segmentId: r.atacado });
    await closeOf(await s.draft(clientId, [line(p.agua, '4', '2.49')]));
    const res = await s.api('GET', `/api/sales/campaigns/${clientId}`, { token: s.tokens.salesman });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ enabled: true, required: true });
    expect(res.body.items).toEqual([expect.objectContaining({ id: c.id, clientLimit: '20.0000', use: { client: '4', total: '4' } })]);
    const theirs = await s.client('Mercado do Outro', s.w.otherSalesman.id);
    expect((await s.api('GET', `/api/sales/campaigns/${theirs}`, { token: s.tokens.salesman })).status).toBe(404);
    await off(c, `Encerrada ${c.id}`);
    await off(other, `Encerrada ${other.id}`);
  });
});

describe('a company that requires a campaign', () => {
  it('refuses a close without one while one is in force for the client, and closes where none is or when not required', async () => {
    const c = await campaign({ productIds: [p.agua], segmentIds: [r.atacado] });
    const wholesale = await client({ segmentId: r.atacado });
    const without = await s.draft(wholesale, [line(p.sabao, '1', '12.90')]);
    const refused = await closeOf(without);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([{ field: 'items', message: `A empresa exige uma campanha no pedido: inclua um produto de uma campanha em vigor para este cliente (${c.name}).` }]);
    expect((await s.read(without.id)).status).toBe('typing');
    // A client no campaign is for closes as ever.
    const retail = await client({ segmentId: r.varejo });
    expect((await closeOf(await s.draft(retail, [line(p.sabao, '1', '12.90')]))).status).toBe(200);
    await setCompanySetting(s.w, 'sales', 'campaignRequired', false);
    expect((await closeOf(await s.read(without.id, s.tokens.salesman))).status).toBe(200);
    await setCompanySetting(s.w, 'sales', 'campaignRequired', true);
    await off(c, `Encerrada ${c.id}`);
  });
});

describe("a campaign's unit limit", () => {
  it('is never passed by concurrent closes: those past it are refused whole, their stock back', async () => {
    const c = await campaign({ productIds: [p.suco], totalLimit: '10' });
    const clients = await Promise.all(Array.from({ length: 6 }, () => client()));
    const before = await s.balance(p.suco);
    // Each saved while the campaign had room: every line took it.
    const drafts = await Promise.all(clients.map((id) => s.draft(id, [line(p.suco, '3', '19.99')])));
    expect(drafts.every((d) => d.items[0].campaign?.id === c.id)).toBe(true);
    const results = await Promise.all(drafts.map((d) => closeOf(d)));
    const ok = results.filter((x) => x.status === 200);
    const refused = results.filter((x) => x.status !== 200);
    expect(ok).toHaveLength(3);
    expect(refused.every((x) => x.status === 409 && x.body.code === 'sales.campaign_limit')).toBe(true);
    expect(refused[0]!.body.message).toBe(`A campanha ${c.name} não tem mais unidades para este pedido. Salve o pedido de novo para ver o que restou.`);
    // The refused closes changed nothing: their drafts as typed, only the 9 units sold reserved.
    for (const [i, x] of results.entries()) if (x.status !== 200) expect((await s.read(drafts[i]!.id)).status).toBe('typing');
    expect(new Decimal((await s.balance(p.suco)).reserved).minus(before.reserved).toFixed()).toBe('9');
    // Saved again, a refused order no longer takes the campaign (1 unit left: too few for 3).
    const left = drafts[results.findIndex((x) => x.status !== 200)]!;
    const resaved = await s.api('PUT', `/api/sales/${left.id}`, { token: s.tokens.salesman, body: { clientId: left.clientId, natureId: s.ids.venda, paymentConditionId: s.ids.prazo, paymentType: 'boleto', transport: { costing: 1 }, items: [line(p.suco, '3', '19.99')], version: left.version } });
    expect(resaved.body.items[0].campaign).toBeNull();
    // A cancelled sale gives its units back: 4 left, a line of 3 takes the campaign again and closes.
    const first = ok[0]!.body as SaleBody;
    const cancelled = await s.api('POST', `/api/sales/${first.id}/status`, { token: s.tokens.admin, body: { version: first.version, to: 'cancelled', reason: 'Cliente desistiu' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const next = await s.draft(await client(), [line(p.suco, '3', '19.99')]);
    expect(next.items[0].campaign?.id).toBe(c.id);
    expect((await closeOf(next)).status).toBe(200);
    await off(c, `Encerrada ${c.id}`);
  });

  it("per client: a client's own sales count, and an edit of a pending sale keeps the units it holds", async () => {
    const c = await campaign({ productIds: [p.agua], clientLimit: '10' });
    const clientId = await client();
    const sale = (await closeOf(await s.draft(clientId, [line(p.agua, '10', '2.49')]))).body as SaleBody;
    expect(sale.items[0].campaign.id).toBe(c.id);
    // The same client has nothing left; another client has all 10.
    expect((await s.draft(clientId, [line(p.agua, '1', '2.49')])).items[0].campaign).toBeNull();
    expect((await s.draft(await client(), [line(p.agua, '10', '2.49')])).items[0].campaign?.id).toBe(c.id);
    const body = (items: unknown[], version: number) => ({ version, clientId, natureId: s.ids.venda, paymentConditionId: s.ids.prazo, paymentType: 'boleto', transport: { costing: 1 }, items });
    // Its own 10 units stay its own through an edit; 11 would pass the limit, so the line leaves the campaign.
    const kept = await s.api('PUT', `/api/sales/${sale.id}`, { token: s.tokens.admin, body: body([{ ...line(p.agua, '10', '2.49'), index: 0 }], sale.version) });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.items[0].campaign?.id).toBe(c.id);
    const more = await s.api('PUT', `/api/sales/${sale.id}`, { token: s.tokens.admin, body: body([{ ...line(p.agua, '11', '2.49'), index: 0 }], kept.body.version) });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(more.body.items[0].campaign).toBeNull();
    // The units it gave back are the client's again.
    expect((await s.draft(clientId, [line(p.agua, '10', '2.49')])).items[0].campaign?.id).toBe(c.id);
    await off(c, `Encerrada ${c.id}`);
  });
});

describe('a branch of 4 decimals', () => {
  it('keeps the campaign’s discount and what it gave to 4 places', async () => {
    const four = await salesWorld('Campanhas Quatro Casas');
    const branch = (await four.api('GET', `/api/branches/${four.matriz}`, { token: four.tokens.admin })).body;
    const { id: _id, active: _a, createdAt: _c, updatedAt: _u, ...fields } = branch;
    expect((await four.api('PUT', `/api/branches/${four.matriz}`, { token: four.tokens.admin, body: { ...fields, decimals: 4 } })).status).toBe(200);
    const suco = await four.product('Suco de Uva 1L', '19.99', '100');
    const c = await four.post<{ id: string }>('/api/campaigns', { name: 'Uva', validFrom: addDays(today, -1), validUntil: addDays(today, 1), kind: 'discount', discountPercent: '5', productIds: [suco] });
    const salesman = (await four.w.login(four.w.salesman.email)).accessToken;
    const d = await four.draft(await four.client(), [{ productId: suco, quantity: '3', unitPrice: '19.99' }], salesman);
    // 3 × 19,99 = 59,97; less 5 % = 56,9715 (kept whole at 4 places); what it gave: 2,9985.
    expect(d.items[0]).toMatchObject({ gross: '59.9700', discount: '2.9985', total: '56.9715', campaign: { id: c.id, given: '2.9985' } });
    expect(d.totals.total).toBe('56.9715');
    // A fixed price of 4 places is the line's price whole: 7 × 12,3457 = 86,4199 (the table's 13,99 × 7 = 97,93: it gave 11,5101).
    const arroz = await four.product('Arroz 1kg', '13.99', '100');
    await four.post('/api/campaigns', { name: 'Arroz', validFrom: addDays(today, -1), validUntil: addDays(today, 1), kind: 'price', price: '12,3457', productIds: [arroz] });
    const p4 = await four.draft(await four.client(), [{ productId: arroz, quantity: '7', unitPrice: '12.3457' }], salesman);
    expect(p4.items[0]).toMatchObject({ unitPrice: '12.3457', total: '86.4199', campaign: { price: '12.3457', given: '11.5101' } });
  });
});

describe("a campaign's results", () => {
  it('count units, sales, clients, value and the discount given in sales neither cancelled nor refunded, and export as a file', async () => {
    const c = await campaign({ name: 'Resultados Uva', productIds: [p.suco], minimumQuantity: '2' });
    const [a, b] = await Promise.all([client(), client()]);
    // a: 2 + 3 units in two sales; b: 4 units, then cancelled.
    const first = (await closeOf(await s.draft(a, [line(p.suco, '2', '19.99')]))).body as SaleBody;
    await closeOf(await s.draft(a, [line(p.suco, '3', '19.99'), line(p.sabao, '1', '12.90')]));
    const gone = (await closeOf(await s.draft(b, [line(p.suco, '4', '19.99')]))).body as SaleBody;
    expect((await s.api('POST', `/api/sales/${gone.id}/status`, { token: s.tokens.admin, body: { version: gone.version, to: 'cancelled', reason: 'Desistiu' } })).status).toBe(200);
    const res = await s.api('GET', '/api/sales/campaign-results', { token: s.tokens.admin });
    expect(res.status).toBe(200);
    const row = res.body.items.find((x: { id: string }) => x.id === c.id);
    // 2 × 19,99 = 39,98 less 5 % = 37,98 (gave 2,00); 3 × 19,99 = 59,97 less 5 % = 56,97 (gave 3,00).
    expect(row).toMatchObject({ name: 'Resultados Uva', units: '5', sales: 2, clients: 1, value: '94.95', given: '5' });
    expect(first.items[0].campaign.given).toBe('2.00');
    // Company-wide figures: a salesman (no dashboard on vendas) is refused.
    expect((await s.api('GET', '/api/sales/campaign-results', { token: s.tokens.salesman })).status).toBe(403);
    expect((await s.api('GET', '/api/sales/campaign-results?status=todas', { token: s.tokens.admin })).status).toBe(400);
    // The sales' CSV of items names each line's campaign.
    const items = await exportAndWait('sales', s.tokens.admin, 'csv', { ids: [first.id] });
    const itemRows = Papa.parse<string[]>(items.file.text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(itemRows[1]![itemRows[0]!.indexOf('Campanha')]).toBe('Resultados Uva (5%)');
    const { file } = await exportAndWait('campaign-results', s.tokens.admin, 'csv', {});
    const rows = Papa.parse<string[]>(file.text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['Campanha', 'Vigência', 'Condição', 'Situação', 'Unidades', 'Pedidos', 'Clientes', 'Valor dos itens (R$)', 'Desconto concedido (R$)']);
    expect(rows.find((r) => r[0] === 'Resultados Uva')?.slice(2)).toEqual(['5,00% de desconto', 'Ativa', '5', '2', '1', '94,95', '5,00']);
    await off(c, `Encerrada ${c.id}`);
  });
});

