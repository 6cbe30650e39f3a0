import { Decimal } from '@ev/shared/money';
import { coversProduct, lineCampaignTerms, orderCampaigns, soldLessOwn, type CampaignUse } from '@ev/shared/sales/campaigns';
import type { SaleCampaignOffer } from '@ev/shared/schemas/sales';
import { priceText, readable, typed, type EntryCampaign, type EntryLine } from './entry-state';

/**
 * The order entry's campaigns (docs/campaigns.md "In an order"): each line's campaign decided by
 * the shared `orderCampaigns`, as the server decides it again at the save, the line's price
 * following a campaign of a fixed price, and the hint of a campaign a line is short of.
 */

const same = (a: EntryCampaign | null | undefined, b: EntryCampaign | null) => (a ?? null) === b || (!!a && !!b && a.id === b.id && a.price === b.price && a.discountPercent === b.discountPercent && a.name === b.name);
const equal = (typedPrice: string, price: string | null) => price !== null && /^\d+(?:\.\d+)?$/.test(typed(typedPrice)) && new Decimal(typed(typedPrice)).equals(price);

/**
 * A line under the campaign the shared function gives it: a fixed price becomes its unit price while
 * prices are locked, or while the price is still the table's (or the previous campaign's); a price
 * typed over it (where prices are not locked) takes the line out of the campaign, as the server
 * does. A line that leaves a campaign of a fixed price goes back to its table price. The same line
 * object when nothing changes.
 */
export function followCampaign(l: EntryLine, offer: SaleCampaignOffer | null, locked: boolean, decimals: number): EntryLine {
  const terms = offer ? lineCampaignTerms(offer) : null;
  let campaign: EntryCampaign | null = terms ? { id: terms.id, name: terms.name, price: terms.price, discountPercent: terms.discountPercent } : null;
  let unitPrice = l.unitPrice;
  const following = equal(l.unitPrice, l.listPrice) || equal(l.unitPrice, l.campaign?.price ?? null) || !l.unitPrice.trim();
  if (campaign?.price) {
    if (locked || following) unitPrice = priceText(campaign.price, decimals);
    else if (!equal(l.unitPrice, campaign.price)) campaign = null;
  } else if (l.campaign?.price && equal(l.unitPrice, l.campaign.price) && l.listPrice) unitPrice = priceText(l.listPrice, decimals);
  if (same(l.campaign, campaign) && unitPrice === l.unitPrice) return l;
  return { ...l, campaign, unitPrice };
}

/** Each line under its campaign, in order (`orderCampaigns`: the earlier lines take a limit's room first); the same array when nothing changes. */
export function linesWithCampaigns(lines: EntryLine[], offers: readonly SaleCampaignOffer[], o: { free: boolean; locked: boolean; decimals: number; own?: ReadonlyMap<string, Decimal> }): EntryLine[] {
  if (!offers.length && !lines.some((l) => l.campaign)) return lines;
  const sold = new Map<string, CampaignUse>(offers.flatMap((c) => (c.use ? [[c.id, c.use] as const] : [])));
  // A pending sale being corrected keeps the units it holds (as the server's `withoutOwn`).
  const use = o.own ? soldLessOwn(sold, o.own) : sold;
  const chosen = orderCampaigns(
    offers,
    lines.map((l) => ({ product: { id: l.productId, groupId: l.groupId, productCompanyId: l.productCompanyId }, quantity: readable(l.quantity), listPrice: l.listPrice, cancelled: l.cancelled })),
    use,
    o.free,
  );
  const next = lines.map((l, i) => followCampaign(l, chosen[i] ?? null, o.locked, o.decimals));
  return next.some((l, i) => l !== lines[i]) ? next : lines;
}

/** Per line without a campaign, the campaigns in force on its product whose minimum quantity it does not reach: name and minimum. */
export function campaignHints(lines: EntryLine[], offers: readonly SaleCampaignOffer[]): Map<string, { name: string; minimum: string }> {
  const out = new Map<string, { name: string; minimum: string }>();
  for (const l of lines) {
    if (l.campaign || l.cancelled) continue;
    const short = offers.find((c) => c.minimumQuantity && coversProduct(c, { id: l.productId, groupId: l.groupId, productCompanyId: l.productCompanyId }) && new Decimal(readable(l.quantity)).lt(c.minimumQuantity));
    if (short) out.set(l.key, { name: short.name, minimum: short.minimumQuantity! });
  }
  return out;
}
