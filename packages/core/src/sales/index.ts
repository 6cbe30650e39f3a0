import { isBlockedSituation } from '@ev/shared/schemas/clients';
import type { Product } from '@ev/shared/schemas/products';
import { SaleDraftCreate, SaleDraftUpdate, SalesListQuery, SaleTexts, type Sale, type SaleDraftInput, type SaleItem } from '@ev/shared/schemas/sales';
import { saleTotals } from '@ev/shared/sales/totals';
import { Decimal } from '@ev/shared/money';
import { fold, words } from '@ev/shared/text';
import type { Said } from '@ev/shared/texts';
import type { z } from 'zod';
import { Clients, type ClientRecord } from '../clients';
import { Clock, timestamp } from '../clock';
import { authorize, currentUserActor } from '../context';
import { notFound, versionConflict } from '../db/records';
import { transact } from '../db/tx';
import { DomainError, fieldError } from '../errors';
import { newId } from '../ids';
import { Logs } from '../logs';
import { Prices } from '../prices';
import { Products } from '../products';
import { Registries } from '../registries';
import { Scope, ScopeRules, type RecordScope } from '../scope';
import { Tenants } from '../tenants';
import { parseInput } from '../validation';
import { publicSale, SaleScopes, SalesRepository, type SaleRecord } from './repository';

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
  return Scope.current(ScopeRules.owned);
}

/** A sale the current user may see, or 404. */
async function visible(id: string): Promise<SaleRecord> {
  const [sale, s] = await Promise.all([SalesRepository.get(id), scope()]);
  if (!sale || !Scope.includes(s, sale.salesmanId)) throw notFound();
  return sale;
}

/** The registry record of `registry` with this id, or null. */
async function registryRecord(registry: string, id: string | null): Promise<Record<string, unknown> | null> {
  if (!id) return null;
  const found = await Registries.records([{ registry, id }]);
  return (found.values().next().value as Record<string, unknown> | undefined) ?? null;
}

/**
 * A draft's lines, checked against the catalogue and the company's sales settings, with the
 * resolved price for the client and the figures of `saleTotals`. Refusals name the line's field.
 */
async function buildItems(input: SaleDraftInput, client: ClientRecord | null, settings: { itemDiscounts: boolean; blockPriceChange: boolean }): Promise<{ items: SaleItem[]; products: Map<string, Product> }> {
  const ids = [...new Set(input.items.map((i) => i.productId))];
  const [products, prices] = await Promise.all([
    Products.getMany(ids).then((list) => new Map(list.map((p) => [p.id, p]))),
    client && ids.length ? Prices.resolve({ clientId: client.id, productIds: ids }) : Promise.resolve(new Map()),
  ]);
  const free = input.situation === 'free';
  const items = input.items.map((line, index): SaleItem => {
    const product = products.get(line.productId);
    if (!product) throw invalid(`items.${index}.productId`, SaleTexts.productMissing());
    if (input.productCompanyId && product.productCompanyId && product.productCompanyId !== input.productCompanyId) {
      throw invalid(`items.${index}.productId`, SaleTexts.otherCompany({ name: product.name }));
    }
    const resolved = prices.get(line.productId);
    if (resolved && resolved.price === null && !line.cancelled) {
      throw invalid(`items.${index}.productId`, SaleTexts.productUnavailable({ name: product.name, reason: resolved.reason }));
    }
    const discount = free ? null : line.discountPercent;
    if (discount && !new Decimal(discount).isZero() && !settings.itemDiscounts) throw invalid(`items.${index}.discountPercent`, SaleTexts.itemDiscountsOff());
    if (settings.blockPriceChange && resolved?.price && !new Decimal(resolved.price).equals(line.unitPrice)) {
      throw invalid(`items.${index}.unitPrice`, SaleTexts.priceLocked({ price: resolved.rounded }));
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
  return { items, products };
}

/** The whole draft as it will be stored: input checked, client and lines resolved, figures computed. */
async function build(input: SaleDraftInput, before: SaleRecord | null): Promise<Sale> {
  const actor = currentUserActor();
  const { tenant, branch, timezone, decimals } = await Tenants.company();
  if (!branch) throw new DomainError('sales.no_branch', SaleTexts.noBranch(), 'validation');
  const sales = tenant.settings.sales;

  let client: ClientRecord | null = null;
  if (input.clientId) {
    client = await Clients.find(input.clientId).catch((e: unknown) => {
      if (e instanceof DomainError && e.kind === 'not_found') throw invalid('clientId', SaleTexts.clientBlocked());
      throw e;
    });
    // A client in analysis or problem cannot be chosen; one that became so after the draft began
    // stays on it (the close says so with the spec's "client now invalid").
    if (isBlockedSituation(client.situation) && client.id !== before?.clientId) throw invalid('clientId', SaleTexts.clientBlocked());
  }

  const [nature, condition] = await Promise.all([registryRecord('natures', input.natureId), registryRecord('payments-conditions', input.paymentConditionId)]);
  if (input.natureId && !nature) throw invalid('natureId', SaleTexts.natureMissing());
  if (input.paymentConditionId && !condition) throw invalid('paymentConditionId', SaleTexts.conditionMissing());
  const free = input.situation === 'free';
  // A free order, or a sale type without financial movement, has no payment.
  const noPayment = free || (nature !== null && nature.financialMovement === false);
  if (!noPayment && condition && client && client.paymentConditionIds.length > 0 && !client.paymentConditionIds.includes(condition.id as string)) {
    throw invalid('paymentConditionId', SaleTexts.paymentNotAllowed());
  }
  const orderDiscount = [input.generalDiscountPercent, input.otherDiscount].some((v) => v && !new Decimal(v).isZero());
  if (orderDiscount && !sales.orderDiscounts) throw invalid(input.generalDiscountPercent ? 'generalDiscountPercent' : 'otherDiscount', SaleTexts.orderDiscountsOff());

  const { items } = await buildItems(input, client, sales);
  const payment = noPayment ? { paymentType: null, paymentConditionId: null } : { paymentType: input.paymentType, paymentConditionId: input.paymentConditionId };
  const totals = saleTotals(
    {
      items,
      generalDiscountPercent: input.generalDiscountPercent,
      otherDiscount: input.otherDiscount,
      transportIncrease: input.transportIncrease,
      otherIncrease: input.otherIncrease,
      condition: noPayment || !condition ? null : { discountRate: (condition.discountRate as string | null) ?? null, surchargeRate: (condition.surchargeRate as string | null) ?? null },
      free,
    },
    decimals,
  );
  if (new Decimal(totals.total).isNegative()) throw invalid('otherDiscount', SaleTexts.totalNegative());
  const figured = items.map((item, i) => ({ ...item, gross: totals.lines[i]!.gross, discount: totals.lines[i]!.discount, total: totals.lines[i]!.net }));
  const { lines: _lines, ...orderTotals } = totals;

  // The sale's salesman: the client's, where the company keeps the original salesman; else the
  // user when he sells, else the client's.
  const salesmanId =
    tenant.settings.further.useOriginalSalesman && client?.salesmanId ? client.salesmanId : actor.salesman || actor.supervisor ? actor.userId : (client?.salesmanId ?? null);
  if (before === null && salesmanId && !Scope.includes(await scope(), salesmanId)) throw notFound();
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
    decimals,
    installments: [],
    authorizer: null,
    geolocation: null,
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
  if (before.status !== 'typing') throw new DomainError('sales.not_draft', SaleTexts.notDraft(), 'conflict');
  if (before.version !== version) throw versionConflict();
  const sale = await build(input, before);
  await transact(SalesRepository.replaceSteps(before, sale));
  return sale;
}

async function removeDraft(id: string): Promise<Sale> {
  authorize('delete', 'vendas');
  const before = await visible(id);
  if (before.status !== 'typing') throw new DomainError('sales.not_draft', SaleTexts.notDraft(), 'conflict');
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
  const actor = currentUserActor();
  const s = await scope();
  if (!actor.branchId) return { items: [], nextCursor: null };
  let owners: string[] | null = s.kind === 'all' ? null : s.ids;
  if (q.salesmanId) owners = owners ? owners.filter((o) => o === q.salesmanId) : [q.salesmanId];
  if (owners && owners.length === 0) return { items: [], nextCursor: null };
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
  const terms = q.q ? words(q.q).map(fold) : [];
  const page = { cursor: q.cursor, limit: q.limit, query: `sales|${partitions.join(',')}|${terms.join(' ')}|${JSON.stringify({ ...q, cursor: undefined })}` };
  const res = terms.length ? await SalesRepository.search(bases, terms, page, { match, readFactor: 3 }) : await SalesRepository.list(partitions, page, { match, readFactor: 5 });
  return { items: res.items, nextCursor: res.nextCursor };
}

/**
 * The sales module. Every function here is reached by a request and checks its subject:
 * `createDraft` and `updateDraft` (entry: create on `vendas`), `get` and `list` (read),
 * `removeDraft` (delete).
 */
export const Sales = { createDraft, updateDraft, removeDraft, get, list };
