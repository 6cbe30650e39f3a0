import { CLIENT_PRODUCTS_SALES, type SaleClientProduct, type SaleClientProducts } from '@ev/shared/schemas/sales';
import { Clients } from '../clients';
import { authorize } from '../context';
import { SaleScopes, SalesRepository } from './repository';

/**
 * GET /sales/client-products/{clientId} (docs/sales.md, "Suggest products and last price"): what
 * the client bought in its latest closed sales, cancelled ones left out. The order entry suggests
 * the most frequent ("suggest products") and shows the last price beside each line ("last price").
 *
 * The client must be in the user's scope (a salesman: his own; otherwise 404), as the entry reads
 * it; its sales are then read whoever sold them, as the client's financial position shows all of
 * its installments: the price the client last paid is the client's, not the salesman's.
 */
export async function clientProducts(clientId: string): Promise<SaleClientProducts> {
  authorize('create', 'vendas');
  await Clients.find(clientId);
  return productsOfClient(clientId);
}

/**
 * The same reading for another module (the assistant's client summary, docs/ai.md): no subject
 * check and no scope; the caller proved the user may see the client (its conversation).
 */
export async function productsOfClient(clientId: string): Promise<SaleClientProducts> {
  const page = await SalesRepository.list(
    [SaleScopes.client(SaleScopes.all, clientId)],
    { limit: CLIENT_PRODUCTS_SALES, query: `sales-client-products|${clientId}` },
    { match: (d) => d.status !== 'typing' && d.status !== 'cancelled', readFactor: 3 },
  );
  const sales = (await Promise.all(page.items.map((s) => SalesRepository.get(s.id)))).filter((s) => s !== undefined);
  const byProduct = new Map<string, SaleClientProduct>();
  // Newest first: the first time a product is met is its last purchase.
  for (const sale of sales) {
    const seen = new Set<string>();
    for (const line of sale.items) {
      if (line.cancelled || seen.has(line.productId)) continue;
      seen.add(line.productId);
      const known = byProduct.get(line.productId);
      if (known) known.orders += 1;
      else {
        byProduct.set(line.productId, {
          productId: line.productId,
          ref: line.ref,
          name: line.name,
          orders: 1,
          lastUnitPrice: line.unitPrice,
          lastQuantity: line.quantity,
          lastDate: sale.orderDate,
          lastNumber: sale.number!,
        });
      }
    }
  }
  const items = [...byProduct.values()].sort((a, b) => b.orders - a.orders || b.lastDate.localeCompare(a.lastDate) || a.name.localeCompare(b.name, 'pt-BR'));
  return { sales: sales.length, items };
}
