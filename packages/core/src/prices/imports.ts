import { priceTables } from '@ev/shared/registries/price-tables';
import { naturalKeyValue } from '@ev/shared/registries/definition';
import { PriceTexts, PriceValue } from '@ev/shared/schemas/prices';
import { timestamp } from '../clock';
import { defineImport, type LineReason } from '../imports/index';
import { Products } from '../products/index';
import { allRecords, PricesRepository } from './repository';

/**
 * The prices import (POST /api/imports/prices, update produtos; docs/prices.md): lines
 * `ref;tabela;preco`. A line is rejected, by number and in Portuguese, when its product or table
 * is unknown or its price is not a decimal above zero with up to 4 places; a product priced twice in
 * the same table by the file keeps its first line. Applying writes only the prices that change, so
 * importing the same file again changes nothing.
 */

const T = PriceTexts;

/** The line reasons as Portuguese strings (keyed `prices.import*`, docs/texts.md). */
export const PriceImportMessages = {
  productMissing: (ref: string) => T.importProductMissing({ ref }).message,
  tableMissing: (name: string) => T.importTableMissing({ name }).message,
  price: (value: string) => T.importPrice({ value }).message,
  repeated: (ref: string, table: string, line: number) => T.importRepeated({ ref, table, line }).message,
};

interface Prepared {
  /** Tables by name (case, accents and spaces folded, as their natural key). */
  tables: Map<string, { id: string; name: string }>;
  /** Products by reference, looked up once per job (null: unknown). */
  products: Map<string, string | null>;
}

interface PriceLine {
  ref: string;
  productId: string;
  tableId: string;
  tableName: string;
  price: string;
}

export const pricesImport = defineImport<PriceLine, Prepared>({
  name: 'prices',
  subject: 'produtos',
  action: 'update',
  title: 'Importar preços',
  columns: [
    { key: 'ref', header: 'ref', aliases: ['Referência', 'Código', 'Cod', 'Produto'], required: true },
    { key: 'table', header: 'tabela', aliases: ['Tabela de preço', 'Tabela de preços'], required: true },
    { key: 'price', header: 'preco', aliases: ['Preço', 'Preço de venda', 'Valor'], required: true },
  ],
  async prepare() {
    const tables = await allRecords(priceTables);
    return { tables: new Map(tables.map((t) => [naturalKeyValue(String(t.name)), { id: t.id, name: String(t.name) }])), products: new Map() };
  },
  async check({ cells }, ctx) {
    const table = ctx.prepared.tables.get(naturalKeyValue(cells.table ?? ''));
    if (!table) return { error: T.importTableMissing({ name: cells.table ?? '' }) };
    const price = PriceValue.safeParse(cells.price ?? '');
    if (!price.success) return { error: T.importPrice({ value: cells.price ?? '' }) };
    const ref = cells.ref ?? '';
    let productId = ctx.prepared.products.get(ref);
    if (productId === undefined) {
      productId = (await Products.findByRef(ref))?.id ?? null;
      ctx.prepared.products.set(ref, productId);
    }
    if (!productId) return { error: T.importProductMissing({ ref }) };
    return { value: { ref, productId, tableId: table.id, tableName: table.name, price: price.data } };
  },
  fileCheck(accepted) {
    const first = new Map<string, number>();
    const out: { line: number; error: LineReason }[] = [];
    for (const { line, value } of accepted) {
      const key = `${value.tableId}\n${value.productId}`;
      const seen = first.get(key);
      if (seen === undefined) first.set(key, line);
      else out.push({ line, error: T.importRepeated({ ref: value.ref, table: value.tableName, line: seen }) });
    }
    return out;
  },
  async apply(values, ctx) {
    const stored = await PricesRepository.prices(values.map((v) => ({ tableId: v.tableId, productId: v.productId })));
    const now = timestamp();
    let created = 0;
    let updated = 0;
    let unchanged = 0;
    const writes: { tableId: string; productId: string; price: string; updatedAt: string; updatedBy: string | null }[] = [];
    for (const v of values) {
      const before = stored.get(PricesRepository.pairKey(v.tableId, v.productId));
      if (before?.price === v.price) {
        unchanged++;
        continue;
      }
      if (before) updated++;
      else created++;
      writes.push({ tableId: v.tableId, productId: v.productId, price: v.price, updatedAt: now, updatedBy: ctx.actor.userId });
    }
    await PricesRepository.putMany(writes);
    return { created, updated, unchanged };
  },
  batchSize: 100,
});
