import { describe, expect, it } from 'vitest';
import { canMove, effectsOf, isEditable, needsAuthorizer, SALE_MOVES, SALE_STATUSES, type SaleStatus } from './status';

describe('the sale status machine', () => {
  it('allows exactly the moves docs/sales.md lists, and refuses every other pair', () => {
    const allowed = new Set([
      'pending>paid',
      'pending>processing',
      'pending>cancelled',
      'paid>processing',
      'paid>cancelled',
      'paid>refunded',
      'processing>receipt',
      'processing>pending',
      'processing>cancelled',
      'receipt>delivered',
      'receipt>cancelled',
      'delivered>completed',
      'delivered>refunded',
      'completed>refunded',
    ]);
    for (const from of SALE_STATUSES) for (const to of SALE_STATUSES) expect(canMove(from, to), `${from} → ${to}`).toBe(allowed.has(`${from}>${to}`));
  });

  it('has final statuses and a draft that leaves only by closing', () => {
    expect(SALE_MOVES.cancelled).toEqual([]);
    expect(SALE_MOVES.refunded).toEqual([]);
    expect(SALE_MOVES.typing).toEqual([]);
    // Every status but the draft can be reached by some move.
    const reached = new Set(Object.values(SALE_MOVES).flat());
    expect(SALE_STATUSES.filter((s) => !reached.has(s))).toEqual(['typing']);
  });

  it('asks an authorizer only for the financial release', () => {
    expect(SALE_STATUSES.filter((s) => needsAuthorizer(s))).toEqual(['paid']);
  });

  it('releases stock on a cancel or a refund before delivery, delivers on delivered, and cancels installments on both ends', () => {
    const e = (from: SaleStatus, to: SaleStatus) => effectsOf(from, to);
    expect(e('pending', 'cancelled')).toEqual({ release: true, deliver: false, cancelInstallments: true });
    expect(e('paid', 'refunded')).toEqual({ release: true, deliver: false, cancelInstallments: true });
    expect(e('delivered', 'refunded')).toEqual({ release: false, deliver: false, cancelInstallments: true });
    expect(e('completed', 'refunded')).toEqual({ release: false, deliver: false, cancelInstallments: true });
    expect(e('receipt', 'delivered')).toEqual({ release: false, deliver: true, cancelInstallments: false });
    expect(e('pending', 'paid')).toEqual({ release: false, deliver: false, cancelInstallments: false });
  });

  it('lets only a draft or a pending sale be edited', () => {
    expect(SALE_STATUSES.filter(isEditable)).toEqual(['typing', 'pending']);
  });
});
