import { decimal } from '../registries/fields';
import { defineTexts } from '../texts';
import { keyed, z } from '../zod';
import { Cursor, DateOnly, Id, Limit, Timestamp } from './common';

/**
 * Loyalty (issue 43, docs/loyalty.md): a client's cashback and points, their ledger, their use in
 * an order and the balances the company owes. Texts keyed `loyalty.<name>` (docs/texts.md).
 */
export const LoyaltyTexts = defineTexts('loyalty', {
  points: 'O campo Pontos a usar deve ser um número inteiro de 0 a {{max}}.',
  noClient: 'Escolha o cliente antes de usar o saldo de cashback ou de pontos.',
  cashbackOff: 'A empresa não usa cashback: não há saldo de cashback a usar.',
  pointsOff: 'A empresa não usa pontos: não há pontos a usar.',
  notHere: 'O saldo de cashback e de pontos não se usa em pedido bonificado nem em venda consignada.',
  cashbackOver: 'O cliente tem {{balance}} de cashback: informe no máximo esse valor.',
  pointsOver: 'O cliente tem {{balance}} pontos para usar: informe no máximo esse número.',
  overTotal: 'O saldo usado ({{used}}) passa do total do pedido antes dele ({{total}}): use no máximo esse total.',
  balanceChanged: 'O saldo de cashback ou de pontos do cliente mudou desde que o pedido foi salvo e não cobre mais o que ele usa. Salve o pedido de novo para ver o saldo atual.',
  editKeeps: 'O saldo de cashback e de pontos usado não muda na correção do pedido: cancele-o e faça outro para usar um valor diferente.',
  owedForbidden: 'Somente usuários que veem todos os clientes da empresa veem os saldos de cashback e de pontos devidos.',
  busy: 'O saldo de cashback e de pontos deste cliente está sendo alterado por outra operação. Tente novamente.',
});
const T = LoyaltyTexts;

/** Most points one order may use. */
export const MAX_POINTS_USE = 100_000_000;

/** What an order uses of the client's balance: cashback (an amount) and points (whole). */
export const LoyaltyUse = z
  .object({
    cashback: decimal('Cashback a usar', { scale: 4 }).input,
    points: z
      .number({ error: keyed(T.points({ max: MAX_POINTS_USE })) })
      .int({ error: keyed(T.points({ max: MAX_POINTS_USE })) })
      .min(0, { error: keyed(T.points({ max: MAX_POINTS_USE })) })
      .max(MAX_POINTS_USE, { error: keyed(T.points({ max: MAX_POINTS_USE })) })
      .default(0),
  })
  .prefault({});
export type LoyaltyUse = z.output<typeof LoyaltyUse>;

/** A client's balance as it stands today (expired points taken out). */
export const LoyaltyBalance = z.object({
  /** What the company uses now. */
  enabled: z.object({ cashback: z.boolean(), points: z.boolean() }),
  cashback: z.string(),
  points: z.number().int(),
  /** What a point is worth in an order now, and what the points are worth. */
  pointValue: z.string(),
  pointsValue: z.string(),
  /** The next points to expire: their date and how many. */
  nextExpiry: z.object({ on: DateOnly, points: z.number().int() }).nullable(),
});
export type LoyaltyBalance = z.output<typeof LoyaltyBalance>;

export const LOYALTY_ENTRY_KINDS = ['credit', 'use', 'expiry', 'reversal', 'return'] as const;
export type LoyaltyEntryKind = (typeof LOYALTY_ENTRY_KINDS)[number];

/**
 * A ledger entry: a credit (a sale reached paid), a use (an order closed using the balance), an
 * expiry, a reversal (a paid sale cancelled or refunded: what is left of its credit) or a return (an
 * order that used the balance cancelled or refunded). Amounts are signed: what the entry moved.
 */
export const LoyaltyEntry = z.object({
  id: Id,
  at: Timestamp,
  kind: z.enum(LOYALTY_ENTRY_KINDS),
  cashback: z.string(),
  points: z.number().int(),
  saleId: z.string().nullable(),
  saleNumber: z.number().int().nullable(),
  /** Points credited: the date they expire. */
  expiresOn: DateOnly.nullable(),
  userId: z.string().nullable(),
});
export type LoyaltyEntry = z.output<typeof LoyaltyEntry>;

export const LoyaltyLedger = z.object({
  balance: LoyaltyBalance,
  entries: z.array(LoyaltyEntry),
  nextCursor: z.string().max(4096).nullable(),
});
export type LoyaltyLedger = z.output<typeof LoyaltyLedger>;

export const LoyaltyQuery = z.object({ cursor: Cursor.optional(), limit: Limit });

/** GET /clients/loyalty-balances: the balances the company owes, the company's total and each client's with something. */
export const LoyaltyOwedQuery = z.object({ cursor: Cursor.optional(), limit: Limit });

export const LoyaltyOwedItem = z.object({
  clientId: Id,
  clientName: z.string(),
  cashback: z.string(),
  points: z.number().int(),
  pointsValue: z.string(),
});
export type LoyaltyOwedItem = z.output<typeof LoyaltyOwedItem>;

export const LoyaltyOwed = z.object({
  enabled: z.object({ cashback: z.boolean(), points: z.boolean() }),
  /** The company's totals (points not yet used nor expired), and what they are worth today. */
  cashback: z.string(),
  points: z.number().int(),
  pointValue: z.string(),
  pointsValue: z.string(),
  total: z.string(),
  items: z.array(LoyaltyOwedItem),
  nextCursor: z.string().max(4096).nullable(),
});
export type LoyaltyOwed = z.output<typeof LoyaltyOwed>;

/**
 * What a sale did with loyalty (kept on the sale): the use its order made (the point's value it
 * was priced at), the credit it got at paid, what was reversed of it and whether the use came back.
 */
export const SaleLoyalty = z.object({
  pointValue: z.string(),
  discount: z.string(),
  credit: z.object({ cashback: z.string(), points: z.number().int(), expiresOn: DateOnly.nullable() }).nullable(),
  reversed: z.object({ cashback: z.string(), points: z.number().int() }).nullable(),
  /** The use given back to the client (the order cancelled or refunded). */
  returned: z.boolean(),
});
export type SaleLoyalty = z.output<typeof SaleLoyalty>;
