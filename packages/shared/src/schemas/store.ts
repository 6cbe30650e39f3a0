import { ApiTexts } from '../messages';
import { StoreTexts } from '../store-texts';
import { addKeyedIssue, keyed, z } from '../zod';
import { Cursor, DateOnly, Email, Id, Limit, SearchText, TextParamsSchema, Timestamp, Version } from './common';
import { MAX_SALE_ITEMS, Sale, SALE_PAYMENT_STATES, SALE_STATUSES, SaleAddress, SaleInstallment, SaleItemInput, STORE_ORDER_STATES, STORE_PAYMENT_METHODS, StorePix } from './sales';
import { text } from '../registries/fields';
import { NewPassword, Password } from './auth';
import { AddressInput, ClientFields, MAX_ADDRESSES } from './clients';
import { STORE_SLUG } from './settings';

/**
 * The store (self-checkout, issue 44, docs/store.md): its texts (`store-texts.ts`, keyed
 * `store.<name>`), and what its calls take and answer.
 */
export { StoreTexts };

/** `/store/{slug}`: a store's address as typed in a link (the lookup folds its case; one of no store's form is the same 404). */
export const StoreParams = z.object({ slug: z.string().trim().toLowerCase().max(200) });

/** What anyone may know of a store: its address and the company's name as the store shows it. */
export const StorePublic = z.object({
  slug: z.string().regex(STORE_SLUG),
  name: z.string().max(200),
});
export type StorePublic = z.output<typeof StorePublic>;

/** POST /store/{slug}/login: a client's e-mail and password; `clientId` the record chosen where the e-mail has several. */
export const StoreLogin = z.object({ email: Email, password: Password, clientId: Id.optional() });

/** The client signed in to the store, as the store shows it. */
export const StoreClient = z.object({
  id: Id,
  name: z.string(),
  nickname: z.string().nullable(),
  email: z.string(),
  /** Whether it may buy now (active, not in analysis or problem, complete); its orders are always seen. */
  canBuy: z.boolean(),
});
export type StoreClient = z.output<typeof StoreClient>;

export const StoreSession = z.object({
  token: z.string(),
  expiresAt: Timestamp,
  client: StoreClient,
});
export type StoreSession = z.output<typeof StoreSession>;

/** The records an e-mail has in a store (the answer to 'multiple records'): each client's id and name. */
export const StoreChoices = z.object({ clients: z.array(z.object({ id: Id, name: z.string() })) });

/** A client's access to the store, as the staff see it on the client's record. */
export const StoreAccess = z.object({
  /** The e-mail the client logs in with (its record's). */
  email: z.string().nullable(),
  /** It may log in: it has a password. */
  active: z.boolean(),
  /** Invited by e-mail, its password not yet set. */
  invited: z.boolean(),
  updatedAt: Timestamp.nullable(),
});
export type StoreAccess = z.output<typeof StoreAccess>;

/** PUT /clients/{id}/store-access: the password the staff set for the client (it changes it in "Meus dados"). */
export const StoreAccessGrant = z
  .object({ password: NewPassword, confirmation: z.string({ error: keyed(ApiTexts.passwordMismatch()) }).max(128) })
  .refine((v) => v.password === v.confirmation, { path: ['confirmation'], error: keyed(ApiTexts.passwordMismatch()) });

/** POST /store/{slug}/forgot-password. */
export const StoreForgot = z.object({ email: Email });

/** POST /store/{slug}/redefine: the link's token (from the e-mail), the new password and its confirmation. */
export const StoreRedefine = z
  .object({
    token: z.string({ error: keyed(StoreTexts.redefineFailed()) }).min(20, { error: keyed(StoreTexts.redefineFailed()) }).max(200, { error: keyed(StoreTexts.redefineFailed()) }),
    password: NewPassword,
    confirmation: z.string({ error: keyed(ApiTexts.passwordMismatch()) }).max(128),
  })
  .refine((v) => v.password === v.confirmation, { path: ['confirmation'], error: keyed(ApiTexts.passwordMismatch()) });

/** A store order's own part as its client sees it. */
export const StoreOrderPart = z.object({
  status: z.enum(STORE_ORDER_STATES),
  paymentMethod: z.enum(STORE_PAYMENT_METHODS),
  /** Who issued the Pix: `sandbox` shows "Simular pagamento" (the test environment). */
  processor: z.string().nullable(),
  pix: StorePix.nullable(),
});

/** A row of "Meus pedidos": the client's own order as the store lists it. */
export const StoreSaleSummary = z.object({
  id: Id,
  /** Null while the order waits the staff's approval (docs/store.md "The purchase"). */
  number: z.number().int().nullable(),
  status: z.enum(SALE_STATUSES),
  orderDate: DateOnly,
  total: z.string(),
  count: z.number().int(),
  payment: z.enum(SALE_PAYMENT_STATES).nullable(),
  /** A store order's state (waiting its Pix, paid…); null: its salesperson took it. */
  store: z.enum(STORE_ORDER_STATES).nullable(),
});
export type StoreSaleSummary = z.output<typeof StoreSaleSummary>;

export const StoreSalesQuery = z.object({ cursor: Cursor.optional(), limit: Limit });
export const StoreSalesPage = z.object({ items: z.array(StoreSaleSummary), nextCursor: z.string().max(4096).nullable() });
export type StoreSalesPage = z.output<typeof StoreSalesPage>;

export const StoreSaleParams = StoreParams.extend({ id: Id });

/** One of the client's orders, as the client sees it: what it bought, what it pays, where it goes; never the company's own notes. */
export const StoreSale = StoreSaleSummary.extend({
  decimals: z.number().int(),
  items: z.array(z.object({ productId: Id, ref: z.string(), name: z.string(), quantity: z.string(), unitPrice: z.string(), total: z.string(), cancelled: z.boolean() })),
  totals: Sale.shape.totals,
  paymentType: Sale.shape.paymentType,
  installments: z.array(SaleInstallment),
  shippingAddress: SaleAddress.nullable(),
  /** The order's note for the invoice (the internal one stays in the office). */
  note: z.string().nullable(),
  /** Made in the store by the client (null: its salesperson took it). */
  store: StoreOrderPart.nullable(),
});
export type StoreSale = z.output<typeof StoreSale>;

/** GET /store/{slug}/products: a page of the store's catalogue (public parts only: no price, no stock). */
export const StoreProductsQuery = z.object({
  q: SearchText.optional(),
  cursor: Cursor.optional(),
  limit: Limit,
});

/** A product as anyone may see it in the store: what it is, never its price nor its stock. */
export const StoreProduct = z.object({
  id: Id,
  ref: z.string(),
  name: z.string(),
  barcode: z.string().nullable(),
  unitName: z.string().nullable(),
  package: z.string().nullable(),
  productCompany: z.string().nullable(),
  group: z.string().nullable(),
});
export type StoreProduct = z.output<typeof StoreProduct>;

/** `limited`: the store's product limit was reached, so no further page is offered. */
export const StoreProductsPage = z.object({ items: z.array(StoreProduct), nextCursor: z.string().max(4096).nullable(), limited: z.boolean() });
export type StoreProductsPage = z.output<typeof StoreProductsPage>;

/** POST /store/{slug}/prices: the prices and stock of products for the client signed in. */
export const StorePricesInput = z.object({ productIds: z.array(Id).min(1).max(100) });
export const StorePrices = z.object({
  decimals: z.number().int(),
  /** Each product the client may buy: its price (its table's, or a campaign's: `campaign` names it, `listPrice` the table's) and the stock available; one it may not is left out. */
  items: z.array(z.object({ productId: Id, price: z.string(), listPrice: z.string(), campaign: z.string().nullable(), available: z.string() })),
});
export type StorePrices = z.output<typeof StorePrices>;

/** The cart as the client holds it: lines, the condition, the delivery address, the note and how it pays. */
export const StoreCart = z.object({
  items: z.array(z.object({ productId: Id, quantity: SaleItemInput.shape.quantity })).max(MAX_SALE_ITEMS),
  paymentConditionId: Id.nullish().transform((v) => v ?? null),
  shippingAddressId: Id.nullish().transform((v) => v ?? null),
  paymentMethod: z.enum(STORE_PAYMENT_METHODS).default('pix'),
  note: text('Observação', { max: 500 }).input,
});
export type StoreCartInput = z.input<typeof StoreCart>;

/** A refusal the cart shows where it applies (the field as the API names it, the text, and its key and parameters: a client says it in its language). */
const Problem = z.object({ field: z.string(), message: z.string(), key: z.string().max(200).optional(), params: TextParamsSchema.optional() });

/** POST /store/{slug}/cart: the cart figured as the close will figure it, with what would stop it. */
export const StoreQuote = z.object({
  decimals: z.number().int(),
  lines: z.array(z.object({ productId: Id, ref: z.string(), name: z.string(), quantity: z.string(), unitPrice: z.string(), total: z.string(), campaign: z.string().nullable(), available: z.string() })),
  totals: Sale.shape.totals,
  /** The conditions the client may choose (its own, or the company's when its record names none). */
  conditions: z.array(z.object({ id: Id, name: z.string(), installments: z.number().int(), minimumInvoice: z.string().nullable() })),
  paymentConditionId: Id.nullable(),
  installments: z.array(z.object({ installment: z.string(), dueDate: DateOnly, value: z.string() })),
  addresses: z.array(z.object({ id: z.string(), label: z.string() })),
  shippingAddressId: z.string().nullable(),
  /** Whether the store takes Pix now (its processor: the company's, or the sandbox where the installation offers it). */
  pixAvailable: z.boolean(),
  problems: z.array(Problem),
});
export type StoreQuote = z.output<typeof StoreQuote>;


/** The processors a store's Pix may come from: the sandbox (tests, demos) and Mercado Pago (docs/store.md "Payment"). */
export const STORE_PROCESSORS = ['sandbox', 'mercadopago'] as const;

/** The company's payment account as its administrator sees it: never the token nor the secret, only whether they are kept. */
export const StorePaymentsAccount = z.object({
  processor: z.enum(STORE_PROCESSORS),
  hasAccessToken: z.boolean(),
  hasWebhookSecret: z.boolean(),
  /** Where Mercado Pago posts its notices for this company (Suas integrações > Webhooks, event "Pagamentos"). */
  webhookUrl: z.string(),
  updatedAt: Timestamp.nullable(),
  /** Null before the first save. */
  version: z.number().int().nullable(),
});
export type StorePaymentsAccount = z.output<typeof StorePaymentsAccount>;

/** PUT /company/store-payments: the processor and, for Mercado Pago, its credentials (left empty, the kept ones stay). */
export const StorePaymentsUpdate = z
  .object({
    processor: z.enum(STORE_PROCESSORS, { error: keyed(StoreTexts.processor()) }),
    accessToken: z.string().trim().max(500, { error: keyed(StoreTexts.mpAccessToken()) }).nullish().transform((v) => v || null),
    webhookSecret: z.string().trim().max(500, { error: keyed(StoreTexts.mpWebhookSecret()) }).nullish().transform((v) => v || null),
    version: Version.nullish(),
  })
  .superRefine((a, ctx) => {
    if (a.accessToken && !/^(APP_USR|TEST)-\S+$/.test(a.accessToken)) addKeyedIssue(ctx, ['accessToken'], StoreTexts.mpAccessToken());
  });

/** An address the store shows the client (its own record's). */
export const StoreAddress = SaleAddress.omit({ country: true, latitude: true, longitude: true });

/** "Meus dados": what the client sees of its record and may change here (the main address and the e-mail are the company's to change). */
export const StoreProfile = z.object({
  name: z.string(),
  nickname: z.string().nullable(),
  document: z.string().nullable(),
  email: z.string().nullable(),
  phone1: z.string().nullable(),
  phone2: z.string().nullable(),
  phone3: z.string().nullable(),
  phone4: z.string().nullable(),
  contact: z.string().nullable(),
  mainAddress: StoreAddress.nullable(),
  deliveryAddresses: z.array(StoreAddress),
  version: z.number().int(),
});
export type StoreProfile = z.output<typeof StoreProfile>;

/** PUT /store/{slug}/profile: the client's phones, contact and delivery addresses, over the version read. */
export const StoreProfileUpdate = ClientFields.pick({ phone1: true, phone2: true, phone3: true, phone4: true, contact: true }).extend({
  deliveryAddresses: z.array(AddressInput).max(MAX_ADDRESSES - 1),
  version: Version,
});

/** POST /store/{slug}/password: the current password, the new one and its confirmation. */
export const StorePasswordChange = z
  .object({ current: Password, password: NewPassword, confirmation: z.string({ error: keyed(ApiTexts.passwordMismatch()) }).max(128) })
  .refine((v) => v.password === v.confirmation, { path: ['confirmation'], error: keyed(ApiTexts.passwordMismatch()) });
