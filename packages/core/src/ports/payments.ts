import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { staticPix } from '@ev/shared/pix/brcode';
import { timestamp } from '../clock';
import { currentActor } from '../context';
import { SandboxRepository } from './repository';
import { derivedSecret } from '../secrets';

/**
 * The payment port (issue 44, docs/store.md "Payment"): a processor that issues a Pix for an order,
 * answers a charge as it stands (the truth a webhook only points to), and proves its webhooks by
 * their signature. The sandbox processor is the default (`npm start`, demos, tests); a real one sits
 * behind each company's own credentials.
 */
export interface PixRequest {
  /** Two decimals (`pixAmount`). */
  amount: string;
  /** Letters and digits, up to 25: the order's reference in the code (62-05). */
  txid: string;
  description: string;
  expiresAt: string;
  merchant: { name: string; city: string; key: string };
  /** Who pays: Mercado Pago requires the payer's e-mail (the sandbox needs none). */
  payer?: { email: string; name?: string };
}

export interface Charge {
  id: string;
  status: 'pending' | 'approved' | 'cancelled';
  amount: string;
  /** What was paid, as the processor counted it (null: nothing yet). */
  paidAmount: string | null;
  paidAt: string | null;
  /** The Pix's end-to-end id (E…), the payment's own id at the central bank. */
  endToEndId: string | null;
  code: string;
}

export interface WebhookProof {
  chargeId: string;
  eventId: string;
}

export interface PaymentProcessor {
  readonly name: string;
  /** A Pix for an order, once per idempotency key (the same key answers the same charge). */
  createPix(request: PixRequest, idempotencyKey: string): Promise<{ id: string; code: string }>;
  /** The charge as it stands at the processor (undefined: no such charge of this company). */
  charge(id: string): Promise<Charge | undefined>;
  /** The webhook proved by the processor's signature: the charge it is about and its event; null: forged or unsigned. */
  verify(headers: Record<string, string | undefined>, rawBody: string): WebhookProof | null;
}

/** The header the sandbox signs its webhooks with (HMAC-SHA256 of the body, hex). */
export const SANDBOX_SIGNATURE = 'x-sandbox-signature';

const sandboxSecret = (tenantId: string) => derivedSecret('pix-sandbox-webhook', tenantId);

interface SandboxCharge extends Charge {
  expiresAt: string;
}

/**
 * The sandbox processor: a static BR Code as Banco Central's manual lays it out (`staticPix`), its
 * charges kept in the company's partition (a restart loses none), paid only by `pay` (the store's
 * "Simular pagamento", tests), which answers the webhook it sends, signed with the company's own
 * sandbox secret. Labelled as such everywhere it shows.
 */
export class SandboxProcessor implements PaymentProcessor {
  readonly name = 'sandbox';

  async createPix(request: PixRequest, idempotencyKey: string): Promise<{ id: string; code: string }> {
    // The same key is the same charge: its id made from the key.
    const id = createHash('sha256').update(`${currentActor().tenantId}:${idempotencyKey}`).digest('hex').slice(0, 25).toUpperCase();
    const found = await SandboxRepository.charge<SandboxCharge>(id);
    if (found) return { id, code: found.code };
    const code = staticPix({ key: request.merchant.key, name: request.merchant.name, city: request.merchant.city, amount: request.amount, txid: id, description: request.description });
    const charge: SandboxCharge = { id, status: 'pending', amount: request.amount, paidAmount: null, paidAt: null, endToEndId: null, code, expiresAt: request.expiresAt };
    await SandboxRepository.putCharge(id, { ...charge });
    return { id, code };
  }

  async charge(id: string): Promise<Charge | undefined> {
    const found = await SandboxRepository.charge<SandboxCharge>(id);
    if (!found) return undefined;
    const { pk: _pk, sk: _sk, type: _type, ...charge } = found as SandboxCharge & { pk: string; sk: string; type: string };
    return charge;
  }

  verify(headers: Record<string, string | undefined>, rawBody: string): WebhookProof | null {
    const given = headers[SANDBOX_SIGNATURE] ?? '';
    const expected = createHmac('sha256', sandboxSecret(currentActor().tenantId)).update(rawBody).digest('hex');
    if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return null;
    try {
      const body = JSON.parse(rawBody) as { id?: unknown; data?: { id?: unknown } };
      if (typeof body.id !== 'string' || typeof body.data?.id !== 'string') return null;
      return { eventId: body.id, chargeId: body.data.id };
    } catch {
      return null;
    }
  }

  /**
   * The payer pays (the sandbox only): the charge approved with `amount` (default: the charged one),
   * and the webhook it sends, its body and signature. Paying again sends another event.
   */
  async pay(id: string, amount?: string): Promise<{ body: string; headers: Record<string, string> } | undefined> {
    const found = await this.charge(id);
    if (!found) return undefined;
    const paid: SandboxCharge = { ...(found as SandboxCharge), status: 'approved', paidAmount: amount ?? found.amount, paidAt: timestamp(), endToEndId: found.endToEndId ?? `E${randomBytes(15).toString('hex').toUpperCase()}` };
    await SandboxRepository.putCharge(id, { ...paid });
    return SandboxProcessor.webhook(currentActor().tenantId, id);
  }

  /** A webhook as the sandbox sends it (an event id, the charge's id), signed for `tenantId`. */
  static webhook(tenantId: string, chargeId: string, eventId = `evt_${randomBytes(8).toString('hex')}`): { body: string; headers: Record<string, string> } {
    const body = JSON.stringify({ id: eventId, type: 'payment.updated', data: { id: chargeId } });
    return { body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE]: createHmac('sha256', sandboxSecret(tenantId)).update(body).digest('hex') } };
  }
}
