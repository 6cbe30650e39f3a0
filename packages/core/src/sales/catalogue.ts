import { ApiTexts } from '@ev/shared/messages';
import { SaleCatalogueQuery, type SaleCatalogue, type SaleCatalogueItem } from '@ev/shared/schemas/sales';
import { catalogueItem } from '@ev/shared/sales/catalogue-item';
import type { z } from 'zod';
import { Clients } from '../clients';
import { authorize } from '../context';
import { DomainError } from '../errors';
import { Reservations } from '../inventory';
import { Prices } from '../prices';
import { Products } from '../products';
import { Tenants } from '../tenants';
import { parseInput } from '../validation';

/**
 * POST /sales/catalogue (docs/sales.md "Order entry"): the products the order entry may add, each
 * priced for the order's client and negotiation with where the price came from, or the reason it
 * cannot be sold (inactive, no price in the tables), and the stock available in the session's
 * branch. A product is never silently left out: the entry shows why it cannot go on the order.
 */
export async function catalogue(raw: z.input<typeof SaleCatalogueQuery>): Promise<SaleCatalogue> {
  authorize('create', 'vendas');
  const q = parseInput(SaleCatalogueQuery, raw);
  const { branch, decimals } = await Tenants.company();
  if (!branch) throw new DomainError('sales.no_branch', ApiTexts.noBranches(), 'validation');
  // The client in the user's scope (a salesman: his own), as a draft reads it; 404 otherwise.
  if (q.clientId) await Clients.find(q.clientId);
  const ids = q.productIds.length
    ? [...new Set(q.productIds)]
    : q.q
      ? (await Products.page({ q: q.q }, undefined, q.limit, 'sales-catalogue')).items.map((p) => p.id)
      : [];
  if (!ids.length) return { decimals, items: [] };
  const [products, prices, stock] = await Promise.all([
    Products.getMany(ids),
    q.clientId ? Prices.resolve({ clientId: q.clientId, productIds: ids, tableId: q.priceTableId }) : Promise.resolve(null),
    Reservations.available(ids.map((productId) => ({ productId, branchId: branch.id }))),
  ]);
  const byId = new Map(products.map((p) => [p.id, p]));
  const items = ids.flatMap((id): SaleCatalogueItem[] => {
    const p = byId.get(id);
    return p ? [catalogueItem(p, prices?.get(id), stock.get(`${id}|${branch.id}`) ?? '0')] : [];
  });
  return { decimals, items };
}
