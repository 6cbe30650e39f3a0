import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Auth } from '@ev/core/auth';
import { runAs, type Actor } from '@ev/core/context';
import { dynamoClient, tableName } from '@ev/core/db/client';
import { Keys } from '@ev/core/db/keys';
import { Prices } from '@ev/core/prices/index';
import { Messages } from '@ev/shared/messages';
import { PriceMessages } from '@ev/shared/schemas/prices';
import { PriceTableMessages } from '@ev/shared/registries/price-tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { makeWorld, type World } from '../testing/world';

const api = checkedCall;

let w: World;
let other: World;
const t = {} as Record<'admin' | 'salesman' | 'otherSalesman' | 'employee' | 'otherAdmin', string>;
let adminActor: Actor;

const ids = {} as Record<'un' | 'bebidas' | 'limpeza' | 'alfa', string>;
/** Price tables: default, the client's, the segment's, the region's, and one with a window. */
const tb = {} as Record<'padrao' | 'cliente' | 'segmento' | 'regiao' | 'atacado', string>;
/** Products A..F (see `describe('price resolution')`), G inactive. */
const p = {} as Record<'A' | 'B' | 'C' | 'D' | 'E' | 'G', string>;

async function post(path: string, body: Record<string, unknown>, token = t.admin) {
  const res = await api('POST', path, { token, body });
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
  return res.body as { id: string; version: number; [k: string]: unknown };
}
async function setPrice(productId: string, tableId: string, price: string, token = t.admin) {
  const res = await api('PUT', `/api/products/${productId}/prices/${tableId}`, { token, body: { price } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const fieldsOf = (res: { body: { fields?: { field: string; message: string }[] } }) => Object.fromEntries((res.body.fields ?? []).map((f) => [f.field, f.message]));

/** Every branch of the test company with these decimals (the session branch's casasDecimais). */
async function setDecimals(decimals: number) {
  await runAs({ tenantId: w.tenant.id }, async () => {
    for (const b of w.branches) {
      await dynamoClient().send(new UpdateCommand({ TableName: tableName(), Key: Keys.branch(b.id), UpdateExpression: 'SET decimals = :d', ExpressionAttributeValues: { ':d': decimals } }));
    }
  });
}

let seq = 0;
async function product(name: string, extra: Record<string, unknown> = {}) {
  seq += 1;
  return (await post('/api/products', { ref: `PR-${seq}`, name, unitId: ids.un, maker: 'Fábrica X', package: 'Caixa 12', ...extra })).id;
}

beforeAll(async () => {
  [w, other] = await Promise.all([makeWorld('Precos'), makeWorld('PrecosOutra')]);
  const logins = await Promise.all([w.login(w.admin.email), w.login(w.salesman.email), w.login(w.otherSalesman.email), w.login(w.employee.email), other.login(other.admin.email)]);
  [t.admin, t.salesman, t.otherSalesman, t.employee, t.otherAdmin] = logins.map((l) => l.accessToken) as [string, string, string, string, string];
  adminActor = await Auth.authenticate(t.admin);
  ids.un = (await post('/api/units', { name: 'UN' })).id;
  ids.bebidas = (await post('/api/product-groups', { name: 'Bebidas' })).id;
  ids.limpeza = (await post('/api/product-groups', { name: 'Limpeza' })).id;
  ids.alfa = (await post('/api/product-companies', { name: 'Alfa Distribuição' })).id;
  // The first table becomes the default by itself (exactly one default per company).
  tb.padrao = (await post('/api/price-tables', { name: 'Varejo' })).id;
  tb.cliente = (await post('/api/price-tables', { name: 'Especial Cliente' })).id;
  tb.segmento = (await post('/api/price-tables', { name: 'Supermercados' })).id;
  tb.regiao = (await post('/api/price-tables', { name: 'Região Norte' })).id;
  tb.atacado = (await post('/api/price-tables', { name: 'Atacado', validFrom: '2026-03-01', validUntil: '2026-03-31' })).id;
  p.A = await product('Água Mineral 500 ml', { groupId: ids.bebidas, productCompanyId: ids.alfa });
  p.B = await product('Refrigerante Cola 2 l', { groupId: ids.bebidas });
  p.C = await product('Detergente Neutro', { groupId: ids.limpeza });
  p.D = await product('Sabão em Pó 1 kg', { groupId: ids.limpeza });
  p.E = await product('Esponja Dupla Face', { groupId: ids.limpeza });
  p.G = await product('Produto Fora de Linha', { status: 'inactive' });
}, 120_000);

afterAll(() => setDecimals(2));

describe('price tables (registry /price-tables)', () => {
  it('the first table is the default; marking another moves the flag', async () => {
    const list = await api('GET', '/api/price-tables?limit=100', { token: t.admin });
    const defaults = list.body.items.filter((r: { isDefault: boolean }) => r.isDefault).map((r: { id: string }) => r.id);
    expect(defaults).toEqual([tb.padrao]);
    const created = await post('/api/price-tables', { name: 'Promoção Relâmpago', isDefault: true });
    const after = await api('GET', '/api/price-tables?limit=100', { token: t.admin });
    expect(after.body.items.filter((r: { isDefault: boolean }) => r.isDefault).map((r: { id: string }) => r.id)).toEqual([created.id]);
    // And back: Varejo is the default again, the promotion removable.
    const varejo = await api('GET', `/api/price-tables/${tb.padrao}`, { token: t.admin });
    const back = await api('PUT', `/api/price-tables/${tb.padrao}`, { token: t.admin, body: { ...varejo.body, isDefault: true, id: undefined, createdAt: undefined, updatedAt: undefined } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await api('DELETE', `/api/price-tables/${created.id}`, { token: t.admin })).status).toBe(200);
  });

  it('the default cannot be unmarked nor deleted while other tables exist', async () => {
    const varejo = (await api('GET', `/api/price-tables/${tb.padrao}`, { token: t.admin })).body;
    const res = await api('PUT', `/api/price-tables/${tb.padrao}`, { token: t.admin, body: { name: varejo.name, isDefault: false, version: varejo.version } });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual({ isDefault: 'Marque outra tabela de preço como "Tabela padrão" para trocar.' });
    const del = await api('DELETE', `/api/price-tables/${tb.padrao}`, { token: t.admin });
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('A tabela de preço marcada como "Tabela padrão" não pode ser removida. Marque outra como "Tabela padrão" antes.');
  });

  it('a window ending before it starts is refused in Portuguese on validUntil', async () => {
    const res = await api('POST', '/api/price-tables', { token: t.admin, body: { name: 'Invertida', validFrom: '2026-05-10', validUntil: '2026-05-01' } });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual({ validUntil: PriceTableMessages.window });
  });

  it('salesmen read the tables but cannot create them', async () => {
    expect((await api('GET', '/api/price-tables', { token: t.salesman })).status).toBe(200);
    const res = await api('POST', '/api/price-tables', { token: t.salesman, body: { name: 'Do Vendedor' } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(Messages.forbidden);
  });
});

describe('a product\'s prices (GET/PUT/DELETE /products/{id}/prices)', () => {
  it('sets a price typed with a comma, stored at 4 places, and lists every table with the default first', async () => {
    const set = await setPrice(p.E, tb.cliente, '12,5');
    expect(set).toMatchObject({ tableId: tb.cliente, tableName: 'Especial Cliente', price: '12.5000', isDefault: false });
    const res = await api('GET', `/api/products/${p.E}/prices`, { token: t.admin });
    expect(res.status).toBe(200);
    expect(res.body.decimals).toBe(2);
    expect(res.body.items[0]).toMatchObject({ tableId: tb.padrao, isDefault: true, price: null });
    expect(res.body.items.find((i: { tableId: string }) => i.tableId === tb.cliente)).toMatchObject({ price: '12.5000' });
    expect(res.body.items.find((i: { tableId: string }) => i.tableId === tb.atacado)).toMatchObject({ validFrom: '2026-03-01', validUntil: '2026-03-31' });
    // Changing it: the last write wins.
    await setPrice(p.E, tb.cliente, '1.234,5678');
    expect((await api('GET', `/api/products/${p.E}/prices`, { token: t.salesman })).body.items.find((i: { tableId: string }) => i.tableId === tb.cliente).price).toBe('1234.5678');
  });

  it('refuses a price that is not a positive decimal of up to 4 places, in Portuguese on the field', async () => {
    for (const bad of ['0', '-1', '0,00', 'abc', '1,23456', '12,5a']) {
      const res = await api('PUT', `/api/products/${p.E}/prices/${tb.cliente}`, { token: t.admin, body: { price: bad } });
      expect(res.status, bad).toBe(400);
      expect(fieldsOf(res), bad).toEqual({ price: PriceMessages.invalid });
    }
    expect(fieldsOf(await api('PUT', `/api/products/${p.E}/prices/${tb.cliente}`, { token: t.admin, body: {} }))).toEqual({ price: PriceMessages.required });
    expect(fieldsOf(await api('PUT', `/api/products/${p.E}/prices/${tb.cliente}`, { token: t.admin, body: { price: 12.5 } }))).toEqual({ price: PriceMessages.invalid });
  });

  it('an unknown product or table is a 404; removing a price asks for one that exists', async () => {
    const unknown = '01900000-0000-7000-8000-000000000000';
    expect((await api('PUT', `/api/products/${unknown}/prices/${tb.cliente}`, { token: t.admin, body: { price: '1' } })).status).toBe(404);
    expect((await api('PUT', `/api/products/${p.E}/prices/${unknown}`, { token: t.admin, body: { price: '1' } })).status).toBe(404);
    expect((await api('GET', `/api/products/${unknown}/prices`, { token: t.admin })).status).toBe(404);
    expect((await api('PUT', `/api/products/${p.E}/prices/nao-e-uuid`, { token: t.admin, body: { price: '1' } })).status).toBe(400);
    await setPrice(p.E, tb.regiao, '3');
    const del = await api('DELETE', `/api/products/${p.E}/prices/${tb.regiao}`, { token: t.admin });
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ tableId: tb.regiao, price: null });
    expect((await api('DELETE', `/api/products/${p.E}/prices/${tb.regiao}`, { token: t.admin })).status).toBe(404);
  });

  it('a salesman reads prices but cannot set or remove them', async () => {
    expect((await api('GET', `/api/products/${p.E}/prices`, { token: t.salesman })).status).toBe(200);
    expect((await api('PUT', `/api/products/${p.E}/prices/${tb.cliente}`, { token: t.salesman, body: { price: '1' } })).status).toBe(403);
    expect((await api('DELETE', `/api/products/${p.E}/prices/${tb.cliente}`, { token: t.salesman })).status).toBe(403);
    expect((await api('GET', `/api/products/${p.E}/prices`, { token: t.admin })).body.items.find((i: { tableId: string }) => i.tableId === tb.cliente).price).toBe('1234.5678');
  });
});

describe('price resolution: client → segment → region → default', () => {
  let clientId: string;
  let bareClientId: string;
  let segmentId: string;
  let regionId: string;

  beforeAll(async () => {
    segmentId = (await post('/api/segments', { name: 'Supermercados', priceTableId: tb.segmento })).id;
    regionId = (await post('/api/regions', { name: 'Norte', priceTableId: tb.regiao })).id;
    // The salesman's own client, with a table of its own and a segment and a region with theirs.
    clientId = (await post('/api/clients', { name: 'Mercado Fulano', birthDate: '1990-01-01', priceTableId: tb.cliente, segmentId, regionId, salesmanId: w.salesman.id })).id;
    bareClientId = (await post('/api/clients', { name: 'Padaria Sem Tabela', birthDate: '1990-01-01', salesmanId: w.otherSalesman.id })).id;
    // A: in every table → the client's. B: not in the client's → the segment's. C: only region and default → region's.
    // D: only the default. E: in the client's table only (set above). F: none.
    for (const [tableId, price] of [[tb.cliente, '10'], [tb.segmento, '11'], [tb.regiao, '12'], [tb.padrao, '13']] as const) await setPrice(p.A, tableId, price);
    await setPrice(p.B, tb.segmento, '21');
    await setPrice(p.B, tb.padrao, '23');
    await setPrice(p.C, tb.regiao, '32');
    await setPrice(p.C, tb.padrao, '33');
    await setPrice(p.D, tb.padrao, '43');
    await setPrice(p.G, tb.padrao, '99');
  });

  async function resolve(client: string, products: string[], extra = '', token = t.admin) {
    const res = await api('GET', `/api/clients/${client}/prices?productIds=${products.join(',')}${extra}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return Object.fromEntries(res.body.items.map((i: { productId: string }) => [i.productId, i])) as Record<string, Record<string, unknown>>;
  }

  it('takes each product from the first table that has it', async () => {
    const r = await resolve(clientId, [p.A, p.B, p.C, p.D]);
    expect(r[p.A]).toMatchObject({ price: '10.0000', rounded: '10.00', tableId: tb.cliente, tableName: 'Especial Cliente', source: 'client' });
    expect(r[p.B]).toMatchObject({ price: '21.0000', tableId: tb.segmento, source: 'segment' });
    expect(r[p.C]).toMatchObject({ price: '32.0000', tableId: tb.regiao, source: 'region' });
    expect(r[p.D]).toMatchObject({ price: '43.0000', tableId: tb.padrao, source: 'default' });
  });

  it('a client without tables of its own gets the default table', async () => {
    const r = await resolve(bareClientId, [p.A, p.D]);
    expect(r[p.A]).toMatchObject({ price: '13.0000', source: 'default' });
    expect(r[p.D]).toMatchObject({ price: '43.0000', source: 'default' });
  });

  it('no price anywhere: not sellable, and the reason names each table skipped', async () => {
    const fresh = await product('Produto Sem Preço');
    const r = await resolve(clientId, [fresh, p.G, '01900000-0000-7000-8000-000000000001']);
    expect(r[fresh]).toMatchObject({ price: null, code: 'no_price' });
    expect(r[fresh]!.reason).toBe(
      PriceMessages.noPrice(
        'a tabela do cliente "Especial Cliente" não tem preço para o produto; a tabela do segmento "Supermercados" não tem preço para o produto; a tabela da região "Região Norte" não tem preço para o produto; a tabela padrão "Varejo" não tem preço para o produto',
      ),
    );
    expect(r[p.G]).toMatchObject({ price: null, code: 'product_inactive', reason: PriceMessages.productInactive });
    expect(r['01900000-0000-7000-8000-000000000001']).toMatchObject({ price: null, code: 'product_not_found' });
    // The same reasons keyed, for a client to say them in its language: each table tried with its source's key.
    expect(r[fresh]!.text).toEqual({
      key: 'prices.noPrice',
      params: { why: expect.stringContaining('a tabela do cliente') },
      why: [
        { key: 'prices.whyNoPrice', params: { sourceKey: 'prices.sourceClient', source: 'do cliente', table: 'Especial Cliente' } },
        { key: 'prices.whyNoPrice', params: { sourceKey: 'prices.sourceSegment', source: 'do segmento', table: 'Supermercados' } },
        { key: 'prices.whyNoPrice', params: { sourceKey: 'prices.sourceRegion', source: 'da região', table: 'Região Norte' } },
        { key: 'prices.whyNoPrice', params: { sourceKey: 'prices.sourceDefault', source: 'padrão', table: 'Varejo' } },
      ],
    });
    expect(r[p.G]!.text).toEqual({ key: 'prices.productInactive' });
    expect(r['01900000-0000-7000-8000-000000000001']!.text).toEqual({ key: 'prices.productNotFound' });
  });

  it('a table outside its window (company time zone) is skipped, and used inside it', async () => {
    const withWindow = (await post('/api/clients', { name: 'Atacadista Sazonal', birthDate: '1990-01-01', priceTableId: tb.atacado })).id;
    await setPrice(p.D, tb.atacado, '40');
    // Inside March 2026: the wholesale table; the 1st and the 31st are inside.
    for (const on of ['2026-03-01', '2026-03-15', '2026-03-31']) expect((await resolve(withWindow, [p.D], `&on=${on}`))[p.D]).toMatchObject({ price: '40.0000', source: 'client' });
    // Outside: the default, and a product the default lacks says why.
    const april = await resolve(withWindow, [p.D, p.E], '&on=2026-04-01');
    expect(april[p.D]).toMatchObject({ price: '43.0000', source: 'default' });
    expect(april[p.E]!.reason).toBe(PriceMessages.noPrice('a tabela do cliente "Atacado" está fora da vigência (de 01/03/2026 a 31/03/2026); a tabela padrão "Varejo" não tem preço para o produto'));
    expect((april[p.E]!.text as { why: unknown[] }).why[0]).toEqual({
      key: 'prices.whyOutsideWindow',
      params: { sourceKey: 'prices.sourceClient', source: 'do cliente', table: 'Atacado', windowKey: 'prices.windowBetween', window: 'de 01/03/2026 a 31/03/2026', from: '01/03/2026', until: '31/03/2026' },
    });
  });

  it('a Date is read as its day in the company time zone (São Paulo), not UTC', async () => {
    const withWindow = (await post('/api/clients', { name: 'Atacadista Noturno', birthDate: '1990-01-01', priceTableId: tb.atacado })).id;
    await setPrice(p.C, tb.atacado, '30');
    // 01:30 UTC on April 1st is 22:30 on March 31st in São Paulo: still inside the window.
    const inside = await runAs(adminActor, () => Prices.resolve({ clientId: withWindow, productIds: [p.C], on: new Date('2026-04-01T01:30:00Z') }));
    expect(inside.get(p.C)).toMatchObject({ price: '30.0000', source: 'client' });
    const outside = await runAs(adminActor, () => Prices.resolve({ clientId: withWindow, productIds: [p.C], on: new Date('2026-04-01T03:30:00Z') }));
    expect(outside.get(p.C)).toMatchObject({ price: '33.0000', source: 'default' });
  });

  it('respects client scope: a salesman resolves his own client, another salesman gets 404', async () => {
    expect((await resolve(clientId, [p.A], '', t.salesman))[p.A]).toMatchObject({ source: 'client' });
    expect((await api('GET', `/api/clients/${clientId}/prices?productIds=${p.A}`, { token: t.otherSalesman })).status).toBe(404);
    expect((await api('GET', `/api/clients/${bareClientId}/prices?productIds=${p.A}`, { token: t.otherSalesman })).status).toBe(200);
  });

  it('validates the query: ids, at most 100, a date', async () => {
    expect(fieldsOf(await api('GET', `/api/clients/${clientId}/prices`, { token: t.admin }))).toEqual({ productIds: PriceMessages.noProducts });
    const many = Array.from({ length: 101 }, (_, i) => `01900000-0000-7000-8000-${String(i).padStart(12, '0')}`);
    expect(fieldsOf(await api('GET', `/api/clients/${clientId}/prices?productIds=${many.join(',')}`, { token: t.admin }))).toEqual({ productIds: PriceMessages.tooManyProducts });
    expect((await api('GET', `/api/clients/${clientId}/prices?productIds=${p.A}&on=2026-02-30`, { token: t.admin })).status).toBe(400);
  });

  it('a price table in use by a client, a segment or a region cannot be deleted: 409 naming them', async () => {
    const res = await api('DELETE', `/api/price-tables/${tb.cliente}`, { token: t.admin });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('reference.in_use');
    expect(res.body.message).toContain('Cliente Mercado Fulano');
    const seg = await api('DELETE', `/api/price-tables/${tb.segmento}`, { token: t.admin });
    expect(seg.status).toBe(409);
    expect(seg.body.message).toContain('Segmento Supermercados');
    const reg = await api('DELETE', `/api/price-tables/${tb.regiao}`, { token: t.admin });
    expect(reg.body.message).toContain('Região Norte');
  });

  it('defaultPrices: the default table\'s stored prices of the products that have one', async () => {
    const prices = await runAs(adminActor, () => Prices.defaultPrices([p.A, p.B, p.E, p.A]));
    expect(Object.fromEntries(prices)).toEqual({ [p.A]: '13.0000', [p.B]: '23.0000' });
  });
});

describe('rounding once, half-up, at the branch decimals (2 and 4 places)', () => {
  let product4: string;
  let client4: string;
  beforeAll(async () => {
    product4 = await product('Granel Fracionado', { groupId: ids.limpeza });
    await setPrice(product4, tb.padrao, '10,0050');
    client4 = (await post('/api/clients', { name: 'Cliente Arredonda', birthDate: '1990-01-01' })).id;
  });
  afterAll(() => setDecimals(2));

  it('at 2 places 10,0050 shows 10,01; at 4 places 10,0050', async () => {
    await setDecimals(2);
    let r = await api('GET', `/api/clients/${client4}/prices?productIds=${product4}`, { token: t.admin });
    expect(r.body.decimals).toBe(2);
    expect(r.body.items[0]).toMatchObject({ price: '10.0050', rounded: '10.01' });
    await setDecimals(4);
    r = await api('GET', `/api/clients/${client4}/prices?productIds=${product4}`, { token: t.admin });
    expect(r.body.decimals).toBe(4);
    expect(r.body.items[0]).toMatchObject({ price: '10.0050', rounded: '10.0050' });
  });
});

describe('the price chart (GET /price-chart)', () => {
  let vista: string;
  let prazo: string;
  beforeAll(async () => {
    await setDecimals(2);
    // Two conditions shown in price tables (a discount and a surcharge), one hidden.
    vista = (await post('/api/payments-conditions', { name: 'À vista', terms: ['000'], discountRate: '5', showInPriceTables: true })).id;
    prazo = (await post('/api/payments-conditions', { name: '30/60 dias', terms: ['030', '060'], surchargeRate: '2,5', showInPriceTables: true })).id;
    await post('/api/payments-conditions', { name: 'Oculta', terms: ['090'], discountRate: '50', showInPriceTables: false });
    await setPrice(p.B, tb.padrao, '19,99');
  });
  afterAll(() => setDecimals(2));

  it('shows the default table with a column per condition flagged "show in price tables"', async () => {
    const res = await api('GET', `/api/price-chart?groupIds=${ids.bebidas}`, { token: t.salesman });
    expect(res.status).toBe(200);
    expect(res.body.table).toMatchObject({ id: tb.padrao, name: 'Varejo', isDefault: true, inWindow: true });
    expect(res.body.conditions.map((c: { id: string }) => c.id)).toEqual([prazo, vista]);
    expect(res.body.decimals).toBe(2);
    const rows = Object.fromEntries(res.body.items.map((r: { productId: string }) => [r.productId, r]));
    expect(Object.keys(rows).sort()).toEqual([p.A, p.B].sort());
    // 19,99 × 1,025 = 20,48975 → 20,49; 19,99 × 0,95 = 18,9905 → 18,99.
    expect(rows[p.B]).toMatchObject({ ref: expect.any(String), name: 'Refrigerante Cola 2 l', maker: 'Fábrica X', package: 'Caixa 12', unit: 'UN', status: 'active', price: '19.99', conditionPrices: ['20.49', '18.99'] });
    expect(rows[p.A]).toMatchObject({ price: '13.00', conditionPrices: ['13.33', '12.35'] });
  });

  it('the same chart at 4 places rounds once, from the stored price', async () => {
    await setDecimals(4);
    const res = await api('GET', `/api/price-chart?groupIds=${ids.bebidas}`, { token: t.admin });
    const row = res.body.items.find((r: { productId: string }) => r.productId === p.B);
    // 20,48975 → 20,4898 (half-up); 18,9905 stays.
    expect(row).toMatchObject({ price: '19.9900', conditionPrices: ['20.4898', '18.9905'] });
    await setDecimals(2);
  });

  it('another table by tableId; a product without a price in it is listed without price', async () => {
    const res = await api('GET', `/api/price-chart?tableId=${tb.segmento}&groupIds=${ids.bebidas}&groupIds=${ids.limpeza}&limit=100`, { token: t.admin });
    expect(res.body.table).toMatchObject({ id: tb.segmento, isDefault: false });
    const rows = Object.fromEntries(res.body.items.map((r: { productId: string; price: string | null; conditionPrices: unknown[] }) => [r.productId, [r.price, r.conditionPrices]]));
    expect(rows[p.A]).toEqual(['11.00', ['11.28', '10.45']]);
    expect(rows[p.C]).toEqual([null, [null, null]]);
  });

  it('a table outside its window today is shown with a notice', async () => {
    const res = await api('GET', `/api/price-chart?tableId=${tb.atacado}`, { token: t.admin });
    expect(res.body.table.inWindow).toBe(false);
    expect(res.body.message).toBe(PriceMessages.outsideWindow);
  });

  it('filters by product company and by search words, and pages by cursor without repeating', async () => {
    const byCompany = await api('GET', `/api/price-chart?productCompanyIds=${ids.alfa}`, { token: t.admin });
    expect(byCompany.body.items.map((r: { productId: string }) => r.productId)).toEqual([p.A]);
    const byWords = await api('GET', '/api/price-chart?q=sab%C3%A3o', { token: t.admin });
    expect(byWords.body.items.map((r: { productId: string }) => r.productId)).toEqual([p.D]);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 30; i++) {
      const res: { body: { items: { productId: string }[]; nextCursor: string | null } } = await api('GET', `/api/price-chart?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: t.admin });
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.items.map((r) => r.productId));
      cursor = res.body.nextCursor;
      if (!cursor) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining([p.A, p.B, p.C, p.D, p.E, p.G]));
    // A cursor of one table's chart is not a cursor of another's.
    const first = await api('GET', '/api/price-chart?limit=1', { token: t.admin });
    const wrong = await api('GET', `/api/price-chart?limit=1&tableId=${tb.segmento}&cursor=${encodeURIComponent(first.body.nextCursor)}`, { token: t.admin });
    expect(wrong.status).toBe(400);
  });

  it('an unknown table is a 400 on tableId; the employee reads the chart too', async () => {
    const res = await api('GET', '/api/price-chart?tableId=01900000-0000-7000-8000-000000000009', { token: t.admin });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual({ tableId: PriceMessages.tableMissing });
    expect((await api('GET', '/api/price-chart', { token: t.employee })).status).toBe(200);
  });

  it('a company without any table: an empty chart that says why', async () => {
    const res = await api('GET', '/api/price-chart', { token: t.otherAdmin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ table: null, items: [], nextCursor: null, message: PriceMessages.noDefaultTable });
  });
});

describe('tenant isolation', () => {
  it('another company reaches neither the prices, the resolution nor the tables', async () => {
    expect((await api('GET', `/api/products/${p.A}/prices`, { token: t.otherAdmin })).status).toBe(404);
    expect((await api('PUT', `/api/products/${p.A}/prices/${tb.padrao}`, { token: t.otherAdmin, body: { price: '1' } })).status).toBe(404);
    expect((await api('DELETE', `/api/products/${p.A}/prices/${tb.padrao}`, { token: t.otherAdmin })).status).toBe(404);
    expect((await api('GET', `/api/price-chart?tableId=${tb.padrao}`, { token: t.otherAdmin })).status).toBe(400);
    const list = await api('GET', '/api/price-tables?limit=100', { token: t.otherAdmin });
    expect(list.body.items.map((r: { id: string }) => r.id)).not.toContain(tb.padrao);
    expect((await api('GET', `/api/products/${p.A}/prices`, { token: t.admin })).body.items[0].price).toBe('13.0000');
  });
});
