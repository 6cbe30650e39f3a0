import { beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '@ev/core/clock';
import { runAs } from '@ev/core/context';
import { SalesRepository } from '@ev/core/sales/repository';
import { checkedCall } from '../testing/checked-call';
import { makeWorld, PASSWORD, poster, setCompanySetting, type World } from '../testing/world';

/**
 * The entry's rules as a caller meets them (docs/sales.md "Rules at a save", "Closing"): the drafts
 * list holds drafts only, whatever happened to them since; a discount never takes a line below its
 * minimum unnoticed; a sale always has a salesman; a free order refuses what it cannot carry.
 */

const api = checkedCall;
const here = { latitude: -22.3145, longitude: -49.0587, accuracy: 35 };
let w: World;
let matriz: string;
const t = {} as Record<'admin' | 'supervisor' | 'salesman' | 'other', string>;
const r = {} as Record<'un' | 'venda' | 'remessa' | 'prazo' | 'table', string>;
const p = {} as Record<'arroz' | 'feijao' | 'oleo', string>;
const c = {} as Record<'mine' | 'nobody', string>;
const post = (path: string, body: unknown, token = t.admin) => poster(token, api)(path, body);
const line = (productId: string, quantity: string, unitPrice: string, extra: Record<string, unknown> = {}) => ({ productId, quantity, unitPrice, ...extra });
const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((i) => i.id);

beforeAll(async () => {
  w = await makeWorld('Regras');
  matriz = w.branches[0]!.id;
  const logins = await Promise.all([w.admin.email, w.supervisor.email, w.salesman.email, w.otherSalesman.email].map((e) => w.login(e)));
  [t.admin, t.supervisor, t.salesman, t.other] = logins.map((l) => l.accessToken) as [string, string, string, string];
  const [un, venda, remessa, prazo, table] = await Promise.all([
    post('/api/units', { name: 'UN' }),
    post('/api/natures', { name: 'Venda de mercadoria', cfop: '5102', financialMovement: true }),
    post('/api/natures', { name: 'Remessa em bonificação', cfop: '5910', financialMovement: false }),
    post('/api/payments-conditions', { name: '30/60', terms: ['030', '060'] }),
    post('/api/price-tables', { name: 'Varejo', isDefault: true }),
  ]);
  Object.assign(r, { un: un.id, venda: venda.id, remessa: remessa.id, prazo: prazo.id, table: table.id });
  let ref = 0;
  const product = async (name: string, price: string, minimumPrice: string | null = null) => {
    const made = await post('/api/products', { ref: `R-${++ref}`, name, unitId: r.un, minimumPrice });
    expect((await api('PUT', `/api/products/${made.id}/prices/${r.table}`, { token: t.admin, body: { price } })).status).toBe(200);
    await post('/api/inventory/movements', { productId: made.id, branchId: matriz, kind: 'adjustment', quantity: '1000', reason: 'Contagem' });
    return made.id;
  };
  [p.arroz, p.feijao, p.oleo] = await Promise.all([product('Arroz Tipo 1 5kg', '24.9'), product('Feijão Preto 1kg', '91.89', '79.9'), product('Óleo de Soja 900ml', '7.5', '6')]);
  c.mine = (await post('/api/clients', { name: 'Atacadão Bauru Ltda', nickname: 'Atacadão', email: 'compras@atacadao.com.br', document: '11.222.333/0001-81', birthDate: '1990-05-05', salesmanId: w.salesman.id })).id;
  // A client of nobody: the administrator (who does not sell) enters its orders.
  c.nobody = (await post('/api/clients', { name: 'Empório Sem Vendedor Ltda', nickname: 'Empório', email: 'compras@emporio.com.br', document: '45.321.789/0001-10', birthDate: '1985-03-10' })).id;
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

const close = (d: { id: string; version?: unknown }, token = t.salesman, extra: Record<string, unknown> = {}) =>
  api('POST', `/api/sales/${d.id}/close`, { token, body: { version: d.version, geolocation: here, ...extra } });

describe('the minimum price holds against what the client pays a unit', () => {
  it('a 30 % line discount under the locked price is refused at close with the spec’s text, the product, the figure and the minimum; the draft stays as typed', async () => {
    const d = await order([line(p.feijao, '2', '91.89', { discountPercent: '30' })]);
    expect(d).toMatchObject({ status: 'typing', totals: { total: '128.65' } });
    const res = await close(d);
    expect(res.status).toBe(400);
    const text = 'O preço inserido está abaixo do mínimo permitido. Feijão Preto 1kg: R$ 64,32 a unidade com os descontos, mínimo R$ 79,90.';
    expect(res.body.message).toBe(text);
    expect(res.body.fields).toEqual([{ field: 'items.0.unitPrice', message: text }]);
    expect(res.body.fieldTexts).toEqual([{ field: 'items.0.unitPrice', key: 'sales.belowMinimumDiscounted', params: { name: 'Feijão Preto 1kg', net: 'R$ 64,32', minimum: 'R$ 79,90' } }]);
    expect((await api('GET', `/api/sales/${d.id}`, { token: t.salesman })).body).toMatchObject({ status: 'typing', number: null, version: d.version });

    // 10 % leaves R$ 82,70 a unit: above the minimum, it closes.
    const fine = await order([line(p.feijao, '2', '91.89', { discountPercent: '10' })]);
    expect((await close(fine)).status).toBe(200);
  });

  it('the general discount counts too: 15 % of the order takes the unit to R$ 78,11', async () => {
    const d = await order([line(p.feijao, '1', '91.89')], { generalDiscountPercent: '15' });
    const res = await close(d);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([expect.objectContaining({ field: 'items.0.unitPrice', message: 'O preço inserido está abaixo do mínimo permitido. Feijão Preto 1kg: R$ 78,11 a unidade com os descontos, mínimo R$ 79,90.' })]);
  });

  it('where the company uses password authorization, a discounted line asks for it as a typed price does, and closes with an authorizer’s password', async () => {
    await setCompanySetting(w, 'further', 'passwordAuthorization', true);
    try {
      const d = await order([line(p.feijao, '1', '91.89', { discountPercent: '30' })]);
      const asked = await close(d);
      expect(asked.status).toBe(400);
      expect(asked.body).toMatchObject({ code: 'sales.authorization_required', fields: [expect.objectContaining({ field: 'items.0.unitPrice', message: expect.stringContaining('R$ 64,32 a unidade com os descontos') })] });
      const wrong = await close(d, t.salesman, { authorization: { email: w.salesman.email, password: PASSWORD } });
      expect(wrong.body.fields[0]).toMatchObject({ field: 'authorization.password' });
      const closed = await close(d, t.salesman, { authorization: { email: w.admin.email, password: PASSWORD } });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      expect(closed.body.authorizer).toMatchObject({ userId: w.admin.id });
    } finally {
      await setCompanySetting(w, 'further', 'passwordAuthorization', false);
    }
  });
});

describe('a refused close names every price problem at once', () => {
  it('two lines below their minimum, one fine: both named, each on its price', async () => {
    const d = await order([line(p.feijao, '1', '91.89', { discountPercent: '30' }), line(p.arroz, '1', '24.9', { discountPercent: '50' }), line(p.oleo, '4', '7.5', { discountPercent: '25' })]);
    const res = await close(d);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('O preço inserido está abaixo do mínimo permitido em 2 itens do pedido: veja cada item.');
    expect(res.body.fields.map((f: { field: string; message: string }) => [f.field, f.message])).toEqual([
      ['items.0.unitPrice', 'O preço inserido está abaixo do mínimo permitido. Feijão Preto 1kg: R$ 64,32 a unidade com os descontos, mínimo R$ 79,90.'],
      ['items.2.unitPrice', 'O preço inserido está abaixo do mínimo permitido. Óleo de Soja 900ml: R$ 5,63 a unidade com os descontos, mínimo R$ 6,00.'],
    ]);
  });

  it('a save with the prices locked names every changed price, each on its line', async () => {
    const res = await api('POST', '/api/sales', { token: t.salesman, body: { clientId: c.mine, items: [line(p.arroz, '1', '20'), line(p.feijao, '1', '91.89'), line(p.oleo, '1', '7')] } });
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f: { field: string }) => f.field)).toEqual(['items.0.unitPrice', 'items.2.unitPrice']);
    expect(res.body.fields[1].message).toBe('A empresa não permite alterar o preço de venda: use o preço da tabela (7.50).');
  });
});

describe('a sale always has a salesman', () => {
  it('the administrator’s order for a client of nobody asks for one at close; chosen, the sale is the salesman’s and his supervisor’s lists show it', async () => {
    const d = await order([line(p.arroz, '1', '24.9')], { clientId: c.nobody }, t.admin);
    expect(d.salesmanId).toBeNull();
    const refused = await close(d, t.admin);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([expect.objectContaining({ field: 'salesmanId', message: 'Escolha o vendedor do pedido: o cliente não tem vendedor e o seu usuário não é vendedor.' })]);
    expect((await api('GET', `/api/sales/${d.id}`, { token: t.admin })).body).toMatchObject({ status: 'typing', version: d.version });

    const body = { version: d.version, clientId: c.nobody, natureId: r.venda, paymentConditionId: r.prazo, paymentType: 'boleto', transport: { costing: 1 }, items: [line(p.arroz, '1', '24.9')] };
    const notSeller = await api('PUT', `/api/sales/${d.id}`, { token: t.admin, body: { ...body, salesmanId: w.employee.id } });
    expect(notSeller.status).toBe(400);
    expect(notSeller.body.fields).toEqual([expect.objectContaining({ field: 'salesmanId', message: 'O vendedor informado não existe, não está ativo ou não é vendedor.' })]);
    const saved = await api('PUT', `/api/sales/${d.id}`, { token: t.admin, body: { ...body, salesmanId: w.salesman.id } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.salesmanId).toBe(w.salesman.id);
    const closed = await close(saved.body, t.admin);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ salesmanId: w.salesman.id, supervisorId: w.supervisor.id });
    expect(ids(await api('GET', '/api/sales?limit=100', { token: t.supervisor }))).toContain(d.id);
    expect(ids(await api('GET', `/api/sales?limit=100&salesmanId=${w.salesman.id}`, { token: t.supervisor }))).toContain(d.id);
    expect(ids(await api('GET', '/api/sales?limit=100', { token: t.salesman }))).toContain(d.id);
    expect(ids(await api('GET', '/api/sales?limit=100', { token: t.other }))).not.toContain(d.id);
  });

  it('where the rules give the salesman, another one is refused, not taken nor dropped', async () => {
    const mine = await api('POST', '/api/sales', { token: t.salesman, body: { clientId: c.mine, salesmanId: w.otherSalesman.id } });
    expect(mine.status).toBe(400);
    expect(mine.body.fields).toEqual([expect.objectContaining({ field: 'salesmanId', message: 'O vendedor deste pedido vem das regras da empresa (o do cliente, ou quem digita o pedido quando vende) e não é escolhido.' })]);
    const clients = await api('POST', '/api/sales', { token: t.admin, body: { clientId: c.mine, salesmanId: w.otherSalesman.id } });
    expect(clients.body.fields[0]).toMatchObject({ field: 'salesmanId' });
    // The one the rules give, sent as it is, is no choice: taken.
    const same = await api('POST', '/api/sales', { token: t.admin, body: { clientId: c.mine, salesmanId: w.salesman.id } });
    expect(same.status, JSON.stringify(same.body)).toBe(201);
    expect(same.body.salesmanId).toBe(w.salesman.id);
  });
});

describe('a free order refuses what it cannot carry', () => {
  it('payment type, payment condition and line discounts are refused on their fields; without them it saves', async () => {
    const sent = await api('POST', '/api/sales', { token: t.salesman, body: { clientId: c.mine, situation: 'free', paymentType: 'boleto', paymentConditionId: r.prazo, items: [line(p.arroz, '2', '24.9')] } });
    expect(sent.status).toBe(400);
    const freeText = 'Um pedido bonificado não tem pagamento: deixe o tipo e a condição de pagamento em branco.';
    expect(sent.body.fields).toEqual([expect.objectContaining({ field: 'paymentType', message: freeText }), expect.objectContaining({ field: 'paymentConditionId', message: freeText })]);
    const discounted = await api('POST', '/api/sales', { token: t.salesman, body: { clientId: c.mine, situation: 'free', items: [line(p.arroz, '2', '24.9', { discountPercent: '50' }), line(p.oleo, '1', '7.5', { discountPercent: '0' })] } });
    expect(discounted.status).toBe(400);
    expect(discounted.body.fields).toEqual([expect.objectContaining({ field: 'items.0.discountPercent', message: 'Um pedido bonificado não tem desconto nos itens.' })]);
    const free = await post('/api/sales', { clientId: c.mine, situation: 'free', transport: { costing: 1 }, items: [line(p.arroz, '2', '24.9')] }, t.salesman);
    expect(free).toMatchObject({ situation: 'free', paymentType: null, paymentConditionId: null, totals: { total: '49.80' } });
    expect((await close(free)).status).toBe(200);
  });

  it('a sale type without financial movement refuses a payment the same way', async () => {
    const res = await api('POST', '/api/sales', { token: t.salesman, body: { clientId: c.mine, natureId: r.remessa, paymentConditionId: r.prazo, items: [line(p.arroz, '1', '24.9')] } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([
      expect.objectContaining({ field: 'paymentConditionId', message: 'O tipo de venda Remessa em bonificação não movimenta o financeiro e o pedido não tem pagamento: deixe o tipo e a condição de pagamento em branco.' }),
    ]);
    expect((await api('POST', '/api/sales', { token: t.salesman, body: { clientId: c.mine, natureId: r.remessa, items: [line(p.arroz, '1', '24.9')] } })).status).toBe(201);
  });
});
