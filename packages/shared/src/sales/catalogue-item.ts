import { pick, pickOrNull } from '../objects';
import type { ResolvedPrice } from '../schemas/prices';
import type { SaleCatalogueItem } from '../schemas/sales';
import { textOnly } from '../texts';
import { SaleTexts } from './texts';

/**
 * A product as the order entry's catalogue answers it (docs/sales.md "Order entry"): what it shows,
 * its price for the client (null: the reason, or that a client must be chosen for prices), the stock
 * available. One function for the server's catalogue and the device's (docs/offline.md).
 */
export function catalogueItem(
  p: { id: string; ref: string; name: string; barcode?: string | null; unitName?: string | null; package?: string | null; productCompanyId?: string | null; groupId?: string | null; minimumPrice?: string | null },
  resolved: ResolvedPrice | null | undefined,
  available: string,
): SaleCatalogueItem {
  const priced = resolved && resolved.price !== null ? resolved : null;
  const noClient = SaleTexts.clientForPrice();
  return {
    productId: p.id,
    ...pick(p, ['ref', 'name']),
    ...pickOrNull(p, ['barcode', 'unitName', 'package', 'productCompanyId', 'groupId', 'minimumPrice']),
    price: priced?.price ?? null,
    source: priced?.source ?? null,
    tableName: priced?.tableName ?? null,
    reason: priced ? null : resolved && resolved.price === null ? resolved.reason : noClient.message,
    reasonText: priced ? null : resolved && resolved.price === null ? resolved.text : textOnly(noClient),
    available,
  };
}
