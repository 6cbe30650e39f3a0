import { Decimal, roundHalfUp, placesOf } from '../money';

/**
 * Which campaign a line of an order takes (docs/campaigns.md "In an order"), written once: the
 * order entry shows it as the user types and the server decides it again at each save. Pure: the
 * campaigns, the client, the branch, the date and what each campaign has left are given.
 */

/** A campaign as the order reads it (the registry's record, docs/campaigns.md). */
export interface CampaignRule {
  id: string;
  name: string;
  status: string;
  validFrom: string | null;
  validUntil: string | null;
  kind: string;
  discountPercent: string | null;
  price: string | null;
  minimumQuantity: string | null;
  clientLimit: string | null;
  totalLimit: string | null;
  productIds: readonly string[];
  productGroupIds: readonly string[];
  productCompanyIds: readonly string[];
  branchIds: readonly string[];
  segmentIds: readonly string[];
  regionIds: readonly string[];
}

/** What a campaign has already sold: to this client and in all (units, decimal strings). */
export interface CampaignUse {
  client: string;
  total: string;
}

const ZERO = new Decimal(0);
const HUNDRED = new Decimal(100);
const dec = (v: string | null | undefined) => (v ? new Decimal(v) : ZERO);

/**
 * The campaigns in force for an order: active, the order's business date (the company's time zone)
 * within their validity (both ends included), for the order's branch, and for the client's segment
 * or region (a blank list is all of them).
 */
export function campaignsInForce<C extends CampaignRule>(campaigns: readonly C[], order: { date: string; branchId: string | null; segmentId?: string | null; regionId?: string | null }): C[] {
  return campaigns.filter((c) => {
    if (c.status !== 'active' || !c.validFrom || !c.validUntil) return false;
    if (order.date < c.validFrom || order.date > c.validUntil) return false;
    if (c.branchIds.length && (!order.branchId || !c.branchIds.includes(order.branchId))) return false;
    if (c.segmentIds.length || c.regionIds.length) {
      const bySegment = !!order.segmentId && c.segmentIds.includes(order.segmentId);
      const byRegion = !!order.regionId && c.regionIds.includes(order.regionId);
      if (!bySegment && !byRegion) return false;
    }
    return true;
  });
}

/** Whether a campaign covers a product: named, or of one of its groups or product companies (all three blank: every product). */
export function coversProduct(c: CampaignRule, product: { id: string; groupId?: string | null; productCompanyId?: string | null }): boolean {
  if (!c.productIds.length && !c.productGroupIds.length && !c.productCompanyIds.length) return true;
  return c.productIds.includes(product.id) || (!!product.groupId && c.productGroupIds.includes(product.groupId)) || (!!product.productCompanyId && c.productCompanyIds.includes(product.productCompanyId));
}

/** The unit the client pays under a campaign before any discount of the user: its price, or the table's price less its discount (exact). */
export function campaignUnitPrice(c: CampaignRule, listPrice: string | null): Decimal | null {
  if (c.kind === 'price') return c.price ? new Decimal(c.price) : null;
  if (listPrice === null) return null;
  return new Decimal(listPrice).times(HUNDRED.minus(dec(c.discountPercent))).div(HUNDRED);
}

/** Units a campaign can still sell to this client (null: no limit). */
export function campaignRoom(c: CampaignRule, use: CampaignUse | undefined): Decimal | null {
  const left = [c.clientLimit ? new Decimal(c.clientLimit).minus(dec(use?.client)) : null, c.totalLimit ? new Decimal(c.totalLimit).minus(dec(use?.total)) : null].filter((x): x is Decimal => x !== null);
  return left.length ? Decimal.max(ZERO, Decimal.min(...left)) : null;
}

export interface CampaignLine {
  product: { id: string; groupId?: string | null; productCompanyId?: string | null };
  quantity: string;
  /** The product's table price for the client (null: none). */
  listPrice: string | null;
}

/**
 * The campaign a line takes among those in force: one that covers the product, whose minimum
 * quantity the line reaches, with room for the line's whole quantity beside the order's earlier
 * lines of the same campaign (`taken`: units those lines took, by campaign). Where several do, the
 * lowest unit price wins; at the same price the one that ends first (the client uses what is about
 * to go), then the name (docs/campaigns.md "Overlaps").
 */
export function lineCampaign<C extends CampaignRule>(inForce: readonly C[], line: CampaignLine, use: ReadonlyMap<string, CampaignUse> = new Map(), taken: ReadonlyMap<string, Decimal> = new Map()): C | null {
  const quantity = dec(line.quantity);
  let best: { c: C; unit: Decimal } | null = null;
  for (const c of inForce) {
    if (!coversProduct(c, line.product)) continue;
    if (c.minimumQuantity && quantity.lt(c.minimumQuantity)) continue;
    const room = campaignRoom(c, use.get(c.id));
    if (room !== null && room.minus(taken.get(c.id) ?? ZERO).lt(quantity)) continue;
    const unit = campaignUnitPrice(c, line.listPrice);
    if (unit === null) continue;
    if (!best || unit.lt(best.unit) || (unit.eq(best.unit) && ((c.validUntil ?? '') < (best.c.validUntil ?? '') || (c.validUntil === best.c.validUntil && c.name.localeCompare(best.c.name, 'pt-BR') < 0)))) {
      best = { c, unit };
    }
  }
  return best?.c ?? null;
}

/** The campaigns an order's lines took, in line order, each once (cancelled lines none): the sale's `campaignIds`. */
export function campaignIdsOf(lines: readonly { campaign?: { id: string } | null; cancelled?: boolean }[]): string[] {
  return [...new Set(lines.flatMap((l) => (l.campaign && !l.cancelled ? [l.campaign.id] : [])))];
}

/**
 * The units the lines of one order hold of each campaign (lines not cancelled; a settled consignment's
 * line: what was sold): what an edit of a pending sale keeps as its own.
 */
export function heldUnits(lines: readonly { campaign?: { id: string } | null; cancelled?: boolean; quantity: string; sold?: string | null }[]): Map<string, Decimal> {
  const out = new Map<string, Decimal>();
  for (const l of lines) if (l.campaign && !l.cancelled) out.set(l.campaign.id, (out.get(l.campaign.id) ?? ZERO).plus(dec(l.sold ?? l.quantity)));
  return out;
}

/**
 * What campaigns have sold less what an order being corrected already holds (`heldUnits`): its own
 * units are not counted against it; the client's share only while the order's client is the same.
 */
export function soldLessOwn(use: ReadonlyMap<string, CampaignUse>, own: ReadonlyMap<string, Decimal>, sameClient = true): Map<string, CampaignUse> {
  const out = new Map(use);
  for (const [id, units] of own) {
    const u = use.get(id);
    if (!u) continue;
    const less = (v: string) => Decimal.max(ZERO, dec(v).minus(units)).toFixed();
    out.set(id, { total: less(u.total), client: sameClient ? less(u.client) : u.client });
  }
  return out;
}

/**
 * Each line's campaign, in order: a line takes room a later line of the same campaign no longer
 * has. Cancelled lines and a free order take none.
 */
export function orderCampaigns<C extends CampaignRule>(inForce: readonly C[], lines: readonly (CampaignLine & { cancelled?: boolean })[], use: ReadonlyMap<string, CampaignUse> = new Map(), free = false): (C | null)[] {
  const taken = new Map<string, Decimal>();
  return lines.map((line) => {
    if (free || line.cancelled) return null;
    const c = lineCampaign(inForce, line, use, taken);
    if (c) taken.set(c.id, (taken.get(c.id) ?? ZERO).plus(dec(line.quantity)));
    return c;
  });
}

/**
 * What a line keeps of its campaign (the sale's line `campaign`): its id and name, the unit price
 * (kind `price`) or the discount % (kind `discount`) it gives, and its limits as read at the save
 * (the close holds the units against them).
 */
export interface LineCampaignTerms {
  id: string;
  name: string;
  price: string | null;
  discountPercent: string | null;
  /** The line's quantity it holds from (a close that cuts the line below it takes the campaign off). */
  minimumQuantity: string | null;
  clientLimit: string | null;
  totalLimit: string | null;
}

export function lineCampaignTerms(c: CampaignRule): LineCampaignTerms {
  return {
    id: c.id,
    name: c.name,
    price: c.kind === 'price' ? new Decimal(c.price ?? 0).toFixed(4) : null,
    discountPercent: c.kind === 'discount' ? new Decimal(c.discountPercent ?? 0).toFixed(4) : null,
    minimumQuantity: c.minimumQuantity,
    clientLimit: c.clientLimit,
    totalLimit: c.totalLimit,
  };
}

/**
 * What the campaign gave on a line, at the branch's places: a discount's part of the line (its
 * gross less the line at the campaign's %), or a price's difference from the table's price (never
 * below zero). What a campaign's report sums as the discount given.
 */
export function campaignGiven(line: { quantity: string; unitPrice: string; listPrice: string | null; campaign?: { price: string | null; discountPercent?: string | null } | null }, decimals?: number | null): string {
  const places = placesOf(decimals);
  const q = dec(line.quantity);
  const c = line.campaign;
  if (c?.discountPercent) {
    const exact = q.times(dec(line.unitPrice));
    return roundHalfUp(exact, places).minus(roundHalfUp(exact.times(HUNDRED.minus(dec(c.discountPercent))).div(HUNDRED), places)).toFixed(places);
  }
  if (c?.price && line.listPrice) {
    const given = roundHalfUp(q.times(dec(line.listPrice)), places).minus(roundHalfUp(q.times(dec(c.price)), places));
    return Decimal.max(ZERO, given).toFixed(places);
  }
  return ZERO.toFixed(places);
}
