import Decimal from 'decimal.js';
import { expect } from 'vitest';
import { checkedCall } from './checked-call';
import { cpfDigits } from './documents';
import { makeWorld, poster, type World } from './world';

/**
 * A company ready to take orders through the API, for the sales tests: a unit, a sale nature with
 * financial movement, a 0/30/60 condition, a default price table, products with a price and stock
 * in the first branch (Matriz), clients complete enough to close for, and the calls a test makes on
 * them (a draft, a close, a sale read, a product's balance, the client's financial position).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SaleBody = { id: string; version: number } & Record<string, any>;

const here = { latitude: -22.3145, longitude: -49.0587, accuracy: 35 };
let docSeq = 520_630_740;

export async function salesWorld(label: string) {
  return salesCompany(await makeWorld(label));
}

/**
 * The same on a company already made (a browser test's worker world): its registries named with a
 * tag of their own, so several calls on one company do not meet each other's names.
 */
export async function salesCompany(w: World) {
  const api = checkedCall;
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  const matriz = w.branches[0]!.id;
  const [admin, salesman, supervisor, other, employee] = (await Promise.all([w.admin, w.salesman, w.supervisor, w.otherSalesman, w.employee].map((u) => w.login(u.email)))).map((l) => l.accessToken) as [string, string, string, string, string];
  const post = <T = { id: string } & Record<string, unknown>>(path: string, body: unknown, token = admin) => poster(token, api)<T>(path, body);
  const [un, venda, prazo, table] = await Promise.all([
    post('/api/units', { name: `UN ${tag}` }),
    post('/api/natures', { name: `Venda de mercadoria ${tag}`, cfop: '5102', financialMovement: true }),
    post('/api/payments-conditions', { name: `0/30/60 ${tag}`, terms: ['000', '030', '060'] }),
    post('/api/price-tables', { name: `Varejo ${tag}`, isDefault: true }),
  ]);
  const ids = { un: un.id, venda: venda.id, prazo: prazo.id, table: table.id };

  let ref = 0;
  /** A product with its price in the default table and `stock` available in Matriz. */
  const product = async (name: string, price: string, stock: string, extra: Record<string, unknown> = {}) => {
    const made = await post('/api/products', { ref: `SW-${tag}-${++ref}`, name, unitId: ids.un, ...extra });
    expect((await api('PUT', `/api/products/${made.id}/prices/${ids.table}`, { token: admin, body: { price } })).status).toBe(200);
    if (stock !== '0') await post('/api/inventory/movements', { productId: made.id, branchId: matriz, kind: 'adjustment', quantity: stock, reason: 'Contagem' });
    return made.id;
  };

  /** A client of the salesman (or of another), complete enough to close for. */
  const client = async (name = `Mercado ${docSeq}`, salesmanId = w.salesman.id) =>
    (await post('/api/clients', { name, nickname: name.split(' ')[0], email: `compras${docSeq}@mercado.com.br`, document: cpfDigits(docSeq++), birthDate: '1990-05-05', salesmanId })).id;

  const balance = async (productId: string) => {
    const res = await api('GET', `/api/inventory/products/${productId}/balances`, { token: admin });
    expect(res.status).toBe(200);
    const b = res.body.items.find((x: { branchId: string }) => x.branchId === matriz) as { available: string; reserved: string } | undefined;
    return { available: new Decimal(b?.available ?? 0).toFixed(), reserved: new Decimal(b?.reserved ?? 0).toFixed() };
  };

  const draft = (clientId: string, items: { productId: string; quantity: string; unitPrice: string }[], token = salesman) =>
    post<SaleBody>('/api/sales', { clientId, natureId: ids.venda, paymentConditionId: ids.prazo, paymentType: 'boleto', transport: { costing: 1 }, items }, token);

  /** A draft closed into a pending sale: by the salesman (or `token`'s user), where `geolocation` says (default: here; null: no fix). */
  const closed = async (clientId: string, items: { productId: string; quantity: string; unitPrice: string }[], o: { token?: string; geolocation?: { latitude: number; longitude: number; accuracy: number } | null } = {}) => {
    const token = o.token ?? salesman;
    const d = await draft(clientId, items, token);
    const res = await api('POST', `/api/sales/${d.id}/close`, { token, body: { version: d.version, geolocation: o.geolocation === undefined ? here : o.geolocation } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as SaleBody;
  };

  const read = async (id: string, token = admin) => (await api('GET', `/api/sales/${id}`, { token })).body as SaleBody;
  const financial = async (clientId: string) => (await api('GET', `/api/clients/${clientId}/financial`, { token: admin })).body;

  return { api, w, tag, matriz, tokens: { admin, salesman, supervisor, other, employee }, post, ids, product, client, balance, draft, closed, read, financial };
}
