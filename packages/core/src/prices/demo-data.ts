import { toFixed } from '@ev/shared/money';
import { segments } from '@ev/shared/registries/segments';
import Decimal from 'decimal.js';
import { timestamp } from '../clock';
import { stableHash } from '../ids';
import { Products } from '../products/index';
import { Registries } from '../registries/index';
import { allRecords, PricesRepository } from './repository';

/**
 * The demo prices (after the demo registries and products): every demo product in "Varejo" (the
 * default), most of them in "Atacado" (about 8% less; one in ten left out, so the sale falls back to
 * Varejo) and about twenty in "Promoção de Natal" (15% less, valid in December only). The segment
 * "Supermercado" points to Atacado. A product's retail price is 15% above its minimum price when it
 * has one, otherwise a figure derived from its reference (the same on every run). Idempotent: the
 * same prices are written again, the segment is updated only while it has no table.
 */

export function demoRetailPrice(p: { ref: string; minimumPrice: string | null }): string {
  if (p.minimumPrice) return toFixed(new Decimal(p.minimumPrice).times('1.15'), 2);
  // 3,00 to 180,00, in cents.
  return new Decimal(300 + (stableHash(p.ref) % 17_700)).div(100).toFixed(2);
}

export async function seedPrices(): Promise<{ prices: number }> {
  const tables = await PricesRepository.allTables();
  const byName = new Map(tables.map((t) => [t.name, t.id]));
  const retail = byName.get('Varejo');
  const wholesale = byName.get('Atacado');
  const christmas = byName.get('Promoção de Natal');
  if (!retail) return { prices: 0 };

  const products: { id: string; ref: string; minimumPrice: string | null }[] = [];
  let cursor: string | undefined;
  do {
    const page = await Products.page({}, cursor, 100, 'demo-prices');
    products.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);

  const now = timestamp();
  const items: { tableId: string; productId: string; price: string; updatedAt: string; updatedBy: null }[] = [];
  products.forEach((p, i) => {
    const price = demoRetailPrice(p);
    items.push({ tableId: retail, productId: p.id, price: toFixed(price, 4), updatedAt: now, updatedBy: null });
    if (wholesale && i % 10 !== 3) items.push({ tableId: wholesale, productId: p.id, price: toFixed(new Decimal(price).times('0.92'), 4), updatedAt: now, updatedBy: null });
    if (christmas && i % 15 === 0) items.push({ tableId: christmas, productId: p.id, price: toFixed(new Decimal(price).times('0.85'), 4), updatedAt: now, updatedBy: null });
  });
  await PricesRepository.putMany(items);

  if (wholesale) {
    const supermarket = (await allRecords(segments)).find((s) => s.name === 'Supermercado');
    if (supermarket && !supermarket.priceTableId) {
      const stored = await Registries.record(segments, supermarket.id);
      if (stored) {
        const { id: _id, createdAt: _c, updatedAt: _u, version, ...fields } = stored;
        await Registries.update(segments, supermarket.id, { ...fields, priceTableId: wholesale, version });
      }
    }
  }
  return { prices: items.length };
}
