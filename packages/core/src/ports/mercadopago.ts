import { createHmac, timingSafeEqual } from 'node:crypto';
import { utcTimestamp } from '@ev/shared/calendar';
import { Decimal, parseDecimal } from '@ev/shared/money';
import { decodeBrCode } from '@ev/shared/pix/brcode';
import { z } from 'zod';
import type { Charge, PaymentProcessor, PixRequest, WebhookProof } from './payments';

/**
 * Mercado Pago behind the payment port (docs/store.md "Mercado Pago"): a Pix is a payment of its
 * Payments API (`POST /v1/payments`, `payment_method_id: pix`, once per `X-Idempotency-Key`), read
 * back by `GET /v1/payments/{id}`; its webhooks are signed in `x-signature` (`ts=…,v1=…`: the
 * HMAC-SHA256, hex, of `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` with the application's
 * secret). One instance per company, from its own credentials; it keeps nothing.
 */
export interface MercadoPagoOptions {
  /** The company's access token (`APP_USR-…`, or `TEST-…` for its test application). */
  accessToken: string;
  /** The secret signature of the company's webhooks (Your integrations > Webhooks). */
  webhookSecret: string;
  baseUrl?: string;
  timeoutMs?: number;
}

export const MERCADOPAGO_BASE_URL = 'https://api.mercadopago.com';
const DEFAULT_TIMEOUT_MS = 10_000;

/** A failure talking to Mercado Pago: its HTTP status (null: no answer, or not its answer). The caller answers 500, the processor retries. */
export class MercadoPagoError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null = null,
  ) {
    super(`Mercado Pago: ${message}`);
    this.name = 'MercadoPagoError';
  }
}

/** The part of a payment this adapter reads (Mercado Pago answers much more). */
const Payment = z.object({
  id: z.union([z.number(), z.string()]),
  status: z.string(),
  transaction_amount: z.number(),
  date_approved: z.string().nullish(),
  transaction_details: z.object({ total_paid_amount: z.number().nullish() }).partial().nullish(),
  point_of_interaction: z
    .object({
      transaction_data: z.object({ qr_code: z.string().nullish(), e2e_id: z.string().nullish() }).partial().nullish(),
    })
    .partial()
    .nullish(),
});
type Payment = z.output<typeof Payment>;

/** Mercado Pago's statuses as the port's: anything not named here (authorized, in_mediation, a new one) reads pending, never paid nor cancelled. */
const STATUS: Record<string, Charge['status']> = {
  approved: 'approved',
  pending: 'pending',
  in_process: 'pending',
  cancelled: 'cancelled',
  rejected: 'cancelled',
  refunded: 'cancelled',
  charged_back: 'cancelled',
};

/** A JSON number from Mercado Pago as two decimals ("10.13"): read from the number's own shortest text, never computed on as a float. */
function money(value: number): string {
  if (!Number.isFinite(value)) throw new MercadoPagoError('an amount that is no number');
  return new Decimal(String(value)).toFixed(2, Decimal.ROUND_HALF_UP);
}

/** An API timestamp (`yyyy-MM-dd HH:mm:ss` or with `T`, UTC) as Mercado Pago takes a date: ISO 8601 with milliseconds and an offset, in Brasília's (−03:00, no daylight saving since 2019). */
export function mercadoPagoDate(utc: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})$/.exec(utc);
  const ms = match ? Date.parse(`${match[1]}T${match[2]}Z`) : NaN;
  if (Number.isNaN(ms)) throw new MercadoPagoError(`expiry "${utc}" is no UTC timestamp`);
  return `${new Date(ms - 3 * 3_600_000).toISOString().slice(0, 23)}-03:00`;
}

/** A date of Mercado Pago (ISO 8601 with its offset) as the API's UTC timestamp; null when absent or unreadable. */
function utcOf(date: string | null | undefined): string | null {
  if (!date) return null;
  const ms = Date.parse(date);
  return Number.isNaN(ms) ? null : utcTimestamp(ms);
}

/** A header by name, whatever its case. */
function header(headers: Record<string, string | undefined>, name: string): string | undefined {
  const found = headers[name] ?? Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
  return found?.trim() || undefined;
}

export class MercadoPagoProcessor implements PaymentProcessor {
  readonly name = 'mercadopago';
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: MercadoPagoOptions) {
    if (!options.accessToken || !options.webhookSecret) throw new MercadoPagoError('an access token and a webhook secret are required');
    this.baseUrl = (options.baseUrl ?? MERCADOPAGO_BASE_URL).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /**
   * A Pix payment, once per key (Mercado Pago answers the same payment to the same key). Its code
   * is Mercado Pago's dynamic BR Code, checked (`decodeBrCode`, and its amount when it carries one)
   * and answered byte for byte as received; a code that fails is an error, never shown.
   */
  async createPix(request: PixRequest, idempotencyKey: string): Promise<{ id: string; code: string }> {
    const amount = parseDecimal(request.amount);
    if (!amount || amount.lte(0) || amount.decimalPlaces() > 2 || !/^\d+(\.\d{1,2})?$/.test(request.amount.trim())) throw new MercadoPagoError(`amount "${request.amount}" is not reais with two decimals`);
    if (!request.payer?.email) throw new MercadoPagoError("the payer's e-mail is required");
    if (!idempotencyKey.trim()) throw new MercadoPagoError('an idempotency key is required');
    const [first, ...rest] = (request.payer.name ?? '').trim().split(/\s+/).filter(Boolean);
    const fields = {
      payment_method_id: 'pix',
      description: request.description,
      external_reference: request.txid,
      date_of_expiration: mercadoPagoDate(request.expiresAt),
      payer: { email: request.payer.email, ...(first ? { first_name: first } : {}), ...(rest.length ? { last_name: rest.join(' ') } : {}) },
    };
    // The amount written as the number's text itself ("10.13"), no float in between.
    const body = `{"transaction_amount":${amount.toFixed(2)},${JSON.stringify(fields).slice(1)}`;
    const payment = this.paymentOf(await this.call('POST', '/v1/payments', { body, idempotencyKey }));
    const code = payment.point_of_interaction?.transaction_data?.qr_code;
    if (!code) throw new MercadoPagoError(`payment ${String(payment.id)} came without a Pix code`);
    let decoded;
    try {
      decoded = decodeBrCode(code);
    } catch (e) {
      throw new MercadoPagoError(`payment ${String(payment.id)} came with a code that is no BR Code: ${(e as Error).message}`);
    }
    if (decoded.amount !== null && !new Decimal(decoded.amount).eq(amount)) throw new MercadoPagoError(`payment ${String(payment.id)}'s code charges ${decoded.amount}, not ${amount.toFixed(2)}`);
    if (!new Decimal(money(payment.transaction_amount)).eq(amount)) throw new MercadoPagoError(`payment ${String(payment.id)} charges ${money(payment.transaction_amount)}, not ${amount.toFixed(2)}`);
    return { id: String(payment.id), code };
  }

  /** The payment as it stands at Mercado Pago; undefined when it has none by that id for this token. */
  async charge(id: string): Promise<Charge | undefined> {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return undefined;
    const json = await this.call('GET', `/v1/payments/${encodeURIComponent(id)}`, { notFound: true });
    if (json === undefined) return undefined;
    const payment = this.paymentOf(json);
    const status = STATUS[payment.status] ?? 'pending';
    const amount = money(payment.transaction_amount);
    const paid = payment.transaction_details?.total_paid_amount;
    const pix = payment.point_of_interaction?.transaction_data;
    return {
      id: String(payment.id),
      status,
      amount,
      // Approved without its total paid (a Pix is paid whole or not at all): the amount charged.
      paidAmount: status === 'approved' ? (typeof paid === 'number' ? money(paid) : amount) : null,
      paidAt: status === 'approved' ? utcOf(payment.date_approved) : null,
      endToEndId: pix?.e2e_id || null,
      code: pix?.qr_code ?? '',
    };
  }

  /**
   * A webhook signed by Mercado Pago: `x-signature` (`ts=<ts>,v1=<hex>`) is the HMAC-SHA256 with the
   * company's secret of `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` (an alphanumeric data.id
   * in lower case, as its documentation says). Only a payment's notice; anything missing, another
   * topic, or a signature that does not match: null.
   */
  verify(headers: Record<string, string | undefined>, rawBody: string): WebhookProof | null {
    const signature = header(headers, 'x-signature');
    const requestId = header(headers, 'x-request-id');
    if (!signature || !requestId) return null;
    const parts = new Map<string, string>();
    for (const part of signature.split(',')) {
      const at = part.indexOf('=');
      if (at > 0) parts.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
    }
    const ts = parts.get('ts');
    const v1 = parts.get('v1');
    if (!ts || !/^\d+$/.test(ts) || !v1 || !/^[0-9a-fA-F]{64}$/.test(v1)) return null;
    let body: { id?: unknown; type?: unknown; data?: { id?: unknown } };
    try {
      body = JSON.parse(rawBody) as typeof body;
    } catch {
      return null;
    }
    if (!body || typeof body !== 'object') return null;
    if (body.type !== undefined && body.type !== 'payment') return null;
    const dataId = typeof body.data?.id === 'string' || typeof body.data?.id === 'number' ? String(body.data.id) : '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(dataId)) return null;
    const manifest = `id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`;
    const expected = createHmac('sha256', this.options.webhookSecret).update(manifest).digest();
    if (!timingSafeEqual(Buffer.from(v1, 'hex'), expected)) return null;
    const eventId = typeof body.id === 'string' || typeof body.id === 'number' ? String(body.id) : requestId;
    return { chargeId: dataId, eventId };
  }

  private paymentOf(json: unknown): Payment {
    const read = Payment.safeParse(json);
    if (!read.success) throw new MercadoPagoError('an answer that is no payment');
    return read.data;
  }

  /** One request: bearer token, JSON, the time limit; a 404 is undefined where asked, any other failure throws. */
  private async call(method: 'GET' | 'POST', path: string, opts: { body?: string; idempotencyKey?: string; notFound?: boolean } = {}): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.accessToken}`,
          accept: 'application/json',
          ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(opts.idempotencyKey ? { 'x-idempotency-key': opts.idempotencyKey } : {}),
        },
        body: opts.body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      const timedOut = (e as Error).name === 'TimeoutError' || (e as Error).name === 'AbortError';
      throw new MercadoPagoError(timedOut ? `no answer in ${this.timeoutMs} ms (${method} ${path})` : `unreachable (${method} ${path})`);
    }
    let text: string;
    try {
      text = await res.text();
    } catch {
      throw new MercadoPagoError(`answer cut off (${method} ${path})`, res.status);
    }
    if (res.status === 404 && opts.notFound) return undefined;
    if (!res.ok) {
      let reason = '';
      try {
        const error = JSON.parse(text) as { message?: unknown; error?: unknown };
        reason = typeof error.message === 'string' ? error.message : typeof error.error === 'string' ? error.error : '';
      } catch {
        reason = '';
      }
      throw new MercadoPagoError(`HTTP ${res.status} (${method} ${path})${reason ? `: ${reason.slice(0, 200)}` : ''}`, res.status);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new MercadoPagoError(`an answer that is no JSON (${method} ${path})`, res.status);
    }
  }
}
