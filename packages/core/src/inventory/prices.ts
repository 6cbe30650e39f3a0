import { Prices } from '../prices/index';

/**
 * The sale price of the inventory position: the default price table's stored price of each product
 * (4 places; the web shows it at the branch's decimals), null where the product has none there.
 */
export function defaultPrices(productIds: string[] | Promise<string[]>): Promise<Map<string, string>> {
  return Prices.defaultPrices(productIds);
}
