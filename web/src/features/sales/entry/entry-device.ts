import { businessDate } from '@ev/shared/calendar';
import { judgeOfflineOrder, type DeviceJudgement } from '@ev/shared/offline/order';
import { candidatesOf, hasDefaultTable, resolvePrice } from '@ev/shared/prices/resolve';
import type { Client, ClientSummary } from '@ev/shared/schemas/clients';
import type { FinancialPosition } from '@ev/shared/schemas/financial';
import type { OfflineProduct, OfflineSyncItem } from '@ev/shared/schemas/offline';
import { SaleDraftFields, type SaleCatalogue, type SaleCatalogueItem, type SaleDraftInput } from '@ev/shared/schemas/sales';
import { ApiTexts } from '@ev/shared/messages';
import { textOnly, type Said } from '@ev/shared/texts';
import { SaleTexts } from '@ev/shared/sales/texts';
import { catalogueItem } from '@ev/shared/sales/catalogue-item';
import { ApiError } from '@/lib/api';

/**
 * The order entry without signal (docs/offline.md "Orders offline"): what the entry reads from the
 * server, read from the device's portfolio instead, in the server's answer's shape, with the very
 * functions the server uses (the price resolution, the order's rules). The entry's calls go to the
 * server while there is a connection and to the device when the browser is offline or the call
 * could not reach the server (`orDevice`, lib/offline/reach.ts, as the schedulings' screens). This
 * module and the device's store load on first use (`entry-offline.ts`), never on an entry online.
 */

const store = () => import('@/lib/offline/store');

/** What the device does not hold, as the server's 404 would say it (keyed: shown in the user's language). */
const notHeld = (said: Said) => new ApiError(404, 'not_found', said.message, [], undefined, textOnly(said));

export async function deviceClients(q: string): Promise<ClientSummary[]> {
  const device = await store();
  return (await device.searchClients(q, 10)) as unknown as ClientSummary[];
}

export async function deviceClient(id: string): Promise<Client> {
  const device = await store();
  const client = await device.getClient(id);
  if (!client) throw notHeld(SaleTexts.clientMissing());
  return client;
}

/** The client's financial summary the portfolio brought, as the financial position's totals and credit (no installments listed). */
export async function deviceFinancial(clientId: string): Promise<FinancialPosition> {
  const device = await store();
  const terms = await device.getClientTerms(clientId);
  const f = terms?.financial ?? { open: '0', expired: '0', toExpire: '0', creditAvailable: null };
  return {
    today: new Date().toISOString().slice(0, 10),
    installments: [],
    totals: { titles: f.open, checks: '0', toExpire: f.toExpire, paid: '0', expired: f.expired, open: f.open },
    credit: { limit: null, open: f.open, available: f.creditAvailable },
  } as FinancialPosition;
}

export async function deviceRegistry(source: string): Promise<{ id: string; name: string; [field: string]: unknown }[]> {
  const device = await store();
  return (await device.registryRecords(source)) as { id: string; name: string }[];
}

export async function deviceRegistryRecord(source: string, id: string): Promise<{ id: string; name: string; [field: string]: unknown }> {
  const record = (await deviceRegistry(source)).find((r) => r.id === id);
  if (!record) throw notHeld(ApiTexts.notFound());
  return record;
}

/** The sync's branch decimals and time zone, and the stock snapshot's time. */
async function context() {
  const sync = await (await store()).lastSync();
  return { decimals: sync?.branch?.decimals ?? 2, timezone: sync?.timezone ?? 'America/Sao_Paulo', at: sync?.at ?? null };
}

/** What POST /sales/catalogue answers, from the device: each product priced for the client by the shared resolution, with the stock of the last sync. */
export async function deviceCatalogue(body: { clientId: string | null; priceTableId: string | null; q?: string; productIds?: string[]; limit?: number }): Promise<SaleCatalogue & { stockAt: string | null }> {
  const device = await store();
  const { decimals, timezone } = await context();
  const products: OfflineProduct[] = body.productIds?.length
    ? ((await Promise.all([...new Set(body.productIds)].map((id) => device.getProduct(id)))).filter(Boolean) as OfflineProduct[])
    : body.q
      ? await device.searchProducts(body.q, body.limit ?? 20)
      : [];
  const [terms, tables, stock] = await Promise.all([body.clientId ? device.getClientTerms(body.clientId) : null, device.priceTables(), device.stockSnapshot(products.map((p) => p.id))]);
  const byId = new Map(tables.map((t) => [t.id, t]));
  const candidates = candidatesOf(terms?.priceSources ?? [], byId, body.priceTableId);
  const hasDefault = hasDefaultTable(terms?.priceSources ?? [], byId, body.priceTableId);
  const day = businessDate(timezone, new Date());
  const items = await Promise.all(
    products.map(async (p): Promise<SaleCatalogueItem> => {
      const prices = new Map((await device.productPrices(p.id)).map((x) => [x.tableId, x.price]));
      const r = body.clientId ? resolvePrice({ productId: p.id, product: p, candidates, hasDefault, day, priceIn: (tableId) => prices.get(tableId), decimals }) : null;
      return catalogueItem(p, r, stock.available.get(p.id) ?? '0');
    }),
  );
  return { decimals, items, stockAt: stock.at };
}

/**
 * The order as the device judges it before queueing (the server judges it again when it arrives):
 * the body as the API reads it (its schema: null when a value typed is not one it takes), and the
 * shared rules' answer on it.
 */
export async function judgeOnDevice(body: unknown, user: { id: string; sells: boolean }, settings: Parameters<typeof judgeOfflineOrder>[1]['settings']): Promise<{ draft: SaleDraftInput; judgement: DeviceJudgement } | null> {
  const parsed = SaleDraftFields.safeParse(body);
  if (!parsed.success) return null;
  const draft = parsed.data;
  const device = await store();
  const { decimals, timezone } = await context();
  const ids = [...new Set(draft.items.map((i) => i.productId))];
  const [client, terms, tables, products, natures, conditions] = await Promise.all([
    draft.clientId ? device.getClient(draft.clientId) : null,
    draft.clientId ? device.getClientTerms(draft.clientId) : null,
    device.priceTables(),
    Promise.all(ids.map((id) => device.getProduct(id))),
    device.registryRecords('natures'),
    device.registryRecords('payments-conditions'),
  ]);
  const prices = new Map((await Promise.all(ids.map((id) => device.productPrices(id)))).flat().map((p) => [p.id, p.price]));
  const judgement = judgeOfflineOrder(draft, {
    client: client ?? undefined,
    terms: terms ?? undefined,
    products: new Map(products.filter((p): p is OfflineProduct => !!p).map((p) => [p.id, p])),
    priceTables: new Map(tables.map((t) => [t.id, t])),
    priceOf: (tableId, productId) => prices.get(`${tableId}|${productId}`),
    nature: natures.find((n) => n.id === draft.natureId) ?? null,
    condition: conditions.find((c) => c.id === draft.paymentConditionId) ?? null,
    settings,
    user,
    decimals,
    day: businessDate(timezone, new Date()),
  });
  return { draft, judgement };
}

/** What the entry keeps with an order it queues: the order as typed (the entry's state), to open it again for correction if the server refuses it. */
interface QueuedOrder<S> {
  state: S;
}

/** Queues an order closed offline; the same key queued again (a second press) is the same order, already queued. */
export async function queueOrder<S>(item: Extract<OfflineSyncItem, { kind: 'order' }>, kept: { label: string; state: S }): Promise<void> {
  const device = await store();
  try {
    await device.enqueue(item, { label: kept.label, draft: { state: kept.state } satisfies QueuedOrder<S> });
  } catch (e) {
    if (!(e instanceof Error && e.name === 'ConstraintError')) throw e;
  }
}

/** The order as typed of an item the server refused (null: no longer in the review list). */
export async function reviewedOrder<S>(key: string): Promise<S | null> {
  const row = await (await store()).reviewItem(key);
  return (row?.draft as QueuedOrder<S> | undefined)?.state ?? null;
}

/** A refused item corrected and closed again (online, or queued under a new key): it leaves the review list. */
export async function discardReviewed(key: string): Promise<void> {
  await (await store()).discardReview(key).catch(() => undefined);
}
