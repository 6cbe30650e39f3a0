import { addDays } from '@ev/shared/calendar';
import { pick } from '@ev/shared/objects';
import { idsDigest } from '@ev/shared/offline/digest';
import { registry } from '@ev/shared/registries/index';
import { OFFLINE_PRODUCT_FIELDS, OFFLINE_REGISTRIES, OFFLINE_SCHEDULING_DAYS, OfflinePortfolioRequest, type OfflinePortfolio } from '@ev/shared/schemas/offline';
import { portfolio as clientsPortfolio } from '../clients/portfolio';
import { Clock, timestamp } from '../clock';
import { authorize, currentUserActor } from '../context';
import { Reservations } from '../inventory';
import { Prices } from '../prices';
import { Products } from '../products';
import { Registries } from '../registries';
import { ownSchedulings } from '../schedulings/portfolio';
import { Tenants } from '../tenants';
import { parseInput } from '../validation';

/** The most clients and products a device keeps (docs/offline.md). */
export const OFFLINE_CLIENTS_MAX = 2000;
export const OFFLINE_PRODUCTS_MAX = 5000;
/** Records changed this long before the device's last sync come again: writers' clocks differ by a little. */
const OVERLAP_MS = 60_000;
/** The most records of one registry a device keeps. */
const REGISTRY_MAX = 500;

type Part<T> = { items: T[]; ids: string[] | null; digest: string };

/**
 * One entity's changes for a device (docs/offline.md "Changes since the last sync"): the records
 * changed after its `since` (less the overlap), all on a first sync; every id only when its digest
 * differs from the server's.
 */
function partOf<T>(all: readonly T[], idOf: (t: T) => string, changedAt: (t: T) => string, held: { since: string | null; digest: string | null } | undefined): Part<T> {
  const ids = all.map(idOf);
  const digest = idsDigest(ids);
  const since = held?.since ? timestamp(Date.parse(`${held.since.replace(' ', 'T')}Z`) - OVERLAP_MS) : null;
  return {
    items: since ? all.filter((t) => changedAt(t) > since) : [...all],
    ids: held?.digest === digest ? null : [...ids],
    digest,
  };
}

/**
 * POST /offline/portfolio: what the device of the user who asks keeps (docs/offline.md "The
 * portfolio on the device"). The clients come in his scope (`Clients` portfolio: his own, his
 * team's; staff only the clients they sell to); products, prices and stock only to a user who
 * takes orders (create on `vendas`), schedulings only to one who reads them.
 */
export async function portfolio(raw: unknown): Promise<OfflinePortfolio> {
  authorize('read', 'clientes');
  const held = parseInput(OfflinePortfolioRequest, raw);
  const user = currentUserActor();
  const at = timestamp();
  const { timezone, branch, decimals } = await Tenants.company();
  const sells = user.ability.can('create', 'vendas');
  const visits = user.ability.can('read', 'agendamentos');
  const today = Clock.today(timezone);
  const [clients, products, schedulings, registries] = await Promise.all([
    clientsPortfolio(OFFLINE_CLIENTS_MAX),
    sells ? Products.active(OFFLINE_PRODUCTS_MAX) : Promise.resolve({ products: [], truncated: false }),
    visits ? ownSchedulings(today, addDays(today, OFFLINE_SCHEDULING_DAYS)) : Promise.resolve([]),
    Promise.all(
      OFFLINE_REGISTRIES.map(async (name) => {
        const def = registry(name)!;
        return [name, (await Registries.all(def, REGISTRY_MAX, { status: 'active' })).map((r) => ({ ...r }))] as const;
      }),
    ),
  ]);
  const productIds = new Set(products.products.map((p) => p.id));
  const [sources, prices, stock] = await Promise.all([
    sells ? Prices.sourcesOf(clients.clients) : Promise.resolve(clients.clients.map(() => [])),
    sells ? Prices.portfolioPrices(productIds) : Promise.resolve({ tables: [], items: [] }),
    sells && branch ? Reservations.available([...productIds].map((productId) => ({ productId, branchId: branch.id }))) : Promise.resolve(new Map<string, string>()),
  ]);
  const clientTerms = clients.clients.map((c, n) => ({ clientId: c.id, priceSources: sources[n]!, financial: c.financial }));
  const offlineProducts = products.products.map((p) => pick(p, OFFLINE_PRODUCT_FIELDS));

  const offlinePrices = prices.items.map((i) => ({ id: `${i.tableId}|${i.productId}`, tableId: i.tableId, productId: i.productId, price: i.price, updatedAt: i.updatedAt }));
  return {
    at,
    userId: user.userId,
    timezone,
    branch: branch ? { id: branch.id, name: branch.name, decimals } : null,
    clients: partOf(
      clients.clients.map(({ financial: _, ...c }) => c),
      (c) => c.id,
      (c) => c.updatedAt,
      held.clients,
    ),
    clientTerms,
    products: partOf(offlineProducts, (p) => p.id, (p) => p.updatedAt, held.products),
    prices: partOf(offlinePrices, (p) => p.id, (p) => p.updatedAt, held.prices),
    schedulings: partOf(schedulings, (s) => s.id, (s) => s.updatedAt, held.schedulings),
    priceTables: prices.tables.map((t) => ({ id: t.id, name: t.name, isDefault: t.isDefault, validFrom: t.validFrom, validUntil: t.validUntil })),
    registries: Object.fromEntries(registries),
    stock: [...productIds].map((productId) => ({ productId, available: branch ? (stock.get(`${productId}|${branch.id}`) ?? '0') : '0' })),
    truncated: { clients: clients.truncated, products: products.truncated },
  };
}
