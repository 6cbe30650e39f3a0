import Decimal from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { dieAt } from '@ev/core/db/testing/failure';
import { Sales } from '@ev/core/sales/index';
import { runAs } from '@ev/core/context';
import { dynamoClient, tableName } from '@ev/core/db/client';
import { Keys } from '@ev/core/db/keys';
import { batchWrite } from '@ev/core/db/batch';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Provisioning } from '@ev/core/provisioning/index';
import { Inventory } from '@ev/core/inventory/index';
import { postMovements, LINES_PER_TX } from '@ev/core/inventory/ledger';
import { newId } from '@ev/core/ids';
import { PricesRepository } from '@ev/core/prices/repository';
import type { ProductRecord } from '@ev/core/products/repository';
import { checkedCall } from '../testing/checked-call';
import { call, makeWorld, PASSWORD, poster, type World } from '../testing/world';

/**
 * Sales drafts through the API (issue 13, docs/sales.md): the server computes the figures, keeps
 * the spec's rules with their texts, guards versions and scopes. Closing and statuses come next.
 */

const api = checkedCall;
let w: World;
const t = {} as Record<'admin' | 'supervisor' | 'salesman' | 'other' | 'employee', string>;
const r = {} as Record<'un' | 'alfa' | 'beta' | 'venda' | 'remessa' | 'prazo' | 'vista' | 'table', string>;
const p = {} as Record<'arroz' | 'feijao' | 'sabao' | 'semPreco', string>;
const c = {} as Record<'mine' | 'analysis' | 'others' | 'limited', string>;

const post = (path: string, body: unknown, token = t.admin) => poster(token, api)(path, body);

beforeAll(async () => {
  w = await makeWorld('Vendas');
  const logins = await Promise.all([w.admin.email, w.supervisor.email, w.salesman.email, w.otherSalesman.email, w.employee.email].map((e) => w.login(e)));
  [t.admin, t.supervisor, t.salesman, t.other, t.employee] = logins.map((l) => l.accessToken) as [string, string, string, string, string];
  const [un, alfa, beta, venda, remessa, prazo, vista] = await Promise.all([
    post('/api/units', { name: 'UN' }),
    post('/api/product-companies', { name: 'Alfa Alimentos' }),
    post('/api/product-companies', { name: 'Beta Limpeza' }),
    post('/api/natures', { name: 'Venda de mercadoria', cfop: '5102', financialMovement: true }),
    post('/api/natures', { name: 'Remessa em bonificação', cfop: '5910', financialMovement: false }),
    post('/api/payments-conditions', { name: '30/60/90', terms: ['030', '060', '090'], discountRate: '2' }),
    post('/api/payments-conditions', { name: 'À vista', terms: ['000'] }),
  ]);
  Object.assign(r, { un: un.id, alfa: alfa.id, beta: beta.id, venda: venda.id, remessa: remessa.id, prazo: prazo.id, vista: vista.id });
  r.table = (await post('/api/price-tables', { name: 'Varejo', isDefault: true })).id;
  let ref = 0;
  const product = async (name: string, company: string, price: string | null, minimumPrice: string | null = null) => {
    const made = await post('/api/products', { ref: `V-${++ref}`, name, unitId: r.un, productCompanyId: company, minimumPrice });
    if (price) expect((await api('PUT', `/api/products/${made.id}/prices/${r.table}`, { token: t.admin, body: { price } })).status).toBe(200);
    return made.id;
  };
  [p.arroz, p.feijao, p.sabao, p.semPreco] = await Promise.all([
    product('Arroz Tipo 1 5kg', r.alfa, '24.9'),
    product('Feijão Carioca 1kg', r.alfa, '8.333', '7'),
    product('Sabão em Pó 1kg', r.beta, '12.5'),
    product('Produto Sem Preço', r.alfa, null),
  ]);
  const client = async (name: string, extra: Record<string, unknown>) => (await post('/api/clients', { name, birthDate: '1980-01-01', ...extra })).id;
  [c.mine, c.analysis, c.others, c.limited] = await Promise.all([
    client('Mercado Bom Preço', { salesmanId: w.salesman.id }),
    client('Mercearia em Análise', { salesmanId: w.salesman.id, situation: 'analysis' }),
    client('Supermercado do Otávio', { salesmanId: w.otherSalesman.id }),
    client('Padaria Só à Vista', { salesmanId: w.salesman.id, paymentConditionIds: [r.vista] }),
  ]);
}, 60_000);

/** A company setting as an administrator would set it (the settings screen comes with issue 14). */
async function setSetting(group: 'sales' | 'further', key: string, value: unknown) {
  await runAs({ tenantId: w.tenant.id }, () =>
    dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: Keys.tenant(w.tenant.id),
        UpdateExpression: `SET settings.${group}.#k = :v`,
        ExpressionAttributeNames: { '#k': key },
        ExpressionAttributeValues: { ':v': value },
      }),
    ),
  );
}

const line = (productId: string, quantity: string, unitPrice: string, extra: Record<string, unknown> = {}) => ({ productId, quantity, unitPrice, ...extra });

describe('sales drafts', () => {
  it('a salesman begins a draft: the server computes every figure at the branch decimals, the draft is his and apart from the sales', async () => {
    const res = await api('POST', '/api/sales', {
      token: t.salesman,
      body: {
        clientId: c.mine,
        natureId: r.venda,
        paymentConditionId: r.prazo,
        paymentType: 'boleto',
        items: [line(p.arroz, '3', '24.9', { discountPercent: '10' }), line(p.feijao, '1,5', '8.333')],
        transportIncrease: '10',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const d = res.body;
    expect(d).toMatchObject({ status: 'typing', number: null, salesmanId: w.salesman.id, clientName: 'Mercado Bom Preço', decimals: 2, version: 1 });
    // 3 × 24.90 = 74.70, 10 % off = 67.23; 1.5 × 8.333 = 12.4995 → 12.50; net 79.73; the condition's
    // 2 % = 1.5946 → 1.59; transport 10.00: 88.14.
    expect(d.items.map((i: Record<string, unknown>) => [i.name, i.gross, i.discount, i.total, i.listPrice, i.priceSource])).toEqual([
      ['Arroz Tipo 1 5kg', '74.70', '7.47', '67.23', '24.9000', 'default'],
      ['Feijão Carioca 1kg', '12.50', '0.00', '12.50', '8.3330', 'default'],
    ]);
    expect(d.totals).toMatchObject({ items: '87.20', discounts: { items: '7.47', general: '0.00', payment: '1.59', other: '0.00' }, increases: { transport: '10.00' }, total: '88.14', count: 2 });

    const drafts = await api('GET', '/api/sales?drafts=true', { token: t.salesman });
    expect(drafts.body.items.map((i: { id: string }) => i.id)).toContain(d.id);
    const sales = await api('GET', '/api/sales', { token: t.salesman });
    expect(sales.body.items.map((i: { id: string }) => i.id)).not.toContain(d.id);
  });

  it('saves whole over the version read: a second tab with the old version gets 409 and overwrites nothing', async () => {
    const d = await post('/api/sales', { clientId: c.mine, items: [line(p.arroz, '1', '24.9')] }, t.salesman);
    const first = await api('PUT', `/api/sales/${d.id}`, { token: t.salesman, body: { version: 1, clientId: c.mine, items: [line(p.arroz, '2', '24.9')] } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ version: 2, totals: { total: '49.80' } });
    const stale = await api('PUT', `/api/sales/${d.id}`, { token: t.salesman, body: { version: 1, clientId: c.mine, items: [line(p.arroz, '9', '24.9')] } });
    expect(stale.status).toBe(409);
    expect((await api('GET', `/api/sales/${d.id}`, { token: t.salesman })).body).toMatchObject({ version: 2, totals: { total: '49.80' } });
  });

  it('refuses a client in analysis, but keeps a draft whose client became so after it began', async () => {
    const res = await api('POST', '/api/sales', { token: t.salesman, body: { clientId: c.analysis } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ field: 'clientId', message: 'Este cliente está em análise ou com problema e não pode ser escolhido para um pedido.' }]);
    expect(res.body.fieldTexts).toEqual([{ field: 'clientId', key: 'sales.clientBlocked' }]);

    const d = await post('/api/sales', { clientId: c.mine, items: [line(p.arroz, '1', '24.9')] }, t.salesman);
    const client = await api('GET', `/api/clients/${c.mine}`, { token: t.admin });
    const put = await api('PUT', `/api/clients/${c.mine}`, { token: t.admin, body: { ...client.body, situation: 'problem' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    try {
      const saved = await api('PUT', `/api/sales/${d.id}`, { token: t.salesman, body: { version: 1, clientId: c.mine, items: [line(p.arroz, '2', '24.9')] } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    } finally {
      const now = await api('GET', `/api/clients/${c.mine}`, { token: t.admin });
      expect((await api('PUT', `/api/clients/${c.mine}`, { token: t.admin, body: { ...now.body, situation: 'normal' } })).status).toBe(200);
    }
  });

  it('names the line: another product company, a product without price (with the reason), a changed price while prices are locked, a zero quantity', async () => {
    const other = await api('POST', '/api/sales', { token: t.salesman, body: { clientId: c.mine, productCompanyId: r.alfa, items: [line(p.arroz, '1', '24.9'), line(p.sabao, '1', '12.5')] } });
    expect(other.status).toBe(400);
    expect(other.body.fields[0]).toMatchObject({ field: 'items.1.productId', message: 'O produto Sabão em Pó 1kg é de outra empresa de produtos que a do pedido.' });
    // No product company on the order: products of several companies go together.
    expect((await api('POST', '/api/sales', { token: t.salesman, body: { clientId: c.mine, items: [line(p.arroz, '1', '24.9'), line(p.sabao, '1', '12.5')] } })).status).toBe(201);

    const noPrice = await api('POST', '/api/sales', { token: t.salesman, body: { clientId: c.mine, items: [line(p.semPreco, '1', '5')] } });
    expect(noPrice.status).toBe(400);
    expect(noPrice.body.fields[0].field).toBe('items.0.productId');
    expect(noPrice.body.fields[0].message).toMatch(/^O produto Produto Sem Preço não pode ser vendido: .*não tem preço/);
    // The reason travels keyed too (its short form: the tables tried are the catalogue's to show), for a client's language.
    expect(noPrice.body.fieldTexts[0]).toMatchObject({ field: 'items.0.productId', key: 'sales.productUnavailable', params: { name: 'Produto Sem Preço', reasonKey: 'prices.noPriceShort' } });

    const locked = await api('POST', '/api/sales', { token: t.salesman, body: { clientId: c.mine, items: [line(p.arroz, '1', '20')] } });
    expect(locked.status).toBe(400);
    expect(locked.body.fields[0]).toMatchObject({ field: 'items.0.unitPrice', message: 'A empresa não permite alterar o preço de venda: use o preço da tabela (24.90).' });

    const zero = await api('POST', '/api/sales', { token: t.salesman, body: { clientId: c.mine, items: [line(p.arroz, '0', '24.9')] } });
    expect(zero.status).toBe(400);
    expect(zero.body.fields[0]).toMatchObject({ field: 'items.0.quantity', message: 'A quantidade deve ser maior que zero.' });
  });

  it('a sale type without financial movement and a free order carry no payment; a client limited to its conditions refuses another', async () => {
    // What they cannot carry is refused on its field (sales-rules.integration.test.ts), not dropped.
    const remessa = await post('/api/sales', { clientId: c.mine, natureId: r.remessa, items: [line(p.arroz, '1', '24.9')] }, t.salesman);
    expect(remessa).toMatchObject({ paymentConditionId: null, paymentType: null, totals: { discounts: { payment: '0.00' }, total: '24.90' } });
    const free = await post('/api/sales', { clientId: c.mine, situation: 'free', items: [line(p.arroz, '2', '24.9')] }, t.salesman);
    expect(free).toMatchObject({ paymentConditionId: null, totals: { discounts: { items: '0.00', payment: '0.00' }, total: '49.80' } });
    expect((free.items as { discountPercent: unknown }[])[0]!.discountPercent).toBeNull();

    const limited = await api('POST', '/api/sales', { token: t.salesman, body: { clientId: c.limited, paymentConditionId: r.prazo, items: [] } });
    expect(limited.status).toBe(400);
    expect(limited.body.fields[0]).toMatchObject({ field: 'paymentConditionId', message: 'A condição de pagamento escolhida não está entre as do cliente.' });
    expect((await api('POST', '/api/sales', { token: t.salesman, body: { clientId: c.limited, paymentConditionId: r.vista } })).status).toBe(201);
  });

  it('scope: another salesman gets 404 and cannot sell to a client outside his scope; the supervisor sees his team’s; the administrator the company’s', async () => {
    const d = await post('/api/sales', { clientId: c.mine, items: [line(p.arroz, '1', '24.9')] }, t.salesman);
    expect((await api('GET', `/api/sales/${d.id}`, { token: t.other })).status).toBe(404);
    expect((await api('PUT', `/api/sales/${d.id}`, { token: t.other, body: { version: 1, items: [] } })).status).toBe(404);
    const list = await api('GET', '/api/sales?drafts=true', { token: t.other });
    expect(list.body.items.map((i: { id: string }) => i.id)).not.toContain(d.id);
    const foreign = await api('POST', '/api/sales', { token: t.other, body: { clientId: c.mine } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields[0]).toMatchObject({ field: 'clientId', message: 'O cliente informado não existe ou não é da sua carteira.' });

    expect((await api('GET', `/api/sales/${d.id}`, { token: t.supervisor })).status).toBe(200);
    expect((await api('GET', `/api/sales/${d.id}`, { token: t.admin })).status).toBe(200);
    // The supervisor saves his salesman's draft: it stays the salesman's.
    const saved = await api('PUT', `/api/sales/${d.id}`, { token: t.supervisor, body: { version: 1, clientId: c.mine, items: [line(p.arroz, '3', '24.9')] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.salesmanId).toBe(w.salesman.id);
    const team = await api('GET', `/api/sales?drafts=true&salesmanId=${w.salesman.id}`, { token: t.supervisor });
    expect(team.body.items.map((i: { id: string }) => i.id)).toContain(d.id);
  });

  it('an employee without a branch sees no sales and cannot begin one; deleting a draft needs delete on vendas', async () => {
    expect((await api('GET', '/api/sales?drafts=true', { token: t.employee })).body.items).toEqual([]);
    expect((await api('POST', '/api/sales', { token: t.employee, body: {} })).status).toBe(403);

    const d = await post('/api/sales', { clientId: c.mine, items: [line(p.arroz, '1', '24.9')] }, t.salesman);
    expect((await api('DELETE', `/api/sales/${d.id}`, { token: t.salesman })).status).toBe(403);
    const removed = await api('DELETE', `/api/sales/${d.id}`, { token: t.admin });
    expect(removed.status).toBe(200);
    expect((await api('GET', `/api/sales/${d.id}`, { token: t.admin })).status).toBe(404);
    const drafts = await api('GET', '/api/sales?drafts=true', { token: t.admin });
    expect(drafts.body.items.map((i: { id: string }) => i.id)).not.toContain(d.id);
  });

  it('a negotiation (the order’s price table) prices every line from that table alone, its price locked, a product it lacks refused with the reason', async () => {
    const atacado = (await post('/api/price-tables', { name: 'Atacado' })).id;
    expect((await api('PUT', `/api/products/${p.arroz}/prices/${atacado}`, { token: t.admin, body: { price: '22.5' } })).status).toBe(200);
    const d = await post('/api/sales', { clientId: c.mine, priceTableId: atacado, items: [line(p.arroz, '2', '22.5')] }, t.salesman);
    expect((d.items as Record<string, unknown>[])[0]).toMatchObject({ listPrice: '22.5000', priceSource: 'negotiation', total: '45.00' });
    const old = await api('POST', '/api/sales', { token: t.salesman, body: { clientId: c.mine, priceTableId: atacado, items: [line(p.arroz, '2', '24.9')] } });
    expect(old.body.fields[0]).toMatchObject({ field: 'items.0.unitPrice', message: 'A empresa não permite alterar o preço de venda: use o preço da tabela (22.50).' });
    const lacking = await api('POST', '/api/sales', { token: t.salesman, body: { clientId: c.mine, priceTableId: atacado, items: [line(p.feijao, '1', '8.333')] } });
    expect(lacking.status).toBe(400);
    expect(lacking.body.fields[0].message).toContain('a tabela negociada "Atacado" não tem preço para o produto');
  });

  it('the entry catalogue: a search priced for the client, the reason where a product cannot be sold, the branch stock; a salesman cannot price for another’s client', async () => {
    const found = await api('POST', '/api/sales/catalogue', { token: t.salesman, body: { clientId: c.mine, q: 'feijao' } });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.decimals).toBe(2);
    expect(found.body.items).toEqual([
      expect.objectContaining({ productId: p.feijao, name: 'Feijão Carioca 1kg', price: '8.3330', source: 'default', tableName: 'Varejo', minimumPrice: '7.0000', package: null, reason: null, available: expect.any(String) }),
    ]);
    const ids = await api('POST', '/api/sales/catalogue', { token: t.salesman, body: { clientId: c.mine, productIds: [p.semPreco, p.arroz] } });
    expect(ids.body.items.map((i: { productId: string }) => i.productId)).toEqual([p.semPreco, p.arroz]);
    expect(ids.body.items[0]).toMatchObject({ price: null });
    expect(ids.body.items[0].reason).toContain('não tem preço para o produto');
    const noClient = await api('POST', '/api/sales/catalogue', { token: t.salesman, body: { productIds: [p.arroz] } });
    expect(noClient.body.items[0]).toMatchObject({ price: null, reason: 'Escolha o cliente para ver o preço.' });
    expect((await api('POST', '/api/sales/catalogue', { token: t.salesman, body: { clientId: c.others, q: 'arroz' } })).status).toBe(404);
    const bad = await api('POST', '/api/sales/catalogue', { token: t.salesman, body: { productIds: ['x'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('productIds.0');
  });

  it('finds drafts by client name words, and answers Portuguese 400s for a bad filter', async () => {
    const d = await post('/api/sales', { clientId: c.mine, items: [line(p.arroz, '1', '24.9')] }, t.salesman);
    const found = await api('GET', '/api/sales?drafts=true&q=bom%20preco', { token: t.salesman });
    expect(found.body.items.map((i: { id: string }) => i.id)).toContain(d.id);
    const bad = await api('GET', '/api/sales?from=2026-02-10&until=2026-02-01', { token: t.salesman });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0]).toMatchObject({ field: 'until', message: 'A data final do período deve ser igual ou posterior à inicial.' });
  });
});

describe('closing and statuses', () => {
  const here = { latitude: -22.3145, longitude: -49.0587, accuracy: 35 };
  let complete: string;
  let matriz: string;

  /** Sets a product's available stock in the salesman's branch (Matriz) to `quantity`, by an adjustment. */
  async function stock(productId: string, quantity: string) {
    const balances = await api('GET', `/api/inventory/products/${productId}/balances`, { token: t.admin });
    const now = balances.body.items.find((b: { branchId: string }) => b.branchId === matriz)?.available ?? '0';
    const delta = new Decimal(quantity).minus(now);
    if (delta.isZero()) return;
    const res = await api('POST', '/api/inventory/movements', { token: t.admin, body: { productId, branchId: matriz, kind: 'adjustment', quantity: delta.toFixed(), reason: 'Contagem' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }

  async function available(productId: string) {
    const res = await api('GET', `/api/inventory/products/${productId}/balances`, { token: t.admin });
    return res.body.items.find((b: { branchId: string }) => b.branchId === matriz) as { available: string; reserved: string };
  }

  const draft = (items: unknown[], extra: Record<string, unknown> = {}) =>
    post('/api/sales', { clientId: complete, natureId: r.venda, paymentConditionId: r.prazo, paymentType: 'boleto', transport: { costing: 1 }, items, ...extra }, t.salesman);

  beforeAll(async () => {
    matriz = w.branches[0]!.id;
    complete = (await post('/api/clients', { name: 'Atacadão Bauru Ltda', nickname: 'Atacadão', email: 'compras@atacadao.com.br', document: '11.222.333/0001-81', birthDate: '1990-05-05', salesmanId: w.salesman.id })).id;
  });

  it('closes a draft into a numbered sale: stock reserved, installments summing to the total where the financial position reads them, last purchase today', async () => {
    await Promise.all([stock(p.arroz, '100'), stock(p.feijao, '50')]);
    const d = await draft([line(p.arroz, '3', '24.9'), line(p.feijao, '2', '8.333')]);
    const closed = await api('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: d.version, geolocation: here }, headers: { 'idempotency-key': `close-${d.id}` } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const s = closed.body;
    expect(s).toMatchObject({ status: 'pending', salesmanId: w.salesman.id, supervisorId: w.supervisor.id, geolocation: here });
    expect(s.number).toBeGreaterThan(0);
    expect(s.installments.map((i: { installment: string }) => i.installment)).toEqual(['1/3', '2/3', '3/3']);
    const sum = s.installments.reduce((acc: Decimal, i: { value: string }) => acc.plus(i.value), new Decimal(0));
    expect(sum.toFixed(2)).toBe(s.totals.total);
    expect(s.history.at(-1)).toMatchObject({ from: 'typing', to: 'pending', userId: w.salesman.id });

    expect(await available(p.arroz)).toMatchObject({ available: '97.0000', reserved: '3.0000' });
    const financial = await api('GET', `/api/clients/${complete}/financial`, { token: t.salesman });
    const mine = financial.body.installments.filter((i: { document: string }) => i.document === String(s.number));
    expect(mine.map((i: { installment: string; installmentValue: string }) => [i.installment, i.installmentValue])).toEqual(s.installments.map((i: { installment: string; value: string }) => [i.installment, i.value]));
    const client = await api('GET', `/api/clients/${complete}`, { token: t.salesman });
    expect(client.body.lastPurchaseDate).toBe(s.orderDate);

    // The same close again with its key answers the same sale; without it, the draft is no more.
    const again = await api('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: d.version, geolocation: here }, headers: { 'idempotency-key': `close-${d.id}` } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: d.id, number: s.number, version: s.version });
    const other = await api('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: d.version, geolocation: here } });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('Este pedido já foi fechado e não é mais um rascunho.');
    expect(await available(p.arroz)).toMatchObject({ available: '97.0000', reserved: '3.0000' });
    const listed = await api('GET', '/api/sales', { token: t.salesman });
    expect(listed.body.items.map((i: { id: string }) => i.id)).toContain(d.id);
  });

  it('refuses to close what the spec refuses, with its text: an incomplete client, a client now invalid, a price below the minimum', async () => {
    await stock(p.feijao, '50');
    const incomplete = await post('/api/sales', { clientId: c.mine, natureId: r.venda, paymentConditionId: r.prazo, transport: { costing: 1 }, items: [line(p.arroz, '1', '24.9')] }, t.salesman);
    const res1 = await api('POST', `/api/sales/${incomplete.id}/close`, { token: t.salesman, body: { version: 1, geolocation: here } });
    expect(res1.status).toBe(400);
    expect(res1.body.fields[0]).toMatchObject({ field: 'clientId', message: 'Complete o cadastro do cliente (nome, apelido, e-mail e CPF/CNPJ) antes de fechar o pedido.' });

    // The location's cases (required by the company or not): sales-entry-rules.integration.test.ts.
    const d = await draft([line(p.feijao, '1', '8.333')]);

    const client = await api('GET', `/api/clients/${complete}`, { token: t.admin });
    expect((await api('PUT', `/api/clients/${complete}`, { token: t.admin, body: { ...client.body, situation: 'problem' } })).status).toBe(200);
    try {
      const invalidNow = await api('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: 1, geolocation: here } });
      expect(invalidNow.status).toBe(409);
      expect(invalidNow.body.message).toBe('O cliente deste pedido está em análise ou com problema e não pode mais comprar. Escolha outro cliente ou fale com o financeiro.');
    } finally {
      const now = await api('GET', `/api/clients/${complete}`, { token: t.admin });
      expect((await api('PUT', `/api/clients/${complete}`, { token: t.admin, body: { ...now.body, situation: 'normal' } })).status).toBe(200);
    }
    expect((await api('GET', `/api/sales/${d.id}`, { token: t.salesman })).body).toMatchObject({ status: 'typing', number: null });

    // A table price below the product's minimum: the spec's text on the line's price.
    const azeite = await post('/api/products', { ref: 'V-AZ', name: 'Azeite Extra Virgem 500ml', unitId: r.un, productCompanyId: r.alfa, minimumPrice: '40' });
    expect((await api('PUT', `/api/products/${azeite.id}/prices/${r.table}`, { token: t.admin, body: { price: '35' } })).status).toBe(200);
    const low = await draft([line(p.feijao, '1', '8.333'), line(azeite.id, '1', '35')]);
    const below = await api('POST', `/api/sales/${low.id}/close`, { token: t.salesman, body: { version: 1, geolocation: here } });
    expect(below.status).toBe(400);
    expect(below.body.fields[0]).toMatchObject({ field: 'items.1.unitPrice', message: 'O preço inserido está abaixo do mínimo permitido. Azeite Extra Virgem 500ml: R$ 35,00 a unidade, mínimo R$ 40,00.' });
  });

  it('where the company uses password authorization, a price below the minimum closes with an authorizer’s password, recorded on the sale', async () => {
    const azeite = await post('/api/products', { ref: 'V-AZ2', name: 'Azeite Português 250ml', unitId: r.un, productCompanyId: r.alfa, minimumPrice: '30' });
    expect((await api('PUT', `/api/products/${azeite.id}/prices/${r.table}`, { token: t.admin, body: { price: '28' } })).status).toBe(200);
    await stock(azeite.id, '10');
    await setSetting('further', 'passwordAuthorization', true);
    try {
      const d = await draft([line(azeite.id, '1', '28')]);
      const asked = await api('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: 1, geolocation: here } });
      expect(asked.status).toBe(400);
      expect(asked.body).toMatchObject({ code: 'sales.authorization_required', message: 'O preço inserido está abaixo do mínimo permitido. Azeite Português 250ml: R$ 28,00 a unidade, mínimo R$ 30,00.' });
      // The salesman's own password: his profile authorizes nothing.
      const salesman = await api('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: 1, geolocation: here, authorization: { email: w.salesman.email, password: 'senha-errada' } } });
      expect(salesman.status).toBe(400);
      expect(salesman.body.fields[0]).toMatchObject({ field: 'authorization.password', message: 'Senha do autorizador incorreta, ou o usuário não é autorizador da liberação financeira.' });
      const closed = await api('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: 1, geolocation: here, authorization: { email: w.admin.email, password: PASSWORD } } });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      expect(closed.body.authorizer).toMatchObject({ userId: w.admin.id, profileId: w.profiles.administrator.id });
    } finally {
      await setSetting('further', 'passwordAuthorization', false);
    }
  });

  it('stock: short of stock asks to proceed and, accepted, cuts the line to what is available; with nothing available it blocks; stock never goes below zero', async () => {
    await stock(p.feijao, '4');
    const d = await draft([line(p.feijao, '10', '8.333')]);
    const asked = await api('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: 1, geolocation: here } });
    expect(asked.status).toBe(409);
    expect(asked.body.fields[0]).toMatchObject({ field: 'items.0.quantity', message: 'Estoque menor que o pedido para Feijão Carioca 1kg: disponível 4. Deseja continuar com a quantidade disponível?' });
    const cut = await api('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: 1, geolocation: here, acceptShortStock: true } });
    expect(cut.status, JSON.stringify(cut.body)).toBe(200);
    expect(cut.body.items[0]).toMatchObject({ quantity: '4', quantityAsked: '10', total: '33.33' });
    expect(await available(p.feijao)).toMatchObject({ available: '0.0000' });

    const none = await draft([line(p.feijao, '1', '8.333')]);
    const blocked = await api('POST', `/api/sales/${none.id}/close`, { token: t.salesman, body: { version: 1, geolocation: here, acceptShortStock: true } });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe('Estoque insuficiente para Feijão Carioca 1kg: disponível 0. Mude a quantidade ou retire o item.');
  });

  it('statuses: only the machine’s moves; paid only by an authorizer; cancelling releases the stock and cancels the open installments', async () => {
    await stock(p.arroz, '100');
    const d = await draft([line(p.arroz, '5', '24.9')]);
    const s = (await api('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: 1, geolocation: here } })).body;
    expect(s.status).toBe('pending');
    const before = await available(p.arroz);

    const jump = await api('POST', `/api/sales/${d.id}/status`, { token: t.admin, body: { version: s.version, to: 'delivered' } });
    expect(jump.status).toBe(409);
    const notAuthorizer = await api('POST', `/api/sales/${d.id}/status`, { token: t.salesman, body: { version: s.version, to: 'paid' } });
    expect(notAuthorizer.status).toBe(403);
    expect(notAuthorizer.body.message).toBe('Só um usuário de perfil autorizador da liberação financeira pode liberar o pedido.');
    const paid = await api('POST', `/api/sales/${d.id}/status`, { token: t.admin, body: { version: s.version, to: 'paid' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const cancelled = await api('POST', `/api/sales/${d.id}/status`, { token: t.admin, body: { version: paid.body.version, to: 'cancelled', reason: 'Cliente desistiu' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.installments.every((i: { status: string }) => i.status === 'cancelled')).toBe(true);
    expect(cancelled.body.history.map((h: { to: string }) => h.to)).toEqual(['pending', 'paid', 'cancelled']);
    expect(new Decimal((await available(p.arroz)).available).minus(before.available).toFixed()).toBe('5');
    const financial = await api('GET', `/api/clients/${complete}/financial`, { token: t.admin });
    const mine = financial.body.installments.filter((i: { document: string }) => i.document === String(s.number));
    expect(mine.length).toBe(3);
    expect(mine.every((i: { cancelled: boolean; openValue: string }) => i.cancelled && new Decimal(i.openValue).isZero())).toBe(true);
    // Final: no move out of cancelled.
    expect((await api('POST', `/api/sales/${d.id}/status`, { token: t.admin, body: { version: cancelled.body.version, to: 'pending' } })).status).toBe(409);
  });

  it('paid also by a user whose own flag authorizes financial release, whatever its profile', async () => {
    await stock(p.arroz, '10');
    const d = await draft([line(p.arroz, '1', '24.9')]);
    const s = (await api('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: 1, geolocation: here } })).body;
    // The supervisor's profile (Gerente) does not authorize: refused until the user's own flag is set.
    const refused = await api('POST', `/api/sales/${d.id}/status`, { token: t.supervisor, body: { version: s.version, to: 'paid' } });
    expect(refused.status).toBe(403);
    const sup = (await api('GET', `/api/users/${w.supervisor.id}`, { token: t.admin })).body;
    const flagged = await api('PUT', `/api/users/${w.supervisor.id}`, { token: t.admin, body: { ...sup, financialReleaseAuthorizer: true } });
    expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
    try {
      const paid = await api('POST', `/api/sales/${d.id}/status`, { token: t.supervisor, body: { version: s.version, to: 'paid' } });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.status).toBe('paid');
    } finally {
      await api('PUT', `/api/users/${w.supervisor.id}`, { token: t.admin, body: { ...flagged.body, financialReleaseAuthorizer: false } });
    }
  });

  describe('who moves a sale (docs/sales.md "Who moves a sale")', () => {
    type Moved = { id: string; version: number; status: string; history: { to: string; userId: string }[] };
    let office: string;
    const pending = async (): Promise<Moved> => {
      const d = await draft([line(p.arroz, '1', '24.9')]);
      const closed = await api('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: d.version, geolocation: here } });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      return closed.body;
    };
    const moveAs = (token: string, s: Moved, to: string, reason?: string) => api('POST', `/api/sales/${s.id}/status`, { token, body: { version: s.version, to, ...(reason ? { reason } : {}) } });
    /** The move is made: 200, the sale in its new status. */
    const moved = async (token: string, s: Moved, to: string, reason?: string): Promise<Moved> => {
      const res = await moveAs(token, s, to, reason);
      expect(res.status, `${s.status} → ${to}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.status).toBe(to);
      return res.body;
    };
    /** The move is refused by the profile (403) and changes nothing. */
    const refused = async (token: string, s: Moved, to: string) => {
      const res = await moveAs(token, s, to, 'Tentativa');
      expect(res.status, `${s.status} → ${to}: ${JSON.stringify(res.body)}`).toBe(403);
      const after = await api('GET', `/api/sales/${s.id}`, { token: t.admin });
      expect(after.body).toMatchObject({ status: s.status, version: s.version });
      return res.body;
    };

    beforeAll(async () => {
      await stock(p.arroz, '1000');
      // The back office: the employee preset (Funcionário) with the company's branches.
      const user = await Provisioning.addUser(w.tenant.id, {
        email: `escritorio@${w.domain}`, password: PASSWORD, name: 'Olga Escritório', profileId: w.profiles.employee.id, branchIds: w.branches.map((b) => b.id), employee: true,
      });
      office = (await w.login(user.email)).accessToken;
    });

    it('the back office processes, issues the document, delivers and completes; it neither releases, cancels nor refunds', async () => {
      const s = await pending();
      expect((await refused(office, s, 'paid')).message).toBe('Só um usuário de perfil autorizador da liberação financeira pode liberar o pedido.');
      const processing = await moved(office, s, 'processing');
      await refused(office, processing, 'cancelled');
      const back = await moved(office, processing, 'pending');
      const again = await moved(office, back, 'processing');
      const receipt = await moved(office, again, 'receipt');
      await refused(office, receipt, 'cancelled');
      const delivered = await moved(office, receipt, 'delivered');
      await refused(office, delivered, 'refunded');
      const completed = await moved(office, delivered, 'completed');
      await refused(office, completed, 'refunded');
      // The administrator refunds (and makes every move the machine allows).
      const refunded = await moved(t.admin, completed, 'refunded', 'Devolução total');
      expect(refunded.history.map((h) => h.to)).toEqual(['pending', 'processing', 'pending', 'processing', 'receipt', 'delivered', 'completed', 'refunded']);
    });

    it('a salesman cancels his own pending sale and makes no other move, each refusal naming the statuses', async () => {
      const s = await pending();
      for (const to of ['processing']) {
        const body = await refused(t.salesman, s, to);
        expect(body.message).toBe('Seu perfil não permite passar o pedido de "Pendente" para "Em processamento". Se precisar, fale com a gerência.');
        expect(body).toMatchObject({ key: 'sales.moveForbidden', params: { from: 'Pendente', fromKey: 'saleStatus.pending', to: 'Em processamento', toKey: 'saleStatus.processing' } });
      }
      expect((await refused(t.salesman, s, 'paid')).message).toBe('Só um usuário de perfil autorizador da liberação financeira pode liberar o pedido.');
      const cancelled = await moved(t.salesman, s, 'cancelled', 'Cliente desistiu');
      expect(cancelled.history.at(-1)).toMatchObject({ to: 'cancelled', userId: w.salesman.id });

      // Once the back office has it, the salesman no longer cancels it, nor delivers or refunds it.
      const worked = await moved(office, await pending(), 'processing');
      await refused(t.salesman, worked, 'cancelled');
      await refused(t.salesman, worked, 'receipt');
      const receipt = await moved(office, worked, 'receipt');
      await refused(t.salesman, receipt, 'delivered');
      const delivered = await moved(office, receipt, 'delivered');
      await refused(t.salesman, delivered, 'refunded');
      await refused(t.salesman, delivered, 'completed');
      // Another salesman's sale is not his to see: 404.
      expect((await moveAs(t.other, await pending(), 'cancelled', 'x')).status).toBe(404);
    });

    it('the supervisor cancels his team’s pending sale, not a released one; the administrator releases and cancels it', async () => {
      const cancelled = await moved(t.supervisor, await pending(), 'cancelled', 'Pedido em duplicidade');
      expect(cancelled.history.at(-1)).toMatchObject({ to: 'cancelled', userId: w.supervisor.id });
      const paid = await moved(t.admin, await pending(), 'paid');
      await refused(t.supervisor, paid, 'cancelled');
      await refused(t.salesman, paid, 'cancelled');
      await refused(t.supervisor, paid, 'refunded');
      await refused(office, paid, 'refunded');
      await moved(t.admin, paid, 'cancelled', 'Cliente desistiu');
    });

    it('a move the machine lacks answers 409 with the statuses by name; the session says who is an authorizer', async () => {
      const s = await pending();
      const jump = await moveAs(t.admin, s, 'delivered');
      expect(jump.status).toBe(409);
      expect(jump.body.message).toBe('O pedido está com o status "Pendente" e não pode passar para "Entregue".');
      expect(jump.body).toMatchObject({ key: 'sales.move', params: { fromKey: 'saleStatus.pending', toKey: 'saleStatus.delivered' } });
      const me = async (token: string) => (await api('GET', '/api/auth/me', { token })).body.data.user.autorizadorFinanceiro;
      expect(await me(t.admin)).toBe(true);
      expect(await me(t.salesman)).toBe(false);
      expect(await me(office)).toBe(false);
    });

    it('a profile stored before the moves were abilities reads with the table’s defaults: its preset’s, or every move it could make', async () => {
      const put = (item: Record<string, unknown>) => runAs({ tenantId: w.tenant.id }, () => dynamoClient().send(new PutCommand({ TableName: tableName(), Item: item })));
      const now = new Date().toISOString();
      // A profile of the company's own, stored as before: sales updated (every move, then), no rules version.
      const legacyId = newId();
      const legacyRules = [{ action: 'read', subject: ['auth', 'usuarios'] }, { action: ['create', 'read', 'update'], subject: 'vendas' }];
      await runAs({ tenantId: w.tenant.id }, () =>
        put({ ...Keys.profile(legacyId), type: 'profile', id: legacyId, name: 'Escritório antigo', preset: null, active: true, rules: legacyRules, createdAt: now, updatedAt: now, version: 1 }),
      );
      // The employee preset's profile, stored as before: no move.
      const employeeId = w.profiles.employee.id;
      await runAs({ tenantId: w.tenant.id }, () =>
        dynamoClient().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: Keys.profile(employeeId),
            UpdateExpression: 'SET #r = :r REMOVE rulesVersion',
            ExpressionAttributeNames: { '#r': 'rules' },
            ExpressionAttributeValues: { ':r': [{ action: 'read', subject: 'auth' }, { action: 'read', subject: ['clientes', 'vendas'] }] },
          }),
        ),
      );
      const branchIds = w.branches.map((b) => b.id);
      const legacyUser = await Provisioning.addUser(w.tenant.id, { email: `antigo@${w.domain}`, password: PASSWORD, name: 'Lúcio Antigo', profileId: legacyId, branchIds });
      const oldOfficeUser = await Provisioning.addUser(w.tenant.id, { email: `escritorio2@${w.domain}`, password: PASSWORD, name: 'Otília Escritório', profileId: employeeId, branchIds, employee: true });
      const [legacy, oldOffice] = await Promise.all([w.login(legacyUser.email), w.login(oldOfficeUser.email)]).then((l) => l.map((x) => x.accessToken) as [string, string]);

      // The editor shows what each reads as.
      const profiles = (await api('GET', '/api/profiles?limit=100', { token: t.admin })).body.items as { id: string; rules: unknown[] }[];
      expect(profiles.find((x) => x.id === legacyId)?.rules).toContainEqual({ action: ['process', 'deliver', 'cancelPending', 'cancel', 'refund'], subject: 'vendas' });
      expect(profiles.find((x) => x.id === employeeId)?.rules).toContainEqual({ action: ['process', 'deliver'], subject: 'vendas' });

      // The old profile of its own keeps its moves, cancel and refund included; the release stays the authorizer's.
      const s = await pending();
      await refused(legacy, s, 'paid');
      const processing = await moved(legacy, s, 'processing');
      await moved(legacy, processing, 'cancelled', 'Sem estoque');
      const paid = await moved(t.admin, await pending(), 'paid');
      await moved(legacy, paid, 'refunded', 'Devolvido');
      // The old employee preset: the back office's moves.
      const worked = await moved(oldOffice, await pending(), 'processing');
      await refused(oldOffice, worked, 'cancelled');

      // Saved from the editor, the profile is stored as read (with its rules version) and moves the same.
      const legacyNow = (await api('GET', `/api/profiles/${legacyId}`, { token: t.admin })).body;
      const saved = await api('PUT', `/api/profiles/${legacyId}`, { token: t.admin, body: { name: legacyNow.name, rules: legacyNow.rules, financialReleaseAuthorizer: false, version: legacyNow.version } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const stored = await runAs({ tenantId: w.tenant.id }, () => dynamoClient().send(new GetCommand({ TableName: tableName(), Key: Keys.profile(legacyId) })));
      expect(stored.Item).toMatchObject({ rulesVersion: 2, rules: legacyNow.rules });
      await moved(legacy, await pending(), 'cancelled', 'Cliente desistiu');
    });
  });

  it('the client’s usual products: from its closed sales, cancelled ones and drafts left out, most frequent first with the last price; outside the scope a 404', async () => {
    await Promise.all([stock(p.arroz, '100'), stock(p.feijao, '100'), stock(p.sabao, '100')]);
    const client = (await post('/api/clients', { name: 'Empório Sugestão Ltda', nickname: 'Empório', email: 'compras@emporio.com.br', document: '45.321.789/0001-10', birthDate: '1985-03-10', salesmanId: w.salesman.id })).id;
    const order = (items: unknown[]) => post('/api/sales', { clientId: client, natureId: r.venda, paymentConditionId: r.prazo, paymentType: 'boleto', transport: { costing: 1 }, items }, t.salesman);
    const closeIt = async (d: { id: string } & Record<string, unknown>) => {
      const res = await api('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: d.version, geolocation: here } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { id: string; number: number; version: number; orderDate: string };
    };
    const before = await api('GET', `/api/sales/client-products/${client}`, { token: t.salesman });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ sales: 0, items: [] });

    const first = await closeIt(await order([line(p.arroz, '2', '24.9'), line(p.feijao, '1', '8.333')]));
    const second = await closeIt(await order([line(p.arroz, '4', '24.9')]));
    const cancelled = await closeIt(await order([line(p.sabao, '9', '12.5')]));
    expect((await api('POST', `/api/sales/${cancelled.id}/status`, { token: t.admin, body: { version: cancelled.version, to: 'cancelled', reason: 'Cliente desistiu' } })).status).toBe(200);
    await order([line(p.sabao, '1', '12.5')]);

    const res = await api('GET', `/api/sales/client-products/${client}`, { token: t.salesman });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.sales).toBe(2);
    expect(res.body.items).toEqual([
      expect.objectContaining({ productId: p.arroz, orders: 2, lastQuantity: '4', lastUnitPrice: '24.9000', lastNumber: second.number, lastDate: second.orderDate }),
      expect.objectContaining({ productId: p.feijao, orders: 1, lastQuantity: '1', lastUnitPrice: '8.3330', lastNumber: first.number }),
    ]);
    // Another salesman does not reach the client (404); the supervisor of its salesman does.
    expect((await api('GET', `/api/sales/client-products/${client}`, { token: t.other })).status).toBe(404);
    expect((await api('GET', `/api/sales/client-products/${client}`, { token: t.supervisor })).body.sales).toBe(2);
    const bad = await api('GET', '/api/sales/client-products/nao-e-um-id', { token: t.salesman });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0]).toMatchObject({ field: 'clientId' });
  });

  it('a close cut off before its number (the process dies) leaves no sale and no second reservation: the next start finishes it whole', async () => {
    await stock(p.arroz, '100');
    const d = await draft([line(p.arroz, '2', '24.9')]);
    // The process dies just before its numbering transaction: nothing after it is written, its own undo included.
    const crash = dieAt({ command: 'TransactWriteItems', when: (input) => JSON.stringify(input).includes('COUNTER#sales') });
    try {
      const res = await call('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: 1, geolocation: here } });
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.body)).not.toContain('injected');
    } finally {
      crash.remove();
    }
    // Half done: the stock reserved, no number, not a sale, and the draft can no longer be edited.
    expect((await api('GET', `/api/sales/${d.id}`, { token: t.salesman })).body).toMatchObject({ status: 'typing', number: null, installments: [] });
    expect(await available(p.arroz)).toMatchObject({ available: '98.0000' });
    expect((await api('PUT', `/api/sales/${d.id}`, { token: t.salesman, body: { version: 1, clientId: complete, items: [] } })).body).toMatchObject({ code: 'sales.not_draft' });

    const swept = await Sales.finishInterrupted({ tenantIds: [w.tenant.id] });
    expect(swept.finished).toBeGreaterThanOrEqual(1);
    const whole = (await api('GET', `/api/sales/${d.id}`, { token: t.salesman })).body;
    expect(whole).toMatchObject({ status: 'pending' });
    expect(whole.number).toBeGreaterThan(0);
    expect(whole.installments).toHaveLength(3);
    // Reserved once, not twice.
    expect(await available(p.arroz)).toMatchObject({ available: '98.0000' });
    const financial = await api('GET', `/api/clients/${complete}/financial`, { token: t.salesman });
    expect(financial.body.installments.filter((i: { document: string }) => i.document === String(whole.number))).toHaveLength(3);
  });

  it('a 1,000-line order saves, closes and cancels whole: lines back in order, stock reserved and released, the ledgers balanced', async () => {
    const N = 1000;
    const now = new Date().toISOString();
    const records = Array.from({ length: N }, (_, n): ProductRecord => ({
      id: newId(), ref: `M${String(n).padStart(5, '0')}`, name: `Item de Mil ${n}`, barcode: null, unitId: r.un, unitName: 'UN', groupId: null, productCompanyId: r.alfa,
      sizeId: null, status: 'active', minimumPrice: null, createdAt: now, updatedAt: now, version: 1,
    }) as unknown as ProductRecord);
    await runAs({ tenantId: w.tenant.id }, async () => {
      // The product records alone: an order reads its products by id, and the catalogue's lists,
      // search words and unique codes (14 more items a product) play no part in it.
      await batchWrite(records.map((x) => ({ put: { ...Keys.product(x.id), type: 'product', ...x } })));
      await PricesRepository.putMany(records.map((x, n) => ({ tableId: r.table, productId: x.id, price: `${1 + (n % 50)}.2500`, updatedAt: now, updatedBy: null })));
      const lines = records.map((x) => ({ productId: x.id, branchId: matriz, kind: 'adjustment' as const, reason: 'Inventário inicial', quantity: '10' }));
      for (let c = 0; c < lines.length; c += LINES_PER_TX * 8) {
        await Promise.all(Array.from({ length: 8 }, (_, k) => lines.slice(c + k * LINES_PER_TX, c + (k + 1) * LINES_PER_TX)).filter((x) => x.length).map((chunk) => postMovements(chunk)));
      }
    });
    const items = records.map((x, n) => line(x.id, String(1 + (n % 3)), `${1 + (n % 50)}.25`));
    const header = { clientId: complete, natureId: r.venda, paymentConditionId: r.prazo, paymentType: 'boleto', transport: { costing: 1 } };
    // First with the last line asking more than its product has: the close, written first, reserves
    // the other chunks before the last one's balance refuses it (docs/sales.md "The close written first").
    const short = await post('/api/sales', { ...header, items: [...items.slice(0, -1), line(records[N - 1]!.id, '11', '50.25')] }, t.salesman);
    const refused = await api('POST', `/api/sales/${short.id}/close`, { token: t.salesman, body: { version: short.version, geolocation: here } });
    expect(refused.status, JSON.stringify(refused.body).slice(0, 500)).toBe(409);
    expect(refused.body.fields).toEqual([expect.objectContaining({ field: `items.${N - 1}.quantity` })]);
    // Taken back whole: every balance as before, each ledger balanced (what was reserved, released).
    for (const x of [records[0]!, records[499]!, records[998]!]) expect(await available(x.id)).toMatchObject({ available: '10.0000', reserved: '0.0000' });
    expect((await api('GET', `/api/sales/${short.id}`, { token: t.salesman })).body).toMatchObject({ status: 'typing', number: null, version: short.version });

    const d = await post('/api/sales', { ...header, items }, t.salesman);
    const read = (await api('GET', `/api/sales/${d.id}`, { token: t.salesman })).body;
    expect(read.items).toHaveLength(N);
    expect(read.items.map((i: { productId: string }) => i.productId)).toEqual(records.map((x) => x.id));
    expect(read.totals.count).toBe(N);

    const closed = await api('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: d.version, geolocation: here } });
    expect(closed.status, JSON.stringify(closed.body).slice(0, 500)).toBe(200);
    expect(closed.body.items).toHaveLength(N);
    const sample = [records[0]!, records[499]!, records[999]!];
    expect((await available(sample[2]!.id)).reserved).toBe('1.0000');

    const cancelled = await api('POST', `/api/sales/${d.id}/status`, { token: t.admin, body: { version: closed.body.version, to: 'cancelled' } });
    expect(cancelled.status, JSON.stringify(cancelled.body).slice(0, 500)).toBe(200);
    for (const x of sample) expect(await available(x.id)).toMatchObject({ available: '10.0000', reserved: '0.0000' });
    // Every tenth product's ledger (a hundred, across every reservation chunk) against its balances.
    const checks = await runAs({ tenantId: w.tenant.id }, () => Promise.all(records.filter((_, n) => n % 10 === 0).map((x) => Inventory.check(x.id))));
    expect(checks.flat().filter((b) => !b.matches)).toEqual([]);
  }, 120_000);

  it('clones a sale into a new draft priced today; a client now in problem answers the cloned-client case and makes nothing', async () => {
    await Promise.all([stock(p.arroz, '100'), stock(p.feijao, '50')]);
    const d = await draft([line(p.arroz, '2', '24.9'), line(p.feijao, '1', '8.333')]);
    const closed = await api('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: 1, geolocation: here } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const s = closed.body;
    const copy = await api('POST', `/api/sales/${s.id}/clone`, { token: t.salesman });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect(copy.body).toMatchObject({ status: 'typing', number: null, clientId: complete, paymentConditionId: r.prazo, totals: { total: s.totals.total } });
    expect(copy.body.id).not.toBe(s.id);
    expect(copy.body.items.map((i: { productId: string; quantity: string }) => [i.productId, i.quantity])).toEqual([[p.arroz, '2'], [p.feijao, '1']]);

    const client = await api('GET', `/api/clients/${complete}`, { token: t.admin });
    expect((await api('PUT', `/api/clients/${complete}`, { token: t.admin, body: { ...client.body, situation: 'analysis' } })).status).toBe(200);
    try {
      const drafts = (await api('GET', '/api/sales?drafts=true&limit=100', { token: t.salesman })).body.items.length;
      const refused = await api('POST', `/api/sales/${s.id}/clone`, { token: t.salesman });
      expect(refused.status).toBe(400);
      expect(refused.body.fields[0]).toMatchObject({ field: 'clientId', message: 'O cliente do pedido copiado está em análise ou com problema e não pode ser escolhido. Escolha outro cliente para o novo pedido.' });
      expect((await api('GET', '/api/sales?drafts=true&limit=100', { token: t.salesman })).body.items.length).toBe(drafts);
    } finally {
      const now = await api('GET', `/api/clients/${complete}`, { token: t.admin });
      expect((await api('PUT', `/api/clients/${complete}`, { token: t.admin, body: { ...now.body, situation: 'normal' } })).status).toBe(200);
    }
  });

  it('each Sales setting that the server keeps changes behaviour as its name says, on and off', async () => {
    const reset: [group: 'sales' | 'further', key: string, value: unknown][] = [];
    const set = async (group: 'sales' | 'further', key: string, value: unknown, back: unknown) => {
      await setSetting(group, key, value);
      reset.push([group, key, back]);
    };
    try {
      // Item and order discounts off: refused on their fields.
      await set('sales', 'itemDiscounts', false, true);
      await set('sales', 'orderDiscounts', false, true);
      const itemOff = await api('POST', '/api/sales', { token: t.salesman, body: { clientId: complete, items: [line(p.arroz, '1', '24.9', { discountPercent: '5' })] } });
      expect(itemOff.body.fields[0]).toMatchObject({ field: 'items.0.discountPercent', message: 'A empresa não permite desconto nos itens.' });
      const orderOff = await api('POST', '/api/sales', { token: t.salesman, body: { clientId: complete, generalDiscountPercent: '5', items: [line(p.arroz, '1', '24.9')] } });
      expect(orderOff.body.fields[0]).toMatchObject({ field: 'generalDiscountPercent', message: 'A empresa não permite desconto no pedido.' });

      // Prices unlocked: another price is taken (the minimum still holds at closing).
      await set('sales', 'blockPriceChange', false, true);
      const free = await post('/api/sales', { clientId: complete, items: [line(p.arroz, '1', '20')] }, t.salesman);
      expect((free.items as { unitPrice: string }[])[0]!.unitPrice).toBe('20.0000');

      // Without stock check, transport requirement, geolocation and registration check: an incomplete
      // client's order closes with no transport, no location, more than the stock, and reserves nothing.
      // A sale closed while the company checks stock holds its reservation.
      await stock(p.arroz, '100');
      const heldDraft = await draft([line(p.arroz, '4', '24.9')]);
      const held = (await api('POST', `/api/sales/${heldDraft.id}/close`, { token: t.salesman, body: { version: 1, geolocation: here } })).body;
      expect(await available(p.arroz)).toMatchObject({ available: '96.0000' });

      await set('sales', 'checkStock', false, true);
      // Cancelled after the company stopped checking stock, it still gives its reservation back.
      const cancelled = await api('POST', `/api/sales/${held.id}/status`, { token: t.admin, body: { version: held.version, to: 'cancelled' } });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(await available(p.arroz)).toMatchObject({ available: '100.0000' });
      await set('sales', 'transportRequired', false, true);
      await set('sales', 'geolocationEnabled', false, true);
      await set('sales', 'checkCustomerRegistration', false, true);
      await stock(p.feijao, '1');
      const untouched = await available(p.feijao);
      const loose = await post('/api/sales', { clientId: c.mine, natureId: r.venda, paymentConditionId: r.vista, items: [line(p.feijao, '5', '8.333')] }, t.salesman);
      const closed = await api('POST', `/api/sales/${loose.id}/close`, { token: t.salesman, body: { version: 1 } });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      expect(closed.body.items[0]).toMatchObject({ quantity: '5', quantityAsked: null });
      expect(await available(p.feijao)).toMatchObject({ available: '1.0000', reserved: untouched.reserved });

      // The original salesman: the supervisor's order for his salesman's client is the supervisor's,
      // or, with the setting, the client's salesman's.
      const bySupervisor = await post('/api/sales', { clientId: complete, items: [line(p.arroz, '1', '24.9')] }, t.supervisor);
      expect(bySupervisor.salesmanId).toBe(w.supervisor.id);
      await set('further', 'useOriginalSalesman', true, false);
      const original = await post('/api/sales', { clientId: complete, items: [line(p.arroz, '1', '24.9')] }, t.supervisor);
      expect(original.salesmanId).toBe(w.salesman.id);
    } finally {
      for (const [group, key, value] of reset.reverse()) await setSetting(group, key, value);
    }
  });

  it('concurrent closes take consecutive numbers, none twice and none skipped', async () => {
    await stock(p.arroz, '100');
    const drafts = await Promise.all(Array.from({ length: 8 }, () => draft([line(p.arroz, '1', '24.9')])));
    const closed = await Promise.all(drafts.map((d) => api('POST', `/api/sales/${d.id}/close`, { token: t.salesman, body: { version: 1, geolocation: here } })));
    for (const res of closed) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const numbers = closed.map((res) => res.body.number as number).sort((a, b) => a - b);
    expect(numbers[numbers.length - 1]! - numbers[0]!).toBe(numbers.length - 1);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
