import { defineTexts } from '../texts';
import { keyed, z } from '../zod';
import { Client } from './clients';
import { Product } from './products';
import { DateOnly, ErrorEnvelope, Id, Timestamp } from './common';
import { SaleDraftFields, Geolocation } from './sales';
import { Scheduling, SchedulingClose, SchedulingStart } from './schedulings';

/**
 * Offline field work (issue 45, docs/offline.md): the salesperson's portfolio kept on the device,
 * brought up to date by changes since the last sync, and the queue of what was done without
 * signal (orders closed, visits started and closed), sent in order, each item once.
 */

export const OfflineTexts = defineTexts('offline', {
  keyInvalid: 'Informe a chave do item da fila (de 8 a 100 letras, números, - ou _).',
  tooManyItems: 'Envie no máximo {{max}} itens da fila por vez.',
  repeatedKey: 'A chave {{key}} aparece mais de uma vez no envio.',
  visitNothing: 'Informe o início ou o encerramento da visita.',
  tooOld: 'Este item ficou na fila mais de {{days}} dias e não pode mais ser aceito: refaça-o.',
});
const T = OfflineTexts;

/** The entities kept on the device that come by changes since the last sync. */
export const OFFLINE_ENTITIES = ['clients', 'products', 'prices', 'schedulings'] as const;
export type OfflineEntity = (typeof OFFLINE_ENTITIES)[number];

/** The registries an order and a visit need, kept whole on the device (small lists). */
export const OFFLINE_REGISTRIES = ['natures', 'payments-conditions', 'price-tables', 'product-companies', 'vehicles', 'occurrences-types'] as const;

/** How many items of the queue one sync call takes. */
export const OFFLINE_SYNC_MAX = 20;
/** How long a queued item is accepted after it was made on the device (and its key found again). */
export const OFFLINE_MAX_AGE_DAYS = 7;
/** How many days of schedulings ahead the device keeps (from today). */
export const OFFLINE_SCHEDULING_DAYS = 7;

/** What the device holds of an entity: the server time of its last sync, and a digest of the ids it holds. */
export const OfflineEntityState = z.object({
  since: Timestamp.nullish().transform((v) => v ?? null),
  digest: z.string().max(64).nullish().transform((v) => v ?? null),
});

/** POST /offline/portfolio: per entity, what the device holds (absent: nothing, the whole entity comes). */
export const OfflinePortfolioRequest = z.object({
  clients: OfflineEntityState.optional(),
  products: OfflineEntityState.optional(),
  prices: OfflineEntityState.optional(),
  schedulings: OfflineEntityState.optional(),
});
export type OfflinePortfolioRequest = z.input<typeof OfflinePortfolioRequest>;

/**
 * An entity's changes: the records changed since the device's `since` (all of them on a first
 * sync), and every id the server holds when the device's digest differs from `digest` (null: the
 * device's set is right), so the device drops what left the portfolio.
 */
const part = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    ids: z.array(z.string()).nullable(),
    digest: z.string(),
  });

/** Where a client's prices come from, in order (client, segment, region, default): the tables the shared resolution tries. */
export const OfflinePriceSource = z.object({ source: z.enum(['client', 'segment', 'region', 'default']), tableId: Id });

export const OfflineFinancial = z.object({
  open: z.string(),
  expired: z.string(),
  toExpire: z.string(),
  /** The credit left (null: the client has no limit). */
  creditAvailable: z.string().nullable(),
});

/**
 * What changes of a client without its record changing (a payment, a segment's table): where its
 * prices come from, in the order the resolution tries them, and its financial summary. Small, whole each time.
 */
export const OfflineClientTerms = z.object({
  clientId: Id,
  priceSources: z.array(OfflinePriceSource),
  financial: OfflineFinancial,
});
export type OfflineClientTerms = z.output<typeof OfflineClientTerms>;

/** The fields of a product the device keeps (what the order entry shows and judges). */
export const OFFLINE_PRODUCT_FIELDS = ['id', 'ref', 'name', 'barcode', 'unitName', 'package', 'productCompanyId', 'groupId', 'minimumPrice', 'status', 'updatedAt'] as const;

export const OfflineProduct = Product.pick(Object.fromEntries(OFFLINE_PRODUCT_FIELDS.map((k) => [k, true])) as { [K in (typeof OFFLINE_PRODUCT_FIELDS)[number]]: true });
export type OfflineProduct = z.output<typeof OfflineProduct>;

/** A table's price of a product; `id` is `tableId|productId`. */
export const OfflinePrice = z.object({ id: z.string(), tableId: Id, productId: Id, price: z.string(), updatedAt: Timestamp });
export type OfflinePrice = z.output<typeof OfflinePrice>;

export const OfflinePriceTable = z.object({ id: Id, name: z.string(), isDefault: z.boolean(), validFrom: DateOnly.nullable(), validUntil: DateOnly.nullable() });
export type OfflinePriceTable = z.output<typeof OfflinePriceTable>;

export const OfflinePortfolio = z.object({
  /** The server's time of this sync: the device's next `since`. */
  at: Timestamp,
  userId: Id,
  timezone: z.string(),
  /** The session's branch (null: the user has none, and no order is issued). */
  branch: z.object({ id: Id, name: z.string(), decimals: z.number().int() }).nullable(),
  clients: part(Client),
  clientTerms: z.array(OfflineClientTerms),
  products: part(OfflineProduct),
  prices: part(OfflinePrice),
  schedulings: part(Scheduling),
  /** Every price table (few), whole each time: their windows decide which applies on a day. */
  priceTables: z.array(OfflinePriceTable),
  /** The registries' active records, whole each time. */
  registries: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  /** The stock available per product in the session's branch, as of `at`. */
  stock: z.array(z.object({ productId: Id, available: z.string() })),
  /** The portfolio is bounded: more clients or products than the limits were left out. */
  truncated: z.object({ clients: z.boolean(), products: z.boolean() }),
});
export type OfflinePortfolio = z.output<typeof OfflinePortfolio>;

const Key = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, { error: keyed(T.keyInvalid()) });

/** An order closed on the device: the draft as typed and the close's answers, sent once under its key. */
export const OfflineOrderItem = z.object({
  kind: z.literal('order'),
  key: Key,
  /** When the device queued it (UTC): an item older than the maximum age is refused. */
  queuedAt: Timestamp,
  draft: SaleDraftFields,
  /** The server's draft the order was typed from before the signal went (it goes once the order is taken). */
  replacesDraft: Id.nullish().transform((v) => v ?? null),
  acceptShortStock: z.boolean().default(false),
  geolocation: Geolocation.nullish().transform((v) => v ?? null),
});

/** A visit started and/or closed on the device: the start and the close as the schedulings' own inputs, each with its `offline` key and time. */
export const OfflineVisitItem = z
  .object({
    kind: z.literal('visit'),
    key: Key,
    queuedAt: Timestamp,
    schedulingId: Id,
    start: SchedulingStart.nullish().transform((v) => v ?? null),
    close: SchedulingClose.nullish().transform((v) => v ?? null),
  })
  .refine((v) => v.start || v.close, { error: keyed(T.visitNothing()), path: ['start'] });

export const OfflineSyncItem = z.discriminatedUnion('kind', [OfflineOrderItem, OfflineVisitItem]);
export type OfflineSyncItem = z.input<typeof OfflineSyncItem>;

/** POST /offline/sync: the queue's first items, in the order they were made. */
export const OfflineSyncRequest = z.object({
  items: z
    .array(OfflineSyncItem)
    .min(1)
    .max(OFFLINE_SYNC_MAX, { error: keyed(T.tooManyItems({ max: OFFLINE_SYNC_MAX })) }),
});

/**
 * Each item's outcome, in the order sent: `done` (the sale it made, or the visit as it is now),
 * `refused` (the server's reason, as an error answer would say it: the device keeps the item for
 * review), or `retry` (the server could not decide now: the item stays queued, and the items after
 * it wait).
 */
export const OfflineSyncResult = z.object({
  key: z.string(),
  status: z.enum(['done', 'refused', 'retry']),
  sale: z.object({ id: Id, number: z.number().int().nullable(), status: z.string() }).nullable(),
  scheduling: Scheduling.nullable(),
  error: ErrorEnvelope.nullable(),
});
export type OfflineSyncResult = z.output<typeof OfflineSyncResult>;

export const OfflineSyncAnswer = z.object({ at: Timestamp, items: z.array(OfflineSyncResult) });
export type OfflineSyncAnswer = z.output<typeof OfflineSyncAnswer>;
