/**
 * A sale's statuses (spec section 4) and the moves between them (docs/sales.md "Statuses": the spec
 * does not show the transitions; these are a distributor's), and who makes each (`moveRefusal`). The
 * core enforces them; the web offers only the moves its user may make (`allowedMoves`).
 *
 * - typing (a draft) leaves only by closing, into pending;
 * - pending → paid (the financial release), processing (picking), cancelled;
 * - paid → processing, cancelled, refunded;
 * - processing → receipt (the invoice being issued), back to pending, cancelled;
 * - receipt → delivered, cancelled;
 * - delivered → completed, refunded; completed → refunded;
 * - cancelled and refunded are final.
 */
import type { SaleMoveAction } from '../permissions';

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
  return moveAbility('pending', to) === 'release';
}

/**
 * What a move needs of its user (docs/sales.md "Who moves a sale"): the financial release (to
 * paid) an authorizer (`release`); the others an ability on `vendas`: picking, the document, back
 * to pending and completed `process`; delivered `deliver`; a cancel `cancel`, or `cancelPending`
 * for a sale still pending; a refund `refund`.
 */
export function moveAbility(from: SaleStatus, to: SaleStatus): SaleMoveAction | 'release' {
  switch (to) {
    case 'paid':
      return 'release';
    case 'delivered':
      return 'deliver';
    case 'cancelled':
      return from === 'pending' ? 'cancelPending' : 'cancel';
    case 'refunded':
      return 'refund';
    default:
      return 'process';
  }
}

/** Who moves: the user's abilities (CASL's `can` on `vendas`) and whether it authorizes financial releases (its flag or its profile's). */
export interface Mover {
  can(action: SaleMoveAction, subject: 'vendas'): boolean;
  authorizer: boolean;
}

/**
 * Why `mover` may not move a sale from `from` to `to`, or null when it may: `machine` (the status
 * machine has no such move), `authorizer` (a release by who is not an authorizer), `ability` (the
 * profile lacks the move's ability). The core refuses by it; the web offers only the moves with none.
 * `cancel` includes `cancelPending`: who cancels in any status cancels a pending sale too.
 */
export function moveRefusal(from: SaleStatus, to: SaleStatus, mover: Mover): 'machine' | 'authorizer' | 'ability' | null {
  if (!canMove(from, to)) return 'machine';
  const needed = moveAbility(from, to);
  if (needed === 'release') return mover.authorizer ? null : 'authorizer';
  if (mover.can(needed, 'vendas') || (needed === 'cancelPending' && mover.can('cancel', 'vendas'))) return null;
  return 'ability';
}

/** The moves `mover` may make from `status`, in the machine's order. */
export function allowedMoves(status: SaleStatus, mover: Mover): SaleStatus[] {
  return SALE_MOVES[status].filter((to) => moveRefusal(status, to, mover) === null);
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
