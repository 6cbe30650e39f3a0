import { HOME_TABS } from '../sales/home-tabs';
import { daysBetween } from '../calendar';
import { decimal, FieldTexts, text } from '../registries/fields';
import { CLOSED_STATUSES, SALE_STATUSES } from '../sales/status';
import { Decimal } from '../money';
import { addKeyedIssue, keyed, z } from '../zod';
import { INSTALLMENT_STATUSES, PAYMENT_TYPES, TRANSPORT_COSTINGS } from './choices';
import { SaleTexts } from '../sales/texts';
import { Cursor, DateOnly, Id, Limit, page, SearchText, SeenScope, Timestamp, Version } from './common';
import { NoPriceText } from './prices';
import { LoyaltyUse, SaleLoyalty } from './loyalty';

/**
 * Sales orders and drafts (spec section 3 "Sale", "Sale item"; issue 13; docs/sales.md). A draft is
 * a sale in status `typing`: one resource, `/api/sales`, with a status filter. The same schemas
 * validate the API's input and the web's order entry, so both speak the same messages.
 */

export { SALE_STATUSES, CLOSED_STATUSES };
export type { SaleStatus } from '../sales/status';

/** Most lines an order holds (the whole order is one item of at most 400 KB; docs/sales.md). */
export const MAX_SALE_ITEMS = 1000;

/** A normal sale, or a free one (bonificado: no payment, no item discounts). */
export const SALE_SITUATIONS = ['normal', 'free'] as const;
export type SaleSituation = (typeof SALE_SITUATIONS)[number];

export { TRANSPORT_COSTINGS };

export { minimumPriceIssue, SaleSaid, SaleStatusTexts, SaleTexts } from '../sales/texts';

const S = SaleTexts;
const F = FieldTexts;
const optionalId = Id.nullish().transform((v) => v ?? null);

/** A line's quantity: more than zero, up to 4 places, a comma or a point (the order entry's, an edit's, an AI draft's lines). */
export const Quantity = z
  .string({ error: keyed(F.decimal({ label: 'Quantidade', scale: 4 })) })
  .trim()
  .regex(/^\d{1,9}(?:[.,]\d{1,4})?$/, { error: keyed(F.decimal({ label: 'Quantidade', scale: 4 })) })
  .transform((v) => v.replace(',', '.'))
  .refine((v) => /[1-9]/.test(v), { error: keyed(S.quantity()) });

/** A returned quantity: zero or more, up to 4 places. */
const ReturnedQuantity = z
  .string({ error: keyed(F.decimal({ label: 'Quantidade devolvida', scale: 4 })) })
  .trim()
  .regex(/^\d{1,9}(?:[.,]\d{1,4})?$/, { error: keyed(F.decimal({ label: 'Quantidade devolvida', scale: 4 })) })
  .transform((v) => v.replace(',', '.'));

export const SaleItemInput = z.object({
  productId: Id,
  quantity: Quantity,
  /** The unit price typed or accepted (4 places at most, as price tables keep). */
  unitPrice: decimal('Preço unitário', { scale: 4 }).input.pipe(z.string({ error: keyed(F.required({ label: 'Preço unitário' })) })),
  discountPercent: decimal('Desconto (%)', { scale: 2, integers: 3, max: '100' }).input,
  cancelled: z.boolean().default(false),
  /** Why the line was cancelled (an edit of a pending sale asks it of a line it cancels). */
  cancelReason: text('Motivo do cancelamento', { max: 200 }).input,
  /** An edit of a pending sale: the line of the sale as read that this line is (absent: a line added). */
  index: z.number().int().min(0).max(MAX_SALE_ITEMS).nullish().transform((v) => v ?? null),
});
export type SaleItemInput = z.output<typeof SaleItemInput>;

export const SaleTransport = z
  .object({
    costing: z.union(TRANSPORT_COSTINGS.map((c) => z.literal(c)) as unknown as [z.ZodLiteral<0>, z.ZodLiteral<1>]).nullish().transform((v) => v ?? null),
    carrier: text('Transportadora', { max: 120 }).input,
    vehicleId: optionalId,
  })
  .prefault({});

/** A draft as the order entry saves it (every field; the server computes the figures). */
export const SaleDraftFields = z.object({
  clientId: optionalId,
  productCompanyId: optionalId,
  /** The sale type: a fiscal nature. */
  natureId: optionalId,
  situation: z.enum(SALE_SITUATIONS).default('normal'),
  /** The negotiation: a price table. */
  priceTableId: optionalId,
  paymentType: z.enum(PAYMENT_TYPES).nullish().transform((v) => v ?? null),
  paymentConditionId: optionalId,
  transport: SaleTransport,
  shippingAddressId: optionalId,
  observations: z
    .object({
      invoice: text('Observação da nota', { max: 2000 }).input,
      internal: text('Observação interna', { max: 2000 }).input,
    })
    .prefault({}),
  generalDiscountPercent: decimal('Desconto geral (%)', { scale: 2, integers: 3, max: '100' }).input,
  otherDiscount: decimal('Outros descontos', { scale: 2 }).input,
  transportIncrease: decimal('Frete', { scale: 2 }).input,
  otherIncrease: decimal('Outras despesas', { scale: 2 }).input,
  /** What the order uses of the client's cashback and points, a payment discount (docs/loyalty.md). */
  loyaltyUse: LoyaltyUse,
  extra: z.record(z.string().max(40), z.string().max(500)).default({}),
  /**
   * A consigned sale (venda consignada, docs/sales.md): the goods leave as lent stock, with the
   * branch's return date and discount; allowed only where the session's branch has consignment days.
   */
  consigned: z.boolean().default(false),
  /**
   * The sale's salesman, only when none follows from the rules (`ruledSalesman`: a client without
   * a salesman, entered by a user who does not sell): a user who sells, in the user's scope.
   */
  salesmanId: optionalId,
  items: z.array(SaleItemInput).max(MAX_SALE_ITEMS, { error: keyed(S.tooManyItems({ max: MAX_SALE_ITEMS })) }).default([]),
});

export const SaleDraftCreate = SaleDraftFields;
export const SaleDraftUpdate = SaleDraftFields.extend({ version: Version });
export type SaleDraftInput = z.output<typeof SaleDraftFields>;

/** Where the salesman stood when he closed the order (browser geolocation). */
export const Geolocation = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** Metres. */
  accuracy: z.number().min(0).max(1_000_000),
});

/** POST /sales/{id}/close: the version the user saw, his answers to the warnings, where he is. */
export const SaleClose = z.object({
  version: Version,
  /** The user saw the 'stock lower than ordered' warning and goes on: short lines are cut to what is available. */
  acceptShortStock: z.boolean().default(false),
  geolocation: Geolocation.nullish().transform((v) => v ?? null),
  /** A price below a product's minimum, authorized by an authorizer's e-mail and password (where the company uses password authorization). */
  authorization: z.object({ email: z.string().trim().toLowerCase().max(254), password: z.string().max(200) }).nullish().transform((v) => v ?? null),
});

/**
 * PUT /sales/{id} on a pending sale (docs/sales.md "Correcting a pending sale"): the whole order
 * as corrected, over the version read, with an authorizer's password where a price goes below its
 * minimum and the company uses password authorization. A draft's save takes the same body
 * (`authorization` counts only for an edit).
 */
export const SaleEdit = SaleDraftUpdate.extend({ authorization: SaleClose.shape.authorization });
export type SaleEdit = z.output<typeof SaleEdit>;

/** POST /sales/{id}/status. */
export const SaleMove = z.object({
  version: Version,
  to: z.enum(CLOSED_STATUSES, { error: keyed(S.status({ statuses: CLOSED_STATUSES.join(', ') })) }),
  reason: text('Motivo', { max: 500 }).input,
});

export const SaleItem = z.object({
  index: z.number().int(),
  productId: Id,
  ref: z.string(),
  name: z.string(),
  barcode: z.string().nullable(),
  productCompanyId: z.string().nullable(),
  /** The product's group when the line was last saved (the sales dashboard counts by it; absent on older lines). */
  groupId: z.string().nullable().optional(),
  quantity: z.string(),
  /** The quantity asked when a short line was cut to the stock available at closing. */
  quantityAsked: z.string().nullable(),
  unitPrice: z.string(),
  discountPercent: z.string().nullable(),
  /** The resolved price when the line was added, and where it came from ('client', 'segment', 'region', 'default', 'table'). */
  listPrice: z.string().nullable(),
  priceSource: z.string().nullable(),
  minimumPrice: z.string().nullable(),
  gross: z.string(),
  discount: z.string(),
  total: z.string(),
  /** The available stock of the branch when the line was last saved (informative). */
  stock: z.string().nullable(),
  cancelled: z.boolean(),
  /** Why the line was cancelled, when an edit cancelled it. */
  cancelReason: z.string().nullable().optional(),
  /** A consigned sale once settled: what the client gave back and what it kept (returned + sold = quantity). */
  returned: z.string().nullable().optional(),
  sold: z.string().nullable().optional(),
  /**
   * The campaign the line took (docs/campaigns.md "In an order"): its id and name, the unit price
   * (kind price) or the discount % (kind discount) it gives, its limits as read at the last save or
   * the close, and what it gave on the line (`given`, at the branch's places). Null: none; absent on
   * lines saved before campaigns.
   */
  campaign: z
    .object({
      id: z.string(),
      name: z.string(),
      price: z.string().nullable(),
      discountPercent: z.string().nullable(),
      minimumQuantity: z.string().nullable().optional(),
      clientLimit: z.string().nullable(),
      totalLimit: z.string().nullable(),
      given: z.string(),
    })
    .nullable()
    .optional(),
});
export type SaleItem = z.output<typeof SaleItem>;

/**
 * One of a sale's installments as the client's financial position holds it (docs/sales.md "One
 * truth for installments"): the same record, read from there, so a payment recorded or imported on
 * the client shows here, and a due date passed shows overdue.
 */
export const SaleInstallment = z.object({
  installment: z.string(),
  dueDate: DateOnly,
  value: z.string(),
  openValue: z.string(),
  paidValue: z.string(),
  paymentDate: DateOnly.nullable(),
  status: z.enum(INSTALLMENT_STATUSES),
});
export type SaleInstallment = z.output<typeof SaleInstallment>;

/**
 * Where a sale's payment stands, from its installments: none (no installments: a free sale, a
 * consignment not settled), open (nothing paid, nothing overdue), partly paid, paid, overdue (an
 * installment past its due date: it wins over partly paid), cancelled (every installment cancelled).
 */
export const SALE_PAYMENT_STATES = ['none', 'open', 'partly_paid', 'paid', 'overdue', 'cancelled'] as const;
export type SalePaymentState = (typeof SALE_PAYMENT_STATES)[number];

export function salePaymentState(installments: readonly Pick<SaleInstallment, 'status' | 'paidValue'>[]): SalePaymentState {
  const live = installments.filter((i) => i.status !== 'cancelled');
  if (!installments.length) return 'none';
  if (!live.length) return 'cancelled';
  if (live.some((i) => i.status === 'overdue')) return 'overdue';
  if (live.every((i) => i.status === 'paid')) return 'paid';
  return live.some((i) => i.status === 'paid' || !new Decimal(i.paidValue).isZero()) ? 'partly_paid' : 'open';
}

/** A line's figures in an edit's history entry. */
const SaleLineFigures = z.object({ quantity: z.string(), unitPrice: z.string(), discountPercent: z.string().nullable(), total: z.string(), cancelled: z.boolean() });

/** What an edit of a pending sale changed: each line before and after (null: added or removed), each header field, and the total. */
export const SaleEditChanges = z.object({
  lines: z.array(z.object({ productId: z.string(), name: z.string(), before: SaleLineFigures.nullable(), after: SaleLineFigures.nullable(), reason: z.string().nullable() })),
  fields: z.array(z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() })),
  total: z.object({ before: z.string(), after: z.string() }),
});
export type SaleEditChanges = z.output<typeof SaleEditChanges>;

export const SaleHistoryEntry = z.object({
  at: Timestamp,
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  from: z.enum(SALE_STATUSES).nullable(),
  to: z.enum(SALE_STATUSES),
  reason: z.string().nullable(),
  /** An edit of a pending sale (from and to are both pending): what it changed. */
  changes: SaleEditChanges.optional(),
  /** A delivery confirmed through the sale's public link (docs/sales.md "The delivery confirmation"): from which address and browser. */
  confirmation: z.object({ via: z.literal('link'), address: z.string().max(100).nullable(), userAgent: z.string().max(500).nullable() }).optional(),
});
export type SaleHistoryEntry = z.output<typeof SaleHistoryEntry>;

/**
 * A consigned sale's terms, taken from the session's branch when the draft is saved (days and
 * discount) and at closing (the return date), and its settlement.
 */
export const SaleConsignment = z.object({
  /** The branch's `vendaConsignadaDias`. */
  days: z.number().int(),
  /** The branch's `vendaConsignadaDesconto` (percent), the sale's general discount. */
  discountPercent: z.string(),
  /** The order date plus `days`, in the company's time zone; null while a draft. */
  returnDate: DateOnly.nullable(),
  /** Set once the settlement is written (UTC). */
  settledAt: Timestamp.nullable(),
  settledBy: z.string().nullable(),
  /** A settlement under way (returned quantity per line index): the next settlement call finishes it. */
  settling: z.array(z.object({ index: z.number().int(), returned: z.string() })).nullable(),
});
export type SaleConsignment = z.output<typeof SaleConsignment>;

/** POST /sales/{id}/consignment: per line, the quantity the client gave back (lines not listed: none); the rest is sold. */
export const SaleConsignmentSettle = z
  .object({
    version: Version,
    items: z
      .array(z.object({ index: z.number().int().min(0).max(MAX_SALE_ITEMS), returned: ReturnedQuantity }))
      .max(MAX_SALE_ITEMS)
      .default([]),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.items.forEach((i, n) => {
      if (seen.has(i.index)) addKeyedIssue(ctx, ['items', n, 'index'], S.returnedRepeated());
      seen.add(i.index);
    });
  });
export type SaleConsignmentSettle = z.output<typeof SaleConsignmentSettle>;

/**
 * The shipping address as the sale keeps it (docs/sales.md "The sale's page"): a copy of the client's
 * address taken at the close, and again when an edit changes the address, so a later change of the
 * client's addresses does not change where this sale went.
 */
export const SaleAddress = z.object({
  id: z.string(),
  nickname: z.string().nullable(),
  cep: z.string().nullable(),
  street: z.string().nullable(),
  number: z.string().nullable(),
  complement: z.string().nullable(),
  neighborhood: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type SaleAddress = z.output<typeof SaleAddress>;

/**
 * What the sale's page shows beside the sale, answered by `GET /sales/{id}` alone (one read of each
 * kind, not a request per field): the names of the records it points to, the shipping address
 * where the sale keeps no copy (a draft, or a sale closed before copies were kept: the client's
 * address as it is now, `shippingAddressKept` false), and how to draw where it was closed (the
 * company's maps token and zoom; null without a token or a position).
 */
export const SaleDetails = z.object({
  names: z.object({
    salesman: z.string().nullable(),
    supervisor: z.string().nullable(),
    branch: z.string().nullable(),
    productCompany: z.string().nullable(),
    nature: z.string().nullable(),
    priceTable: z.string().nullable(),
    paymentCondition: z.string().nullable(),
    vehicle: z.string().nullable(),
  }),
  /** The address the page shows: the sale's copy, or (none kept) the client's address now. */
  shippingAddress: SaleAddress.nullable(),
  /** True: the copy kept at the close or the last edit; false: the client's address as it is now (a draft, or an older sale). */
  shippingAddressKept: z.boolean(),
  map: z.object({ zoom: z.number(), token: z.string() }).nullable(),
  /** The company as its documents head them: the printed slip, the message, the PDF. */
  company: z.object({ name: z.string().max(200), document: z.string().max(18).nullable() }),
  /**
   * The client's phones as they are now (null: a sale without client, or one the user no longer
   * sees): `phone` the first kept, for the slip; `mobile` the WhatsApp number (55 and the digits),
   * null when the client has no mobile, which disables the direct WhatsApp message.
   */
  contact: z.object({ phone: z.string().max(20).nullable(), mobile: z.string().max(20).nullable() }).nullable(),
});
export type SaleDetails = z.output<typeof SaleDetails>;

/**
 * Where a store order stands (docs/store.md "The purchase"): waiting the staff's approval (the
 * company's setting), waiting its Pix, paid, its Pix expired (the stock released), a payment the
 * staff must resolve (an amount other than the total, or a payment after the Pix expired), or paid
 * in the condition's terms as the client's titles are.
 */
export const STORE_ORDER_STATES = ['approval', 'payment', 'paid', 'expired', 'review', 'terms'] as const;
export type StoreOrderState = (typeof STORE_ORDER_STATES)[number];
export const STORE_PAYMENT_METHODS = ['pix', 'terms'] as const;

/** A Pix charge of a store order: the code shown as the processor issued it (static or dynamic), its amount and when it expires. */
export const StorePix = z.object({ code: z.string().max(512), amount: z.string(), expiresAt: Timestamp, txid: z.string().max(35) });
export type StorePix = z.output<typeof StorePix>;

/**
 * A sale made in the store (spec section 3, "From the virtual store it adds id, status, payment
 * method, processor, payment id, buyer IP and a details object"): the sale's id is its id; the rest here.
 */
export const SaleStore = z.object({
  slug: z.string().max(40),
  status: z.enum(STORE_ORDER_STATES),
  paymentMethod: z.enum(STORE_PAYMENT_METHODS),
  processor: z.string().max(40).nullable(),
  paymentId: z.string().max(100).nullable(),
  buyerIp: z.string().max(100).nullable(),
  details: z.object({
    userAgent: z.string().max(500).nullable(),
    /** The Pix in force (null: none asked yet, or paid in terms). */
    pix: StorePix.nullable(),
    /** A payment the staff must resolve: what arrived, when, and why it did not mark the sale paid. */
    review: z.object({ reason: z.enum(['amount', 'late']), amount: z.string(), paymentId: z.string().max(100), at: Timestamp }).nullable(),
    /** When the store's states changed last (paid, expired). */
    paidAt: Timestamp.nullable(),
  }),
});
export type SaleStore = z.output<typeof SaleStore>;

export const Sale = SaleDraftFields.omit({ items: true }).extend({
  id: Id,
  number: z.number().int().nullable(),
  status: z.enum(SALE_STATUSES),
  branchId: z.string().nullable(),
  clientName: z.string().nullable(),
  /** The client's nickname and document as they were when the sale closed: what the list's search finds it by (absent on sales closed before they were kept). */
  clientNickname: z.string().nullable().optional(),
  clientDocument: z.string().nullable().optional(),
  /**
   * The client's segment, region and city ('Bauru/SP', of its main address) as they were when the
   * sale closed: the management dashboard counts by them (absent on sales closed before they were kept).
   */
  clientSegmentId: z.string().nullable().optional(),
  clientRegionId: z.string().nullable().optional(),
  clientCity: z.string().nullable().optional(),
  salesmanId: z.string().nullable(),
  supervisorId: z.string().nullable(),
  createdBy: z.string().nullable(),
  /** The business date the order was taken (closing), or begun (a draft). */
  orderDate: DateOnly,
  /** The emission date: the business date the order was begun (the draft's first date), kept when the close dates the sale (absent: the order date). */
  issuedOn: DateOnly.nullable().optional(),
  closedAt: Timestamp.nullable(),
  items: z.array(SaleItem),
  /** The campaigns the order's lines took, in line order, each once (docs/campaigns.md); absent on sales saved before campaigns. */
  campaignIds: z.array(z.string()).optional(),
  totals: z.object({
    items: z.string(),
    /** `loyalty`: the client's cashback and points used (absent on sales saved before loyalty). */
    discounts: z.object({ items: z.string(), general: z.string(), payment: z.string(), other: z.string(), loyalty: z.string().optional() }),
    increases: z.object({ payment: z.string(), transport: z.string(), other: z.string() }),
    total: z.string(),
    count: z.number().int(),
    quantity: z.string(),
  }),
  /** What the sale did with the client's cashback and points (null or absent: nothing). */
  loyalty: SaleLoyalty.nullable().optional(),
  /** The payment condition's rates the figures were computed with (percent), none for a sale without payment. */
  paymentRates: z.object({ discountRate: z.string().nullable(), surchargeRate: z.string().nullable() }).nullable(),
  decimals: z.number().int(),
  installments: z.array(SaleInstallment),
  payment: z.enum(SALE_PAYMENT_STATES),
  authorizer: z.object({ userId: z.string(), name: z.string(), profileId: z.string(), profileName: z.string() }).nullable(),
  geolocation: Geolocation.nullable(),
  /** The shipping address as it was when the sale was closed (or last edited): a copy, absent on sales closed before copies were kept and on drafts. */
  shippingAddress: SaleAddress.nullable().optional(),
  /** Only in `GET /sales/{id}`: names and what the sale's page draws (`SaleDetails`). */
  details: SaleDetails.optional(),
  /** A consigned sale's terms and settlement (null for any other sale). */
  consignment: SaleConsignment.nullable().optional(),
  /** A store order's own part (null or absent: a sale the staff took). */
  store: SaleStore.nullable().optional(),
  history: z.array(SaleHistoryEntry),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type Sale = z.output<typeof Sale>;

/** A row of the sales list (and its cards). */
export const SaleSummary = z.object({
  id: Id,
  number: z.number().int().nullable(),
  status: z.enum(SALE_STATUSES),
  orderDate: DateOnly,
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  salesmanId: z.string().nullable(),
  branchId: z.string().nullable(),
  total: z.string(),
  count: z.number().int(),
  updatedAt: Timestamp,
  /** What the list's filters match beside the partitions (absent on rows written before they were kept). */
  supervisorId: z.string().nullable().optional(),
  productCompanyId: z.string().nullable().optional(),
  natureId: z.string().nullable().optional(),
  paymentConditionId: z.string().nullable().optional(),
  /** The emission date (docs/sales.md "The list"): the day the order was begun. */
  issuedOn: DateOnly.nullable().optional(),
  /** A consigned sale's return date (null for any other sale), and whether its consignment is settled. */
  returnDate: DateOnly.nullable().optional(),
  settled: z.boolean().optional(),
  /**
   * Where the sale's payment stands, read from its installments in the client's financial position
   * at the list's read (docs/sales.md "Payment state on the list"); absent on drafts, null on rows
   * written before the sale kept its installments' labels.
   */
  payment: z.enum(SALE_PAYMENT_STATES).nullable().optional(),
  /** A store order's state (docs/store.md "The staff's side"): the list marks the order, and a payment in review; absent on any other sale and on rows written before it was kept. */
  store: z.enum(STORE_ORDER_STATES).optional(),
});
export type SaleSummary = z.output<typeof SaleSummary>;

/** A page of sales or drafts, with the scope it was read in (`SeenScope`: a supervisor without subordinates is told so). */
export const SalesPage = page(SaleSummary).extend({ scope: SeenScope });

/** What the sales list sorts by (docs/sales.md "The list"): each over the whole filtered set, by the server. */
export const SALE_SORTS = ['date', 'number', 'client', 'total'] as const;
export type SaleSort = (typeof SALE_SORTS)[number];

/** The list's filters (`GET /sales` and `GET /sales/totals`). */
const SalesFilterFields = z.object({
  status: z.enum(SALE_STATUSES, { error: keyed(S.status({ statuses: SALE_STATUSES.join(', ') })) }).optional(),
  /** Drafts apart: `drafts=true` lists only drafts; otherwise drafts are left out unless `status=typing`. */
  drafts: z.enum(['true', 'false']).optional(),
  /** The consignments view: the consigned sales whose goods are still with the client, the earliest return date first. */
  consignments: z.enum(['true', 'false']).optional(),
  /** The store orders whose payment is in review and the sale still pending (docs/store.md "The staff's side"), newest first. */
  storeReview: z.enum(['true', 'false']).optional(),
  clientId: Id.optional(),
  salesmanId: Id.optional(),
  /** The sales of a supervisor's team (himself and his subordinates), within the user's scope. */
  supervisorId: Id.optional(),
  branchId: Id.optional(),
  productCompanyId: Id.optional(),
  /** The sale type (a fiscal nature). */
  natureId: Id.optional(),
  paymentConditionId: Id.optional(),
  /** Which date the period filters: the closing (the sale's date, default) or the emission (the day the order was begun). */
  dateBy: z.enum(['closing', 'emission']).optional(),
  from: DateOnly.optional(),
  until: DateOnly.optional(),
  q: SearchText.optional(),
});

const periodCheck = (q: { from?: string | undefined; until?: string | undefined }, ctx: z.RefinementCtx) => {
  if (q.from && q.until && q.from > q.until) addKeyedIssue(ctx, ['until'], S.period());
};

export const SalesListQuery = SalesFilterFields.extend({
  sort: z.enum(SALE_SORTS, { error: keyed(S.sort({ sorts: SALE_SORTS.join(', ') })) }).optional(),
  /** The sort's direction: newest, highest, Z-A first (`desc`, default) or the reverse. */
  dir: z.enum(['asc', 'desc'], { error: keyed(S.sortDirection()) }).optional(),
  cursor: Cursor.optional(),
  limit: Limit,
}).superRefine(periodCheck);

export const SalesTotalsQuery = SalesFilterFields.superRefine(periodCheck);

/** Sales one export takes at most (a list's selection; the PDF of 500 is the bench's figure). */
export const MAX_EXPORT_SALES = 500;
/** What a sales CSV holds a line of: each item, the sale's columns repeated (default), or each sale with its totals. */
export const SALES_EXPORT_LINES = ['items', 'sales'] as const;

/**
 * The sales export's query (POST /api/exports/sales, docs/sales.md "Exports of sales"): the selected
 * sales, 1 to MAX_EXPORT_SALES (none: the spec's "no sale selected for export"), and the CSV's lines.
 */
export const SalesExportQuery = z.object({
  ids: z
    .array(Id)
    .max(MAX_EXPORT_SALES, { error: keyed(S.exportTooMany({ max: MAX_EXPORT_SALES })) })
    .default([])
    .refine((ids) => ids.length > 0, { error: keyed(S.exportNoneSelected()) }),
  lines: z.enum(SALES_EXPORT_LINES).default('items'),
});
export type SalesExportQuery = z.input<typeof SalesExportQuery>;

/**
 * The count and total value of the filtered set (docs/sales.md "Count and total"): from the
 * aggregates kept on write where they answer the filters (`exact`); otherwise from a bounded read
 * of the filtered set, `exact` only when that read reached its end (else what was read so far:
 * `count` is a floor).
 */
export const SalesTotals = z.object({
  count: z.number().int(),
  /** The sum of the sales' totals, cancelled and refunded sales left out unless the status filter asks for them. */
  total: z.string(),
  exact: z.boolean(),
  /** How the figures were had: the aggregates, or a read of the sales. */
  source: z.enum(['aggregates', 'read']),
});
export type SalesTotals = z.output<typeof SalesTotals>;

/** Most products a catalogue lookup answers at once (the lines of a whole order). */
export const MAX_CATALOGUE_IDS = MAX_SALE_ITEMS;

/**
 * POST /sales/catalogue: what the order entry may add, priced for its client. A search (`q`: name,
 * reference or barcode) answers the first `limit` products; `productIds` answers those products
 * (an order's lines when its negotiation or client changes). A POST because a thousand ids do not
 * fit a URL.
 */
export const SaleCatalogueQuery = z.object({
  clientId: optionalId,
  priceTableId: optionalId,
  q: SearchText.optional(),
  productIds: z.array(Id).max(MAX_CATALOGUE_IDS, { error: keyed(S.tooManyItems({ max: MAX_CATALOGUE_IDS })) }).default([]),
  limit: z.number().int().min(1).max(50).default(20),
});

export const SaleCatalogueItem = z.object({
  productId: Id,
  ref: z.string(),
  name: z.string(),
  barcode: z.string().nullable(),
  /** The unit it is sold in and its package ('FD 10X1KG'): shown beside the name, so a bale is not read as a kilo. */
  unitName: z.string().nullable(),
  package: z.string().nullable(),
  productCompanyId: z.string().nullable(),
  /** The product's group (a campaign may cover it by its group). */
  groupId: z.string().nullable(),
  minimumPrice: z.string().nullable(),
  /** The price for the client (4 places), null when the product cannot be sold to him: then `reason`. */
  price: z.string().nullable(),
  source: z.string().nullable(),
  tableName: z.string().nullable(),
  reason: z.string().nullable(),
  /** `reason` keyed (docs/texts.md): what a client renders in its language. */
  reasonText: NoPriceText.nullable(),
  /** The stock available in the session's branch. */
  available: z.string(),
});
export type SaleCatalogueItem = z.output<typeof SaleCatalogueItem>;

/** A campaign's terms as the entry's offers and the results answer them (docs/campaigns.md). */
const CampaignTerms = z.object({
  id: Id,
  name: z.string(),
  status: z.string(),
  validFrom: DateOnly.nullable(),
  validUntil: DateOnly.nullable(),
  kind: z.string(),
  discountPercent: z.string().nullable(),
  price: z.string().nullable(),
  totalLimit: z.string().nullable(),
});

/**
 * A campaign in force for an order (`GET /sales/campaigns/{clientId}`, docs/campaigns.md "In an
 * order"): what the entry's shared `orderCampaigns` needs to show each line's campaign as the server
 * will decide it, and what it has sold where it has a limit.
 */
export const SaleCampaignOffer = CampaignTerms.extend({
  minimumQuantity: z.string().nullable(),
  clientLimit: z.string().nullable(),
  productIds: z.array(z.string()),
  productGroupIds: z.array(z.string()),
  productCompanyIds: z.array(z.string()),
  branchIds: z.array(z.string()),
  segmentIds: z.array(z.string()),
  regionIds: z.array(z.string()),
  /** Units it has sold to this client and in all (absent: no limit, or nothing sold yet). */
  use: z.object({ client: z.string(), total: z.string() }).nullable(),
});
export type SaleCampaignOffer = z.output<typeof SaleCampaignOffer>;

export const SaleCampaignOffers = z.object({
  /** Whether the company enables campaigns and requires one (where one can still sell to the client). */
  enabled: z.boolean(),
  required: z.boolean(),
  items: z.array(SaleCampaignOffer),
});
export type SaleCampaignOffers = z.output<typeof SaleCampaignOffers>;

/** GET /sales/campaign-results (docs/campaigns.md "Results"): every campaign, or those of one status. */
export const CampaignResultsQuery = z.object({
  status: z.enum(['active', 'inactive'], { error: keyed(S.campaignStatus()) }).optional(),
});
export type CampaignResultsQuery = z.output<typeof CampaignResultsQuery>;

/** What a campaign sold: units, sales and clients, the lines' value and the discount it gave (sales neither cancelled nor refunded). */
export const CampaignResult = CampaignTerms.extend({
  units: z.string(),
  sales: z.number().int(),
  clients: z.number().int(),
  value: z.string(),
  given: z.string(),
});
export type CampaignResult = z.output<typeof CampaignResult>;
export const CampaignResults = z.object({ items: z.array(CampaignResult) });
export type CampaignResults = z.output<typeof CampaignResults>;

export const SaleCatalogue = z.object({
  decimals: z.number().int(),
  items: z.array(SaleCatalogueItem),
});
export type SaleCatalogue = z.output<typeof SaleCatalogue>;

/** How many of the client's latest sales `GET /sales/client-products/{clientId}` reads. */
export const CLIENT_PRODUCTS_SALES = 20;

/**
 * A product the client bought in its latest sales (closed, not cancelled): in how many of them,
 * and the last time's unit price, quantity, order date and number (docs/sales.md, "Suggest
 * products and last price").
 */
export const SaleClientProduct = z.object({
  productId: Id,
  ref: z.string(),
  name: z.string(),
  /** In how many of the sales read it was (a line cancelled in the sale does not count). */
  orders: z.number().int(),
  lastUnitPrice: z.string(),
  lastQuantity: z.string(),
  lastDate: DateOnly,
  lastNumber: z.number().int(),
});
export type SaleClientProduct = z.output<typeof SaleClientProduct>;

export const SaleClientProducts = z.object({
  /** How many sales were read (at most `CLIENT_PRODUCTS_SALES`). */
  sales: z.number().int(),
  /** Most frequent first, then the latest bought. */
  items: z.array(SaleClientProduct),
});
export type SaleClientProducts = z.output<typeof SaleClientProducts>;

export { HOME_TABS, homeTabsOf, type HomeTab } from '../sales/home-tabs';

/** `GET /sales/home-figures`: one tab's figures, all sales or only those with financial movement. */
/** The home's dates (spec section 9: "emission or closing date"). */
export const HOME_DATES = ['closing', 'emission'] as const;
export type HomeDate = (typeof HOME_DATES)[number];

export const HomeFiguresQuery = z.object({
  tab: z.enum(HOME_TABS),
  financialOnly: z.enum(['true', 'false']).optional(),
  /** Which date places a sale (spec section 9): its closing (the order date, the default) or its emission (the day the order was begun). */
  date: z.enum(HOME_DATES).optional(),
});
export type HomeFiguresQuery = z.input<typeof HomeFiguresQuery>;

const FigurePair = { count: z.number().int(), total: z.string() };

/** A period's figures: its count and total, by day (a chart's bars) and by sale type. */
export const HomePeriodFigures = z.object({
  from: DateOnly,
  until: DateOnly,
  ...FigurePair,
  /** The total divided by the count, at the money's places ('0' with no sale). */
  averageTicket: z.string(),
  days: z.array(z.object({ date: DateOnly, ...FigurePair })),
  /** Per sale type (a fiscal nature; null: sales without one), the largest total first. */
  types: z.array(z.object({ natureId: z.string().nullable(), name: z.string().nullable(), ...FigurePair })),
});
export type HomePeriodFigures = z.output<typeof HomePeriodFigures>;

/**
 * The home's figures of one tab (docs/sales.md "Home figures"), by the sale's closing or emission
 * date in the company's time zone: the last 7 days, the current month up to today and the previous month.
 * Cancelled and refunded sales count in none; `financialOnly` keeps the sales that wrote
 * installments. From the aggregates kept on write: the tab's salesmen's day items, whatever the
 * number of sales.
 */
export const HomeFigures = z.object({
  tab: z.enum(HOME_TABS),
  /** Whose sales: the user's own, its team (himself and his subordinates) or the company's (within the user's scope). */
  scope: z.enum(['own', 'team', 'company']),
  /** The supervisor's tab of a supervisor with no subordinate (spec section 8). */
  noSubordinates: z.boolean(),
  financialOnly: z.boolean(),
  date: z.enum(HOME_DATES),
  today: DateOnly,
  periods: z.object({ last7Days: HomePeriodFigures, currentMonth: HomePeriodFigures, previousMonth: HomePeriodFigures }),
  /**
   * The month statistics' other figures, the current month against the previous one: the distinct
   * clients with a sale (of financial movement, with `financialOnly`), by the closing date's month
   * whatever `date` says (docs/sales.md "Home figures").
   */
  clientsServed: z.object({ currentMonth: z.number().int(), previousMonth: z.number().int() }),
  /** The visits done (schedulings of contact mode visit completed), counted on the day each was closed, in the tab's scope. */
  visitsDone: z.object({ currentMonth: z.number().int(), previousMonth: z.number().int() }),
});
export type HomeFigures = z.output<typeof HomeFigures>;

/** The longest period the sales dashboard reads (its series by month past 62 days). */
export const SALES_DASHBOARD_MAX_DAYS = 731;

/** `GET /sales/dashboard`: a period of the sale's date (default: the current month up to today) and, optionally, one salesman. */
/** A dashboard's series: by day, week (Monday to Sunday, cut at the period's ends) or month; none asked: by day up to 62 days, else by month. */
export const SERIES_UNITS = ['day', 'week', 'month'] as const;
export type SeriesUnit = (typeof SERIES_UNITS)[number];

export const SalesDashboardQuery = z
  .object({ from: DateOnly.optional(), until: DateOnly.optional(), salesmanId: Id.optional(), unit: z.enum(SERIES_UNITS).optional() })
  .superRefine(periodCheck)
  .superRefine((q, ctx) => {
    if (q.from && q.until && daysBetween(q.from, q.until) >= SALES_DASHBOARD_MAX_DAYS) addKeyedIssue(ctx, ['until'], S.dashboardPeriod({ max: SALES_DASHBOARD_MAX_DAYS }));
  });
export type SalesDashboardQuery = z.input<typeof SalesDashboardQuery>;

const DashboardFigures = z.object({
  count: z.number().int(),
  total: z.string(),
  averageTicket: z.string(),
  /** Cancelled and refunded: counted apart, their value in no total. */
  cancelled: z.number().int(),
  refunded: z.number().int(),
});
const DashboardRow = z.object({ id: z.string().nullable(), name: z.string().nullable(), count: z.number().int(), total: z.string() });

/**
 * The sales dashboard (docs/sales.md "Sales dashboard"): a period's sales in the user's scope by the
 * sale's date, against the period of the same length just before; per status (each with its own
 * value), sale type, branch, product company, payment condition and salesman (neither cancelled nor
 * refunded: the largest total first), and by day (by month past 62 days). From the aggregates kept on
 * write.
 */
export const SalesDashboard = z.object({
  from: DateOnly,
  until: DateOnly,
  previous: z.object({ from: DateOnly, until: DateOnly }),
  scope: z.enum(['own', 'team', 'company']),
  current: DashboardFigures,
  before: DashboardFigures,
  byStatus: z.array(z.object({ status: z.enum(SALE_STATUSES), count: z.number().int(), total: z.string() })),
  byType: z.array(DashboardRow),
  byBranch: z.array(DashboardRow),
  byProductCompany: z.array(DashboardRow),
  byPaymentCondition: z.array(DashboardRow),
  bySalesman: z.array(DashboardRow),
  /**
   * The clients that bought most (at most 20), the largest total first: over the whole months the
   * period touches (`clientsPeriod`), a client's figures being kept per month.
   */
  byClient: z.array(DashboardRow),
  /** Per product group: the sales with a line of it (count) and its lines' value, before the order's general discounts and increases. */
  byGroup: z.array(DashboardRow),
  /**
   * The products sold most (at most 20), the largest value first: per product the sales with a line
   * of it (count), its quantity and its lines' value, over the same whole months as the clients'
   * (`clientsPeriod`), in the dashboard's scope: the company's, a team's (its salesmen's added up) or
   * one salesman's (docs/sales.md "The products' ranking").
   */
  byProduct: z.array(z.object({ id: z.string(), ref: z.string().nullable(), name: z.string().nullable(), count: z.number().int(), quantity: z.string(), total: z.string() })),
  clientsPeriod: z.object({ from: DateOnly, until: DateOnly }),
  series: z.object({ unit: z.enum(SERIES_UNITS), points: z.array(z.object({ key: z.string(), count: z.number().int(), total: z.string() })) }),
});
export type SalesDashboard = z.output<typeof SalesDashboard>;

/** `GET /management/dashboard`: a period of the sale's date (default: the current month up to today), optionally one branch and one salesman. */
export const ManagementDashboardQuery = z
  .object({ from: DateOnly.optional(), until: DateOnly.optional(), branchId: Id.optional(), salesmanId: Id.optional(), unit: z.enum(SERIES_UNITS).optional() })
  .superRefine(periodCheck)
  .superRefine((q, ctx) => {
    if (q.from && q.until && daysBetween(q.from, q.until) >= SALES_DASHBOARD_MAX_DAYS) addKeyedIssue(ctx, ['until'], S.managementPeriod({ max: SALES_DASHBOARD_MAX_DAYS }));
  });
export type ManagementDashboardQuery = z.input<typeof ManagementDashboardQuery>;

const ManagementFigures = DashboardFigures.extend({
  /** The mix: the lines of the sales counted, per sale (one decimal; '0' with no sale). */
  mix: z.string(),
});

/** A salesman's clients in the coverage (positivação): its portfolio, those that bought in the month, and those without a purchase for the inactivity days. */
const CoverageRow = z.object({
  /** The clients of the portfolio (a salesman's own; the company's in the total), active ones apart. */
  clients: z.number().int(),
  active: z.number().int(),
  /** Distinct clients with a sale that counts in the month (the month of the period's end). */
  served: z.number().int(),
  /** Clients without a purchase since `since` (or never), whatever their status. */
  withoutPurchase: z.number().int(),
});

/**
 * The management dashboard (docs/sales.md "Management dashboard"): the sales dashboard's period,
 * totals and series, within one branch when asked, by product company, branch, salesman, the
 * client's segment, region and city, with the mix; and the coverage: per salesman, its clients
 * served in the period's last month against its portfolio, and those without a purchase for the
 * company's inactivity days. From the aggregates kept on write.
 */
export const ManagementDashboard = z.object({
  from: DateOnly,
  until: DateOnly,
  previous: z.object({ from: DateOnly, until: DateOnly }),
  scope: z.enum(['own', 'team', 'company']),
  branchId: z.string().nullable(),
  current: ManagementFigures,
  before: ManagementFigures,
  series: z.object({ unit: z.enum(SERIES_UNITS), points: z.array(z.object({ key: z.string(), count: z.number().int(), total: z.string() })) }),
  byProductCompany: z.array(DashboardRow),
  byBranch: z.array(DashboardRow),
  bySalesman: z.array(DashboardRow),
  bySegment: z.array(DashboardRow),
  byRegion: z.array(DashboardRow),
  byCity: z.array(DashboardRow),
  coverage: z.object({
    /** The month the clients served are counted in: the period's last. */
    month: z.string().regex(/^\d{4}-\d{2}$/),
    /** The company's inactivity days (Sales settings, "Dias de inatividade") and the first day that still counts as a purchase within them. */
    inactivityDays: z.number().int(),
    since: DateOnly,
    rows: z.array(CoverageRow.extend({ salesmanId: z.string(), name: z.string().nullable() })),
    total: CoverageRow,
  }),
});
export type ManagementDashboard = z.output<typeof ManagementDashboard>;
