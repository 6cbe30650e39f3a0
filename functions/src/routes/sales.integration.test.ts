import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { makeWorld, type World } from '../testing/world';

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

async function post(path: string, body: unknown, token = t.admin) {
  const res = await api('POST', path, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string } & Record<string, unknown>;
}

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

    const locked = await api('POST', '/api/sales', { token: t.salesman, body: { clientId: c.mine, items: [line(p.arroz, '1', '20')] } });
    expect(locked.status).toBe(400);
    expect(locked.body.fields[0]).toMatchObject({ field: 'items.0.unitPrice', message: 'A empresa não permite alterar o preço de venda: use o preço da tabela (24.90).' });

    const zero = await api('POST', '/api/sales', { token: t.salesman, body: { clientId: c.mine, items: [line(p.arroz, '0', '24.9')] } });
    expect(zero.status).toBe(400);
    expect(zero.body.fields[0]).toMatchObject({ field: 'items.0.quantity', message: 'A quantidade deve ser maior que zero.' });
  });

  it('a sale type without financial movement and a free order carry no payment; a client limited to its conditions refuses another', async () => {
    const remessa = await post('/api/sales', { clientId: c.mine, natureId: r.remessa, paymentConditionId: r.prazo, paymentType: 'boleto', items: [line(p.arroz, '1', '24.9')] }, t.salesman);
    expect(remessa).toMatchObject({ paymentConditionId: null, paymentType: null, totals: { discounts: { payment: '0.00' }, total: '24.90' } });
    const free = await post('/api/sales', { clientId: c.mine, situation: 'free', paymentConditionId: r.prazo, items: [line(p.arroz, '2', '24.9', { discountPercent: '50' })] }, t.salesman);
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
    expect(foreign.body.fields[0].field).toBe('clientId');

    expect((await api('GET', `/api/sales/${d.id}`, { token: t.supervisor })).status).toBe(200);
    expect((await api('GET', `/api/sales/${d.id}`, { token: t.admin })).status).toBe(200);
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

  it('finds drafts by client name words, and answers Portuguese 400s for a bad filter', async () => {
    const d = await post('/api/sales', { clientId: c.mine, items: [line(p.arroz, '1', '24.9')] }, t.salesman);
    const found = await api('GET', '/api/sales?drafts=true&q=bom%20preco', { token: t.salesman });
    expect(found.body.items.map((i: { id: string }) => i.id)).toContain(d.id);
    const bad = await api('GET', '/api/sales?from=2026-02-10&until=2026-02-01', { token: t.salesman });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0]).toMatchObject({ field: 'until', message: 'A data final do período deve ser igual ou posterior à inicial.' });
  });
});
