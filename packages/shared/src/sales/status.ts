/**
 * A sale's statuses (spec section 4) and the moves between them (docs/sales.md "Statuses": the spec
 * does not show the transitions; these are a distributor's). The core enforces them; the web offers
 * only the moves allowed.
 *
 * - typing (a draft) leaves only by closing, into pending;
 * - pending → paid (the financial release), processing (picking), cancelled;
 * - paid → processing, cancelled, refunded;
 * - processing → receipt (the invoice being issued), back to pending, cancelled;
 * - receipt → delivered, cancelled;
 * - delivered → completed, refunded; completed → refunded;
 * - cancelled and refunded are final.
 */
export const SALE_STATUSES = ['typing', 'pending', 'processing', 'receipt', 'paid', 'completed', 'delivered', 'cancelled', 'refunded'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** The statuses of a closed sale (every one but the draft's). */
export const CLOSED_STATUSES = SALE_STATUSES.filter((s): s is Exclude<SaleStatus, 'typing'> => s !== 'typing');

/** Where each status may go. `typing` leaves only by closing (the drafts' own operation). */
export const SALE_MOVES: Record<SaleStatus, readonly SaleStatus[]> = {
  typing: [],
  pending: ['paid', 'processing', 'cancelled'],
  paid: ['processing', 'cancelled', 'refunded'],
  processing: ['receipt', 'pending', 'cancelled'],
  receipt: ['delivered', 'cancelled'],
  delivered: ['completed', 'refunded'],
  completed: ['refunded'],
  cancelled: [],
  refunded: [],
};

export function canMove(from: SaleStatus, to: SaleStatus): boolean {
  return SALE_MOVES[from].includes(to);
}

/** The move to paid is a financial release: only a user whose profile is an authorizer of financial release makes it. */
export function needsAuthorizer(to: SaleStatus): boolean {
  return to === 'paid';
}

/**
 * What a move does besides the status:
 * - `release`: the stock the sale reserved goes back (cancelled, or refunded before delivery);
 * - `deliver`: the reserved stock leaves (delivered);
 * - `cancelInstallments`: the sale's open installments are cancelled (cancelled, refunded).
 */
export function effectsOf(from: SaleStatus, to: SaleStatus): { release: boolean; deliver: boolean; cancelInstallments: boolean } {
  const delivered = from === 'delivered' || from === 'completed';
  return {
    release: to === 'cancelled' || (to === 'refunded' && !delivered),
    deliver: to === 'delivered',
    cancelInstallments: to === 'cancelled' || to === 'refunded',
  };
}

/** Whether a sale in this status can still be edited (items, payment, client): only before it is worked on. */
export function isEditable(status: SaleStatus): boolean {
  return status === 'typing' || status === 'pending';
}
