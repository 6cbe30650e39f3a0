import { ApiTexts } from '../messages';
import { defineTexts } from '../texts';
import { keyed, z } from '../zod';
import { Cursor, DateOnly, Email, Id, Limit, Timestamp } from './common';
import { Sale, SALE_PAYMENT_STATES, SALE_STATUSES, SaleAddress, SaleInstallment } from './sales';
import { NewPassword, Password } from './auth';
import { STORE_SLUG } from './settings';

/**
 * The store (self-checkout, issue 44, docs/store.md): its texts, keyed `store.<name>`, and what its
 * calls take and answer. The spec names the self-checkout's errors (login error, no record for the
 * e-mail, multiple records, redefine error, client unable to purchase) without their words: these are ours.
 */
export const StoreTexts = defineTexts('store', {
  notFound: 'Loja não encontrada: confira o endereço com a empresa.',
  loginFailed: 'E-mail ou senha incorretos.',
  noRecord: 'Não encontramos cadastro de cliente com este e-mail nesta loja. Fale com a empresa para receber o acesso.',
  multipleRecords: 'Este e-mail está no cadastro de mais de um cliente: escolha com qual deseja entrar.',
  cannotBuy: 'O seu cadastro está com restrição e não pode fazer pedidos pela loja agora. Você ainda vê os seus pedidos; fale com a empresa.',
  storeOff: 'A loja da empresa está desligada: ligue o autoatendimento e informe o endereço da loja em Configurações > Empresa.',
  clientNoEmail: 'O cliente não tem e-mail no cadastro: informe um e-mail antes de dar acesso à loja.',
  unauthenticated: 'Entre na loja com o seu e-mail e senha.',
  staffToken: 'Esta é a loja dos clientes: entre com o e-mail e a senha de cliente.',
  forgotSent: 'Se o e-mail tiver acesso a esta loja, enviaremos em instantes um link para criar uma nova senha.',
  redefineFailed: 'Não foi possível redefinir a senha: o link é inválido ou expirou. Peça um novo em "Esqueci minha senha".',
  redefined: 'Senha definida. Entre na loja com o seu e-mail e a nova senha.',
});

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

/** A row of "Meus pedidos": the client's own order as the store lists it. */
export const StoreSaleSummary = z.object({
  id: Id,
  number: z.number().int(),
  status: z.enum(SALE_STATUSES),
  orderDate: DateOnly,
  total: z.string(),
  count: z.number().int(),
  payment: z.enum(SALE_PAYMENT_STATES).nullable(),
});
export type StoreSaleSummary = z.output<typeof StoreSaleSummary>;

export const StoreSalesQuery = z.object({ cursor: Cursor.optional(), limit: Limit });
export const StoreSalesPage = z.object({ items: z.array(StoreSaleSummary), nextCursor: z.string().max(4096).nullable() });
export type StoreSalesPage = z.output<typeof StoreSalesPage>;

export const StoreSaleParams = StoreParams.extend({ id: Id });

/** One of the client's orders, as the client sees it: what it bought, what it pays, where it goes; never the company's own notes. */
export const StoreSale = StoreSaleSummary.extend({
  decimals: z.number().int(),
  items: z.array(z.object({ ref: z.string(), name: z.string(), quantity: z.string(), unitPrice: z.string(), total: z.string(), cancelled: z.boolean() })),
  totals: Sale.shape.totals,
  paymentType: Sale.shape.paymentType,
  installments: z.array(SaleInstallment),
  shippingAddress: SaleAddress.nullable(),
  /** The order's note for the invoice (the internal one stays in the office). */
  note: z.string().nullable(),
});
export type StoreSale = z.output<typeof StoreSale>;
