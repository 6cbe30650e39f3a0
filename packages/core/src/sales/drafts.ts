import { ApiTexts } from '@ev/shared/messages';
import { isBlockedSituation } from '@ev/shared/schemas/clients';
import { SaleDraftCreate, SaleDraftUpdate, SaleTexts, type Sale, type SaleDraftInput, type SaleItem } from '@ev/shared/schemas/sales';
import { ruledSalesman } from '@ev/shared/sales/salesman';
import { saleTotals } from '@ev/shared/sales/totals';
import { Decimal } from '@ev/shared/money';
import { campaignGiven, campaignIdsOf, lineCampaignTerms, orderCampaigns } from '@ev/shared/sales/campaigns';
import { judgeLine } from '@ev/shared/sales/line-rules';
import { draftRules } from '@ev/shared/sales/draft-rules';
import { movesNoMoney } from '@ev/shared/sales/order-rules';
import { natures } from '@ev/shared/registries/natures';
import { paymentsConditions } from '@ev/shared/registries/payments-conditions';
import { Clients, type ClientRecord } from '../clients';
import { Clock, timestamp } from '../clock';
import { authorize } from '../context';
import { notFound, versionConflict } from '../db/records';
import { transact } from '../db/tx';
import { DomainError, fieldError, type FieldError } from '../errors';
import { newId } from '../ids';
import { Logs } from '../logs';
import { Prices } from '../prices';
import { Products } from '../products';
import { Scope } from '../scope';
import { Tenants } from '../tenants';
import { Users } from '../users';
import type { BranchRecord } from '../tenants/records';
import { parseInput } from '../validation';
import { activeCampaigns, campaignsFor, withoutOwn, type OrderCampaigns } from './campaigns';
import { consignmentTerms } from './consignment';
import { draftLoyalty, overTotal } from './loyalty';
import { publicSale, SalesRepository, type SaleRecord } from './repository';
import { answer, entrant, invalid, refused, registryRecord, scope, visible } from './access';
import { StoreTexts } from '@ev/shared/schemas/store';

/** Drafts (docs/sales.md "Rules at a save"): begun, saved whole over the version read, deleted, cloned; `build` checks and figures a draft as entry and edit store it. */

/**
 * A draft's lines, checked against the catalogue and the company's sales settings, with the
 * resolved price for the client and the figures of `saleTotals`. Refusals name the line's field,
 * every refused line at once.
 */
async function buildItems(input: SaleDraftInput, client: ClientRecord | null, settings: { itemDiscounts: boolean; blockPriceChange: boolean }, offer: OrderCampaigns, decimals: number, fixedPrices: boolean): Promise<SaleItem[]> {
  const ids = [...new Set(input.items.map((i) => i.productId))];
  const [products, prices] = await Promise.all([
    Products.getMany(ids).then((list) => new Map(list.map((p) => [p.id, p]))),
    client && ids.length ? Prices.resolve({ clientId: client.id, productIds: ids, tableId: input.priceTableId }) : Promise.resolve(new Map()),
  ]);
  const free = input.situation === 'free';
  // Each line's campaign, decided as the entry shows it (the same function): docs/campaigns.md "In an order".
  const chosen = orderCampaigns(
    offer.inForce,
    input.items.map((line) => {
      const product = products.get(line.productId);
      return { product: { id: line.productId, groupId: product?.groupId, productCompanyId: product?.productCompanyId }, quantity: line.quantity, listPrice: prices.get(line.productId)?.price ?? null, cancelled: line.cancelled || !product };
    }),
    offer.use,
    free,
  );
  const problems: FieldError[] = [];
  const items = input.items.map((line, index): SaleItem | null => {
    const product = products.get(line.productId);
    const resolved = prices.get(line.productId);
    const judged = judgeLine({
      index,
      line,
      product,
      productCompanyId: input.productCompanyId,
      resolved,
      campaign: chosen[index] ? lineCampaignTerms(chosen[index]) : null,
      settings,
      free,
      decimals,
      fixedPrices,
    });
    problems.push(...judged.problems.map((p) => fieldError(p.field, p.said)));
    if (!product) return null;
    const { typed, campaign } = judged;
    const discount = judged.discountPercent;
    const quantity = new Decimal(line.quantity).toFixed();
    const unitPrice = new Decimal(typed).toFixed(4);
    const listPrice = resolved?.price ?? null;
    return {
      index,
      productId: product.id,
      ref: product.ref,
      name: product.name,
      barcode: product.barcode ?? null,
      productCompanyId: product.productCompanyId ?? null,
      groupId: product.groupId ?? null,
      quantity,
      quantityAsked: null,
      unitPrice,
      discountPercent: discount,
      listPrice,
      priceSource: resolved && resolved.price !== null ? resolved.source : null,
      minimumPrice: product.minimumPrice ?? null,
      gross: '0',
      discount: '0',
      total: '0',
      stock: null,
      cancelled: line.cancelled,
      campaign: campaign ? { ...campaign, given: campaignGiven({ quantity, unitPrice, listPrice, campaign }, decimals) } : null,
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
  const actor = entrant();
  // A store's order is its client's salesman's, so it counts in his dashboards (docs/store.md "The purchase").
  if (actor.storeClientId) {
    if (!client?.salesmanId) throw invalid('clientId', StoreTexts.noSalesman());
    return client.salesmanId;
  }
  const ruled = ruledSalesman({ useOriginalSalesman, clientSalesmanId: client?.salesmanId, user: { id: actor.userId!, sells: actor.sells } });
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
export async function build(entered: SaleDraftInput, before: SaleRecord | null, at?: { branch: BranchRecord; decimals: number }): Promise<Sale> {
  const actor = entrant();
  const company = await Tenants.company();
  const { tenant, timezone } = company;
  // An edit of a pending sale stays in the sale's branch, at its decimals; a draft is the session's.
  const { branch, decimals } = at ?? company;
  if (!branch) throw new DomainError('sales.no_branch', ApiTexts.noBranches(), 'validation');
  const sales = tenant.settings.sales;
  // A consigned sale takes the branch's terms, its discount as the general discount (docs/sales.md).
  const consignment = consignmentTerms(entered, branch);
  const input = consignment ? { ...entered, generalDiscountPercent: consignment.discountPercent } : entered;

  // The active campaigns read beside the client (docs/campaigns.md), where they can apply.
  const campaignsOn = sales.enableCampaigns && input.situation !== 'free' && !consignment && !!input.clientId;
  const active = campaignsOn ? activeCampaigns() : undefined;
  active?.catch(() => undefined);
  let client: ClientRecord | null = null;
  if (input.clientId) {
    client = await Clients.find(input.clientId).catch((e: unknown) => {
      if (e instanceof DomainError && e.kind === 'not_found') throw invalid('clientId', SaleTexts.clientMissing());
      throw e;
    });
  }

  const [nature, condition] = await Promise.all([registryRecord(natures, input.natureId), registryRecord(paymentsConditions, input.paymentConditionId)]);
  const refusal = draftRules({ input, client, nature, condition, before, consigned: !!consignment, settings: sales });
  if (refusal) throw refused(refusal.fields.map((f) => fieldError(f.field, f.said)));
  const free = input.situation === 'free';
  const noPayment = movesNoMoney(input, nature);

  // Campaigns: not on a free order (nothing is sold) nor on a consignment (what the client keeps is known only at its settlement).
  const offer = withoutOwn(await campaignsFor({ enabled: campaignsOn, date: Clock.today(timezone), branchId: branch.id, client }, active), before, client?.id ?? null);
  const items = await buildItems(input, client, sales, offer, decimals, !!actor.storeClientId);
  const payment = noPayment ? { paymentType: null, paymentConditionId: null } : { paymentType: input.paymentType, paymentConditionId: input.paymentConditionId };
  const paymentRates = noPayment || !condition ? null : { discountRate: (condition.discountRate as string | null) ?? null, surchargeRate: (condition.surchargeRate as string | null) ?? null };
  // The client's cashback and points the order uses: a payment discount, off the total last (docs/loyalty.md).
  const loyalty = await draftLoyalty(input.loyaltyUse, client, { free, consigned: !!consignment, decimals }, before);
  const totals = saleTotals(
    {
      items,
      generalDiscountPercent: input.generalDiscountPercent,
      otherDiscount: input.otherDiscount,
      transportIncrease: input.transportIncrease,
      otherIncrease: input.otherIncrease,
      condition: paymentRates,
      free,
      loyaltyDiscount: loyalty.discount,
    },
    decimals,
  );
  const over = overTotal(totals.total, loyalty.discount, decimals);
  if (over) throw over;
  if (new Decimal(totals.total).isNegative()) throw invalid('otherDiscount', SaleTexts.totalNegative());
  const figured = items.map((item, i) => ({ ...item, gross: totals.lines[i]!.gross, discount: totals.lines[i]!.discount, total: totals.lines[i]!.net }));
  const { lines: _lines, ...orderTotals } = totals;

  const salesmanId = await saleSalesman(input, client, before, tenant.settings.further.useOriginalSalesman);
  const now = timestamp();
  return {
    ...input,
    ...payment,
    items: figured,
    campaignIds: campaignIdsOf(figured),
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
    payment: 'none',
    authorizer: null,
    geolocation: null,
    consignment,
    loyalty: loyalty.loyalty,
    store: before?.store ?? null,
    history: before?.history ?? [],
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
    version: before ? before.version + 1 : 1,
  };
}

export async function createDraft(raw: unknown): Promise<Sale> {
  authorize('create', 'vendas');
  const input = parseInput(SaleDraftCreate, raw);
  const sale = await build(input, null);
  await transact(SalesRepository.createSteps(sale));
  Logs.audit('sales.draft_create', { saleId: sale.id });
  return sale;
}

export async function updateDraft(id: string, raw: unknown, known?: SaleRecord): Promise<Sale> {
  authorize('create', 'vendas');
  const { version, ...input } = parseInput(SaleDraftUpdate, raw);
  const before = known ?? (await visible(id));
  if (before.status !== 'typing' || before.closing) throw new DomainError('sales.not_draft', SaleTexts.notDraft(), 'conflict');
  if (before.version !== version) throw versionConflict();
  const sale = await build(input, before);
  await transact(SalesRepository.replaceSteps(before, sale));
  return sale;
}

export async function removeDraft(id: string): Promise<Sale> {
  authorize('delete', 'vendas');
  const before = await visible(id);
  if (before.status !== 'typing' || before.closing) throw new DomainError('sales.not_draft', SaleTexts.notDraft(), 'conflict');
  await transact(SalesRepository.deleteSteps(before));
  Logs.audit('sales.draft_delete', { saleId: id });
  return publicSale(before);
}

/**
 * A draft an order closed offline replaced (docs/offline.md "Orders offline"): the user began the
 * order online, lost the signal and closed it on the device, which sent it as a new order under its
 * key. Once that order is taken, the draft it was typed from goes, if it is still the user's own
 * draft (one closed or changed elsewhere meanwhile stays). Answers whether it went.
 */
export async function dropReplaced(id: string): Promise<boolean> {
  authorize('create', 'vendas');
  const before = await visible(id).catch(() => null);
  if (!before || before.status !== 'typing' || before.closing || before.createdBy !== entrant().userId) return false;
  await transact(SalesRepository.deleteSteps(before));
  Logs.audit('sales.draft_replaced', { saleId: id });
  return true;
}

/**
 * The sale a draft became when it was closed under this Idempotency-Key (null: it was not): an
 * order closed offline after a close whose answer was lost names that draft and that key, and is
 * that sale (docs/offline.md "Orders offline"), not a second one.
 */
export async function closedUnder(id: string, key: string): Promise<Sale | null> {
  authorize('create', 'vendas');
  const sale = await visible(id).catch(() => null);
  return sale && sale.status !== 'typing' && sale.closeKey === key ? answer(sale) : null;
}

/**
 * POST /sales/{id}/clone: a new draft from any sale or draft the user sees (spec section 2), with
 * its client, its header and its lines (cancelled ones left out), priced and checked again as any
 * draft is: today's prices, today's rules. A client that can no longer be chosen (in analysis or
 * problem) answers the spec's "cloned client cannot be selected" case, naming the field, and no
 * draft is made.
 */
export async function clone(id: string): Promise<Sale> {
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
