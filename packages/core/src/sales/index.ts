import { isBlockedSituation, isIncomplete } from '@ev/shared/schemas/clients';
import type { Shortage } from '@ev/shared/schemas/inventory';
import { canMove, effectsOf, needsAuthorizer } from '@ev/shared/sales/status';
import { minimumPriceIssue, SaleClose, SaleDraftCreate, SaleDraftUpdate, SaleMove, SalesListQuery, SaleTexts, type Sale, type SaleDraftInput, type SaleItem } from '@ev/shared/schemas/sales';
import { ruledSalesman } from '@ev/shared/sales/salesman';
import { saleTotals } from '@ev/shared/sales/totals';
import { Decimal, formatDecimal, formatMoney } from '@ev/shared/money';
import { searchTerms } from '@ev/shared/text';
import type { Said } from '@ev/shared/texts';
import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { natures } from '@ev/shared/registries/natures';
import { paymentsConditions } from '@ev/shared/registries/payments-conditions';
import type { z } from 'zod';
import { Auth } from '../auth';
import { Clients, type ClientRecord } from '../clients';
import { Clock, timestamp } from '../clock';
import { authorize, currentActor, currentUserActor, runAs } from '../context';
import { notFound, versionConflict } from '../db/records';
import { transact } from '../db/tx';
import { DomainError, fieldError, fieldSaid, type FieldError } from '../errors';
import { newId } from '../ids';
import { Consignments, Reservations } from '../inventory';
import { Logs } from '../logs';
import { Prices } from '../prices';
import { Products } from '../products';
import { Registries, type RegistryRecord } from '../registries';
import { Scope, ScopeRules, type RecordScope } from '../scope';
import { Tenants } from '../tenants';
import { Users } from '../users';
import { parseInput, validationText } from '../validation';
import { catalogue } from './catalogue';
import { clientProducts } from './client-products';
import { closedConsignment, consignmentTerms, isOpenConsignment, settleConsignment } from './consignment';
import { financialSteps, saleInstallments } from './installments';
import { withNextNumber } from './numbering';
import { MarkMoved, publicSale, SaleScopes, SalesRepository, type CloseMark, type SaleRecord } from './repository';
import { SWEEP_MIN_AGE_SECONDS } from './sweep';

/**
 * Sales orders and drafts (issue 13, docs/sales.md). A draft is a sale in status `typing`, saved
 * whole as the user types (its version guards two tabs); the figures are computed here with the
 * shared `saleTotals`, whatever the browser sent. Scope: the platform's record scope under the
 * "owned" rule (a salesman his own sales, a supervisor his team's, staff the company's); a sale
 * outside it is a 404. Entry (draft saves) is guarded by create on `vendas`, reading by read,
 * draft deletion by delete.
 */

const invalid = (field: string, said: Said) => new DomainError('validation', said, 'validation', { fields: [fieldError(field, said)] });

function scope(): Promise<RecordScope> {
  return Scope.current(ScopeRules.owned, 'vendas');
}

/** A sale the current user may see, or 404. */
async function visible(id: string): Promise<SaleRecord> {
  const [sale, s] = await Promise.all([SalesRepository.get(id), scope()]);
  if (!sale || !Scope.includes(s, sale.salesmanId)) throw notFound();
  return sale;
}

/** A registry record by id (none given, or none found: null). */
async function registryRecord(def: RegistryDefinition, id: string | null): Promise<RegistryRecord | null> {
  return id ? ((await Registries.record(def, id)) ?? null) : null;
}

/** Refused fields, all at once: the one field's text, or the general text with each field's. */
function refused(fields: FieldError[]): DomainError {
  return new DomainError('validation', validationText(fields), 'validation', { fields });
}

const given = (v: string | null | undefined) => !!v && !new Decimal(v).isZero();

/**
 * A draft's lines, checked against the catalogue and the company's sales settings, with the
 * resolved price for the client and the figures of `saleTotals`. Refusals name the line's field,
 * every refused line at once.
 */
async function buildItems(input: SaleDraftInput, client: ClientRecord | null, settings: { itemDiscounts: boolean; blockPriceChange: boolean }): Promise<SaleItem[]> {
  const ids = [...new Set(input.items.map((i) => i.productId))];
  const [products, prices] = await Promise.all([
    Products.getMany(ids).then((list) => new Map(list.map((p) => [p.id, p]))),
    client && ids.length ? Prices.resolve({ clientId: client.id, productIds: ids, tableId: input.priceTableId }) : Promise.resolve(new Map()),
  ]);
  const free = input.situation === 'free';
  const problems: FieldError[] = [];
  const items = input.items.map((line, index): SaleItem | null => {
    const product = products.get(line.productId);
    if (!product) {
      problems.push(fieldError(`items.${index}.productId`, SaleTexts.productMissing()));
      return null;
    }
    if (input.productCompanyId && product.productCompanyId && product.productCompanyId !== input.productCompanyId) {
      problems.push(fieldError(`items.${index}.productId`, SaleTexts.otherCompany({ name: product.name })));
    }
    const resolved = prices.get(line.productId);
    if (resolved && resolved.price === null && !line.cancelled) {
      problems.push(fieldError(`items.${index}.productId`, SaleTexts.productUnavailable({ name: product.name, reason: resolved.reason })));
    }
    // A free order takes no line discount (spec section 5: it is disabled): one sent is refused, not dropped.
    if (free && given(line.discountPercent)) problems.push(fieldError(`items.${index}.discountPercent`, SaleTexts.freeNoItemDiscount()));
    const discount = free ? null : line.discountPercent;
    if (given(discount) && !settings.itemDiscounts) problems.push(fieldError(`items.${index}.discountPercent`, SaleTexts.itemDiscountsOff()));
    if (settings.blockPriceChange && resolved?.price && !new Decimal(resolved.price).equals(line.unitPrice)) {
      problems.push(fieldError(`items.${index}.unitPrice`, SaleTexts.priceLocked({ price: resolved.rounded })));
    }
    return {
      index,
      productId: product.id,
      ref: product.ref,
      name: product.name,
      barcode: product.barcode ?? null,
      productCompanyId: product.productCompanyId ?? null,
      quantity: new Decimal(line.quantity).toFixed(),
      quantityAsked: null,
      unitPrice: new Decimal(line.unitPrice).toFixed(4),
      discountPercent: discount,
      listPrice: resolved?.price ?? null,
      priceSource: resolved && resolved.price !== null ? resolved.source : null,
      minimumPrice: product.minimumPrice ?? null,
      gross: '0',
      discount: '0',
      total: '0',
      stock: null,
      cancelled: line.cancelled,
    };
  });
  if (problems.length) throw refused(problems);
  return items as SaleItem[];
}

/**
 * The sale's salesman (docs/sales.md "Rules at a save"): the one the rules give (`ruledSalesman`),
 * or, when they give none, the one the entry chose (`salesmanId`: a user who sells, in the user's
 * scope); a choice where the rules give one is refused. A draft keeps its salesman while its client
 * stays (a supervisor saving his salesman's draft).
 */
async function saleSalesman(input: SaleDraftInput, client: ClientRecord | null, before: SaleRecord | null, useOriginalSalesman: boolean): Promise<string | null> {
  const actor = currentUserActor();
  const ruled = ruledSalesman({ useOriginalSalesman, clientSalesmanId: client?.salesmanId, user: { id: actor.userId, sells: !!(actor.salesman || actor.supervisor) } });
  const kept = before && before.clientId === input.clientId ? before.salesmanId : null;
  if (ruled) {
    const salesmanId = kept ?? ruled;
    if (input.salesmanId && input.salesmanId !== salesmanId) throw invalid('salesmanId', SaleTexts.salesmanRuled());
    if (before === null && !Scope.includes(await scope(), salesmanId)) throw notFound();
    return salesmanId;
  }
  if (!input.salesmanId) return kept;
  const user = await Users.record(input.salesmanId);
  if (!user || !user.active || !(user.salesman || user.supervisor)) throw invalid('salesmanId', SaleTexts.salesmanInvalid());
  if (!Scope.includes(await scope(), input.salesmanId)) throw invalid('salesmanId', SaleTexts.salesmanOutOfScope());
  return input.salesmanId;
}

/** The whole draft as it will be stored: input checked, client and lines resolved, figures computed. */
async function build(entered: SaleDraftInput, before: SaleRecord | null): Promise<Sale> {
  const actor = currentUserActor();
  const { tenant, branch, timezone, decimals } = await Tenants.company();
  if (!branch) throw new DomainError('sales.no_branch', SaleTexts.noBranch(), 'validation');
  const sales = tenant.settings.sales;
  // A consigned sale takes the branch's terms, its discount as the general discount (docs/sales.md).
  const consignment = consignmentTerms(entered, branch);
  const input = consignment ? { ...entered, generalDiscountPercent: consignment.discountPercent } : entered;

  let client: ClientRecord | null = null;
  if (input.clientId) {
    client = await Clients.find(input.clientId).catch((e: unknown) => {
      if (e instanceof DomainError && e.kind === 'not_found') throw invalid('clientId', SaleTexts.clientMissing());
      throw e;
    });
    // A client in analysis or problem cannot be chosen; one that became so after the draft began
    // stays on it (the close says so with the spec's "client now invalid").
    if (isBlockedSituation(client.situation) && client.id !== before?.clientId) throw invalid('clientId', SaleTexts.clientBlocked());
  }

  const [nature, condition] = await Promise.all([registryRecord(natures, input.natureId), registryRecord(paymentsConditions, input.paymentConditionId)]);
  if (input.natureId && !nature) throw invalid('natureId', SaleTexts.natureMissing());
  if (input.paymentConditionId && !condition) throw invalid('paymentConditionId', SaleTexts.conditionMissing());
  const free = input.situation === 'free';
  // A free order, or a sale type without financial movement, has no payment: a payment sent is
  // refused on its fields (as the other locked fields are), never dropped unsaid.
  const noPayment = free || (nature !== null && nature.financialMovement === false);
  if (noPayment && (input.paymentType || input.paymentConditionId)) {
    const said = free ? SaleTexts.freeNoPayment() : SaleTexts.natureNoPayment({ name: String(nature?.name ?? '') });
    throw refused([...(input.paymentType ? [fieldError('paymentType', said)] : []), ...(input.paymentConditionId ? [fieldError('paymentConditionId', said)] : [])]);
  }
  if (!noPayment && condition && client && client.paymentConditionIds.length > 0 && !client.paymentConditionIds.includes(condition.id as string)) {
    throw invalid('paymentConditionId', SaleTexts.paymentNotAllowed());
  }
  const orderDiscount = [consignment ? null : input.generalDiscountPercent, input.otherDiscount].some((v) => v && !new Decimal(v).isZero());
  if (orderDiscount && !sales.orderDiscounts) throw invalid(input.generalDiscountPercent ? 'generalDiscountPercent' : 'otherDiscount', SaleTexts.orderDiscountsOff());

  const items = await buildItems(input, client, sales);
  const payment = noPayment ? { paymentType: null, paymentConditionId: null } : { paymentType: input.paymentType, paymentConditionId: input.paymentConditionId };
  const paymentRates = noPayment || !condition ? null : { discountRate: (condition.discountRate as string | null) ?? null, surchargeRate: (condition.surchargeRate as string | null) ?? null };
  const totals = saleTotals(
    {
      items,
      generalDiscountPercent: input.generalDiscountPercent,
      otherDiscount: input.otherDiscount,
      transportIncrease: input.transportIncrease,
      otherIncrease: input.otherIncrease,
      condition: paymentRates,
      free,
    },
    decimals,
  );
  if (new Decimal(totals.total).isNegative()) throw invalid('otherDiscount', SaleTexts.totalNegative());
  const figured = items.map((item, i) => ({ ...item, gross: totals.lines[i]!.gross, discount: totals.lines[i]!.discount, total: totals.lines[i]!.net }));
  const { lines: _lines, ...orderTotals } = totals;

  const salesmanId = await saleSalesman(input, client, before, tenant.settings.further.useOriginalSalesman);
  const now = timestamp();
  return {
    ...input,
    ...payment,
    items: figured,
    id: before?.id ?? newId(),
    number: null,
    status: 'typing',
    branchId: branch.id,
    clientName: client?.name ?? null,
    salesmanId,
    supervisorId: null,
    createdBy: before?.createdBy ?? actor.userId,
    orderDate: Clock.today(timezone),
    closedAt: null,
    totals: orderTotals,
    paymentRates,
    decimals,
    installments: [],
    authorizer: null,
    geolocation: null,
    consignment,
    history: before?.history ?? [],
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
    version: before ? before.version + 1 : 1,
  };
}

async function createDraft(raw: unknown): Promise<Sale> {
  authorize('create', 'vendas');
  const input = parseInput(SaleDraftCreate, raw);
  const sale = await build(input, null);
  await transact(SalesRepository.createSteps(sale));
  Logs.audit('sales.draft_create', { saleId: sale.id });
  return sale;
}

async function updateDraft(id: string, raw: unknown): Promise<Sale> {
  authorize('create', 'vendas');
  const { version, ...input } = parseInput(SaleDraftUpdate, raw);
  const before = await visible(id);
  if (before.status !== 'typing' || before.closing) throw new DomainError('sales.not_draft', SaleTexts.notDraft(), 'conflict');
  if (before.version !== version) throw versionConflict();
  const sale = await build(input, before);
  await transact(SalesRepository.replaceSteps(before, sale));
  return sale;
}

async function removeDraft(id: string): Promise<Sale> {
  authorize('delete', 'vendas');
  const before = await visible(id);
  if (before.status !== 'typing' || before.closing) throw new DomainError('sales.not_draft', SaleTexts.notDraft(), 'conflict');
  await transact(SalesRepository.deleteSteps(before));
  Logs.audit('sales.draft_delete', { saleId: id });
  return publicSale(before);
}

async function get(id: string): Promise<Sale> {
  authorize('read', 'vendas');
  return publicSale(await visible(id));
}

/**
 * The sales list in the user's scope: the closed sales (or, with `drafts=true` or
 * `status=typing`, the drafts apart), newest first; by status or client from their partitions;
 * search by number or client name words. A user with no allowed branch sees none.
 */
async function list(raw: z.input<typeof SalesListQuery>) {
  authorize('read', 'vendas');
  const q = parseInput(SalesListQuery, raw);
  const s = await scope();
  const { owners, seen } = Scope.listOwners(s, q.salesmanId);
  if (owners && owners.length === 0) return { items: [], nextCursor: null, scope: seen };
  const bases = owners ? owners.map(SaleScopes.salesman) : [SaleScopes.all];
  const drafts = q.drafts === 'true' || q.status === 'typing';
  const partitions = bases.map((b) =>
    drafts ? SaleScopes.drafts(b) : q.clientId ? SaleScopes.client(b, q.clientId) : q.status ? SaleScopes.status(b, q.status) : SaleScopes.sales(b),
  );
  const checks: ((d: Record<string, unknown>) => boolean)[] = [];
  if (q.clientId) checks.push((d) => d.clientId === q.clientId);
  if (q.status) checks.push((d) => d.status === q.status);
  checks.push(drafts ? (d) => d.status === 'typing' : (d) => d.status !== 'typing');
  if (q.branchId) checks.push((d) => d.branchId === q.branchId);
  if (q.from) checks.push((d) => String(d.orderDate) >= q.from!);
  if (q.until) checks.push((d) => String(d.orderDate) <= q.until!);
  const match = checks.length ? (d: Record<string, unknown>) => checks.every((c) => c(d)) : undefined;
  const terms = searchTerms(q.q);
  const page = { cursor: q.cursor, limit: q.limit, query: `sales|${partitions.join(',')}|${terms.join(' ')}|${JSON.stringify({ ...q, cursor: undefined })}` };
  // The lists' sort keys begin with the order date: a period is a key range of the same partitions.
  const range = q.from || q.until ? { from: q.from ?? '0000-00-00', to: q.until ?? '9999-12-31' } : undefined;
  const res = terms.length ? await SalesRepository.search(bases, terms, page, { match, readFactor: 3 }) : await SalesRepository.list(partitions, page, { match, readFactor: 5, range });
  return { items: res.items, nextCursor: res.nextCursor, scope: seen };
}

/** A quantity as the stock texts show it: pt-BR, no trailing zeros ("4", "4,5"). */
const shownQuantity = (q: string) => formatDecimal(q, 4).replace(/,?0+$/, '');

function stockLines(sale: Sale, branchId: string) {
  return sale.items.filter((i) => !i.cancelled).map((i) => ({ productId: i.productId, branchId, quantity: i.quantity }));
}

/** The rules a close checks beyond a draft's (spec sections 5 and 6), in the order a user fixes them. */
async function closeChecks(sale: SaleRecord, input: z.output<typeof SaleClose>) {
  const { tenant, branch } = await Tenants.company();
  if (!branch) throw new DomainError('sales.no_branch', SaleTexts.noBranch(), 'validation');
  if (!branch.issuesSales) throw new DomainError('sales.branch_no_sales', SaleTexts.branchNoSales({ branch: branch.nickname ?? branch.name }), 'validation');
  const settings = tenant.settings.sales;
  if (!sale.clientId) throw invalid('clientId', SaleTexts.clientRequired());
  const client = await Clients.find(sale.clientId);
  if (isBlockedSituation(client.situation)) throw new DomainError('sales.client_invalid', SaleTexts.clientInvalid(), 'conflict', { fields: [fieldError('clientId', SaleTexts.clientInvalid())] });
  if (settings.checkCustomerRegistration && isIncomplete(client)) throw invalid('clientId', SaleTexts.clientIncomplete());
  // A sale always has a salesman: one the rules give, or the one the entry chose.
  if (!sale.salesmanId) throw invalid('salesmanId', SaleTexts.salesmanRequired());
  if (sale.totals.count === 0) throw invalid('items', SaleTexts.itemsRequired());
  const nature = await registryRecord(natures, sale.natureId);
  const noPayment = sale.situation === 'free' || (nature !== null && nature.financialMovement === false);
  const condition = noPayment ? null : await registryRecord(paymentsConditions, sale.paymentConditionId);
  if (!noPayment && !condition) throw invalid('paymentConditionId', SaleTexts.paymentRequired());
  if (settings.transportRequired && sale.transport.costing === null) throw invalid('transport.costing', SaleTexts.transportRequired());
  const minimum = condition?.minimumInvoice as string | null | undefined;
  if (minimum && new Decimal(sale.totals.total).lt(minimum)) {
    const f = (v: Decimal.Value) => formatMoney(v, sale.decimals);
    throw invalid('paymentConditionId', SaleTexts.minimumInvoice({ total: f(sale.totals.total), minimum: f(minimum), difference: f(new Decimal(minimum).minus(sale.totals.total)) }));
  }
  // A line whose unit the client pays below its product's minimum (after the line's and the
  // general discount): refused, or, where the company uses password authorization, allowed by the
  // password of a user whose profile authorizes financial releases (recorded on the sale). Every
  // such line is named at once, each on its price.
  const below = sale.items.flatMap((item) => {
    const said = minimumPriceIssue(item, { generalDiscountPercent: sale.generalDiscountPercent, free: sale.situation === 'free' }, sale.decimals);
    return said ? [fieldError(`items.${item.index}.unitPrice`, said)] : [];
  });
  let authorizer: Sale['authorizer'] = null;
  if (below.length) {
    const said = below.length === 1 ? fieldSaid(below[0]!) : SaleTexts.belowMinimumMany({ count: below.length });
    if (!tenant.settings.further.passwordAuthorization) throw new DomainError('validation', said, 'validation', { fields: below });
    if (!input.authorization) throw new DomainError('sales.authorization_required', said, 'validation', { fields: below, details: { authorization: 'password' } });
    const user = await Auth.confirm(input.authorization.email, input.authorization.password);
    const profile = user ? await Tenants.profile(user.profileId) : undefined;
    if (!user || !profile || !isFinancialReleaseAuthorizer(user, profile)) throw invalid('authorization.password', SaleTexts.passwordWrong());
    authorizer = { userId: user.userId, name: user.name, profileId: profile.id, profileName: profile.name };
  }
  if (settings.geolocationEnabled) {
    if (!input.geolocation) throw invalid('geolocation', SaleTexts.geolocationRequired());
    if (input.geolocation.accuracy > settings.geolocationPrecision) {
      throw invalid('geolocation', SaleTexts.geolocationImprecise({ accuracy: Math.round(input.geolocation.accuracy), precision: settings.geolocationPrecision }));
    }
  }
  return { tenant, branch, client, condition, noPayment, authorizer, checkStock: settings.checkStock };
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
async function close(id: string, raw: unknown, idempotencyKey: string | null = null): Promise<Sale> {
  authorize('create', 'vendas');
  const input = parseInput(SaleClose, raw);
  for (let round = 1; ; round++) {
    const before = await visible(id);
    if (before.status !== 'typing') {
      if (idempotencyKey && before.closeKey === idempotencyKey) return publicSale(before);
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
    const cuts = checked.checkStock || before.consigned ? await stockCuts(before, checked.branch.id, input.acceptShortStock) : [];
    const mark: CloseMark = { attempt: newId(), key: idempotencyKey, at: timestamp(), state: 'closing', cuts, geolocation: input.geolocation, authorizer: checked.authorizer };
    const marked: SaleRecord = { ...before, closing: mark };
    try {
      await transact(SalesRepository.markSteps(before, marked));
    } catch (e) {
      // Another close marked it first, or a save moved it: read it again.
      if (e instanceof MarkMoved && round <= CLOSE_ROUNDS) continue;
      throw e instanceof MarkMoved ? closeUnderway() : e;
    }
    return finishClose(marked, checked.client);
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
async function settleMarked(marked: SaleRecord, known?: ClientRecord): Promise<Sale | null> {
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
 */
async function stockCuts(sale: SaleRecord, branchId: string, accept: boolean): Promise<[number, string][]> {
  const shortages = await Reservations.check(stockLines(sale, branchId));
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
function stockRefusal(sale: Sale, shortages: Shortage[]): DomainError {
  const blocked = shortages.filter((x) => x.level === 'insufficient');
  const fields = lineShares(sale, shortages).map(({ item, share, shortage }) =>
    fieldError(`items.${item.index}.quantity`, (shortage.level === 'insufficient' ? SaleTexts.stockInsufficient : SaleTexts.stockLower)({ name: item.name, available: shownQuantity(share) })),
  );
  return blocked.length
    ? new DomainError('sales.stock_insufficient', fields[0]!.message, 'conflict', { fields, details: { shortages } })
    : new DomainError('sales.stock_lower', fields[0]!.message, 'conflict', { fields, details: { shortages } });
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
      return { ...i, quantityAsked: i.quantity, quantity: new Decimal(quantity).toFixed(), cancelled: new Decimal(quantity).isZero() };
    });
    const { lines, ...totals } = saleTotals({ ...marked, items, condition: marked.paymentRates, free: marked.situation === 'free' }, marked.decimals);
    sale = { ...marked, items: items.map((i, n) => ({ ...i, gross: lines[n]!.gross, discount: lines[n]!.discount, total: lines[n]!.net })), totals };
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
async function finishClose(marked: SaleRecord, known?: ClientRecord): Promise<Sale> {
  let sale: SaleRecord;
  try {
    sale = await closeSale(marked, known);
  } catch (e) {
    const undone = await undoClose(marked).catch((u: unknown) => {
      // Left marked (storage down): a close call once the mark is old, or the sweep, finishes or undoes it.
      Logs.warn('sales.close_undo_failed', { saleId: marked.id, error: (u as Error).message });
      return 'failed' as const;
    });
    if (undone === 'moved') {
      // Another call holds the sale now (a takeover), or the sale was written after all (an answer lost).
      const now = await SalesRepository.get(marked.id);
      if (now && now.status !== 'typing' && now.closeKey === marked.closing?.key) return publicSale(now);
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
  await Clients.recordPurchase(sale.clientId!, sale.orderDate).catch((e: unknown) => Logs.warn('sales.last_purchase_failed', { saleId: sale.id, error: (e as Error).message }));
  Logs.audit('sales.close', { saleId: sale.id, number: sale.number });
  return publicSale(sale);
}

/** The close's steps up to the numbered sale (its one transaction); throws what stopped it. */
async function closeSale(marked: SaleRecord, known?: ClientRecord): Promise<SaleRecord> {
  const { tenant, timezone } = await Tenants.company();
  const branchId = marked.branchId!;
  const closing = closingSale(marked);
  // A consigned sale's goods leave as lent stock, whatever "check stock" says; another is reserved where the company checks stock.
  const take = marked.consigned ? Consignments.lend : tenant.settings.sales.checkStock ? Reservations.reserve : null;
  if (take) {
    const reserved = await take(marked.id, stockLines(closing, branchId));
    if (!reserved.ok) throw new StockTaken(reserved.shortages);
  }
  const [client, salesman, condition] = await Promise.all([
    known ?? Clients.find(marked.clientId!),
    marked.salesmanId ? Users.record(marked.salesmanId) : undefined,
    registryRecord(paymentsConditions, marked.paymentConditionId),
  ]);
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
      closedAt: now,
      supervisorId: salesman?.supervisorId ?? null,
      installments,
      consignment: closedConsignment(marked.consignment, orderDate),
      history: [...marked.history, { at: now, userId: currentActor().userId ?? marked.createdBy, userName: null, from: 'typing', to: 'pending', reason: null }],
      closing: null,
      closeKey: marked.closing!.key,
      updatedAt: now,
      version: marked.version + 1,
    };
    const installmentSteps = financialSteps(closing, client, installments, number, orderDate);
    await transact([SalesRepository.numberStep(previous), ...SalesRepository.closeSteps(marked, sale), ...installmentSteps]);
    return sale;
  });
}

/**
 * A close taken back, in an order that a crash at any point leaves finishable: the mark becomes
 * `undoing` (over this call's mark: from then on nobody can number the sale), what the close took
 * is released (the reservation, or the goods lent), and the mark goes (the draft as typed, its
 * version as before). 'moved': the mark is no longer this call's (another took over, or the sale
 * was written), and nothing was released.
 */
async function undoClose(marked: SaleRecord): Promise<'undone' | 'moved'> {
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
  Logs.warn('sales.close_undone', { saleId: marked.id });
  return 'undone';
}

/**
 * System work for the start (functions/src/local/main.ts) and the scheduled sweep on AWS: every close found
 * interrupted (a sale still marked as closing: the process died between the mark and the numbered
 * sale, or while undoing) is taken over and finished, in every company; one that cannot finish
 * (its stock went elsewhere meanwhile, or any other failure) is undone (back to the draft as typed,
 * nothing reserved). Answers how many were finished and undone. `minAgeSeconds`: only closes
 * marked at least that long ago (the scheduled sweep, sales/sweep.ts; the start takes them all).
 * `tenantIds`: only these companies (a test's own, so a sweep of one test file never takes over a
 * close another file has in flight).
 */
async function finishInterrupted(options: { minAgeSeconds?: number; tenantIds?: string[] } = {}): Promise<{ finished: number; undone: number }> {
  const out = { finished: 0, undone: 0 };
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
    });
  }
  return out;
}

/**
 * An authorizer of financial release (a price below the minimum, a move to paid): the user's own
 * flag or its profile's (docs/decisions.md, "Users").
 */
function isFinancialReleaseAuthorizer(user: { financialReleaseAuthorizer?: boolean }, profile: { financialReleaseAuthorizer?: boolean } | undefined): boolean {
  return user.financialReleaseAuthorizer === true || profile?.financialReleaseAuthorizer === true;
}

/**
 * POST /sales/{id}/status: a move the status machine allows (docs/sales.md "Statuses"), by who may
 * update `vendas`; to paid only by an authorizer of financial release. Cancelling releases the
 * stock and cancels the open installments; delivering turns the reservation into a delivery.
 */
async function move(id: string, raw: unknown): Promise<Sale> {
  authorize('update', 'vendas');
  const input = parseInput(SaleMove, raw);
  const before = await visible(id);
  if (before.version !== input.version) throw versionConflict();
  if (!canMove(before.status, input.to)) throw new DomainError('sales.move', SaleTexts.move({ from: before.status, to: input.to }), 'conflict');
  const actor = currentUserActor();
  if (needsAuthorizer(input.to)) {
    const user = await Users.record(actor.userId);
    const profile = user ? await Tenants.profile(user.profileId) : undefined;
    if (!user || !isFinancialReleaseAuthorizer(user, profile)) throw new DomainError('forbidden', SaleTexts.authorizerOnly(), 'forbidden');
  }
  const effects = effectsOf(before.status, input.to);
  // Goods still lent come back through the settlement (all returned), not by a cancel.
  if (effects.release && isOpenConsignment(before)) throw new DomainError('sales.consignment_open', SaleTexts.consignmentOpen(), 'conflict');
  // What the sale itself reserved at closing, whatever the company's "check stock" says now: a
  // release of nothing releases nothing; a sale closed without a reservation delivers none.
  if (effects.release) await Reservations.release(before.id);
  if (effects.deliver && (await Reservations.status(before.id)).state !== 'none') await Reservations.deliver(before.id);
  if (effects.cancelInstallments && before.clientId && before.number !== null) await Clients.cancelInstallments(before.clientId, String(before.number));
  const now = timestamp();
  const after: SaleRecord = {
    ...before,
    status: input.to,
    installments: effects.cancelInstallments ? before.installments.map((i) => (i.status === 'open' ? { ...i, status: 'cancelled' as const } : i)) : before.installments,
    history: [...before.history, { at: now, userId: actor.userId, userName: null, from: before.status, to: input.to, reason: input.reason }],
    updatedAt: now,
    version: before.version + 1,
  };
  await transact(SalesRepository.replaceSteps(before, after));
  Logs.audit('sales.move', { saleId: id, from: before.status, to: input.to });
  return publicSale(after);
}

/**
 * POST /sales/{id}/consignment: a consigned sale's settlement (docs/sales.md "Consigned sales"), by
 * who may update `vendas`, in the user's scope: per line the quantity returned, the rest sold.
 */
async function settle(id: string, raw: unknown): Promise<Sale> {
  authorize('update', 'vendas');
  return publicSale(await settleConsignment(await visible(id), raw));
}

/**
 * POST /sales/{id}/clone: a new draft from any sale or draft the user sees (spec section 2), with
 * its client, its header and its lines (cancelled ones left out), priced and checked again as any
 * draft is: today's prices, today's rules. A client that can no longer be chosen (in analysis or
 * problem) answers the spec's "cloned client cannot be selected" case, naming the field, and no
 * draft is made.
 */
async function clone(id: string): Promise<Sale> {
  authorize('create', 'vendas');
  const source = await visible(id);
  if (source.clientId) {
    const client = await Clients.find(source.clientId);
    if (isBlockedSituation(client.situation)) throw invalid('clientId', SaleTexts.clonedClientBlocked());
  }
  const input = parseInput(SaleDraftCreate, {
    clientId: source.clientId,
    productCompanyId: source.productCompanyId,
    natureId: source.natureId,
    situation: source.situation,
    priceTableId: source.priceTableId,
    paymentType: source.paymentType,
    paymentConditionId: source.paymentConditionId,
    transport: source.transport,
    shippingAddressId: source.shippingAddressId,
    observations: source.observations,
    generalDiscountPercent: source.generalDiscountPercent,
    otherDiscount: source.otherDiscount,
    transportIncrease: source.transportIncrease,
    otherIncrease: source.otherIncrease,
    extra: source.extra,
    items: source.items
      .filter((i) => !i.cancelled)
      .map((i) => ({ productId: i.productId, quantity: i.quantityAsked ?? i.quantity, unitPrice: i.listPrice ?? i.unitPrice, discountPercent: i.discountPercent })),
  });
  const sale = await build(input, null);
  await transact(SalesRepository.createSteps(sale));
  Logs.audit('sales.clone', { saleId: sale.id, from: id });
  return sale;
}

/**
 * The sales module. Every function here is reached by a request and checks its subject:
 * `createDraft` and `updateDraft` (entry: create on `vendas`), `get` and `list` (read),
 * `removeDraft` (delete), `close` and `clone` (entry: create), `move` and `settle` (update). `finishInterrupted` is system
 * work for the start.
 */
export const Sales = { catalogue, clientProducts, createDraft, updateDraft, removeDraft, get, list, close, move, clone, settle, finishInterrupted };
