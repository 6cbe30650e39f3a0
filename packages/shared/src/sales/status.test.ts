import { describe, expect, it } from 'vitest';
import { buildAbility, PRESETS, type AbilityRule } from '../permissions';
import { allowedMoves, canMove, effectsOf, isEditable, moveAbility, moveRefusal, needsAuthorizer, SALE_MOVES, SALE_STATUSES, type Mover, type SaleStatus } from './status';

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

describe('who moves a sale (docs/sales.md "Who moves a sale")', () => {
  const moverOf = (rules: AbilityRule[], authorizer = false): Mover => {
    const ability = buildAbility(rules);
    return { can: (action, subject) => ability.can(action, subject), authorizer };
  };
  const presets = {
    salesman: moverOf(PRESETS.salesman.rules),
    manager: moverOf(PRESETS.manager.rules),
    employee: moverOf(PRESETS.employee.rules),
    administrator: moverOf(PRESETS.administrator.rules, true),
  };

  it('names the ability of each move: the release an authorizer, the rest an ability on vendas', () => {
    const pairs = SALE_STATUSES.flatMap((from) => SALE_MOVES[from].map((to) => `${from}>${to}:${moveAbility(from, to)}`));
    expect(pairs.sort()).toEqual([
      'pending>paid:release',
      'pending>processing:process',
      'pending>cancelled:cancelPending',
      'paid>processing:process',
      'paid>cancelled:cancel',
      'paid>refunded:refund',
      'processing>receipt:process',
      'processing>pending:process',
      'processing>cancelled:cancel',
      'receipt>delivered:deliver',
      'receipt>cancelled:cancel',
      'delivered>completed:process',
      'delivered>refunded:refund',
      'completed>refunded:refund',
    ].sort());
  });

  it('offers each preset exactly the table’s moves', () => {
    const offered = (m: Mover) => Object.fromEntries(SALE_STATUSES.map((s) => [s, allowedMoves(s, m)] as const).filter(([, v]) => v.length));
    expect(offered(presets.salesman)).toEqual({ pending: ['cancelled'] });
    expect(offered(presets.manager)).toEqual({ pending: ['cancelled'] });
    expect(offered(presets.employee)).toEqual({ pending: ['processing'], paid: ['processing'], processing: ['receipt', 'pending'], receipt: ['delivered'], delivered: ['completed'] });
    for (const s of SALE_STATUSES) expect(allowedMoves(s, presets.administrator)).toEqual(SALE_MOVES[s]);
  });

  it('says why a move is refused: the machine first, then the authorizer, then the ability', () => {
    expect(moveRefusal('pending', 'delivered', presets.administrator)).toBe('machine');
    expect(moveRefusal('pending', 'paid', presets.salesman)).toBe('authorizer');
    expect(moveRefusal('pending', 'paid', moverOf(PRESETS.salesman.rules, true))).toBeNull();
    expect(moveRefusal('pending', 'processing', presets.salesman)).toBe('ability');
    expect(moveRefusal('processing', 'cancelled', presets.salesman)).toBe('ability');
    expect(moveRefusal('pending', 'cancelled', presets.salesman)).toBeNull();
    // Who cancels in any status cancels a pending sale too.
    expect(moveRefusal('pending', 'cancelled', moverOf([{ action: 'cancel', subject: 'vendas' }]))).toBeNull();
    // Update on vendas alone makes no move any more.
    expect(allowedMoves('pending', moverOf([{ action: ['read', 'update'], subject: 'vendas' }]))).toEqual([]);
  });
});
