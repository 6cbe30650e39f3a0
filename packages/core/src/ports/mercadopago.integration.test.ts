import { decodeBrCode } from '@ev/shared/pix/brcode';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mercadoPagoDate, MercadoPagoProcessor } from './mercadopago';
import type { PixRequest } from './payments';
import { startMercadoPago } from './testing/mercadopago-server';

/**
 * The Mercado Pago adapter against a local server that answers as its Payments API documents it
 * (./testing/mercadopago-server.ts):
 * `POST /v1/payments` (bearer token, `X-Idempotency-Key`: the same key answers the same payment)
 * with a Pix's dynamic BR Code in `point_of_interaction.transaction_data.qr_code`, and
 * `GET /v1/payments/{id}` (404 for an unknown one). The test pays or cancels a payment on the
 * server as Mercado Pago would once the payer's bank settles it.
 */
const TOKEN = 'APP_USR-4417-empresa-teste';
const SECRET = 'segredo-dos-webhooks-da-empresa';

let mp: Awaited<ReturnType<typeof startMercadoPago>>;
let baseUrl: string;
const seen = () => mp.seen;

beforeAll(async () => {
  mp = await startMercadoPago(TOKEN, SECRET);
  baseUrl = mp.baseUrl;
});

afterAll(() => mp.close());

beforeEach(() => {
  mp.seen.length = 0;
  mp.next.tamper = false;
  mp.next.delayMs = 0;
});

const processor = (opts: { accessToken?: string; webhookSecret?: string; timeoutMs?: number } = {}) =>
  new MercadoPagoProcessor({ accessToken: opts.accessToken ?? TOKEN, webhookSecret: opts.webhookSecret ?? SECRET, baseUrl, timeoutMs: opts.timeoutMs ?? 2000 });

const pix = (over: Partial<PixRequest> = {}): PixRequest => ({
  amount: '10.13',
  txid: 'PED1042abc12345',
  description: 'Pedido 1042',
  expiresAt: '2026-11-30 15:30:00',
  merchant: { name: 'Distribuidora Exemplo', city: 'SAO PAULO', key: '12345678000195' },
  payer: { email: 'compras@mercadobompreco.com.br', name: 'Mercado Bom Preço' },
  ...over,
});

describe('the Mercado Pago adapter: a Pix', () => {
  it('creates the payment with the bearer token and the idempotency key; the same key answers the same payment', async () => {
    const first = await processor().createPix(pix(), 'sale-1:key-a');
    expect(seen()[0]).toMatchObject({ method: 'POST', path: '/v1/payments', authorization: `Bearer ${TOKEN}`, idempotencyKey: 'sale-1:key-a' });
    // The amount goes as the number's own text, as the order's two decimals.
    expect(seen()[0]!.raw).toMatch(/^\{"transaction_amount":10\.13,/);
    expect(JSON.parse(seen()[0]!.raw)).toEqual({
      transaction_amount: 10.13,
      payment_method_id: 'pix',
      description: 'Pedido 1042',
      external_reference: 'PED1042abc12345',
      date_of_expiration: '2026-11-30T12:30:00.000-03:00',
      payer: { email: 'compras@mercadobompreco.com.br', first_name: 'Mercado', last_name: 'Bom Preço' },
    });

    const again = await processor().createPix(pix(), 'sale-1:key-a');
    expect(seen()[1]!.idempotencyKey).toBe('sale-1:key-a');
    expect(again).toEqual(first);
    const other = await processor().createPix(pix(), 'sale-1:key-b');
    expect(other.id).not.toBe(first.id);
  });

  it('shows the dynamic code as Mercado Pago answered it, its URL in 26-25 and *** in 62-05', async () => {
    const { id, code } = await processor().createPix(pix({ amount: '1234.50' }), 'sale-2:key');
    const sent = mp.payments.get(Number(id))!;
    expect(code).toBe((sent.point_of_interaction as { transaction_data: { qr_code: string } }).transaction_data.qr_code);
    const decoded = decodeBrCode(code);
    expect(decoded).toMatchObject({ dynamic: true, key: null, url: `pix.mercadopago.com.br/qr/v2/${Number(id).toString(16)}a41f0e7c9b`, txid: '***', amount: '1234.50' });
  });

  it('refuses a code altered on the way (its CRC does not match): createPix throws, nothing to show', async () => {
    mp.next.tamper = true;
    await expect(processor().createPix(pix(), 'sale-3:key')).rejects.toThrow(/no BR Code: o CRC não confere/);
  });

  it('refuses an amount of more than two decimals and a Pix without the payer’s e-mail, before calling', async () => {
    await expect(processor().createPix(pix({ amount: '10.125' }), 'k')).rejects.toThrow(/two decimals/);
    await expect(processor().createPix(pix({ payer: undefined }), 'k')).rejects.toThrow(/e-mail/);
    expect(seen()).toHaveLength(0);
  });

  it('fails on a wrong token (401) instead of answering a charge', async () => {
    await expect(processor({ accessToken: 'APP_USR-outra' }).createPix(pix(), 'sale-4:key')).rejects.toThrow(/HTTP 401.*invalid access token/);
  });

  it('writes the expiry in Mercado Pago’s format with the offset, the same instant', () => {
    expect(mercadoPagoDate('2026-12-01 01:15:00')).toBe('2026-11-30T22:15:00.000-03:00');
    expect(mercadoPagoDate('2026-12-01T01:15:00')).toBe('2026-11-30T22:15:00.000-03:00');
    expect(Date.parse(mercadoPagoDate('2026-12-01 01:15:00'))).toBe(Date.parse('2026-12-01T01:15:00Z'));
  });
});

describe('the Mercado Pago adapter: a charge read back', () => {
  it('answers a pending payment, then the approved one with what was paid, when (UTC) and its end-to-end id', async () => {
    const { id, code } = await processor().createPix(pix({ amount: '250.10' }), 'sale-5:key');
    expect(await processor().charge(id)).toEqual({ id, status: 'pending', amount: '250.10', paidAmount: null, paidAt: null, endToEndId: null, code });
    expect(seen().at(-1)).toMatchObject({ method: 'GET', path: `/v1/payments/${id}`, authorization: `Bearer ${TOKEN}` });

    mp.settle(id, 250.1, 'E18236120202611301607s0a1b2c3d4e5');
    expect(await processor().charge(id)).toEqual({
      id,
      status: 'approved',
      amount: '250.10',
      paidAmount: '250.10',
      paidAt: '2026-11-30 16:07:41',
      endToEndId: 'E18236120202611301607s0a1b2c3d4e5',
      code,
    });
  });

  it('answers what was paid as Mercado Pago counted it, another amount included', async () => {
    const { id } = await processor().createPix(pix({ amount: '99.90' }), 'sale-6:key');
    mp.settle(id, 99.8, 'E00000000202611301607aaaaaaaaaaa');
    expect(await processor().charge(id)).toMatchObject({ status: 'approved', amount: '99.90', paidAmount: '99.80' });
  });

  it('maps Mercado Pago’s statuses: in_process pending; cancelled, rejected, refunded, charged_back cancelled', async () => {
    const { id } = await processor().createPix(pix(), 'sale-7:key');
    const stored = mp.payments.get(Number(id))!;
    const read = async (status: string) => {
      stored.status = status;
      return (await processor().charge(id))!;
    };
    expect(await read('in_process')).toMatchObject({ status: 'pending', paidAmount: null, paidAt: null });
    for (const status of ['cancelled', 'rejected', 'refunded', 'charged_back']) expect(await read(status)).toMatchObject({ status: 'cancelled', paidAmount: null, paidAt: null });
    // A status the adapter does not know is never paid nor cancelled.
    expect(await read('in_mediation')).toMatchObject({ status: 'pending', paidAmount: null });
  });

  it('answers undefined for an id Mercado Pago does not know', async () => {
    expect(await processor().charge('999999999')).toBeUndefined();
    expect(seen().at(-1)).toMatchObject({ method: 'GET', path: '/v1/payments/999999999' });
  });

  it('fails instead of hanging when Mercado Pago answers later than the time limit', async () => {
    const { id } = await processor().createPix(pix(), 'sale-8:key');
    mp.next.delayMs = 3000;
    await expect(processor({ timeoutMs: 100 }).charge(id)).rejects.toThrow(/no answer in 100 ms/);
    mp.next.delayMs = 3000;
    await expect(processor({ timeoutMs: 100 }).createPix(pix(), 'sale-9:key')).rejects.toThrow(/no answer in 100 ms/);
  });
});

describe('the Mercado Pago adapter: webhooks', () => {
  const sign = (dataId: string, requestId: string, ts: string, secret = SECRET) => mp.sign(dataId, requestId, ts, secret);
  const notice = (dataId: string, eventId: number | null = 118765432109) =>
    JSON.stringify({ ...(eventId === null ? {} : { id: eventId }), live_mode: true, type: 'payment', date_created: '2026-11-30T12:07:42.000-04:00', user_id: 44444, api_version: 'v1', action: 'payment.updated', data: { id: dataId } });
  const headers = (dataId: string, requestId = 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e', ts = '1764518862', secret = SECRET) => ({
    'content-type': 'application/json',
    'x-request-id': requestId,
    'x-signature': `ts=${ts},v1=${sign(dataId, requestId, ts, secret)}`,
  });

  it('accepts a notification signed with the company’s secret: the payment it is about and its event', () => {
    expect(processor().verify(headers('1325410519'), notice('1325410519'))).toEqual({ chargeId: '1325410519', eventId: '118765432109' });
    // Without the notification's own id, its request's id is the event.
    expect(processor().verify(headers('1325410519', 'req-7'), notice('1325410519', null))).toEqual({ chargeId: '1325410519', eventId: 'req-7' });
  });

  it('signs an alphanumeric data id in lower case, as Mercado Pago does', () => {
    expect(processor().verify(headers('abc123xyz'), notice('ABC123XYZ'))).toEqual({ chargeId: 'ABC123XYZ', eventId: '118765432109' });
  });

  it('refuses a forged signature, another secret, a missing header and a signature replayed for another payment', () => {
    const good = headers('1325410519');
    const v1 = good['x-signature'].split('v1=')[1]!;
    const flipped = `${v1.slice(0, -1)}${v1.endsWith('0') ? '1' : '0'}`;
    expect(processor().verify({ ...good, 'x-signature': `ts=1764518862,v1=${flipped}` }, notice('1325410519'))).toBeNull();
    expect(processor().verify(headers('1325410519', undefined, undefined, 'outro-segredo'), notice('1325410519'))).toBeNull();
    expect(processor({ webhookSecret: 'outro-segredo' }).verify(good, notice('1325410519'))).toBeNull();
    const { 'x-request-id': _id, ...noRequestId } = good;
    expect(processor().verify(noRequestId, notice('1325410519'))).toBeNull();
    const { 'x-signature': _sig, ...unsigned } = good;
    expect(processor().verify(unsigned, notice('1325410519'))).toBeNull();
    // Another request id, or another time, with the same signature.
    expect(processor().verify({ ...good, 'x-request-id': 'outra-requisicao' }, notice('1325410519'))).toBeNull();
    expect(processor().verify({ ...good, 'x-signature': good['x-signature'].replace('ts=1764518862', 'ts=1764518999') }, notice('1325410519'))).toBeNull();
    // The same signed headers on a notice about another payment.
    expect(processor().verify(good, notice('1325410520'))).toBeNull();
    expect(processor().verify(good, 'not json')).toBeNull();
  });
});
