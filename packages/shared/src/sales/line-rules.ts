import { Decimal, formatMoney } from '../money';
import { PriceTexts, type ResolvedPrice } from '../schemas/prices';
import { withKeys, type Said } from '../texts';
import type { LineCampaignTerms } from './campaigns';
import { SaleTexts } from './texts';

/**
 * A draft's line against the catalogue and the company's sales settings (docs/sales.md "Rules at
 * a save"), one function for the server's save and for a device without signal (docs/offline.md):
 * the product of the order's company, sellable to the client (its resolved price), no discount on a
 * free order or where line discounts are off, the price locked to the table's (or the campaign's)
 * where the company locks prices. Answers the line's problems, each on its field, and the price and
 * discount and campaign the line takes.
 */

const given = (v: string | null | undefined) => !!v && !new Decimal(v).isZero();

export interface LineFacts {
  index: number;
  line: { productId: string; unitPrice: string; discountPercent?: string | null; cancelled: boolean };
  product: { name: string; productCompanyId?: string | null } | undefined;
  /** The order's product company (null: the order may mix them). */
  productCompanyId: string | null;
  resolved: ResolvedPrice | undefined;
  /** The campaign the shared `orderCampaigns` gave the line (null: none). */
  campaign: LineCampaignTerms | null;
  settings: { itemDiscounts: boolean; blockPriceChange: boolean };
  free: boolean;
  decimals: number;
  /** The store's client types no price: the line takes its campaign's, or its table's (docs/store.md "The purchase"). */
  fixedPrices: boolean;
}

export interface LineJudged {
  problems: { field: string; said: Said }[];
  /** The unit price the line takes (what was typed, or the fixed price). */
  typed: string;
  discountPercent: string | null;
  campaign: LineCampaignTerms | null;
}

export function judgeLine(f: LineFacts): LineJudged {
  const { index, line, product, resolved, settings, free, decimals } = f;
  const problems: LineJudged['problems'] = [];
  if (!product) return { problems: [{ field: `items.${index}.productId`, said: SaleTexts.productMissing() }], typed: line.unitPrice, discountPercent: null, campaign: null };
  if (f.productCompanyId && product.productCompanyId && product.productCompanyId !== f.productCompanyId) {
    problems.push({ field: `items.${index}.productId`, said: SaleTexts.otherCompany({ name: product.name }) });
  }
  const typed = f.fixedPrices ? ((f.campaign && f.campaign.price) ?? resolved?.price ?? line.unitPrice) : line.unitPrice;
  if (resolved && resolved.price === null && !line.cancelled) {
    // The reason keyed too (`reasonKey`), so a client says it in its language; one naming the tables tried, by its short form.
    const reasonKey = resolved.text.why?.length ? PriceTexts.noPriceShort().key : resolved.text.key;
    problems.push({ field: `items.${index}.productId`, said: withKeys(SaleTexts.productUnavailable({ name: product.name, reason: resolved.reason }), { reason: reasonKey }) });
  }
  // A free order takes no line discount (spec section 5: it is disabled): one sent is refused, not dropped.
  if (free && given(line.discountPercent)) problems.push({ field: `items.${index}.discountPercent`, said: SaleTexts.freeNoItemDiscount() });
  const discount = free ? null : (line.discountPercent ?? null);
  if (given(discount) && !settings.itemDiscounts) problems.push({ field: `items.${index}.discountPercent`, said: SaleTexts.itemDiscountsOff() });
  // A campaign's price is the line's price: where prices are locked, another one is refused with it; where
  // they are not, a price typed over it takes the line out of the campaign.
  let campaign = f.campaign;
  if (campaign && campaign.price !== null && !new Decimal(campaign.price).equals(typed)) {
    if (settings.blockPriceChange) problems.push({ field: `items.${index}.unitPrice`, said: SaleTexts.campaignPriceLocked({ name: product.name, campaign: campaign.name, price: formatMoney(campaign.price, decimals) }) });
    campaign = null;
  }
  if (settings.blockPriceChange && !campaign?.price && resolved?.price && !new Decimal(resolved.price).equals(typed)) {
    problems.push({ field: `items.${index}.unitPrice`, said: SaleTexts.priceLocked({ price: resolved.rounded }) });
  }
  return { problems, typed, discountPercent: discount, campaign };
}
