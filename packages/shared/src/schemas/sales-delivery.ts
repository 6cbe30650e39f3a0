import { defineTexts } from '../texts';
import { keyed, z } from '../zod';
import { Timestamp } from './common';

/**
 * The public delivery confirmation (spec section 2, `/sales/delivery`; docs/sales.md "The delivery
 * confirmation"): a signed link per sale opens "confirm order N for {name}" with its volume count,
 * and its confirmation moves the sale to delivered once. The refusals, keyed `salesDelivery.<name>`.
 */
export const DeliveryTexts = defineTexts('salesDelivery', {
  invalid: 'Este link de confirmação de entrega não é válido. Confira se ele foi aberto inteiro ou peça um novo link à empresa.',
  expired: 'Este link de confirmação de entrega expirou. Peça um novo link à empresa.',
  cancelled: 'O pedido {{number}} foi cancelado e não pode ser confirmado como entregue.',
  refunded: 'O pedido {{number}} foi estornado e não pode ser confirmado como entregue.',
  notReady: 'O pedido {{number}} ainda não saiu para entrega e não pode ser confirmado como entregue agora. Confirme quando as mercadorias chegarem.',
  draft: 'Um rascunho não tem link de confirmação de entrega: feche o pedido primeiro.',
});

/** Longest token read (a link's token is 82 characters; anything longer is not one). */
const MAX_TOKEN = 200;

/** What the page posts: the token it read from the link's fragment (never from the address the server sees). */
export const DeliveryTokenBody = z.object({
  token: z.string({ error: keyed(DeliveryTexts.invalid()) }).min(1, { error: keyed(DeliveryTexts.invalid()) }).max(MAX_TOKEN, { error: keyed(DeliveryTexts.invalid()) }),
});

/** A sale as the delivery page shows it: its number, the client, its volume count and whether it is delivered. */
export const DeliveryPreview = z.object({
  number: z.number().int(),
  clientName: z.string().nullable(),
  /** The volume count: the quantities of the sale's counted (not cancelled) lines, summed (a decimal string). */
  volumes: z.string(),
  /** How many counted lines (products) the sale has. */
  lines: z.number().int(),
  /** Already delivered (or completed since): the success page. */
  delivered: z.boolean(),
  /** When it was marked delivered, by the link or by the office (null: not yet). */
  deliveredAt: Timestamp.nullable(),
});
export type DeliveryPreview = z.output<typeof DeliveryPreview>;

/** A sale's delivery link (`GET /sales/{id}/delivery-link`; `Sales.deliveryLink`). */
export const DeliveryLink = z.object({
  /** `/sales/delivery#<token>`: the token travels in the fragment, which no server and no `Referer` sees. */
  path: z.string(),
  /** The same, on the product's public address (`PUBLIC_URL`): what a QR code or a message carries. */
  url: z.string(),
  /** When the link stops working (UTC, the API's timestamp format). */
  expiresAt: Timestamp,
});
export type DeliveryLink = z.output<typeof DeliveryLink>;
