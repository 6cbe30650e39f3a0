import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc16, field, PIX_GUI } from '@ev/shared/pix/brcode';

/**
 * A local server that answers as Mercado Pago's Payments API documents it (for the adapter's tests
 * and the store's): `POST /v1/payments` (bearer token, `X-Idempotency-Key`: the same key answers the
 * same payment) with a Pix's dynamic BR Code in `point_of_interaction.transaction_data.qr_code`, and
 * `GET /v1/payments/{id}` (404 for an unknown one). The test pays a payment on the server as Mercado
 * Pago would once the payer's bank settles it, and signs its webhooks as Mercado Pago signs them.
 */
export type Seen = { method: string; path: string; authorization: string | undefined; idempotencyKey: string | undefined; raw: string };
export type StoredPayment = Record<string, unknown> & { id: number; status: string; transaction_amount: number };

/** A dynamic Pix code as a PSP writes one: its payload's URL in 26-25, no key, `***` in 62-05, the amount, the CRC. */
export function dynamicCode(url: string, amount: string): string {
  const body =
    field('00', '01') +
    field('01', '12') +
    field('26', field('00', PIX_GUI) + field('25', url)) +
    field('52', '0000') +
    field('53', '986') +
    field('54', amount) +
    field('58', 'BR') +
    field('59', 'DISTRIBUIDORA EXEMPLO') +
    field('60', 'SAO PAULO') +
    field('62', field('05', '***')) +
    '6304';
  return body + crc16(body);
}

export async function startMercadoPago(token: string, secret: string) {
  const seen: Seen[] = [];
  const payments = new Map<number, StoredPayment>();
  const byKey = new Map<string, number>();
  let nextId = 1325410519;
  /** The server's next answers: a code altered in transit, an answer after this many ms. */
  const next = { tamper: false, delayMs: 0 };

  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    const delay = next.delayMs;
    next.delayMs = 0;
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    }, delay);
  };

  function handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x');
    const idempotencyKey = req.headers['x-idempotency-key'] as string | undefined;
    seen.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization, idempotencyKey, raw });
    if (req.headers.authorization !== `Bearer ${token}`) return answer(res, 401, { message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] });
    if (req.method === 'POST' && url.pathname === '/v1/payments') {
      if (!idempotencyKey) return answer(res, 400, { message: 'X-Idempotency-Key header is required', error: 'bad_request', status: 400, cause: [] });
      const known = byKey.get(idempotencyKey);
      if (known !== undefined) return answer(res, 201, payments.get(known));
      const body = JSON.parse(raw) as { transaction_amount: number; description: string; external_reference: string; date_of_expiration: string; payer: { email: string } };
      const id = nextId++;
      const amount = body.transaction_amount.toFixed(2);
      let code = dynamicCode(`pix.mercadopago.com.br/qr/v2/${id.toString(16)}a41f0e7c9b`, amount);
      if (next.tamper) {
        next.tamper = false;
        code = code.slice(0, -4) + (code.slice(-4) === '0000' ? '0001' : '0000');
      }
      const payment: StoredPayment = {
        id,
        date_created: '2026-11-30T12:00:00.000-04:00',
        date_approved: null,
        date_of_expiration: body.date_of_expiration,
        status: 'pending',
        status_detail: 'pending_waiting_transfer',
        currency_id: 'BRL',
        description: body.description,
        external_reference: body.external_reference,
        payment_method_id: 'pix',
        payment_type_id: 'bank_transfer',
        transaction_amount: body.transaction_amount,
        transaction_details: { net_received_amount: 0, total_paid_amount: body.transaction_amount, overpaid_amount: 0, installment_amount: 0 },
        payer: { email: body.payer.email, identification: { type: null, number: null } },
        point_of_interaction: {
          type: 'OPENPLATFORM',
          transaction_data: { qr_code: code, qr_code_base64: 'iVBORw0KGgoAAAANSUhEUgAA', ticket_url: `https://www.mercadopago.com.br/payments/${id}/ticket`, e2e_id: null },
        },
      };
      payments.set(id, payment);
      byKey.set(idempotencyKey, id);
      return answer(res, 201, payment);
    }
    const one = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && one) {
      const payment = payments.get(Number(one[1]));
      return payment ? answer(res, 200, payment) : answer(res, 404, { message: 'Payment not found', error: 'not_found', status: 404, cause: [{ code: 2000, description: 'Payment not found' }] });
    }
    return answer(res, 404, { message: 'resource not found', error: 'not_found', status: 404, cause: [] });
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => handle(req, raw, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    seen,
    payments,
    next,
    /** The payer's bank settled the Pix: the payment approved, what was paid, when (in Mercado Pago's offset). */
    settle(id: string, paid: number, e2eId: string) {
      const payment = payments.get(Number(id))!;
      payment.status = 'approved';
      payment.status_detail = 'accredited';
      payment.date_approved = '2026-11-30T12:07:41.000-04:00';
      payment.transaction_details = { ...(payment.transaction_details as object), total_paid_amount: paid, net_received_amount: paid };
      (payment.point_of_interaction as { transaction_data: Record<string, unknown> }).transaction_data.e2e_id = e2eId;
    },
    /** A webhook's signature as Mercado Pago writes it (`x-signature: ts=…,v1=…` over the manifest). */
    sign(dataId: string, requestId: string, ts: string, withSecret = secret) {
      return createHmac('sha256', withSecret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex');
    },
    /** A payment's notice as Mercado Pago posts it, signed: its body and headers. */
    notice(dataId: string, eventId = String(Date.now())) {
      const ts = String(Math.floor(Date.now() / 1000));
      const requestId = `req-${eventId}`;
      const body = JSON.stringify({ id: Number(eventId) || eventId, live_mode: false, type: 'payment', date_created: '2026-11-30T12:07:42.000-04:00', user_id: 44170001, api_version: 'v1', action: 'payment.updated', data: { id: dataId } });
      return { body, headers: { 'content-type': 'application/json', 'x-request-id': requestId, 'x-signature': `ts=${ts},v1=${this.sign(dataId, requestId, ts)}` } };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
