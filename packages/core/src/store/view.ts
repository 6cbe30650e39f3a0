import type { Sale } from '@ev/shared/schemas/sales';
import { StoreTexts, type StoreSale } from '@ev/shared/schemas/store';
import { currentActor } from '../context';
import { DomainError } from '../errors';

/** What the store's use cases share: the request's client, and a sale as the client sees it. */

export const unauthenticated = () => new DomainError('auth.unauthenticated', StoreTexts.unauthenticated(), 'unauthenticated');

/** The store's client of the request (its guard has proved it). */
export function clientIdOf(): string {
  const id = currentActor().storeClientId;
  if (!id) throw unauthenticated();
  return id;
}

/** A sale as the store's client sees it: what it bought and pays, never the company's own notes. */
export function storeSale(s: Sale): StoreSale {
  return {
    id: s.id,
    number: s.number,
    status: s.status,
    orderDate: s.orderDate,
    total: s.totals.total,
    count: s.totals.count,
    payment: s.payment,
    decimals: s.decimals,
    items: s.items.map((i) => ({ productId: i.productId, ref: i.ref, name: i.name, quantity: i.quantity, unitPrice: i.unitPrice, total: i.total, cancelled: i.cancelled })),
    totals: s.totals,
    paymentType: s.paymentType,
    installments: s.installments,
    shippingAddress: s.shippingAddress ?? null,
    note: s.observations.invoice ?? null,
    store: s.store ? { status: s.store.status, paymentMethod: s.store.paymentMethod, processor: s.store.processor, pix: s.store.details.pix } : null,
  };
}
