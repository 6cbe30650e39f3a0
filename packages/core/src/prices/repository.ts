import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { priceTables } from '@ev/shared/registries/price-tables';
import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { DomainError, fieldError } from '../errors';
import { batchWrite } from '../db/batch';
import { dynamoClient, tableName } from '../db/client';
import { Keys, type Key } from '../db/keys';
import { getItems } from '../db/records';
import { Tx, type TxStep } from '../db/tx';
import { Products } from '../products/index';
import { Registries, type RegistryRecord } from '../registries';
import { PriceTexts } from '@ev/shared/schemas/prices';

/** A price as stored: one item per table and product (`Keys.price`). */
export interface PriceItem {
  pk: string;
  sk: string;
  type: 'price';
  tableId: string;
  productId: string;
  /** Fixed 4-place decimal string. */
  price: string;
  updatedAt: string;
  updatedBy: string | null;
}

/** A price table as the prices module reads it (the registry record). */
export interface PriceTable {
  id: string;
  name: string;
  isDefault: boolean;
  validFrom: string | null;
  validUntil: string | null;
}

export function asTable(r: RegistryRecord): PriceTable {
  return {
    id: r.id,
    name: String(r.name),
    isDefault: r.isDefault === true,
    validFrom: (r.validFrom as string | null) ?? null,
    validUntil: (r.validUntil as string | null) ?? null,
  };
}

/** Tables (and payment conditions) a company has at most for the chart and a product's prices. */
export const MAX_TABLES = 500;

/** Every record of a small registry, by name, a page of 100 at a time (no subject check: the caller checks its own). */
export function allRecords(def: RegistryDefinition, max = MAX_TABLES): Promise<RegistryRecord[]> {
  return Registries.all(def, max);
}

const keyOf = (k: Key) => `${k.pk}\n${k.sk}`;

const byPair = (items: PriceItem[]) => new Map(items.map((i) => [`${i.tableId}\n${i.productId}`, i]));

/** Keys, items and conditions of the prices; no rules (those live in the service). */
export const PricesRepository = {
  async table(id: string): Promise<PriceTable | undefined> {
    const r = await Registries.record(priceTables, id);
    return r ? asTable(r) : undefined;
  },
  async tables(ids: string[]): Promise<Map<string, PriceTable>> {
    const found = await Registries.records([...new Set(ids)].map((id) => ({ registry: priceTables.name, id })));
    return new Map([...found.values()].map((r) => [r.id, asTable(r)]));
  },
  async allTables(): Promise<PriceTable[]> {
    return (await allRecords(priceTables)).map(asTable);
  },
  /** The id of the default table (the holder of the exclusive `isDefault` flag), or null. */
  defaultTableId(): Promise<string | null> {
    return Registries.exclusiveHolder(priceTables, 'isDefault');
  },

  /** Prices by (table, product) pair: one BatchGet per 100 pairs (getItems). The map is keyed `tableId\nproductId`. */
  async prices(pairs: { tableId: string; productId: string }[]): Promise<Map<string, PriceItem>> {
    if (pairs.length === 0) return new Map();
    return byPair(await getItems<PriceItem>(pairs.map((p) => Keys.price(p.tableId, p.productId))));
  },
  /** A table's record and its prices of some products, read together (the price chart's page). */
  async tableWithPrices(tableId: string, productIds: string[]): Promise<{ table: PriceTable | undefined; prices: Map<string, PriceItem> }> {
    const [table, prices] = await Promise.all([
      PricesRepository.table(tableId),
      PricesRepository.prices(productIds.map((productId) => ({ tableId, productId }))),
    ]);
    return { table, prices };
  },

  /**
   * Sets a price: a Put of the item (the last write wins: a price carries no version, as a
   * spreadsheet's cell), on the conditions that the product and the table exist.
   */
  setSteps(item: Omit<PriceItem, 'pk' | 'sk' | 'type'>): TxStep[] {
    return [
      Tx.put({ ...Keys.price(item.tableId, item.productId), type: 'price', ...item }),
      Products.existsStep(item.productId, () => new DomainError('reference.missing', PriceTexts.productMissing(), 'not_found')),
      Registries.existsStep(priceTables.name, item.tableId, () =>
        new DomainError('reference.missing', PriceTexts.tableMissing(), 'validation', { fields: [fieldError('tableId', PriceTexts.tableMissing())] }),
      ),
    ];
  },
  removeStep(tableId: string, productId: string): TxStep {
    return Tx.delete(Keys.price(tableId, productId), { ConditionExpression: 'attribute_exists(pk)' }, () => new DomainError('not_found', 'O produto não tem preço nesta tabela.', 'not_found'));
  },

  /**
   * Many prices at once (the importer, the demo seed): BatchWrite Puts (db/batch.ts: unprocessed
   * items retried, an error when some are left). Idempotent: the same price written twice is one item with the same attributes.
   */
  async putMany(items: Omit<PriceItem, 'pk' | 'sk' | 'type'>[]): Promise<void> {
    await batchWrite(items.map((it) => ({ put: { ...Keys.price(it.tableId, it.productId), type: 'price', ...it } })));
  },

  /** A table's prices, a page at a time (its partition, by product id). */
  async tablePage(tableId: string, startKey: Record<string, unknown> | undefined, limit: number) {
    const out = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': Keys.pricesOf(tableId) },
        ExclusiveStartKey: startKey,
        Limit: limit,
      }),
    );
    return { items: (out.Items ?? []) as PriceItem[], next: out.LastEvaluatedKey };
  },

  pairKey: (tableId: string, productId: string) => `${tableId}\n${productId}`,
  keyOf,
};
