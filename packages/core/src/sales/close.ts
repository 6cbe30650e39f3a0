import { ApiTexts } from '@ev/shared/messages';
import type { Shortage } from '@ev/shared/schemas/inventory';
import { SaleClose, SaleTexts, type Sale, type SaleItem } from '@ev/shared/schemas/sales';
import { saleTotals } from '@ev/shared/sales/totals';
import { belowMinimum, clientRules, movesNoMoney, paymentRules, type OrderRefusal } from '@ev/shared/sales/order-rules';
import { campaignGiven, campaignIdsOf, campaignRoom, type CampaignRule } from '@ev/shared/sales/campaigns';
import { businessDate, timestampMs } from '@ev/shared/calendar';
import { Decimal, formatDecimalAtLeast } from '@ev/shared/money';
import { natures } from '@ev/shared/registries/natures';
import { paymentsConditions } from '@ev/shared/registries/payments-conditions';
import type { z } from 'zod';
import { Auth } from '../auth';
import { Clients, type ClientRecord } from '../clients';
import { Clock, timestamp } from '../clock';
import { authorize, currentActor, runAs } from '../context';
import { versionConflict } from '../db/records';
import { MAX_TX_ACTIONS, transact } from '../db/tx';
import { DomainError, fieldError, fieldSaid } from '../errors';
import { newId } from '../ids';
import { Consignments, Reservations } from '../inventory';
import { Logs } from '../logs';
import { Tenants } from '../tenants';
import { Users } from '../users';
import { parseInput } from '../validation';
import { activeCampaigns, campaignsFor } from './campaigns';
import { closedConsignment } from './consignment';
import { loyaltyBalanceChanged, overTotal, saleLoyaltyFacts } from './loyalty';
import { Loyalty } from '../clients/loyalty';
import { financialSteps, saleInstallments } from './installments';
import { readAhead, withNextNumber } from './numbering';
import { MarkMoved, publicSale, SalesRepository, type CloseMark, type SaleRecord } from './repository';
import { SWEEP_MIN_AGE_SECONDS } from './sweep';
import { addressCopy, answer, clientPlace, invalid, isFinancialReleaseAuthorizer, registryRecord, visible } from './access';

/** How a sale's history names its store's client closing its own order (no user made it). */
const STORE_ACTOR = 'Loja virtual';

export function stockLines(sale: Sale, branchId: string) {
  return sale.items.filter((i) => !i.cancelled).map((i) => ({ productId: i.productId, branchId, quantity: i.quantity }));
}

/**
 * The rules a close checks beyond a draft's (spec sections 5 and 6), in the order a user fixes them.
 * The stock's balances (where the close reads them first) and the salesman are read at the same
 * time as the order's records, so the checks are one round of reads; a refusal of the stock still
 * comes after the order's own refusals. Answers what the close goes on with (`stock`: the stock's
 * shortages, null when the close does not read them first: no stock checked, or a reservation
 * written first, whose refusal is the stock's).
 */
async function closeChecks(sale: SaleRecord, input: z.output<typeof SaleClose>) {
  const { tenant, branch } = await Tenants.company();
  if (!branch) throw new DomainError('sales.no_branch', ApiTexts.noBranches(), 'validation');
  if (!branch.issuesSales) throw new DomainError('sales.branch_no_sales', SaleTexts.branchNoSales({ branch: branch.nickname ?? branch.name }), 'validation');
  const settings = tenant.settings.sales;
  const [order, stock, salesman] = await inOrder([
    orderRules(sale, input.authorization),
    readsStockFirst(sale, settings.checkStock, input.acceptShortStock) ? Reservations.check(stockLines(sale, branch.id)) : null,
    sale.salesmanId ? Users.record(sale.salesmanId) : undefined,
  ] as const);
  // Only where the company requires the position is a close without it, or with a worse precision, refused (docs/sales.md "Geolocation").
  // A store's order has no salesman standing anywhere: the position is the field's rule, not the store's.
  if (settings.geolocationRequired && !currentActor().storeClientId) {
    if (!input.geolocation) throw invalid('geolocation', SaleTexts.geolocationRequired());
    if (input.geolocation.accuracy > settings.geolocationPrecision) {
      throw invalid('geolocation', SaleTexts.geolocationImprecise({ accuracy: Math.round(input.geolocation.accuracy), precision: settings.geolocationPrecision }));
    }
  }
  return { ...order, branch, stock, salesman };
}

/**
 * Whether a close reads the balances before it marks the sale (docs/sales.md "The close written
 * first"): a consigned sale (its goods leave as lent stock, checked by the lending), and a close
 * that accepts a cut of short stock (the cut is computed from what is available). Any other close
 * where the company checks stock writes its reservation first, each balance's update on the
 * condition that the stock is there, and a refusal then reads them to say every short line.
 */
function readsStockFirst(sale: SaleRecord, checkStock: boolean, acceptShortStock: boolean): boolean {
  return sale.consigned || (checkStock && acceptShortStock);
}

/**
 * Reads started together, answered in the order given: the first that failed, in that order, is the
 * one thrown (so a refusal of the order comes before a failure of a read after it), and no failure
 * is left unhandled.
 */
async function inOrder<T extends readonly unknown[]>(reads: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(reads);
  for (const r of settled) if (r.status === 'rejected') throw r.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}

/**
 * The order's own rules (spec section 5), for a close and for an edit of a pending sale alike: a
 * client that may buy and is complete where the company checks it, a salesman, a counted item, a
 * payment condition unless the sale has none, the transport where required, the condition's
 * minimum invoice, and each price at or above its minimum (or an authorizer's password where the
 * company uses password authorization). Answers the client, the condition and the authorizer.
 * `priced`: the lines whose price is checked (an edit checks those it changed: the others stand
 * as the close let them, authorized or not).
 */
export async function orderRules(sale: Sale, authorization: z.output<typeof SaleClose>['authorization'], priced: (item: SaleItem) => boolean = () => true) {
  const { tenant } = await Tenants.company();
  const settings = tenant.settings.sales;
  if (!sale.clientId) throw invalid('clientId', SaleTexts.clientRequired());
  // The client, the nature and the condition read at once (the condition even where the nature turns out to move no money),
  // and the active campaigns beside them.
  const active = settings.enableCampaigns ? activeCampaigns() : undefined;
  active?.catch(() => undefined);
  const [client, nature, named] = await inOrder([Clients.find(sale.clientId), registryRecord(natures, sale.natureId), registryRecord(paymentsConditions, sale.paymentConditionId)] as const);
  refuse(clientRules(sale, client, settings));
  await campaignRules(sale, client, settings, active);
  refuse(paymentRules(sale, nature, named, settings));
  const noPayment = movesNoMoney(sale, nature);
  const condition = noPayment ? null : named;
  // A line whose unit the client pays below its product's minimum (after the line's and the
  // general discount): refused, or, where the company uses password authorization, allowed by the
  // password of a user whose profile authorizes financial releases (recorded on the sale). Every
  // such line is named at once, each on its price.
  const below = belowMinimum(sale, (item) => priced(item as SaleItem)).map((b) => fieldError(b.field, b.said));
  let authorizer: Sale['authorizer'] = null;
  if (below.length) {
    const said = below.length === 1 ? fieldSaid(below[0]!) : SaleTexts.belowMinimumMany({ count: below.length });
    if (!tenant.settings.further.passwordAuthorization) throw new DomainError('validation', said, 'validation', { fields: below });
    if (!authorization) throw new DomainError('sales.authorization_required', said, 'validation', { fields: below, details: { authorization: 'password' } });
    const user = await Auth.confirm(authorization.email, authorization.password);
    const profile = user ? await Tenants.profile(user.profileId) : undefined;
    if (!user || !profile || !isFinancialReleaseAuthorizer(user, profile)) throw invalid('authorization.password', SaleTexts.passwordWrong());
    authorizer = { userId: user.userId, name: user.name, profileId: profile.id, profileName: profile.name };
  }
  // `conditionRecord`: the sale's condition as stored, whatever the nature (the close's installments are made from it).
  return { tenant, client, condition, conditionRecord: named, noPayment, authorizer };
}

/** The shared rules' refusal thrown as the close's error (the client's situation a conflict, the rest on their fields). */
function refuse(r: OrderRefusal | null): void {
  if (!r) return;
  if (r.code === 'sales.client_invalid') throw new DomainError(r.code, r.said, 'conflict', { fields: [fieldError(r.field, r.said)] });
  throw invalid(r.field, r.said);
}

/**
 * The order's campaigns at its close (docs/campaigns.md "In an order"): each line's campaign still
 * in force (one that ended since the save, or was made inactive, refuses the close: the user saves
 * again for today's prices), and, where the company requires a campaign and one in force for the
 * client can still sell to it, a line in one. The units are held against the limits by the close's own transaction.
 */
async function campaignRules(sale: Sale, client: ClientRecord, settings: { enableCampaigns: boolean; campaignRequired: boolean }, active?: Promise<CampaignRule[]>) {
  const lines = sale.items.filter((i) => !i.cancelled);
  if (!settings.enableCampaigns && !lines.some((i) => i.campaign)) return;
  const { timezone } = await Tenants.company();
  const offer = await campaignsFor({ enabled: settings.enableCampaigns && sale.situation !== 'free' && !sale.consigned, date: Clock.today(timezone), branchId: sale.branchId, client }, active);
  const ended = lines.find((i) => i.campaign && !offer.inForce.some((c) => c.id === i.campaign!.id));
  if (ended) throw new DomainError('sales.campaign_ended', SaleTexts.campaignEnded({ name: ended.campaign!.name }), 'conflict', { fields: [fieldError(`items.${ended.index}.unitPrice`, SaleTexts.campaignEnded({ name: ended.campaign!.name }))] });
  // Required only where a campaign can still sell to the client (one whose limit the client used up cannot be asked for).
  const open = offer.inForce.filter((c) => campaignRoom(c, offer.use.get(c.id))?.gt(0) ?? true);
  // Required of an order a salesperson takes: a store's client buys what it came for (docs/store.md "The purchase").
  const storeOrder = !!sale.store || !!currentActor().storeClientId;
  if (settings.campaignRequired && !storeOrder && open.length && !lines.some((i) => i.campaign)) {
    throw invalid('items', SaleTexts.campaignRequired({ names: open.map((c) => c.name).join(', ') }));
  }
}

/**
 * POST /sales/{id}/close (docs/sales.md "Closing"): the draft becomes a numbered sale, all or
 * nothing. The draft is marked as closing over its version (the mark keeps what the close adds: the
 * cut the user accepted, the location, the authorizer; the draft itself and its version stay as
 * typed), its stock reserved through `Reservations` (all lines or none), then one transaction takes
 * the next number (on the condition that nobody took it meanwhile), writes the sale as pending and
 * its installments where the client's financial position reads them. A close that fails after the
 * mark undoes it (`undoClose`): nothing reserved, no mark, the draft as it was. A retried close with
 * the same Idempotency-Key answers the same sale; one sent while the first is still under way waits
 * for it, then answers its sale (or runs again if it was refused), or 409 'under way'.
 */
export async function close(id: string, raw: unknown, idempotencyKey: string | null = null): Promise<Sale> {
  authorize('create', 'vendas');
  const input = parseInput(SaleClose, raw);
  for (let round = 1; ; round++) {
    // The company (its settings, the branch) read with the draft: the checks read it again from the request's memory.
    const [before] = await Promise.all([visible(id), Tenants.company()]);
    if (before.status !== 'typing') {
      if (idempotencyKey && before.closeKey === idempotencyKey) return answer(before);
      throw new DomainError('sales.not_draft', SaleTexts.notDraft(), 'conflict');
    }
    if (before.closing) {
      // Another close of this draft is under way (this one sent again), or was cut off long ago.
      if (round > CLOSE_ROUNDS) throw closeUnderway();
      if (abandoned(before.closing)) {
        const taken = await takeOver(before);
        if (taken) {
          const sale = await settleMarked(taken);
          if (sale) return sale;
        }
      } else if (!(await closeSettled(before))) throw closeUnderway();
      continue;
    }
    if (before.version !== input.version) throw versionConflict();
    const checked = await closeChecks(before, input);
    const cuts = checked.stock ? stockCuts(before, checked.stock, input.acceptShortStock) : [];
    const mark: CloseMark = { attempt: newId(), key: idempotencyKey, at: timestamp(), state: 'closing', cuts, geolocation: input.geolocation, authorizer: checked.authorizer };
    const marked: SaleRecord = { ...before, closing: mark };
    // The reservation's marker read with the mark, for the reservation that follows it (reservations.ts `readAhead`).
    const reservation = checked.tenant.settings.sales.checkStock && !before.consigned ? Reservations.readAhead(before.id) : undefined;
    try {
      await transact(SalesRepository.markSteps(before, marked));
    } catch (e) {
      // Another close marked it first, or a save moved it: read it again.
      if (e instanceof MarkMoved && round <= CLOSE_ROUNDS) continue;
      throw e instanceof MarkMoved ? closeUnderway() : e;
    }
    return finishClose(marked, { client: checked.client, condition: checked.conditionRecord, salesman: checked.salesman, reservation });
  }
}

/** Rounds a close reads the draft again (another close's mark, a lost race to mark it) before it answers 'under way'. */
const CLOSE_ROUNDS = 4;
/** How long a close waits for another close of the same draft under way (the same request sent again, a double click). */
export const CLOSE_WAIT_MS = 15_000;

const closeUnderway = () => new DomainError('sales.close_underway', SaleTexts.closeUnderway(), 'conflict');

/** A mark older than the sweep's age: its request is no longer running (a process killed); a close call may take it over. */
const abandoned = (mark: CloseMark) => mark.at <= timestamp(Clock.now() - SWEEP_MIN_AGE_SECONDS * 1000);

/** Waits, up to CLOSE_WAIT_MS, for the close that marked `marked` to end (the sale, or the draft back). False: still under way. */
async function closeSettled(marked: SaleRecord): Promise<boolean> {
  const attempt = marked.closing?.attempt ?? marked.closing?.at;
  const until = Date.now() + CLOSE_WAIT_MS;
  for (let pause = 50; Date.now() < until; pause = Math.min(pause * 2, 500)) {
    await new Promise((r) => setTimeout(r, pause));
    const now = await SalesRepository.get(marked.id);
    if (!now?.closing || now.status !== 'typing' || (now.closing.attempt ?? now.closing.at) !== attempt) return true;
  }
  return false;
}

/** This call takes over a mark left by a close no longer running (a new attempt over the old one); null when another call got there first. */
async function takeOver(marked: SaleRecord): Promise<SaleRecord | null> {
  const taken: SaleRecord = { ...marked, closing: { ...marked.closing!, attempt: newId(), at: timestamp() } };
  try {
    await transact(SalesRepository.markSteps(marked, taken));
    return taken;
  } catch (e) {
    if (e instanceof MarkMoved) return null;
    throw e;
  }
}

/** A mark this call holds, settled: a close going on is finished (the sale); one being undone is undone (null: the draft is back). */
async function settleMarked(marked: SaleRecord, known?: Known): Promise<Sale | null> {
  if (marked.closing?.state === 'undoing') {
    await undoClose(marked);
    return null;
  }
  return finishClose(marked, known);
}

/**
 * The stock of a close (spec section 5), every line's problem at once, each on its line's quantity
 * (`stockRefusal`): nothing available of a product blocks; less than asked asks, and, accepted,
 * answers the cut the close will take (line index → quantity, the available shared across a
 * product's lines in order). The draft itself is not changed: the cut belongs to the close.
 * `shortages`: `Reservations.check` of the draft's lines, read with the close's other checks.
 */
function stockCuts(sale: SaleRecord, shortages: Shortage[], accept: boolean): [number, string][] {
  if (!shortages.length) return [];
  if (!accept || shortages.some((x) => x.level === 'insufficient')) throw stockRefusal(sale, shortages);
  return lineShares(sale, shortages).map((s) => [s.item.index, s.share] as [number, string]);
}

/** The lines a shortage touches: each product's available given to its lines in order; answers the lines that get less than they ask. */
function lineShares(sale: Sale, shortages: Shortage[]) {
  const left = new Map(shortages.map((x) => [x.productId, new Decimal(x.available).clamp(0, Infinity)]));
  const out: { item: SaleItem; share: string; shortage: Shortage }[] = [];
  for (const item of sale.items) {
    const rest = left.get(item.productId);
    if (item.cancelled || rest === undefined) continue;
    const share = Decimal.min(rest, item.quantity);
    left.set(item.productId, rest.minus(share));
    if (share.lt(item.quantity)) out.push({ item, share: share.toFixed(), shortage: shortages.find((x) => x.productId === item.productId)! });
  }
  return out;
}

/**
 * The 409 of a close short of stock, naming every short line on its quantity: 'insufficient' (the
 * close is blocked) when a product has nothing available, else 'lower' (the user may accept the
 * cut). Each line says what it would get.
 */
export function stockRefusal(sale: Sale, shortages: Shortage[]): DomainError {
  const blocked = shortages.filter((x) => x.level === 'insufficient');
  const fields = lineShares(sale, shortages).map(({ item, share, shortage }) =>
    fieldError(`items.${item.index}.quantity`, (shortage.level === 'insufficient' ? SaleTexts.stockInsufficient : SaleTexts.stockLower)({ name: item.name, available: formatDecimalAtLeast(share) })),
  );
  return blocked.length
    ? new DomainError('sales.stock_insufficient', fieldSaid(fields[0]!), 'conflict', { fields, details: { shortages } })
    : new DomainError('sales.stock_lower', fieldSaid(fields[0]!), 'conflict', { fields, details: { shortages } });
}

/** The sale a mark closes: the draft with the cut the user accepted (the figures computed again), the location and the authorizer. */
function closingSale(marked: SaleRecord): SaleRecord {
  const mark = marked.closing!;
  const cut = new Map(mark.cuts ?? []);
  let sale: SaleRecord = marked;
  if (cut.size) {
    const items = marked.items.map((i) => {
      const quantity = cut.get(i.index);
      if (quantity === undefined || i.cancelled) return i;
      // A line left with nothing stays on the order, cancelled: it counts nowhere and keeps what was asked.
      const line = { ...i, quantityAsked: i.quantity, quantity: new Decimal(quantity).toFixed(), cancelled: new Decimal(quantity).isZero() };
      // Cut below its campaign's minimum, the line is no longer in it: its table price again (docs/campaigns.md).
      if (i.campaign?.minimumQuantity && new Decimal(quantity).lt(i.campaign.minimumQuantity)) {
        return { ...line, campaign: null, unitPrice: i.campaign.price !== null && i.listPrice !== null ? new Decimal(i.listPrice).toFixed(4) : i.unitPrice };
      }
      return line;
    });
    const { lines, ...totals } = saleTotals({ ...marked, items, condition: marked.paymentRates, free: marked.situation === 'free', loyaltyDiscount: marked.totals.discounts.loyalty }, marked.decimals);
    // The cut left less than the cashback and points the order uses: the user lowers the use.
    const over = overTotal(totals.total, totals.discounts.loyalty, marked.decimals);
    if (over) throw over;
    // What a campaign gave follows the cut quantity too.
    const given = (i: SaleItem) => (i.campaign ? { ...i.campaign, given: campaignGiven(i, marked.decimals) } : i.campaign);
    const figured = items.map((i, n) => ({ ...i, gross: lines[n]!.gross, discount: lines[n]!.discount, total: lines[n]!.net, campaign: given(i) }));
    sale = { ...marked, items: figured, campaignIds: campaignIdsOf(figured), totals };
  }
  return { ...sale, geolocation: mark.geolocation !== undefined ? mark.geolocation : marked.geolocation, authorizer: mark.authorizer !== undefined ? mark.authorizer : marked.authorizer };
}

/** The stock went to another order between the close's check and its reservation. */
class StockTaken extends Error {
  constructor(readonly shortages: Shortage[]) {
    super('stock taken');
  }
}

/**
 * The second half of a close, from a sale this call marked (or took over): its stock reserved
 * (idempotent), then the number, the status, the history and the installments in one transaction,
 * then the client's last purchase. Any failure before that transaction undoes the close
 * (`undoClose`) and answers the failure: the stock gone to another order meanwhile is the stock
 * refusal of the draft as it stands. `known`: the client the caller has just read.
 */
async function finishClose(marked: SaleRecord, known?: Known): Promise<Sale> {
  let sale: SaleRecord;
  let client: ClientRecord;
  let outbox: boolean;
  let audited: boolean;
  try {
    ({ sale, client, outbox, audited } = await closeSale(marked, known));
  } catch (e) {
    const undone = await undoClose(marked, e instanceof StockTaken).catch((u: unknown) => {
      // Left marked (storage down): a close call once the mark is old, or the sweep, finishes or undoes it.
      Logs.warn('sales.close_undo_failed', { saleId: marked.id, error: (u as Error).message });
      return 'failed' as const;
    });
    if (undone === 'moved') {
      // Another call holds the sale now (a takeover), or the sale was written after all (an answer lost).
      const now = await SalesRepository.get(marked.id);
      if (now && now.status !== 'typing' && now.closeKey === marked.closing?.key) return answer(now);
      throw closeUnderway();
    }
    if (e instanceof StockTaken) {
      // The draft as it stands against the stock as it is now, every line at once.
      const draft = { ...marked, closing: null };
      const now = await Reservations.check(stockLines(draft, marked.branchId!));
      throw stockRefusal(draft, now.length ? now : e.shortages);
    }
    throw e;
  }
  // An audit entry that did not fit the close's transaction is written now, beside the writes below
  // (on Lambda the answer waits for the logs' writes: one started last would be a round trip more).
  if (!audited) Logs.audit('sales.close', { saleId: sale.id, number: sale.number });
  // The client as the close read it: no read again, unless it changed since (then its update reads it).
  // Beside it, the products' figures of the sale's outbox item where they did not fit the close's transaction.
  await Promise.all([
    Clients.recordPurchase(sale.clientId!, sale.orderDate, client).catch((e: unknown) => Logs.warn('sales.last_purchase_failed', { saleId: sale.id, error: (e as Error).message })),
    outbox ? SalesRepository.applyProducts(marked, sale) : undefined,
  ]);
  return publicSale(sale);
}

/**
 * What the close of this call has just read (its checks), so the steps after the mark read none of
 * it again: the client, the payment condition as stored, the salesman.
 */
interface Known {
  client: ClientRecord;
  condition: Awaited<ReturnType<typeof registryRecord>>;
  salesman: Awaited<ReturnType<typeof Users.record>> | undefined;
  /** The reservation's marker, read with the mark. */
  reservation: ReturnType<typeof Reservations.readAhead> | undefined;
}

/**
 * The close's steps up to the numbered sale (its one transaction); throws what stopped it. Answers
 * the sale and the client it was written for, whether its products' figures wait in an outbox item
 * (`outbox`) and whether its audit entry went with it (`audited`).
 */
async function closeSale(marked: SaleRecord, known?: Known): Promise<{ sale: SaleRecord; client: ClientRecord; outbox: boolean; audited: boolean }> {
  const { tenant, timezone } = await Tenants.company();
  const branchId = marked.branchId!;
  const closing = closingSale(marked);
  // A consigned sale's goods leave as lent stock, whatever "check stock" says; another is reserved where the company checks stock.
  const lines = stockLines(closing, branchId);
  // The counter read while the stock is taken: the numbering's first try needs no read of its own (numbering.ts `readAhead`).
  const counter = readAhead(currentActor().tenantId);
  const reserved = marked.consigned
    ? await Consignments.lend(marked.id, lines)
    : tenant.settings.sales.checkStock
      ? // Written first: a close's own call has just read the balances (a cut accepted) or lets a refusal read them
        // (readsStockFirst); a close finished by another call (a takeover, the sweep) reads them first.
        await Reservations.reserve(marked.id, lines, { writeFirst: known !== undefined, ahead: known?.reservation })
      : null;
  if (reserved && !reserved.ok) throw new StockTaken(reserved.shortages);
  const [client, salesman, condition] = known
    ? [known.client, known.salesman, known.condition]
    : await Promise.all([Clients.find(marked.clientId!), marked.salesmanId ? Users.record(marked.salesmanId) : undefined, registryRecord(paymentsConditions, marked.paymentConditionId)]);
  const orderDate = Clock.today(timezone);
  // A consigned sale has nothing sold yet: its installments come with the settlement.
  const installments = marked.consigned ? [] : saleInstallments(closing, condition, orderDate);
  // Only the number can be lost to another close: a lost race reads it again (numbering.ts).
  return withNextNumber(currentActor().tenantId, async (previous) => {
    const number = previous + 1;
    const now = timestamp();
    const sale: SaleRecord = {
      ...closing,
      number,
      status: 'pending',
      orderDate,
      // The emission date: the day the draft was begun (its own date moves with each save).
      issuedOn: businessDate(timezone, timestampMs(marked.createdAt)),
      closedAt: now,
      // What the list's search finds the sale by, as the client was at the close.
      clientNickname: client.nickname ?? null,
      clientDocument: client.document ?? null,
      ...clientPlace(client),
      supervisorId: salesman?.supervisorId ?? null,
      // What was just written in the client's position (nothing paid yet), answered without reading it
      // again; the record as stored keeps none (sales/installments.ts).
      installments: installments.map((p) => ({ installment: p.installment, dueDate: p.dueDate, value: p.value, openValue: p.value, paidValue: '0', paymentDate: null, status: 'pending' as const })),
      payment: installments.length ? 'open' : 'none',
      installmentLabels: installments.map((p) => p.installment),
      // Where the goods go, as the client's address is now: a copy (the client's later changes do not move it).
      shippingAddress: addressCopy(client, closing.shippingAddressId),
      consignment: closedConsignment(marked.consignment, orderDate),
      // A store order closed: it waits its Pix, or is paid in the condition's terms (docs/store.md "The purchase").
      store: closing.store ? { ...closing.store, status: closing.store.paymentMethod === 'pix' ? 'payment' : 'terms' } : closing.store,
      history: [...marked.history, { at: now, userId: currentActor().userId ?? marked.createdBy, userName: !currentActor().userId && closing.store ? STORE_ACTOR : null, from: 'typing', to: 'pending', reason: null }],
      closing: null,
      closeKey: marked.closing!.key,
      updatedAt: now,
      version: marked.version + 1,
    };
    const installmentSteps = financialSteps(closing, client, installments, number, orderDate);
    // The client's cashback and points the order uses, taken off its balance on the condition that it still covers them.
    const loyaltySteps = await Loyalty.useSteps(client.id, saleLoyaltyFacts(closing).use, { id: sale.id, number }, loyaltyBalanceChanged);
    // The products' figures in the same transaction where they fit (else an outbox item, applied after).
    const { steps, outbox } = SalesRepository.closeSteps(marked, sale, 1 + installmentSteps.length + loyaltySteps.length);
    const written = [SalesRepository.numberStep(previous), ...steps, ...installmentSteps, ...loyaltySteps];
    // The audit entry too, where it fits: written with the sale, and no write of its own after it.
    const audit = Logs.auditSteps('sales.close', { saleId: sale.id, number });
    const audited = written.length + audit.length <= MAX_TX_ACTIONS;
    await transact(audited ? [...written, ...audit] : written);
    return { sale, client, outbox, audited };
  }, counter);
}

/**
 * A close taken back, in an order that a crash at any point leaves finishable: the mark becomes
 * `undoing` (over this call's mark: from then on nobody can number the sale), what the close took
 * is released (the reservation, or the goods lent), and the mark goes (the draft as typed, its
 * version as before). 'moved': the mark is no longer this call's (another took over, or the sale
 * was written), and nothing was released.
 */
async function undoClose(marked: SaleRecord, stockRefused = false): Promise<'undone' | 'moved'> {
  let undoing = marked;
  try {
    if (marked.closing?.state !== 'undoing') {
      undoing = { ...marked, closing: { ...marked.closing!, state: 'undoing' } };
      await transact(SalesRepository.markSteps(marked, undoing));
    }
    await (marked.consigned ? Consignments.takeBack(marked.id) : Reservations.release(marked.id));
    await transact(SalesRepository.markSteps(undoing, { ...undoing, closing: null }));
  } catch (e) {
    if (e instanceof MarkMoved) return 'moved';
    throw e;
  }
  // The stock refused (a close writes its reservation first): the user's answer, not a fault.
  (stockRefused ? Logs.info : Logs.warn)('sales.close_undone', { saleId: marked.id, ...(stockRefused ? { reason: 'stock' } : {}) });
  return 'undone';
}

/**
 * System work for the start (functions/src/local/main.ts) and the scheduled sweep on AWS: every close found
 * interrupted (a sale still marked as closing: the process died between the mark and the numbered
 * sale, or while undoing) is taken over and finished, in every company; one that cannot finish
 * (its stock went elsewhere meanwhile, or any other failure) is undone (back to the draft as typed,
 * nothing reserved); then the outbox items of the products' figures left behind are applied
 * (`applyLeftProducts`). Answers how many were finished and undone, and the items applied. `minAgeSeconds`: only closes
 * marked at least that long ago (the scheduled sweep, sales/sweep.ts; the start takes them all).
 * `tenantIds`: only these companies (a test's own, so a sweep of one test file never takes over a
 * close another file has in flight).
 */
export async function finishInterrupted(options: { minAgeSeconds?: number; tenantIds?: string[] } = {}): Promise<{ finished: number; undone: number; products: number }> {
  const out = { finished: 0, undone: 0, products: 0 };
  // The scheduled sweep leaves the closes marked too recently: their requests may still be running.
  const before = options.minAgeSeconds ? timestamp(Clock.now() - options.minAgeSeconds * 1000) : null;
  for (const tenantId of options.tenantIds ?? (await Tenants.ids())) {
    await runAs({ tenantId }, async () => {
      let cursor: string | undefined;
      do {
        const page = await SalesRepository.interrupted({ cursor, limit: 50, query: 'sales-interrupted' });
        for (const item of page.items) {
          const sale = await SalesRepository.get(item.id);
          if (!sale?.closing || sale.status !== 'typing' || (before && sale.closing.at > before)) continue;
          try {
            const taken = await takeOver(sale);
            if (!taken) continue;
            if (await settleMarked(taken)) out.finished++;
            else out.undone++;
          } catch (e) {
            const now = await SalesRepository.get(sale.id);
            if (now && now.status === 'typing' && !now.closing) out.undone++;
            else Logs.warn('sales.finish_interrupted_failed', { saleId: sale.id, error: (e as Error).message });
          }
        }
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      // The products' figures of writes whose process died before applying them (their outbox items).
      out.products += await SalesRepository.applyLeftProducts();
    });
  }
  return out;
}
