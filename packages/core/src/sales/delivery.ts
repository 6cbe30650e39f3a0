import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiTexts } from '@ev/shared/messages';
import { moveRefusal, type Mover } from '@ev/shared/sales/status';
import { DeliveryTexts, type DeliveryLink, type DeliveryPreview } from '@ev/shared/schemas/sales-delivery';
import type { Sale } from '@ev/shared/schemas/sales';
import { Clock, timestamp } from '../clock';
import { authorize, currentActor, runAs } from '../context';
import { notFound } from '../db/records';
import { env } from '../env';
import { DomainError } from '../errors';
import { throttle } from '../limits';
import { Logs } from '../logs';
import { purposeKey } from '../secrets';
import { Scope } from '../scope';
import { Tenants } from '../tenants';
import { scope, visible } from './access';
import { applyMove } from './moves';
import { SalesRepository, type SaleRecord } from './repository';

/**
 * The public delivery confirmation (docs/sales.md "The delivery confirmation"). A sale's link is
 * `/sales/delivery#<token>`: the token, in the fragment (never sent to a server, never in a
 * `Referer`), is 61 bytes in base64url (82 characters): a version byte, the company's and the
 * sale's ids (16 bytes each), the expiry (seconds, 4 bytes), a random nonce (8 bytes: two links
 * of one sale differ) and the first 16 bytes of their HMAC-SHA256 under the delivery links' own key
 * (`purposeKey('delivery')`). Nothing is stored per link: the sale's status makes it single use.
 */

/** How long a link works: a delivery waits for its route, and the PDF's QR code is printed days before. */
export const DELIVERY_LINK_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * Attempts, counted as the logins' (limits/throttle.ts, 15-minute windows): per address the links
 * refused (forged, expired: 20, as the logins' failures per address), per link every call (30: a
 * leaked link cannot be hammered; the driver's few opens stay far below).
 */
export const DELIVERY_THROTTLE = { windowSeconds: 15 * 60, perAddress: 20, perLink: 30 } as const;

const attempts = throttle({
  name: 'DELIVERY',
  windowSeconds: DELIVERY_THROTTLE.windowSeconds,
  limits: { address: DELIVERY_THROTTLE.perAddress, link: DELIVERY_THROTTLE.perLink },
  code: 'sales.delivery_throttled',
  text: ApiTexts.throttled,
});

const VERSION = 1;
const SIGNED = 1 + 16 + 16 + 4 + 8;
const MAC = 16;

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (b: Buffer) => {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
const macOf = (signed: Buffer) => createHmac('sha256', purposeKey('delivery')).update(signed).digest().subarray(0, MAC);

function sign(tenantId: string, saleId: string, expires: number): string {
  const signed = Buffer.alloc(SIGNED);
  signed.writeUInt8(VERSION, 0);
  uuidBytes(tenantId).copy(signed, 1);
  uuidBytes(saleId).copy(signed, 17);
  signed.writeUInt32BE(expires, 33);
  randomBytes(8).copy(signed, 37);
  return Buffer.concat([signed, macOf(signed)]).toString('base64url');
}

/** The token's company, sale and expiry, or null when it is not one this product signed (malformed, changed, another key). */
function verify(token: string): { tenantId: string; saleId: string; expires: number } | null {
  const raw = Buffer.from(token, 'base64url');
  // The text must be exactly the bytes' own encoding: base64url leaves spare bits in its last character.
  if (raw.length !== SIGNED + MAC || raw.toString('base64url') !== token || raw.readUInt8(0) !== VERSION) return null;
  const signed = raw.subarray(0, SIGNED);
  if (!timingSafeEqual(raw.subarray(SIGNED), macOf(signed))) return null;
  return { tenantId: uuidOf(raw.subarray(1, 17)), saleId: uuidOf(raw.subarray(17, 33)), expires: signed.readUInt32BE(33) };
}

/**
 * A sale's delivery link (`GET /sales/{id}/delivery-link`, the sale's PDF QR code, its WhatsApp
 * text): `path` (`/sales/delivery#<token>`), `url` (the same on `PUBLIC_URL`) and `expiresAt`,
 * signed for the current user's company; a new link at each call, each working until its own expiry.
 * Guarded as reading the sale (read on `vendas`, the record scope: another's sale is a 404); a
 * draft has none (409). Takes the sale's id, or the sale already read (`Sales.get`'s answer: no
 * second read, the scope still checked).
 */
export async function deliveryLink(sale: string | Pick<Sale, 'id' | 'status' | 'salesmanId'>): Promise<DeliveryLink> {
  authorize('read', 'vendas');
  let s: Pick<Sale, 'id' | 'status' | 'salesmanId'>;
  if (typeof sale === 'string') s = await visible(sale);
  else {
    if (!Scope.includes(await scope(), sale.salesmanId)) throw notFound();
    s = sale;
  }
  if (s.status === 'typing') throw new DomainError('sales.delivery_draft', DeliveryTexts.draft(), 'conflict');
  const expires = Clock.seconds() + DELIVERY_LINK_TTL_SECONDS;
  const path = `/sales/delivery#${sign(currentActor().tenantId, s.id, expires)}`;
  return { path, url: `${env().PUBLIC_URL.replace(/\/+$/, '')}${path}`, expiresAt: timestamp(expires * 1000) };
}

/** Where the call came from, as the history keeps it. */
export interface DeliveryCaller {
  address: string | null;
  userAgent: string | null;
}

/** The system's mover: the status machine alone decides (the link stands for the office's delivery). */
const SYSTEM: Mover = { can: () => true, authorizer: false };

const refusedLink = (kind: 'invalid' | 'expired') => new DomainError(`sales.delivery_${kind}`, DeliveryTexts[kind](), 'forbidden');

/** A link's id in the throttle: a digest, so the table never holds a token. */
const linkId = (token: string) => createHash('sha256').update(token).digest('base64url').slice(0, 22);

/**
 * Runs `fn` on the link's sale, as system work of its company, behind the throttle: every call
 * counts for its link, and a refused link (forged, changed, for another sale or company, expired)
 * for its address too.
 */
async function withLink<T>(token: string, caller: DeliveryCaller, fn: (sale: SaleRecord) => Promise<T>): Promise<T> {
  const link = linkId(token);
  await attempts.assertOpen({ address: caller.address, link });
  let refused = false;
  try {
    const claims = verify(token);
    if (!claims) {
      refused = true;
      Logs.warn('sales.delivery_link_refused', { reason: 'invalid', address: caller.address });
      throw refusedLink('invalid');
    }
    return await runAs({ tenantId: claims.tenantId }, async () => {
      const [tenant, sale] = await Promise.all([Tenants.tenant(claims.tenantId), SalesRepository.get(claims.saleId)]);
      if (!tenant?.active || !sale || sale.status === 'typing') {
        refused = true;
        Logs.warn('sales.delivery_link_refused', { reason: 'invalid', saleId: claims.saleId, address: caller.address });
        throw refusedLink('invalid');
      }
      if (claims.expires <= Clock.seconds()) {
        refused = true;
        Logs.warn('sales.delivery_link_refused', { reason: 'expired', saleId: sale.id, address: caller.address });
        throw refusedLink('expired');
      }
      return fn(sale);
    });
  } finally {
    await attempts.count(refused ? { address: caller.address, link } : { link });
  }
}

/** The sale as the page shows it; a status the link cannot deliver from is refused (409) with its reason. */
function preview(sale: SaleRecord): DeliveryPreview {
  const number = sale.number ?? 0;
  if (sale.status === 'cancelled') throw new DomainError('sales.delivery_cancelled', DeliveryTexts.cancelled({ number }), 'conflict');
  if (sale.status === 'refunded') throw new DomainError('sales.delivery_refunded', DeliveryTexts.refunded({ number }), 'conflict');
  const delivered = sale.status === 'delivered' || sale.status === 'completed';
  if (!delivered && sale.status !== 'receipt') throw new DomainError('sales.delivery_not_ready', DeliveryTexts.notReady({ number }), 'conflict');
  const deliveredAt = delivered ? ([...sale.history].reverse().find((h) => h.to === 'delivered')?.at ?? null) : null;
  return { number, clientName: sale.clientName, volumes: sale.totals.quantity, lines: sale.totals.count, delivered, deliveredAt };
}

/** POST /sales/delivery/preview (public): the link's order, its client, its volume count and whether it is delivered. */
export function deliveryPreview(token: string, caller: DeliveryCaller): Promise<DeliveryPreview> {
  return withLink(token, caller, async (sale) => preview(sale));
}

/**
 * POST /sales/delivery/confirm (public): the link's sale moves to delivered, once, through the
 * status machine and the move's effects (the reservation delivered), as system work; the history
 * entry keeps when, from which address and with which browser. Confirmed again (a second visit, a
 * double tap), or by two calls at once (the write is conditional on the version read: one wins, the
 * other reads the sale again), it answers the sale already delivered.
 */
export function confirmDelivery(token: string, caller: DeliveryCaller): Promise<DeliveryPreview> {
  return withLink(token, caller, async (sale) => {
    const before = preview(sale);
    if (before.delivered) return before;
    if (moveRefusal(sale.status, 'delivered', SYSTEM)) throw new DomainError('sales.delivery_not_ready', DeliveryTexts.notReady({ number: before.number }), 'conflict');
    try {
      return preview(await applyMove(sale, 'delivered', { userId: null, reason: null, confirmation: { via: 'link', address: caller.address?.slice(0, 100) ?? null, userAgent: caller.userAgent?.slice(0, 500) ?? null } }));
    } catch (e) {
      // Another call moved the sale first: what it is now is the answer (delivered: the success page).
      if (!(e instanceof DomainError && e.code === 'conflict.version')) throw e;
      const now = await SalesRepository.get(sale.id);
      if (!now) throw e;
      return preview(now);
    }
  });
}
