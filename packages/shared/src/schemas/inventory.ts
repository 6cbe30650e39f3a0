import { POSITION_GROUPINGS } from './choices';
import { defineTexts, plain } from '../texts';
import { addKeyedIssue, issueSaid, keyed, z } from '../zod';
import { Cursor, Id, KeyedText, Limit, SearchText, Timestamp } from './common';
import { idList } from './products';

/**
 * Inventory (spec sections 2, 3 "Inventory row", 5 "stock warnings"): a ledger of movements per
 * product and branch (result center) and the balances they move. Quantities travel as decimal
 * strings with QTY_SCALE places, never binary floats (ARCHITECTURE invariant 9). docs/inventory.md.
 */

export const QTY_SCALE = 4;
const QTY_INTEGERS = 12;

/** The kinds of movement and what each does to the balance figures (+1 adds the quantity, -1 takes it). */
export const MOVEMENT_KINDS = [
  'purchase_ordered',
  'purchase_received',
  'reserved',
  'reservation_released',
  'delivered',
  'consignment_out',
  'consignment_returned',
  'consignment_sold',
  'adjustment',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export const FIGURES = ['bought', 'physical', 'reserved', 'lent'] as const;
export type Figure = (typeof FIGURES)[number];

export const MOVEMENT_EFFECTS: Record<MovementKind, Partial<Record<Figure, 1 | -1>>> = {
  purchase_ordered: { bought: 1 },
  purchase_received: { bought: -1, physical: 1 },
  reserved: { reserved: 1 },
  reservation_released: { reserved: -1 },
  delivered: { reserved: -1, physical: -1 },
  consignment_out: { lent: 1 },
  consignment_returned: { lent: -1 },
  consignment_sold: { lent: -1, physical: -1 },
  // The quantity carries the sign: positive adds to the physical stock, negative takes from it.
  adjustment: { physical: 1 },
};

export const MOVEMENT_KIND_LABELS: Record<MovementKind, string> = {
  purchase_ordered: 'Compra pedida',
  purchase_received: 'Compra recebida',
  reserved: 'Reserva para pedido',
  reservation_released: 'Reserva liberada',
  delivered: 'Entrega de pedido',
  consignment_out: 'Saída em consignação',
  consignment_returned: 'Devolução de consignação',
  consignment_sold: 'Venda de consignação',
  adjustment: 'Ajuste',
};

/** The kinds staff post by hand; reservations, releases and deliveries come from orders (Reservations). */
export const MANUAL_KINDS = ['adjustment', 'purchase_ordered', 'purchase_received', 'consignment_out', 'consignment_returned', 'consignment_sold'] as const;
export type ManualKind = (typeof MANUAL_KINDS)[number];

/** The inventory's texts, keyed `inventory.<name>` (docs/texts.md). */
export const InventoryTexts = defineTexts('inventory', {
  quantity: 'Informe a quantidade: um número com até {{scale}} casas decimais, maior que zero.',
  adjustmentQuantity: 'Informe a quantidade do ajuste: um número diferente de zero, com até {{scale}} casas decimais (negativo para baixar o estoque).',
  reasonRequired: 'Informe o motivo do ajuste.',
  // The reasons the system writes on movements it posts itself (kept with their key: `reasonKey`).
  compensationReservation: 'Compensação: a reserva do pedido não foi concluída.',
  compensationConsignment: 'Compensação: a consignação do pedido não foi concluída.',
  reasonTooLong: 'O motivo deve ter no máximo 200 caracteres.',
  referenceTooLong: 'A referência deve ter no máximo 60 caracteres.',
  kind: 'Escolha um tipo de movimento válido: ajuste, compra pedida, compra recebida, saída, devolução ou venda de consignação.',
  grouping: 'Escolha o agrupamento: por produto ou por centro de resultado.',
  productNotFound: 'O produto informado não existe.',
  branchNotAllowed: 'O centro de resultado informado não está liberado para o seu perfil.',
  branchesRequired: 'Escolha ao menos um centro de resultado.',
  // Condition failures of the ledger, one per figure that would go below zero.
  notEnoughAvailable: 'Estoque disponível insuficiente para este movimento (disponível: {{available}}).',
  notEnoughBought: 'A quantidade recebida passa da quantidade comprada em aberto (comprado: {{bought}}).',
  notEnoughPhysical: 'O estoque físico ficaria negativo (físico: {{physical}}).',
  notEnoughLent: 'A quantidade passa da quantidade em consignação (consignado: {{lent}}).',
  notEnoughReserved: 'A quantidade passa da quantidade reservada (reservado: {{reserved}}).',
  // Spec section 5: stock lower than requested warns; insufficient stock blocks.
  stockLower: 'Estoque menor que o solicitado: disponível {{available}}, solicitado {{requested}}.',
  stockInsufficient: 'Estoque insuficiente: não há estoque disponível para atender {{requested}}.',
  reservationBusy: 'A reserva deste pedido está sendo alterada por outra operação. Tente novamente.',
  reservationChanged: 'Este pedido já tem outra reserva de estoque. Libere a reserva atual antes de reservar itens diferentes.',
  reservationDelivered: 'Os itens deste pedido já foram entregues: a reserva não pode mais ser alterada.',
  reservationNotReserved: 'Este pedido não tem estoque reservado para entregar.',
  consignmentBusy: 'A consignação deste pedido está sendo alterada por outra operação. Tente novamente.',
  consignmentNotLent: 'Este pedido não tem mercadoria em consignação para acertar.',
  consignmentChanged: 'A consignação deste pedido já foi acertada com outras quantidades.',
  consignmentLentChanged: 'Este pedido já tem outra saída em consignação.',
  orderIdInvalid: 'Identificador de pedido inválido.',
  noLines: 'Informe ao menos um item.',
  tooManyLines: 'O pedido passa de 2.000 itens de estoque.',
  // Spec section 8, informational: no inventory (the text is ours, docs/texts.md).
  noInventory: 'Nenhum estoque encontrado para os filtros escolhidos.',
  // The reasons of a rejected stock import line (packages/core/src/inventory/import.ts).
  importProduct: 'Produto não encontrado: {{value}}.',
  importBranch: 'Filial não encontrada ou não liberada para você: {{value}}.',
  importQuantity: 'Quantidade inválida: "{{value}}". Informe o estoque físico, zero ou positivo, com até {{scale}} casas decimais (por exemplo 12,5).',
  importRepeated: 'Produto e filial repetidos no arquivo: já estão na linha {{line}}.',
  importBusy: 'O estoque deste produto mudou durante a importação. Importe o arquivo de novo para conferir.',
});
const T = InventoryTexts;

/** The same texts as Portuguese strings. */
export const InventoryMessages = {
  ...plain(T, [
    'reasonRequired', 'kind', 'productNotFound', 'branchNotAllowed', 'branchesRequired', 'reservationBusy', 'reservationChanged', 'reservationDelivered',
    'reservationNotReserved', 'tooManyLines', 'noInventory',
  ]),
  quantity: T.quantity({ scale: QTY_SCALE }).message,
  adjustmentQuantity: T.adjustmentQuantity({ scale: QTY_SCALE }).message,
  notEnoughAvailable: (available: string) => T.notEnoughAvailable({ available }).message,
  notEnoughBought: (bought: string) => T.notEnoughBought({ bought }).message,
  notEnoughPhysical: (physical: string) => T.notEnoughPhysical({ physical }).message,
  notEnoughLent: (lent: string) => T.notEnoughLent({ lent }).message,
  notEnoughReserved: (reserved: string) => T.notEnoughReserved({ reserved }).message,
  stockLower: (available: string, requested: string) => T.stockLower({ available, requested }).message,
  stockInsufficient: (requested: string) => T.stockInsufficient({ requested }).message,
};

/** Canonical form of a valid decimal: "007,5" → "7.5000" (at QTY_SCALE places), "-0,5" → "-0.5000". */
export function fixedQuantity(value: string): string {
  const negative = value.startsWith('-');
  const [int = '0', frac = ''] = value.replace(/^[-+]/, '').replace(',', '.').split('.');
  const whole = int.replace(/^0+(?=\d)/, '');
  const out = `${whole}.${frac.padEnd(QTY_SCALE, '0')}`;
  return negative && /[1-9]/.test(out) ? `-${out}` : out;
}

const QTY_FORMAT = new RegExp(`^\\d{1,${QTY_INTEGERS}}(?:[.,]\\d{1,${QTY_SCALE}})?$`);
const SIGNED_FORMAT = new RegExp(`^[-+]?\\d{1,${QTY_INTEGERS}}(?:[.,]\\d{1,${QTY_SCALE}})?$`);

/** A quantity greater than zero, as a decimal string ("0,5" or "0.5"; a number is accepted too). */
export const Quantity = z
  .union([z.string(), z.number()], { error: keyed(T.quantity({ scale: QTY_SCALE })) })
  .transform((v) => String(v).trim())
  .refine((v) => v.length <= 20 && QTY_FORMAT.test(v), { error: keyed(T.quantity({ scale: QTY_SCALE })) })
  .transform(fixedQuantity)
  .refine((v) => /[1-9]/.test(v), { error: keyed(T.quantity({ scale: QTY_SCALE })) });

/** A signed quantity, not zero (adjustments). */
export const SignedQuantity = z
  .union([z.string(), z.number()], { error: keyed(T.adjustmentQuantity({ scale: QTY_SCALE })) })
  .transform((v) => String(v).trim())
  .refine((v) => v.length <= 21 && SIGNED_FORMAT.test(v), { error: keyed(T.adjustmentQuantity({ scale: QTY_SCALE })) })
  .transform(fixedQuantity)
  .refine((v) => /[1-9]/.test(v), { error: keyed(T.adjustmentQuantity({ scale: QTY_SCALE })) });

const Reason = z.string({ error: keyed(T.reasonRequired()) }).trim().max(200, { error: keyed(T.reasonTooLong()) });
const Reference = z.string().trim().max(60, { error: keyed(T.referenceTooLong()) });

/** A movement posted by staff (POST /inventory/movements). */
export const MovementInput = z
  .object({
    productId: Id,
    branchId: Id,
    kind: z.enum(MANUAL_KINDS, { error: keyed(T.kind()) }),
    quantity: z.union([z.string().max(21), z.number()], { error: keyed(T.quantity({ scale: QTY_SCALE })) }),
    reason: Reason.nullish().transform((v) => (v ? v : null)),
    /** A document the movement refers to (invoice, consignment note): free text. */
    reference: Reference.nullish().transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    const parsed = (v.kind === 'adjustment' ? SignedQuantity : Quantity).safeParse(v.quantity);
    if (!parsed.success) {
      const said = issueSaid(parsed.error.issues[0]!);
      if (typeof said === 'string') ctx.addIssue({ code: 'custom', path: ['quantity'], message: said });
      else addKeyedIssue(ctx, ['quantity'], said);
    }
    if (v.kind === 'adjustment' && !v.reason) addKeyedIssue(ctx, ['reason'], T.reasonRequired());
  })
  .transform((v) => ({ ...v, quantity: (v.kind === 'adjustment' ? SignedQuantity : Quantity).parse(v.quantity) }));
export type MovementInput = z.input<typeof MovementInput>;

export const Balance = z.object({
  productId: Id,
  branchId: Id,
  bought: z.string().max(40),
  physical: z.string().max(40),
  reserved: z.string().max(40),
  lent: z.string().max(40),
  available: z.string().max(40),
});
export type Balance = z.infer<typeof Balance>;

export const Movement = z.object({
  id: Id,
  productId: Id,
  branchId: Id,
  kind: z.enum(MOVEMENT_KINDS),
  /** Signed only for adjustments. */
  quantity: z.string().max(40),
  reason: z.string().max(200).nullable(),
  /** A reason the system wrote, keyed (docs/texts.md): a client says it in its language; null for a reason a person typed. */
  reasonKey: z.string().max(200).nullable(),
  reference: z.string().max(60).nullable(),
  orderId: z.string().max(100).nullable(),
  userId: z.string().max(100).nullable(),
  at: Timestamp,
});
export type Movement = z.infer<typeof Movement>;

export const MovementPosted = z.object({ movement: Movement, balance: Balance });
export type MovementPosted = z.infer<typeof MovementPosted>;

export const MovementsQuery = z.object({
  branchId: Id.optional(),
  cursor: Cursor.optional(),
  limit: Limit,
});
export const MovementsParams = z.object({ productId: Id });
export const MovementsPage = z.object({ items: z.array(Movement), nextCursor: z.string().max(4096).nullable() });
export type MovementsPage = z.infer<typeof MovementsPage>;

export { POSITION_GROUPINGS };
export type PositionGrouping = (typeof POSITION_GROUPINGS)[number];

/** GET /inventory: the inventory position (spec section 2). */
export const PositionQuery = z.object({
  q: SearchText.optional(),
  /** Result centers (branches); none means every branch the user is allowed. */
  branchIds: idList().optional().transform((v) => v ?? []),
  groupIds: idList().optional().transform((v) => v ?? []),
  productCompanyIds: idList().optional().transform((v) => v ?? []),
  /** `product`: one row per product, summed over the chosen branches; `branch`: one per product and result center. */
  grouping: z.enum(POSITION_GROUPINGS, { error: keyed(T.grouping()) }).default('product'),
  cursor: Cursor.optional(),
  limit: Limit,
});
export type PositionQuery = z.input<typeof PositionQuery>;

export const PositionRow = z.object({
  productId: Id,
  ref: z.string().max(60),
  name: z.string().max(200),
  /** The default price table's price, a decimal string; null when the product has none there. */
  salePrice: z.string().max(40).nullable(),
  bought: z.string().max(40),
  physical: z.string().max(40),
  reserved: z.string().max(40),
  lent: z.string().max(40),
  available: z.string().max(40),
  /** The result center of the row; null on grouped rows (the sum over `branchIds`). */
  branchId: Id.nullable(),
  branchName: z.string().max(200).nullable(),
  /** Places to show the figures with: the row's branch `decimals` (grouped rows: the most among the chosen branches). */
  decimals: z.number().int().min(0).max(10),
});
export type PositionRow = z.infer<typeof PositionRow>;

export const PositionPage = z.object({
  items: z.array(PositionRow),
  nextCursor: z.string().max(4096).nullable(),
  /** The result centers the figures cover (the user's allowed ones among those asked). */
  branchIds: z.array(Id),
  /** An informational text (spec section 8): no branches for the profile, or no inventory. */
  message: z.string().max(500).nullable(),
  /** The message's key and parameters (docs/texts.md): `api.noBranches` or `inventory.noInventory`. */
  messageText: KeyedText.nullable().optional(),
});
export type PositionPage = z.infer<typeof PositionPage>;

export const MAX_ORDER_LINES = 2000;

/** What the sales module reserves, releases or delivers: an order's lines (core only, no route). */
export const ReservationInput = z.object({
  orderId: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/, { error: keyed(T.orderIdInvalid()) }),
  lines: z
    .array(z.object({ productId: Id, branchId: Id, quantity: Quantity }))
    .min(1, { error: keyed(T.noLines()) })
    .max(MAX_ORDER_LINES, { error: keyed(T.tooManyLines()) }),
});
export type ReservationInput = z.input<typeof ReservationInput>;

/** A line that cannot be reserved (spec section 5): `lower` warns (0 < available < requested), `insufficient` blocks (available ≤ 0). */
export interface Shortage {
  productId: string;
  branchId: string;
  requested: string;
  available: string;
  level: 'lower' | 'insufficient';
  message: string;
}
