import { Decimal } from '@ev/shared/money';
import type { Sale, SaleCatalogueItem, SaleDraftInput } from '@ev/shared/schemas/sales';
import { lineCache, saleTotals, type SaleTotals, type TotalsItem } from '@ev/shared/sales/totals';
import { loyaltyDiscount } from '@ev/shared/sales/loyalty';
import { decimalText } from '@/lib/masks';
import { StorageKeys } from '@/lib/storage-keys';
import { catalogueReason } from './entry-api';

/**
 * The order entry's state (docs/sales.md "Order entry"): the draft's header and its lines as the
 * user types them (strings, as typed), the figures from the shared `saleTotals` on every change,
 * and a copy in the browser's storage until the server has it, so a reload or a dropped connection
 * loses nothing typed.
 */

export interface EntryLine {
  /** A key of the line on this screen (lines are kept in their order: `index`). */
  key: string;
  productId: string;
  ref: string;
  name: string;
  barcode: string | null;
  /** The unit it is sold in and its package ('FD 10X1KG'), beside the name (a copy kept before they existed has none). */
  unitName?: string | null;
  package?: string | null;
  productCompanyId: string | null;
  /** The product's group (a campaign may cover it by its group; a copy kept before it existed has none). */
  groupId?: string | null;
  quantity: string;
  unitPrice: string;
  discountPercent: string;
  /** The campaign the line takes, as the shared `orderCampaigns` decides it (docs/campaigns.md); the server decides it again at the save. */
  campaign?: EntryCampaign | null;
  /** The price resolved for the client and negotiation, and where it came from. */
  listPrice: string | null;
  priceSource: string | null;
  minimumPrice: string | null;
  /** Stock available in the session's branch (null: not known yet). */
  available: string | null;
  /** Why the product cannot be sold any more (a negotiation without it): shown on the line. */
  reason: string | null;
  cancelled: boolean;
  /** Why the line was cancelled (asked when an edit of a pending sale cancels it). */
  cancelReason?: string;
  /** A pending sale being corrected: the sale's line this line is (absent: a line added on this screen). */
  index?: number | null;
}

/** A line's campaign as the entry shows it: its name and the unit price or the discount % it gives. */
export interface EntryCampaign {
  id: string;
  name: string;
  price: string | null;
  discountPercent: string | null;
}

export interface EntryHeader {
  clientId: string | null;
  clientName: string | null;
  productCompanyId: string | null;
  natureId: string | null;
  situation: 'normal' | 'free';
  priceTableId: string | null;
  paymentType: string | null;
  paymentConditionId: string | null;
  costing: number | null;
  carrier: string;
  vehicleId: string | null;
  shippingAddressId: string | null;
  invoiceObservation: string;
  internalObservation: string;
  generalDiscountPercent: string;
  otherDiscount: string;
  transportIncrease: string;
  otherIncrease: string;
  consigned: boolean;
  /**
   * The salesman chosen where none follows from the rules (`ruledSalesman`: a client without one,
   * a user who does not sell), and his name for the field; a copy kept before it existed has none.
   */
  salesmanId?: string | null;
  salesmanName?: string | null;
  /** The sale's extra data as rows the user edits (name, value); a copy kept before it existed has none. */
  extra?: ExtraRow[];
  /** The client's cashback (an amount) and points (whole) the order uses, as typed; a copy kept before they existed has none. */
  loyaltyCashback?: string;
  loyaltyPoints?: string;
  /** What a point was worth when the sale priced its use (a pending sale's correction keeps it). */
  loyaltyPointValue?: string | null;
}

export interface ExtraRow {
  key: string;
  name: string;
  value: string;
}

export interface EntryState {
  id: string | null;
  version: number | null;
  header: EntryHeader;
  lines: EntryLine[];
  /** Changes not yet saved on the server. */
  dirty: boolean;
}

export const emptyHeader = (costing: number | null): EntryHeader => ({
  clientId: null,
  clientName: null,
  productCompanyId: null,
  natureId: null,
  situation: 'normal',
  priceTableId: null,
  paymentType: null,
  paymentConditionId: null,
  costing,
  carrier: '',
  vehicleId: null,
  shippingAddressId: null,
  invoiceObservation: '',
  internalObservation: '',
  generalDiscountPercent: '',
  otherDiscount: '',
  transportIncrease: '',
  otherIncrease: '',
  consigned: false,
  salesmanId: null,
  salesmanName: null,
  extra: [],
  loyaltyCashback: '',
  loyaltyPoints: '',
});

let counter = 0;
export const lineKey = () => `l${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A catalogue product as a new line: quantity 1 at the resolved price (written at the branch's decimals). */
export function lineOf(p: SaleCatalogueItem, decimals: number): EntryLine {
  return {
    key: lineKey(),
    productId: p.productId,
    ref: p.ref,
    name: p.name,
    barcode: p.barcode,
    unitName: p.unitName,
    package: p.package,
    productCompanyId: p.productCompanyId,
    groupId: p.groupId,
    quantity: '1',
    unitPrice: p.price ? priceText(p.price, decimals) : '',
    discountPercent: '',
    listPrice: p.price,
    priceSource: p.source,
    minimumPrice: p.minimumPrice,
    available: p.available,
    reason: catalogueReason(p),
    cancelled: false,
  };
}

/**
 * A stored price (4 places) as the user reads and types it: with the comma, at the branch's
 * decimals, or more places where the price has them, so nothing of it is hidden ("24.9000" →
 * "24,90", "8.3330" → "8,333" at 2 decimals).
 */
export function priceText(price: string, decimals: number): string {
  const d = new Decimal(price);
  return decimalText(d.toFixed(Math.max(decimals, d.decimalPlaces())));
}

/**
 * What the catalogue says of a line's product now (its stock, why it can no longer be sold, its
 * unit and package, its group for the campaigns): a draft read again finds them as the entry showed them (the server keeps
 * neither the reason nor the stock of a draft's line).
 */
export function refreshedLine(l: EntryLine, p: SaleCatalogueItem): EntryLine {
  return { ...l, available: p.available, reason: catalogueReason(p), unitName: p.unitName, package: p.package, groupId: p.groupId };
}

/** A typed decimal as the API reads it ("1,5" → "1.5"); empty stays empty. */
export function typed(v: string): string {
  const t = v.trim();
  return t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
}

/** The state of a saved draft (the server's answer); prices written at `decimals`. */
export function stateOf(sale: Sale, costing: number | null, decimals: number): EntryState {
  return {
    id: sale.id,
    version: sale.version,
    dirty: false,
    header: {
      ...emptyHeader(costing),
      clientId: sale.clientId,
      clientName: sale.clientName,
      productCompanyId: sale.productCompanyId,
      natureId: sale.natureId,
      situation: sale.situation,
      priceTableId: sale.priceTableId,
      paymentType: sale.paymentType,
      paymentConditionId: sale.paymentConditionId,
      costing: sale.transport.costing,
      carrier: sale.transport.carrier ?? '',
      vehicleId: sale.transport.vehicleId ?? null,
      shippingAddressId: sale.shippingAddressId,
      invoiceObservation: sale.observations.invoice ?? '',
      internalObservation: sale.observations.internal ?? '',
      generalDiscountPercent: sale.generalDiscountPercent ?? '',
      otherDiscount: sale.otherDiscount ?? '',
      transportIncrease: sale.transportIncrease ?? '',
      otherIncrease: sale.otherIncrease ?? '',
      consigned: sale.consigned,
      salesmanId: sale.salesmanId,
      salesmanName: null,
      extra: Object.entries(sale.extra).map(([name, value]) => ({ key: lineKey(), name, value })),
      loyaltyCashback: sale.loyaltyUse?.cashback && !new Decimal(sale.loyaltyUse.cashback).isZero() ? priceText(new Decimal(sale.loyaltyUse.cashback).toFixed(decimals), decimals) : '',
      loyaltyPoints: sale.loyaltyUse?.points ? String(sale.loyaltyUse.points) : '',
      loyaltyPointValue: sale.loyalty?.pointValue ?? null,
    },
    lines: sale.items.map((i) => ({
      key: lineKey(),
      productId: i.productId,
      ref: i.ref,
      name: i.name,
      barcode: i.barcode,
      productCompanyId: i.productCompanyId,
      groupId: i.groupId ?? null,
      campaign: i.campaign ? { id: i.campaign.id, name: i.campaign.name, price: i.campaign.price, discountPercent: i.campaign.discountPercent } : null,
      quantity: i.quantity,
      unitPrice: priceText(i.unitPrice, decimals),
      discountPercent: i.discountPercent ?? '',
      listPrice: i.listPrice,
      priceSource: i.priceSource,
      minimumPrice: i.minimumPrice,
      available: i.stock,
      reason: null,
      cancelled: i.cancelled,
      cancelReason: i.cancelReason ?? '',
      // A closed sale's lines are the sale's (an edit sends which line each is); a draft's are its own.
      index: sale.number !== null ? i.index : null,
    })),
  };
}

const orNull = (v: string) => (v.trim() ? typed(v) : null);

/** What the body leaves out, as the screen shows it: the payment of an order without one, a salesman the rules give. */
export interface BodyRules {
  /** A free order, or a sale type without financial movement: no payment type or condition (the API refuses them). */
  noPayment: boolean;
  /** No salesman follows from the rules: the one chosen on the screen is sent (otherwise none: the API refuses a choice). */
  askSalesman: boolean;
}

/**
 * The body of POST /sales and PUT /sales/{id} (the version is added by the caller). The payment
 * fields keep their values on screen while the order is free (they come back if it is not), but
 * are not sent.
 */
export function bodyOf(s: EntryState, rules: BodyRules): SaleDraftInput {
  const h = s.header;
  const free = h.situation === 'free';
  return {
    clientId: h.clientId,
    productCompanyId: h.productCompanyId,
    natureId: h.natureId,
    situation: h.situation,
    priceTableId: h.priceTableId,
    paymentType: rules.noPayment ? null : ((h.paymentType as SaleDraftInput['paymentType']) ?? null),
    paymentConditionId: rules.noPayment ? null : h.paymentConditionId,
    transport: { costing: (h.costing as SaleDraftInput['transport']['costing']) ?? null, carrier: h.carrier.trim() || null, vehicleId: h.vehicleId ?? null },
    shippingAddressId: h.shippingAddressId,
    observations: { invoice: h.invoiceObservation.trim() || null, internal: h.internalObservation.trim() || null },
    generalDiscountPercent: orNull(h.generalDiscountPercent),
    otherDiscount: orNull(h.otherDiscount),
    transportIncrease: orNull(h.transportIncrease),
    otherIncrease: orNull(h.otherIncrease),
    extra: extraOf(h.extra ?? []),
    loyaltyUse: { cashback: orNull(h.loyaltyCashback ?? ''), points: pointsOf(h.loyaltyPoints) },
    consigned: h.consigned,
    salesmanId: rules.askSalesman ? (h.salesmanId ?? null) : null,
    items: s.lines.map((l) => ({
      productId: l.productId,
      quantity: typed(l.quantity),
      unitPrice: typed(l.unitPrice),
      discountPercent: free ? null : orNull(l.discountPercent),
      cancelled: l.cancelled,
      cancelReason: l.cancelled ? (l.cancelReason ?? '').trim() || null : null,
      index: l.index ?? null,
    })),
  };
}

/**
 * The extra data as the API keeps it: each named row (names trimmed; a row without a name is not
 * sent, and the screen says so); a name given twice keeps its last value, and the screen says so.
 */
export function extraOf(rows: ExtraRow[]): Record<string, string> {
  return Object.fromEntries(rows.filter((r) => r.name.trim()).map((r) => [r.name.trim(), r.value]));
}

/** What is wrong with each extra row, by its key: a value without a name, a name given twice. */
export function extraProblems(rows: ExtraRow[]): Map<string, 'name' | 'repeated'> {
  const out = new Map<string, 'name' | 'repeated'>();
  const seen = new Set<string>();
  for (const r of rows) {
    const name = r.name.trim();
    if (!name && r.value.trim()) out.set(r.key, 'name');
    else if (name && seen.has(name)) out.set(r.key, 'repeated');
    seen.add(name);
  }
  return out;
}

/** Points as typed: whole digits (anything else counts as none; the field takes digits only). */
export const pointsOf = (v: string | undefined) => (v && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : 0);

/** A typed value the totals can read ("" and half-typed values count as zero). */
export const readable = (v: string) => {
  const t = typed(v);
  return /^\d+(?:\.\d+)?$/.test(t) ? t : '0';
};

/**
 * Each line's input to the totals, kept by line object: a line that did not change keeps its item,
 * so `saleTotals`'s cache skips it (a keystroke on a 1,000-line order computes one line again).
 */
const itemsByLine = new WeakMap<EntryLine, { free: boolean; item: TotalsItem }>();
const figures = lineCache();

function itemOf(l: EntryLine, free: boolean): TotalsItem {
  const kept = itemsByLine.get(l);
  if (kept && kept.free === free) return kept.item;
  const item = {
    quantity: readable(l.quantity),
    unitPrice: readable(l.unitPrice),
    discountPercent: free ? null : readable(l.discountPercent),
    campaign: !free && l.campaign ? { discountPercent: l.campaign.discountPercent } : null,
    cancelled: l.cancelled,
  };
  itemsByLine.set(l, { free, item });
  return item;
}

/**
 * The figures of what is on screen, with the shared function the server runs again at save and
 * close. `pointValue`: what a point is worth in this order (the sale's own, or the company's now).
 */
export function totalsOf(s: EntryState, rates: { discountRate: string | null; surchargeRate: string | null } | null, decimals: number, noPayment: boolean, pointValue: string | null = null): SaleTotals {
  const h = s.header;
  const free = h.situation === 'free';
  const loyalty = free ? null : loyaltyDiscount({ cashback: readable(h.loyaltyCashback ?? ''), points: pointsOf(h.loyaltyPoints) }, pointValue ?? '0', decimals);
  return saleTotals(
    {
      items: s.lines.map((l) => itemOf(l, free)),
      generalDiscountPercent: readable(h.generalDiscountPercent),
      otherDiscount: readable(h.otherDiscount),
      transportIncrease: readable(h.transportIncrease),
      otherIncrease: readable(h.otherIncrease),
      condition: noPayment ? null : rates,
      free,
      loyaltyDiscount: loyalty,
    },
    decimals,
    figures,
  );
}

/** Unsaved entries kept in the browser (removed at logout with the rest of the user's data). */
const storageKey = (userId: string, id: string | null) => `${StorageKeys.saleEntryPrefix}${userId}:${id ?? 'new'}`;

export function storeLocal(userId: string, s: EntryState): void {
  try {
    localStorage.setItem(storageKey(userId, s.id), JSON.stringify(s));
  } catch {
    // A full or blocked storage: the server's copy is what remains.
  }
}

export function readLocal(userId: string, id: string | null): EntryState | null {
  try {
    const raw = localStorage.getItem(storageKey(userId, id));
    return raw ? (JSON.parse(raw) as EntryState) : null;
  } catch {
    return null;
  }
}

export function dropLocal(userId: string, id: string | null): void {
  try {
    localStorage.removeItem(storageKey(userId, id));
  } catch {
    // nothing to drop
  }
}
