import { ApiTexts } from '@ev/shared/messages';
import { installmentKey } from '@ev/shared/schemas/financial';
import { formatMoney, Decimal } from '@ev/shared/money';
import { SaleEdit, SaleTexts, type Sale, type SaleEditChanges, type SaleItem } from '@ev/shared/schemas/sales';
import { Clients, InstallmentsMoved } from '../clients';
import { timestamp } from '../clock';
import { authorize, currentUserActor } from '../context';
import { versionConflict } from '../db/records';
import { busyConflict, MAX_TX_ACTIONS, transact } from '../db/tx';
import { DomainError, fieldError } from '../errors';
import { ReservationChangeRejected, Reservations } from '../inventory';
import { Logs } from '../logs';
import { Tenants } from '../tenants';
import { Users } from '../users';
import { parseInput } from '../validation';
import { addressCopy, answer, invalid, refused, visible } from './access';
import { orderRules, stockLines, stockRefusal } from './close';
import { build, updateDraft } from './drafts';
import { financialSteps, installmentsOf, remadeInstallments } from './installments';
import { SalesRepository, type SaleRecord } from './repository';

/**
 * PUT /sales/{id} on a pending sale (docs/sales.md "Correcting a pending sale"): the order
 * corrected by who may update `vendas`, in one all-or-nothing step over the version read. The
 * lines, payment, transport, observations and address go through the entry's own `build` (every
 * rule of a draft) and the close's `orderRules` (every rule of the order: minimum invoice, payment,
 * transport, minimum prices of the lines it changed); the number, the client, the branch and the
 * order date stay. One transaction writes the sale, the stock its reservation gains or gives back
 * (`Reservations.changeSteps`), and its open installments made again in the client's financial
 * position (paid ones kept). The history records who, when, and each line and figure before and
 * after. A line cancelled asks its reason.
 */
export async function edit(id: string, raw: unknown, known?: SaleRecord): Promise<Sale> {
  authorize('update', 'vendas');
  const { version, authorization, ...input } = parseInput(SaleEdit, raw);
  for (let round = 1; ; round++) {
    const before = round === 1 && known ? known : await visible(id);
    if (before.status !== 'pending') throw new DomainError('sales.not_editable', SaleTexts.editNotPending(), 'conflict');
    if (before.consigned) throw new DomainError('sales.edit_consigned', SaleTexts.editConsigned(), 'conflict');
    if (before.version !== version) throw versionConflict();
    if (input.clientId !== before.clientId) throw invalid('clientId', SaleTexts.editClient());
    if (input.consigned) throw invalid('consigned', SaleTexts.editConsigned());

    const [branch] = await Tenants.branchesByIds([before.branchId!]);
    if (!branch) throw new DomainError('sales.no_branch', ApiTexts.noBranches(), 'validation');
    const from = linesFrom(input.items, before);
    const built = await build(input, before, { branch, decimals: before.decimals });
    const lines = withReasons(built.items, input.items, before);
    const after: SaleRecord = {
      ...before,
      ...pickOrder(built),
      items: lines,
      updatedAt: timestamp(),
      version: before.version + 1,
    };
    const changed = (item: SaleItem) => lineChanged(item, from[item.index] ?? null, before) || after.generalDiscountPercent !== before.generalDiscountPercent;
    const rules = await orderRules(after, authorization, changed);
    if (rules.authorizer) after.authorizer = rules.authorizer;
    // Another address chosen: copied again, as the client's record holds it now (the same one: the copy kept).
    if (after.shippingAddressId !== before.shippingAddressId) after.shippingAddress = addressCopy(rules.client, after.shippingAddressId);

    const changes = changesOf(before, after, from);
    if (!changes.lines.length && !changes.fields.length) return answer(before);
    const actor = currentUserActor();
    const user = await Users.record(actor.userId);
    after.history = [...before.history, { at: after.updatedAt, userId: actor.userId, userName: user?.name ?? null, from: 'pending', to: 'pending', reason: null, changes }];

    const stock = await Reservations.changeSteps(before.id, stockLines(after, before.branchId!));
    if (stock.state === 'short') throw stockRefusal(after, stock.shortages);

    const { records } = await installmentsOf(before);
    const terms = (rules.condition?.terms as number[] | undefined) ?? [];
    const remade = remadeInstallments(after.totals.total, rules.noPayment ? null : terms, before.orderDate, before.decimals, records);
    if (remade.short) {
      throw new DomainError('sales.edit_below_paid', SaleTexts.editBelowPaid({ total: formatMoney(after.totals.total, before.decimals), held: formatMoney(remade.heldValue, before.decimals) }), 'conflict');
    }
    after.installmentLabels = [...remade.keep.map((i) => i.installment), ...remade.make.map((p) => p.installment)];
    const document = String(before.number);
    const written = new Set(remade.make.map((p) => installmentKey({ document, installment: p.installment, branchId: before.branchId })));
    const steps = [
      ...SalesRepository.replaceSteps(before, after),
      ...(stock.state === 'ok' ? stock.steps : []),
      // Each installment replaced only while it is as read: a payment recorded meanwhile reads it all again.
      ...Clients.installmentDeleteSteps(before.clientId!, remade.drop.filter((i) => !written.has(i.key))),
      ...financialSteps(after, rules.client, remade.make, before.number!, before.orderDate, remade.drop.filter((i) => written.has(i.key))),
    ];
    if (steps.length > MAX_TX_ACTIONS) {
      // Each product whose quantity changes is two actions (its balance, its movement), and the reservation one more.
      const stockSteps = stock.state === 'ok' ? stock.steps.length : 0;
      const max = Math.max(0, Math.floor((MAX_TX_ACTIONS - (steps.length - stockSteps) - 1) / 2));
      throw new DomainError('sales.edit_too_large', SaleTexts.editTooLarge({ count: Math.max(0, (stockSteps - 1) / 2), max }), 'conflict');
    }
    try {
      await transact(steps);
    } catch (e) {
      // The stock or the reservation moved since it was read (another order took what this adds), or
      // an installment (a payment recorded meanwhile): read it all again.
      const moved = e instanceof ReservationChangeRejected || e instanceof InstallmentsMoved;
      if (moved && round < 3) continue;
      if (moved) throw busyConflict();
      throw e;
    }
    await SalesRepository.applyProducts(before, after);
    Logs.audit('sales.edit', { saleId: id, number: before.number, lines: changes.lines.length, fields: changes.fields.map((f) => f.field) });
    return answer(after);
  }
}

/**
 * PUT /sales/{id}: a draft saved as the user types (`updateDraft`, create on `vendas`), or a
 * closed sale corrected (`edit`, update on `vendas`: a pending one; later ones answer why not).
 */
export async function save(id: string, raw: unknown): Promise<Sale> {
  const current = await visible(id);
  return current.status === 'typing' ? updateDraft(id, raw, current) : edit(id, raw, current);
}

/** What an edit takes from the order as built: the fields a user corrects and the figures computed from them. */
function pickOrder(built: Sale) {
  const { productCompanyId, natureId, situation, priceTableId, paymentType, paymentConditionId, transport, shippingAddressId, observations, generalDiscountPercent, otherDiscount, transportIncrease, otherIncrease, extra, totals, paymentRates } = built;
  return { productCompanyId, natureId, situation, priceTableId, paymentType, paymentConditionId, transport, shippingAddressId, observations, generalDiscountPercent, otherDiscount, transportIncrease, otherIncrease, extra, totals, paymentRates };
}

type LineInput = { cancelled: boolean; cancelReason: string | null; index: number | null };

/** Per line of the edit, the line of the sale as read it corrects (null: added); each of the sale's lines at most once. */
function linesFrom(input: LineInput[], before: SaleRecord): (number | null)[] {
  const seen = new Set<number>();
  const problems = input.flatMap((line, n) => {
    if (line.index === null) return [];
    const bad = line.index >= before.items.length || seen.has(line.index);
    seen.add(line.index);
    return bad ? [fieldError(`items.${n}.index`, SaleTexts.editLine())] : [];
  });
  if (problems.length) throw refused(problems);
  return input.map((l) => l.index);
}

/** The lines as built, each cancelled one with its reason (asked of a line this edit cancels; a line cancelled before keeps its own). */
function withReasons(items: SaleItem[], input: LineInput[], before: SaleRecord): SaleItem[] {
  const problems = items.flatMap((item, n) => {
    const line = input[n]!;
    const was = line.index !== null ? before.items[line.index] : undefined;
    if (item.cancelled && !was?.cancelled && !line.cancelReason) return [fieldError(`items.${n}.cancelReason`, SaleTexts.cancelReasonRequired())];
    return [];
  });
  if (problems.length) throw refused(problems);
  return items.map((item, n) => {
    const line = input[n]!;
    const was = line.index !== null ? before.items[line.index] : undefined;
    const kept = was && was.productId === item.productId ? was : undefined;
    return {
      ...item,
      cancelReason: item.cancelled ? (line.cancelReason ?? kept?.cancelReason ?? null) : null,
      // A line cut to the stock at closing keeps what was asked while its quantity stays.
      quantityAsked: kept && new Decimal(kept.quantity).equals(item.quantity) ? kept.quantityAsked : null,
    };
  });
}

const figures = (i: SaleItem) => ({ quantity: i.quantity, unitPrice: i.unitPrice, discountPercent: i.discountPercent, total: i.total, cancelled: i.cancelled });

/** A line the edit added or whose price, discount or product changed (its minimum price is checked again). */
function lineChanged(item: SaleItem, from: number | null, before: SaleRecord): boolean {
  const was = from !== null ? before.items[from] : undefined;
  if (!was || was.productId !== item.productId) return true;
  return !new Decimal(was.unitPrice).equals(item.unitPrice) || (was.discountPercent ?? null) !== (item.discountPercent ?? null);
}

/** The header fields an edit records when they change. */
const FIELDS: [string, (s: Sale) => string | null][] = [
  ['natureId', (s) => s.natureId],
  ['situation', (s) => s.situation],
  ['priceTableId', (s) => s.priceTableId],
  ['paymentType', (s) => s.paymentType],
  ['paymentConditionId', (s) => s.paymentConditionId],
  ['productCompanyId', (s) => s.productCompanyId],
  ['transport.costing', (s) => (s.transport.costing === null ? null : String(s.transport.costing))],
  ['transport.carrier', (s) => s.transport.carrier],
  ['transport.vehicleId', (s) => s.transport.vehicleId],
  ['shippingAddressId', (s) => s.shippingAddressId],
  ['observations.invoice', (s) => s.observations.invoice],
  ['observations.internal', (s) => s.observations.internal],
  ['generalDiscountPercent', (s) => s.generalDiscountPercent],
  ['otherDiscount', (s) => s.otherDiscount],
  ['transportIncrease', (s) => s.transportIncrease],
  ['otherIncrease', (s) => s.otherIncrease],
  ['extra', (s) => (Object.keys(s.extra).length ? JSON.stringify(s.extra) : null)],
];

/** What the edit changed: each line before and after (matched by the line of the sale each corrects), each header field, the total. */
function changesOf(before: SaleRecord, after: SaleRecord, from: (number | null)[]): SaleEditChanges {
  const same = (a: string | null, b: string | null) => (a === null || b === null ? a === b : a === b || (/^-?\d+(\.\d+)?$/.test(a) && /^-?\d+(\.\d+)?$/.test(b) && new Decimal(a).equals(b)));
  const lines: SaleEditChanges['lines'] = [];
  const matched = new Set<number>();
  after.items.forEach((item, n) => {
    const at = from[n] ?? null;
    const was = at !== null ? before.items[at] : undefined;
    if (was) matched.add(was.index);
    const a = figures(item);
    const b = was && was.productId === item.productId ? figures(was) : null;
    if (b && JSON.stringify(Object.entries(a).map(([k, v]) => [k, typeof v === 'string' ? new Decimal(v).toFixed() : v])) === JSON.stringify(Object.entries(b).map(([k, v]) => [k, typeof v === 'string' ? new Decimal(v).toFixed() : v]))) return;
    lines.push({ productId: item.productId, name: item.name, before: b, after: a, reason: item.cancelled && !b?.cancelled ? (item.cancelReason ?? null) : null });
  });
  before.items.forEach((was) => {
    if (!matched.has(was.index)) lines.push({ productId: was.productId, name: was.name, before: figures(was), after: null, reason: null });
  });
  const fields = FIELDS.flatMap(([field, read]) => (same(read(before), read(after)) ? [] : [{ field, before: read(before), after: read(after) }]));
  return { lines, fields, total: { before: before.totals.total, after: after.totals.total } };
}
