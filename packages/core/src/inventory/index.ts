import { ApiTexts } from '@ev/shared/messages';
import { textOnly } from '@ev/shared/texts';
import { InventoryTexts, MovementInput, MovementsQuery, PositionQuery, type Balance, type Movement, type MovementPosted, type MovementsPage, type PositionPage, type PositionRow } from '@ev/shared/schemas/inventory';
import { Id } from '@ev/shared/schemas/common';
import { authorize, currentActor } from '../context';
import { notFound } from '../db/records';
import { DomainError, fieldError } from '../errors';
import { Logs } from '../logs';
import { Products } from '../products/index';
import { Tenants } from '../tenants';
import type { BranchRecord } from '../tenants/records';
import { Users } from '../users';
import { parseInput } from '../validation';
import type { z } from 'zod';
import { postMovements, publicBalance, recompute, sumBalances } from './ledger';
import { defaultPrices } from './prices';
import { emptyBalance, InventoryRepository, qty, type BalanceRecord, type MovementRecord } from './repository';

export { Reservations, ReservationChangeRejected, type ChangeResult, type ReservationLine, type ReserveResult, type ReleaseResult } from './reservations';
export { Consignments, type SettlementLine } from './consignments';
export { postMovements, recompute, type MovementLine, type RecomputedBalance } from './ledger';
export { HistoryStockShort, stockHistorySteps, type OrderStockHistory } from './history';

/**
 * Inventory (issue 7 items 4 and 5, docs/inventory.md): staff movements, a product's ledger, the
 * inventory position. Routes check the subject `estoques`; every read and write is limited to the
 * user's allowed branches (result centers), and a user with none sees the spec's no-branches text.
 */

/** The active branches the current user is allowed (system work without a user: every branch). */
export async function allowedBranches(): Promise<BranchRecord[]> {
  return allowedOf(currentActor().userId ? userBranchIds() : null);
}

/** The ids of the branches the current user's record allows, active or not (one GetItem). */
async function userBranchIds(): Promise<string[]> {
  const user = await Users.record(currentActor().userId!);
  return user?.branchIds ?? [];
}

/** The active ones of the user's branches (`ids`), or every active branch for system work (`ids` null), by name. */
async function allowedOf(ids: Promise<string[]> | null): Promise<BranchRecord[]> {
  let branches: BranchRecord[];
  if (!ids) branches = await Tenants.branches();
  else {
    const wanted = await ids;
    branches = wanted.length ? await Tenants.branchesByIds(wanted) : [];
  }
  return branches.filter((b) => b.active).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

const notAllowed = (field: string) =>
  new DomainError('inventory.branch_not_allowed', InventoryTexts.branchNotAllowed(), 'validation', { fields: [fieldError(field, InventoryTexts.branchNotAllowed())] });

const publicMovement = (m: MovementRecord): Movement => ({ ...m });

/** POST /inventory/movements: one movement by staff (adjustment with reason, purchases, consignments). */
async function post(raw: unknown): Promise<MovementPosted> {
  authorize('update', 'estoques');
  const input = parseInput(MovementInput, raw);
  const allowed = await allowedBranches();
  if (!allowed.some((b) => b.id === input.branchId)) throw notAllowed('branchId');
  const [product] = await Products.getMany([input.productId]);
  if (!product) {
    throw new DomainError('validation', InventoryTexts.productNotFound(), 'validation', { fields: [fieldError('productId', InventoryTexts.productNotFound())] });
  }
  const [movement] = await postMovements([
    { productId: input.productId, branchId: input.branchId, kind: input.kind, quantity: input.quantity, reason: input.reason, reference: input.reference },
  ]);
  Logs.audit('inventory.movement', { productId: input.productId, branchId: input.branchId, kind: input.kind, quantity: input.quantity, movementId: movement!.id });
  const balance = (await InventoryRepository.balance(input.productId, input.branchId))!;
  return { movement: publicMovement(movement!), balance: publicBalance(balance) };
}

/** GET /inventory/products/{productId}/movements: the ledger, newest first, in the user's branches. */
async function movements(productId: string, raw: unknown = {}): Promise<MovementsPage> {
  authorize('read', 'estoques');
  const id = parseInput(Id, productId);
  const q = parseInput(MovementsQuery, raw);
  const allowed = (await allowedBranches()).map((b) => b.id);
  if (q.branchId && !allowed.includes(q.branchId)) throw notAllowed('branchId');
  const [product] = await Products.getMany([id]);
  if (!product) throw notFound();
  if (!allowed.length) return { items: [], nextCursor: null };
  const page = await InventoryRepository.movementsPage(id, q.branchId ?? null, q.branchId ? null : allowed, {
    cursor: q.cursor,
    limit: q.limit,
    query: `inventory-movements|${id}|${q.branchId ?? allowed.join(',')}`,
  });
  return { items: page.items.map(publicMovement), nextCursor: page.nextCursor };
}

/** A product's balances in the user's allowed branches (zeros where it has none). */
async function balances(productId: string): Promise<Balance[]> {
  authorize('read', 'estoques');
  const id = parseInput(Id, productId);
  const [allowed, [product]] = await Promise.all([allowedBranches(), Products.getMany([id])]);
  if (!product) throw notFound();
  const found = await InventoryRepository.balances(allowed.map((b) => ({ productId: id, branchId: b.id })));
  return allowed.map((b) => publicBalance(found.find((f) => f.branchId === b.id) ?? emptyBalance(id, b.id)));
}

const branchName = (b: BranchRecord) => b.nickname || b.name;

/**
 * GET /inventory: the inventory position (spec section 2). A page of the catalogue (the products
 * module's lists, by group and company) with each product's balances in the chosen result
 * centers (one BatchGet), one row per product (summed) or per product and result center. Products
 * with no balance show zeros. Branches outside the user's allowed ones are a 400.
 */
async function position(raw: unknown = {}): Promise<PositionPage> {
  authorize('read', 'estoques');
  const q = parseInput(PositionQuery, raw);
  return positionPage(q, q.cursor, q.limit, 'api');
}

export type PositionFilter = Omit<z.output<typeof PositionQuery>, 'cursor' | 'limit'>;

/** The result centers a position covers: the asked ones (each must be allowed), or every allowed one. */
export async function positionBranches(filter: Pick<PositionFilter, 'branchIds'>): Promise<BranchRecord[]> {
  const allowed = await allowedBranches();
  const wanted = [...new Set(filter.branchIds)];
  if (wanted.some((id) => !allowed.some((b) => b.id === id))) throw notAllowed('branchIds');
  return wanted.length ? allowed.filter((b) => wanted.includes(b.id)) : allowed;
}

/**
 * One page of the position (the route's and the CSV export's); `tag` binds the cursor to its caller
 * and to the result centers asked for (`allowed` when none).
 *
 * The reads run as soon as what they need is known, so a page waits on DynamoDB twice: the user's
 * record, the products page and the default table's pointer together; then the branches' records,
 * the balances and the prices together. The balances are read for the branches asked for, or for
 * every branch the user's record allows, before those are checked (allowed, active): a branch that
 * fails the check is a 400, or its balances are simply not shown; nothing read is answered unchecked.
 */
export async function positionPage(q: PositionFilter, cursor: string | undefined, limit: number, tag: string): Promise<PositionPage> {
  const wanted = [...new Set(q.branchIds)].sort();
  const userIds = currentActor().userId ? userBranchIds() : null;
  const allowed = allowedOf(userIds);
  // The branches whose balances are read: the ones asked for, else the user's (system work: every active one).
  const candidates = wanted.length ? Promise.resolve(wanted) : (userIds ?? allowed.then((bs) => bs.map((b) => b.id)));
  const page = Products.page(
    { q: q.q, groupIds: q.groupIds, productCompanyIds: q.productCompanyIds },
    cursor,
    limit,
    `inventory|${tag}|${q.grouping}|${wanted.length ? wanted.join(',') : 'allowed'}`,
  );
  const balances = Promise.all([page, candidates]).then(([pg, ids]) =>
    InventoryRepository.balances(pg.items.flatMap((p) => ids.map((branchId) => ({ productId: p.id, branchId })))),
  );
  const pricesRead = defaultPrices(page.then((pg) => pg.items.map((p) => p.id)));
  // Nothing left unawaited on an early answer (a 400, no branches): their failures are not unhandled.
  for (const pending of [page, balances, pricesRead]) pending.catch(() => undefined);
  const active = await allowed;
  if (wanted.some((id) => !active.some((b) => b.id === id))) throw notAllowed('branchIds');
  const chosen = wanted.length ? active.filter((b) => wanted.includes(b.id)) : active;
  if (!chosen.length) {
    const notice = ApiTexts.noBranches();
    return { items: [], nextCursor: null, branchIds: [], message: notice.message, messageText: textOnly(notice) };
  }
  const ids = chosen.map((b) => b.id);
  const [{ items: products, nextCursor }, found, prices] = await Promise.all([page, balances, pricesRead]);
  const byKey = new Map(found.map((b) => [`${b.productId}|${b.branchId}`, b]));
  const balanceOf = (productId: string, branchId: string): BalanceRecord => byKey.get(`${productId}|${branchId}`) ?? emptyBalance(productId, branchId);
  const items: PositionRow[] = [];
  for (const p of products) {
    const base = { productId: p.id, ref: p.ref, name: p.name, salePrice: prices.get(p.id) ?? null };
    if (q.grouping === 'product') {
      const sum = sumBalances(ids.map((b) => balanceOf(p.id, b)));
      items.push({ ...base, ...figures(sum), branchId: null, branchName: null, decimals: Math.max(...chosen.map((b) => b.decimals)) });
    } else {
      for (const b of chosen) items.push({ ...base, ...figures(balanceOf(p.id, b.id)), branchId: b.id, branchName: branchName(b), decimals: b.decimals });
    }
  }
  const empty = !items.length && !nextCursor && !cursor;
  const notice = empty ? InventoryTexts.noInventory() : null;
  return { items, nextCursor, branchIds: ids, message: notice?.message ?? null, messageText: notice ? textOnly(notice) : null };
}

function figures(b: Pick<BalanceRecord, 'bought' | 'physical' | 'reserved' | 'lent' | 'available'>) {
  return { bought: qty(b.bought), physical: qty(b.physical), reserved: qty(b.reserved), lent: qty(b.lent), available: qty(b.available) };
}

/** The maintenance check: a product's stored balances against its ledger (see `recompute`). */
async function check(productId: string) {
  return recompute(parseInput(Id, productId));
}

export const Inventory = { post, movements, balances, position, check, allowedBranches };
