import { beforeAll, describe, expect, it } from 'vitest';
import { salesCompany } from '../testing/sales';
import { storeOf } from '../testing/store';
import { makeWorld, type World } from '../testing/world';

/**
 * The staff's side of a store order (issue 44, docs/store.md "The staff's side"): the sale's read
 * carries what its page shows (the store's state, method, processor, payment, buyer IP, browser,
 * the Pix, and a payment in review: why, what arrived, when), the sales list's rows mark a store
 * order and its state, and `storeReview=true` lists the orders whose payment the staff must
 * resolve, in the user's scope, until the sale is moved by hand.
 */
let w: World;
let s: Awaited<ReturnType<typeof salesCompany>>;
let slug: string;
let st: Awaited<ReturnType<typeof storeOf>>;
let storeToken: string;
let clientId: string;
let aVista: string;
let farinha: string;

const buy = async (key: string) => {
  const res = await st.order(storeToken, { items: [{ productId: farinha, quantity: '2' }], paymentConditionId: aVista, paymentMethod: 'pix' }, key);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; number: number };
};

/** The store's sandbox paying `amount` of the order's Pix, its signed notice through the webhook. */
const pay = async (saleId: string, amount: string) => {
  const chargeId = (await s.read(saleId)).store.paymentId as string;
  expect((await st.payInSandbox(chargeId, amount)).body).toEqual({ received: true });
  return chargeId;
};

const listed = async (query: string, token = s.tokens.admin) => {
  const res = await s.api('GET', `/api/sales?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items as { id: string; status: string; store?: string }[];
};

beforeAll(async () => {
  w = await makeWorld('Distribuidora Loja Equipe');
  s = await salesCompany(w);
  slug = `equipe-${s.tag.toLowerCase()}`;
  st = await storeOf(s, slug);
  aVista = (await s.post('/api/payments-conditions', { name: `À vista ${s.tag}`, terms: ['000'] })).id;
  farinha = await s.product(`Farinha de trigo 5kg ${s.tag}`, '21.40', '30');
  clientId = await s.client(`Empório Equipe ${s.tag}`);
  storeToken = await st.signIn(await st.grant(clientId));
});

describe('a store order for the staff', () => {
  it('reads with what its page shows, a payment of another amount in review; the list marks it and its filter finds it in scope until it is moved', async () => {
    const paid = await buy(`equipe-${s.tag}-pago`);
    const review = await buy(`equipe-${s.tag}-conferir`);
    const staffSale = await s.closed(clientId, [{ productId: farinha, quantity: '1', unitPrice: '21.40' }]);
    await pay(paid.id, '42.80');
    const chargeId = await pay(review.id, '40.00');

    const read = await s.read(review.id);
    expect(read.status).toBe('pending');
    expect(read.store).toEqual({
      slug,
      status: 'review',
      paymentMethod: 'pix',
      processor: 'sandbox',
      paymentId: chargeId,
      buyerIp: '200.150.10.7',
      details: {
        userAgent: 'Mozilla/5.0 (Linux; Android 14) Loja',
        pix: { code: expect.stringMatching(/^000201/), amount: '42.80', expiresAt: expect.any(String), txid: chargeId },
        review: { reason: 'amount', amount: '40.00', paymentId: chargeId, at: expect.any(String) },
        paidAt: null,
      },
    });
    expect((await s.read(paid.id)).store).toMatchObject({ status: 'paid', details: { paidAt: expect.any(String), review: null } });

    // The list's rows: a store order carries its state, a sale the staff took none.
    const rows = await listed(`clientId=${clientId}`);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.store ?? null]))).toEqual({ [paid.id]: 'paid', [review.id]: 'review', [staffSale.id]: null });

    // The filter: only the one in review, for the company and for its client's salesman, not for another salesman.
    expect((await listed('storeReview=true')).map((r) => r.id)).toEqual([review.id]);
    expect((await listed('storeReview=true', s.tokens.salesman)).map((r) => r.id)).toEqual([review.id]);
    expect(await listed('storeReview=true', s.tokens.other)).toEqual([]);
    const totals = await s.api('GET', '/api/sales/totals?storeReview=true', { token: s.tokens.admin });
    expect(totals.body).toMatchObject({ count: 1, total: '42.8', exact: true });
    const bad = await s.api('GET', '/api/sales?storeReview=talvez', { token: s.tokens.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([expect.objectContaining({ field: 'storeReview' })]);

    // Moved by hand (the staff refunded the client and cancelled the order): no longer to resolve.
    const cancel = await s.api('POST', `/api/sales/${review.id}/status`, { token: s.tokens.admin, body: { version: read.version, to: 'cancelled', reason: 'Valor devolvido pelo processador' } });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await listed('storeReview=true')).toEqual([]);
    expect((await listed(`clientId=${clientId}&status=cancelled`)).map((r) => [r.id, r.store])).toEqual([[review.id, 'review']]);
  });
});
