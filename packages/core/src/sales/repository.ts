import { SaleTexts, type Sale, type SaleItem, type SaleSummary } from '@ev/shared/schemas/sales';
import { NumberValue } from '@aws-sdk/lib-dynamodb';
import { Decimal } from '@ev/shared/money';
import { documentKey, fold, words } from '@ev/shared/text';
import { aggregate, aggregateSteps, readAggregate, readAggregateEach } from '../db/aggregate';
import { Keys, type Key } from '../db/keys';
import { stableHash } from '../ids';
import { listingSteps, listPage, listRange, searchPage, sortKey, type ListOptions, type Listing } from '../db/listing';
import type { PageRequest } from '../db/query';
import { getItem, getItems, versionConflict, Versioned, withoutKeys } from '../db/records';
import { queryAll, queryPage } from '../db/query';
import { References, type Target } from '../db/references';
import { MAX_TX_ACTIONS, transact, Tx, type TxStep } from '../db/tx';
import { DomainError } from '../errors';
import { Logs } from '../logs';
import { Registries } from '../registries';
import { Tenants } from '../tenants';
import { Users } from '../users';

const SALES = 'sales';

/** What the table keeps beside the public sale: its list and search items' keys. */
interface SaleBookkeeping {
  pk?: string;
  sk?: string;
  type?: 'sale';
  ix?: string[];
  /**
   * A close under way (docs/sales.md "Closing"): set over the draft's version (which it does not
   * move) before the stock is reserved; the sale's number, its status and its installments are
   * written together after, and `closing` goes. A close that fails takes it off again (the draft
   * as it was typed, version included). A sale found with it was interrupted: the start's sweep,
   * or a close call once the mark is old, finishes or undoes it.
   */
  closing?: CloseMark | null;
  /** The Idempotency-Key of the close that made this sale, answered again to a retried close. */
  closeKey?: string | null;
  /** How many chunk items hold the lines (`LINES#000`…). */
  lineChunks?: number;
  /**
   * The labels of the installments the sale wrote in the client's financial position ("1/3"…), set
   * by the close, an edit and a consignment's settlement: with the sale's number and branch they are
   * the installments' keys, so the list reads a page's installments in one BatchGet (docs/sales.md
   * "Payment state on the list"). Not their state: that stays in the position, read at each list.
   */
  installmentLabels?: string[];
}

/** What a close under way keeps on the draft, apart from what the user typed. */
export interface CloseMark {
  /** The close that holds the mark: a new id at each mark and each takeover (absent on marks of older versions). */
  attempt?: string;
  /** The Idempotency-Key of the close. */
  key: string | null;
  /** When the mark was written or taken over. */
  at: string;
  /** `closing` goes on to the sale; `undoing` is taken back (the stock released, then the mark off). Absent: closing. */
  state?: 'closing' | 'undoing';
  /** The cut the user accepted (`acceptShortStock`): line index → the quantity the sale takes. */
  cuts?: [number, string][];
  geolocation?: Sale['geolocation'];
  authorizer?: Sale['authorizer'];
}

export type SaleRecord = Sale & SaleBookkeeping;

/** A write over a sale expects the close mark it read: none, or the same close's (so no save or delete passes a close under way, and no close writes over another's). */
function markGuard(before: SaleRecord): { expression: string; names: Record<string, string>; values: Record<string, unknown> } {
  const mark = before.closing;
  if (!mark) return { expression: '(attribute_not_exists(#closing) OR attribute_type(#closing, :noMark))', names: { '#closing': 'closing' }, values: { ':noMark': 'NULL' } };
  if (mark.attempt) return { expression: '#closing.#attempt = :attempt', names: { '#closing': 'closing', '#attempt': 'attempt' }, values: { ':attempt': mark.attempt } };
  return { expression: '#closing.#markAt = :markAt', names: { '#closing': 'closing', '#markAt': 'at' }, values: { ':markAt': mark.at } };
}

/**
 * Every partition the sales use, named in one place: the company's (`all`) and each salesman's
 * (`sm#<id>`), each split into the closed sales (`#sales`), the drafts (`#drafts`, apart as the
 * issue asks), per status and per client. Newest first (the order date, then the number or the
 * last change: the number order too, as a sale is numbered and dated by its close). The closed
 * sales are also kept in one partition per other sort of the list (`#sales#client`, `#sales#total`),
 * and the open consignments by return date.
 */
export const SaleScopes = {
  all: 'all',
  salesman: (salesmanId: string) => `sm#${salesmanId}`,
  sales: (base: string) => `${base}#sales`,
  /** The closed sales in another order than the date's (docs/sales.md "The list"). */
  sorted: (base: string, sort: 'client' | 'total') => `${base}#sales#${sort}`,
  drafts: (base: string) => `${base}#drafts`,
  /** Sales whose close was interrupted (company scope only): what the start looks at. */
  closing: 'closing',
  status: (base: string, status: string) => `${base}#status#${status}`,
  client: (base: string, clientId: string) => `${base}#client#${clientId}`,
  /** Consigned sales whose goods are still with the client, the earliest return date first. */
  consignments: (base: string) => `${base}#consignments`,
  /** Store orders whose payment is in review while the sale is pending (docs/store.md "The staff's side"), by date. */
  storeReview: (base: string) => `${base}#storereview`,
};

/** A store order whose payment the staff must resolve: in review, the sale not yet moved by hand. */
export function inStoreReview(s: Pick<Sale, 'store' | 'status'>): boolean {
  return s.store?.status === 'review' && s.status === 'pending';
}

/** A consigned sale whose goods are still lent (closed, not settled). */
export function isOpenConsignment(s: Pick<Sale, 'consigned' | 'consignment' | 'status'>): boolean {
  return Boolean(s.consigned && s.consignment && s.status !== 'typing' && !s.consignment.settledAt);
}

/** A list row as stored: the summary and, for a closed sale, its installments' labels (read by the list, never answered). */
export type StoredSaleSummary = SaleSummary & { installments?: string[] };

export function saleSummary(s: SaleRecord): StoredSaleSummary {
  return {
    id: s.id,
    number: s.number,
    status: s.status,
    orderDate: s.orderDate,
    clientId: s.clientId,
    clientName: s.clientName,
    salesmanId: s.salesmanId,
    branchId: s.branchId,
    total: s.totals.total,
    count: s.totals.count,
    updatedAt: s.updatedAt,
    supervisorId: s.supervisorId,
    productCompanyId: s.productCompanyId,
    natureId: s.natureId,
    paymentConditionId: s.paymentConditionId,
    issuedOn: s.issuedOn ?? s.orderDate,
    returnDate: s.consigned ? (s.consignment?.returnDate ?? null) : null,
    settled: s.consigned ? Boolean(s.consignment?.settledAt) : undefined,
    installments: s.installmentLabels,
    // Only a store order carries it: any other sale's row stays as it was (no rewrite).
    ...(s.store ? { store: s.store.status } : {}),
  };
}

const scopesOf = (s: Sale) => [SaleScopes.all, ...(s.salesmanId ? [SaleScopes.salesman(s.salesmanId)] : [])];

const number10 = (n: number) => String(n).padStart(10, '0');

/** A money total as a sort key: the integer part to 16 digits, then the fraction to 6 (a total is never negative). */
export function totalKey(total: string): string {
  const [int = '0', frac = ''] = new Decimal(total).abs().toFixed(6).split('.');
  return `${int.padStart(16, '0')}.${frac}`;
}

/** Each hex digit of an id turned around (f for 0, 0 for f): UUID v7 ids then sort newest first. */
const newestFirst = (id: string) => id.replace(/[0-9a-f]/gi, (c) => (15 - parseInt(c, 16)).toString(16));

export const saleListing: Listing<SaleRecord, StoredSaleSummary> = {
  entity: SALES,
  // Ten words a scope: the close's one transaction also holds the installments (up to 48).
  maxWords: 10,
  scopes: scopesOf,
  lists: (s) => {
    // Newest first when read backwards: the order date, then the number (a draft: its last change).
    const sort = `${s.orderDate}#${s.number === null ? `D${s.updatedAt}` : number10(s.number)}`;
    const out: { scope: string; sort: string }[] = [];
    for (const base of scopesOf(s)) {
      out.push({ scope: s.status === 'typing' ? SaleScopes.drafts(base) : SaleScopes.sales(base), sort });
      if (s.status !== 'typing' && s.number !== null) {
        const n = number10(s.number);
        out.push({ scope: SaleScopes.sorted(base, 'client'), sort: `${sortKey(s.clientName ?? '') || '!'}#${n}` });
        out.push({ scope: SaleScopes.sorted(base, 'total'), sort: `${totalKey(s.totals.total)}#${n}` });
        if (isOpenConsignment(s)) out.push({ scope: SaleScopes.consignments(base), sort: `${s.consignment?.returnDate ?? ''}#${n}` });
      }
      if (s.status !== 'typing') out.push({ scope: SaleScopes.status(base, s.status), sort });
      if (inStoreReview(s)) out.push({ scope: SaleScopes.storeReview(base), sort });
      if (s.clientId) out.push({ scope: SaleScopes.client(base, s.clientId), sort });
    }
    if (s.closing) out.push({ scope: SaleScopes.closing, sort: s.closing.at });
    return out;
  },
  // The number, the client's document ([0-9a-z]), then the words of its name and nickname.
  words: (s) =>
    [
      ...(s.number !== null ? [String(s.number)] : []),
      ...(s.clientDocument ? [documentKey(s.clientDocument)] : []),
      ...words(s.clientName ?? ''),
      ...words(s.clientNickname ?? ''),
    ].map(fold),
  // A search answers the newest first: its matches of one word in reverse order of the ids (UUID v7).
  searchOrder: (s) => newestFirst(s.id),
  summary: saleSummary,
};

/** The four registries a sale's count and total are kept per (docs/sales.md "Count and total"). */
export const SALE_DIMENSIONS = { branchId: 'b', productCompanyId: 'c', natureId: 't', paymentConditionId: 'p' } as const;
export type SaleDimension = keyof typeof SALE_DIMENSIONS;

/** A sale's value counts in the totals unless it was cancelled or refunded (a status asked for counts its own). */
export const isValued = (s: Pick<Sale, 'status'>) => s.status !== 'cancelled' && s.status !== 'refunded';

/**
 * From a scope's figures, the closed sales neither cancelled nor refunded: in all, or those of one
 * key of a registry's family (`t` and a sale type). The home and the sales dashboard count by it.
 */
export function valuedCount(f: { count(family: string, key?: string): number }, family?: string, key?: string): number {
  if (!family) return f.count('n') - f.count('s', 'cancelled') - f.count('s', 'refunded');
  return f.count(family, key) - f.count(`s${family}`, `cancelled#${key}`) - f.count(`s${family}`, `refunded#${key}`);
}

/** The aggregate scope of a base scope (`all`, `sm#<id>`) in a period: a month, a day. */
export const SaleFigureScopes = {
  month: (base: string, month: string) => `${base}#m#${month}`,
  day: (base: string, day: string) => `${base}#d#${day}`,
};

const counted = (s: SaleRecord) => s.status !== 'typing' && s.number !== null;
/**
 * A sale with financial movement (the home's "only financial movement", docs/sales.md "Home
 * figures"): it wrote installments in the client's financial position. A free order, a sale type
 * without financial movement and a consignment not yet settled wrote none.
 */
export const movesFinancial = (s: Pick<SaleRecord, 'installmentLabels'>) => (s.installmentLabels?.length ?? 0) > 0;
const financial = (s: SaleRecord) => isValued(s) && movesFinancial(s);
const per = (dim: SaleDimension) => (s: SaleRecord) => s[dim] ?? null;
const perStatus = (dim: SaleDimension) => (s: SaleRecord) => (s[dim] ? `${s.status}#${s[dim]}` : null);
const value = <K extends string | true>(s: SaleRecord, key: K | null, valuedOnly: boolean): { key: K; amount: string } | null => (key === null || (valuedOnly && !isValued(s)) ? null : { key, amount: s.totals.total });
/** A valued sale's key (neither cancelled nor refunded), or nothing. */
const valuedKey = <K extends string | true>(s: SaleRecord, key: K | null): K | null => (key !== null && isValued(s) ? key : null);
/** The management dashboard's dimensions of a sale: its client's segment, region and city at the close, and its salesman ('none' without one). */
const place = {
  g: (s: SaleRecord) => s.clientSegmentId ?? 'none',
  r: (s: SaleRecord) => s.clientRegionId ?? 'none',
  y: (s: SaleRecord) => s.clientCity ?? 'none',
  m: (s: SaleRecord) => s.salesmanId ?? 'none',
  c: (s: SaleRecord) => s.productCompanyId ?? 'none',
};
/** A dimension's key within the sale's branch (the management dashboard's branch filter). */
const inBranch = (of: (s: SaleRecord) => string) => (s: SaleRecord) => (s.branchId ? `${s.branchId}#${of(s)}` : null);
/**
 * The product groups one sale is counted in apart, at most: past them, its lines go to 'other'. Each
 * group is two figures in each of the sale's items, whose one update takes 4 KB of expression
 * (about 450 figures); an order spanning more groups than this is not a distributor's.
 */
export const GROUPS_PER_SALE = 120;

/** A sale's counted lines' value per product group ('none': a line without one, or saved before groups were kept; 'other': past GROUPS_PER_SALE). */
function groupValues(s: SaleRecord): Map<string, Decimal> {
  const out = new Map<string, Decimal>();
  for (const i of s.items) {
    if (i.cancelled) continue;
    const group = i.groupId ?? 'none';
    const key = out.has(group) || out.size < GROUPS_PER_SALE ? group : 'other';
    out.set(key, (out.get(key) ?? new Decimal(0)).plus(i.total));
  }
  return out;
}
/** The emission date's day (the day the order was begun; docs/sales.md "Home figures"). */
const issued = (s: SaleRecord) => s.issuedOn ?? s.orderDate;
const valueOf = (s: SaleRecord, key: string | null) => value(s, key, true);

/**
 * The sales list's count and total (invariant 10), kept on every write of a sale in its own
 * transaction (`aggregateSteps` in the repository's write steps, a function of the sale before and
 * after): per base scope (the company, the salesman's), for the order date's month and its day (the
 * whole time is its months' sum); in each, the count and value of all closed sales, per status, per registry (branch,
 * product company, sale type, payment condition) and per status and registry. Drafts count nowhere.
 * The value families without a status leave out cancelled and refunded sales. The home's figures
 * (sales/home.ts) read the day items, with the sales of financial movement apart (`f`, `ft`), and
 * the month items' emission days (`e`, `et`, `fe`, `fet`); the management dashboard the client's
 * segment, region and city, the salesman, the mix, and each within the sale's branch (`k*`, `v*`).
 */
export const saleFigures = aggregate<
  SaleRecord,
  {
    n: true; s: string; b: string; c: string; t: string; p: string; sb: string; sc: string; st: string; sp: string; f: true; ft: string;
    kc: string; kg: string; kr: string; ky: string; km: string; kbc: string; kbg: string; kbr: string; kby: string; kbm: string;
    e: string; et: string; fe: string; fet: string; kq: string;
  },
  {
    v: true; vs: string; vb: string; vc: string; vt: string; vp: string; vsb: string; vsc: string; vst: string; vsp: string; vf: true; vft: string;
    vkc: string; vg: string; vr: string; vy: string; vm: string; vbc: string; vbg: string; vbr: string; vby: string; vbm: string; vl: true; vbl: string;
    ve: string; vet: string; vfe: string; vfet: string; vq: string;
  }
>({
  name: SALES,
  scopes: (s) =>
    counted(s)
      ? scopesOf(s).flatMap((base) => [SaleFigureScopes.month(base, s.orderDate.slice(0, 7)), SaleFigureScopes.day(base, s.orderDate)])
      : [],
  counts: {
    n: () => true,
    s: (s) => s.status,
    b: per('branchId'),
    c: per('productCompanyId'),
    t: per('natureId'),
    p: per('paymentConditionId'),
    sb: perStatus('branchId'),
    sc: perStatus('productCompanyId'),
    st: perStatus('natureId'),
    sp: perStatus('paymentConditionId'),
    // The sales with financial movement, neither cancelled nor refunded: in all and per sale type.
    f: (s) => (financial(s) ? true : null),
    ft: (s) => (financial(s) ? per('natureId')(s) : null),
    // The management dashboard's: valued sales per segment, region, city and salesman, and per branch and
    // product company, segment, region, city or salesman (its branch filter).
    kc: (s) => valuedKey(s, place.c(s)),
    kg: (s) => valuedKey(s, place.g(s)),
    kr: (s) => valuedKey(s, place.r(s)),
    ky: (s) => valuedKey(s, place.y(s)),
    km: (s) => valuedKey(s, place.m(s)),
    kbc: (s) => valuedKey(s, inBranch(place.c)(s)),
    kbg: (s) => valuedKey(s, inBranch(place.g)(s)),
    kbr: (s) => valuedKey(s, inBranch(place.r)(s)),
    kby: (s) => valuedKey(s, inBranch(place.y)(s)),
    kbm: (s) => valuedKey(s, inBranch(place.m)(s)),
    // The home's emission date: valued sales per day the order was begun, in all and per sale type
    // (`day#type`), and those with financial movement. Read from the month items of the order date.
    e: (s) => valuedKey(s, issued(s)),
    et: (s) => valuedKey(s, `${issued(s)}#${s.natureId ?? 'none'}`),
    fe: (s) => (financial(s) ? issued(s) : null),
    fet: (s) => (financial(s) ? `${issued(s)}#${s.natureId ?? 'none'}` : null),
    // The sales dashboard's product groups: the valued sales with a line of each group.
    kq: (s) => (isValued(s) ? [...groupValues(s).keys()] : null),
  },
  sums: {
    v: (s) => value(s, true, true),
    vs: (s) => value(s, s.status, false),
    vb: (s) => value(s, per('branchId')(s), true),
    vc: (s) => value(s, per('productCompanyId')(s), true),
    vt: (s) => value(s, per('natureId')(s), true),
    vp: (s) => value(s, per('paymentConditionId')(s), true),
    vsb: (s) => value(s, perStatus('branchId')(s), false),
    vsc: (s) => value(s, perStatus('productCompanyId')(s), false),
    vst: (s) => value(s, perStatus('natureId')(s), false),
    vsp: (s) => value(s, perStatus('paymentConditionId')(s), false),
    vf: (s) => (financial(s) ? value(s, true, true) : null),
    vft: (s) => (financial(s) ? value(s, per('natureId')(s), true) : null),
    vkc: (s) => valueOf(s, place.c(s)),
    vg: (s) => valueOf(s, place.g(s)),
    vr: (s) => valueOf(s, place.r(s)),
    vy: (s) => valueOf(s, place.y(s)),
    vm: (s) => valueOf(s, place.m(s)),
    vbc: (s) => valueOf(s, inBranch(place.c)(s)),
    vbg: (s) => valueOf(s, inBranch(place.g)(s)),
    vbr: (s) => valueOf(s, inBranch(place.r)(s)),
    vby: (s) => valueOf(s, inBranch(place.y)(s)),
    vbm: (s) => valueOf(s, inBranch(place.m)(s)),
    // The mix: the lines of the valued sales (their average per sale), in all and per branch.
    vl: (s) => (isValued(s) ? { key: true, amount: String(s.totals.count) } : null),
    vbl: (s) => (isValued(s) && s.branchId ? { key: s.branchId, amount: String(s.totals.count) } : null),
    ve: (s) => valueOf(s, issued(s)),
    vet: (s) => valueOf(s, `${issued(s)}#${s.natureId ?? 'none'}`),
    vfe: (s) => (financial(s) ? valueOf(s, issued(s)) : null),
    vfet: (s) => (financial(s) ? valueOf(s, `${issued(s)}#${s.natureId ?? 'none'}`) : null),
    // Their lines' value per group (the lines' totals: before the order's general discounts and increases).
    vq: (s) => (isValued(s) ? [...groupValues(s)].map(([key, amount]) => ({ key, amount: amount.toFixed() })) : null),
  },
});

/** Shards of a month's clients served in the whole company: one item would hold every client served (a large company's past 400 KB). */
export const SERVED_SHARDS = 16;
const servedShard = (clientId: string) => String(stableHash(clientId) % SERVED_SHARDS);

/**
 * The clients served (docs/sales.md "Home figures"): per month, each client's count of closed sales
 * neither cancelled nor refunded (`cc#<client>`; with financial movement `cf#<client>`), so the
 * distinct clients served are the keys counted above zero, and their value (`vcc#<client>`: the
 * sales dashboard's ranking of clients). Kept per salesman (`sm#<id>#m#<month>`:
 * a team is the union of its members' keys) and, for the company, in `SERVED_SHARDS` items by the
 * client's id (`all#s<n>#m#<month>`: the shards' keys added up). Month items only: the figure is a
 * month's statistic. Written beside `saleFigures`, in the same transactions.
 */
export const saleClients = aggregate<SaleRecord, { cc: string; cf: string }, { vcc: string }>({
  name: `${SALES}-clients`,
  scopes: (s) => {
    if (!counted(s) || !s.clientId) return [];
    const month = s.orderDate.slice(0, 7);
    return [SaleClientScopes.shard(servedShard(s.clientId), month), ...(s.salesmanId ? [SaleFigureScopes.month(SaleScopes.salesman(s.salesmanId), month)] : [])];
  },
  counts: {
    cc: (s) => valuedKey(s, s.clientId),
    cf: (s) => (financial(s) ? s.clientId : null),
  },
  // The value each client bought in the month (the sales dashboard's ranking of clients).
  sums: { vcc: (s) => (s.clientId ? valueOf(s, s.clientId) : null) },
});

/** The distinct clients served in some of the scopes `clientsServedEach` read, each client once. */
export function servedIn(each: Map<string, { all: string[]; financial: string[] }>, scopes: string[]): { all: number; financial: number } {
  const all = new Set<string>();
  const financial = new Set<string>();
  for (const s of scopes) {
    for (const k of each.get(s)?.all ?? []) all.add(k);
    for (const k of each.get(s)?.financial ?? []) financial.add(k);
  }
  return { all: all.size, financial: financial.size };
}

/** The company's shards of a month's clients served (`saleClients`). */
export const SaleClientScopes = {
  shard: (shard: string, month: string) => SaleFigureScopes.month(`${SaleScopes.all}#s${shard}`, month),
  shards: (month: string) => Array.from({ length: SERVED_SHARDS }, (_, n) => SaleClientScopes.shard(String(n), month)),
};

/**
 * The steps that keep the sales' aggregates true from a sale as it was to the sale as it is
 * written (null: created or deleted): in every write step of the repository, so any write that
 * passes through it (a draft's save, a close, a move, a settlement, an edit) stays counted.
 */
export function saleFigureSteps(before: SaleRecord | null, after: SaleRecord | null): TxStep[] {
  // At most six ADDs (two items in two scopes, and the clients served in two): the close's transaction holds them beside its installments.
  return [...aggregateSteps(saleFigures, before, after), ...aggregateSteps(saleClients, before, after)];
}

/** Shards of a month's products sold in the whole company (`saleProducts`): one item would hold every product a large company sells in a month. */
export const PRODUCT_SHARDS = 16;
/**
 * Shards of a month's products sold by one salesman: a salesman sells far fewer distinct products
 * in a month than the company (an item holds about 3,000 products' three figures within DynamoDB's
 * 400 KB: four hold 12,000), and a team's dashboard reads each of its salesmen's shards of each month
 * (docs/sales.md "The products' ranking": a team of 30 over 12 months, 1,440 items).
 */
export const SALESMAN_PRODUCT_SHARDS = 4;
const productShard = (productId: string) => stableHash(productId) % PRODUCT_SHARDS;
const salesmanProductShard = (productId: string) => stableHash(productId) % SALESMAN_PRODUCT_SHARDS;
/**
 * Products of one item an update moves at most: three figures each (a product on both sides of an
 * edit is one delta), 360 figures of `#1a :1a,` in an expression that takes 4 KB.
 */
const PRODUCTS_PER_PART = 120;

/**
 * A sale's products as their figures count it (docs/sales.md "Sales dashboard", "The products'
 * ranking"): for a closed sale neither cancelled nor refunded, its order date's month, its salesman
 * and, per product of its lines not cancelled, the quantity (a settled consignment's: what was sold)
 * and the lines' value (their totals, before the order's general discounts and increases: as the
 * product groups). Null for a draft, a cancelled or a refunded sale: they count nowhere.
 */
export interface SaleProductsView {
  month: string;
  /** The sale's salesman, whose items count it too (null: none; absent on outbox items written before the salesmen's figures: the company's only). */
  salesmanId?: string | null;
  /** [product id, quantity, value], one per product. */
  products: [string, string, string][];
}

export function productsView(s: SaleRecord | null): SaleProductsView | null {
  if (!s || !counted(s) || !isValued(s)) return null;
  const per = new Map<string, { q: Decimal; v: Decimal }>();
  for (const i of s.items) {
    if (i.cancelled) continue;
    const acc = per.get(i.productId) ?? { q: new Decimal(0), v: new Decimal(0) };
    per.set(i.productId, { q: acc.q.plus(i.sold ?? i.quantity), v: acc.v.plus(i.total) });
  }
  if (!per.size) return null;
  return { month: s.orderDate.slice(0, 7), salesmanId: s.salesmanId ?? null, products: [...per].map(([id, f]) => [id, f.q.toFixed(), f.v.toFixed()]) };
}

/**
 * What a sale holds of each campaign its lines took (docs/campaigns.md "Limits"): for a closed sale
 * neither cancelled nor refunded, per campaign, the units of its lines not cancelled (a settled
 * consignment's: what was sold), the lines' value, what the campaign gave, and its name and limits
 * as the lines read them. Empty for a draft, a cancelled or a refunded sale.
 */
function campaignHolds(s: SaleRecord | null): Map<string, { units: Decimal; value: Decimal; given: Decimal; terms: NonNullable<SaleItem['campaign']> }> {
  const out = new Map<string, { units: Decimal; value: Decimal; given: Decimal; terms: NonNullable<SaleItem['campaign']> }>();
  if (!s || !counted(s) || !isValued(s)) return out;
  for (const i of s.items) {
    if (i.cancelled || !i.campaign) continue;
    const h = out.get(i.campaign.id) ?? { units: new Decimal(0), value: new Decimal(0), given: new Decimal(0), terms: i.campaign };
    out.set(i.campaign.id, { ...h, units: h.units.plus(i.sold ?? i.quantity), value: h.value.plus(i.total), given: h.given.plus(i.campaign.given) });
  }
  return out;
}

/** A campaign's limit passed by a close or an edit: nothing of the write is kept. */
const campaignLimitPassed = (name: string) => () => new DomainError('sales.campaign_limit', SaleTexts.campaignLimit({ name }), 'conflict');

/**
 * The steps that move each campaign's use (its total and the client's item) from a sale as it was
 * to the sale as it is written, in the write's own transaction: what a close, an edit, a
 * cancellation or a refund adds or gives back. A rise holds only on the condition that the units
 * stay within the limit the lines read (`units <= limit − rise`), so concurrent closes never sell
 * past it: the one that would is refused whole.
 */
function campaignUseSteps(before: SaleRecord | null, after: SaleRecord | null): TxStep[] {
  const steps: TxStep[] = [];
  const sides = [
    { sale: before, holds: campaignHolds(before), sign: -1 },
    { sale: after, holds: campaignHolds(after), sign: 1 },
  ];
  // Keyed by campaign and client: a sale whose client changed moves its units between clients.
  const deltas = new Map<string, { campaignId: string; clientId: string; units: Decimal; value: Decimal; given: Decimal; sales: number; terms: NonNullable<SaleItem['campaign']> }>();
  for (const { sale, holds, sign } of sides) {
    for (const [campaignId, h] of holds) {
      const clientId = sale!.clientId ?? '';
      const key = `${campaignId}|${clientId}`;
      const d = deltas.get(key) ?? { campaignId, clientId, units: new Decimal(0), value: new Decimal(0), given: new Decimal(0), sales: 0, terms: h.terms };
      deltas.set(key, { ...d, units: d.units.plus(h.units.times(sign)), value: d.value.plus(h.value.times(sign)), given: d.given.plus(h.given.times(sign)), sales: d.sales + sign, terms: sign > 0 ? h.terms : d.terms });
    }
  }
  const totals = new Map<string, { units: Decimal; value: Decimal; given: Decimal; sales: number; terms: NonNullable<SaleItem['campaign']> }>();
  for (const d of deltas.values()) {
    const t = totals.get(d.campaignId) ?? { units: new Decimal(0), value: new Decimal(0), given: new Decimal(0), sales: 0, terms: d.terms };
    totals.set(d.campaignId, { units: t.units.plus(d.units), value: t.value.plus(d.value), given: t.given.plus(d.given), sales: t.sales + d.sales, terms: d.terms });
  }
  const step = (key: Key, d: { units: Decimal; value: Decimal; given: Decimal; sales: number }, limit: string | null, name: string, clientId?: string) => {
    if (d.units.isZero() && d.value.isZero() && d.given.isZero() && d.sales === 0) return;
    const values: Record<string, unknown> = { ':u': new NumberValue(d.units.toFixed()), ':v': new NumberValue(d.value.toFixed()), ':g': new NumberValue(d.given.toFixed()), ':s': d.sales };
    let condition: string | undefined;
    if (limit !== null && d.units.gt(0)) {
      const room = new Decimal(limit).minus(d.units);
      if (room.isNegative()) condition = 'attribute_not_exists(pk) AND attribute_exists(pk)';
      else {
        condition = 'attribute_not_exists(units) OR units <= :room';
        values[':room'] = new NumberValue(room.toFixed());
      }
    }
    if (clientId !== undefined) values[':c'] = clientId;
    steps.push(
      Tx.update(
        key,
        {
          UpdateExpression: `ADD units :u, #value :v, given :g, sales :s${clientId !== undefined ? ' SET clientId = :c' : ''}`,
          ...(condition ? { ConditionExpression: condition } : {}),
          ExpressionAttributeNames: { '#value': 'value' },
          ExpressionAttributeValues: values,
        },
        campaignLimitPassed(name),
      ),
    );
  };
  for (const [campaignId, t] of totals) step(Keys.campaignUse(campaignId, null), t, t.terms.totalLimit, t.terms.name);
  for (const d of deltas.values()) step(Keys.campaignUse(d.campaignId, d.clientId), d, d.terms.clientLimit, d.terms.name, d.clientId);
  return steps;
}

/** What one campaign has sold (its partition: the total and one item per client): units, sales, value and what it gave, and how many clients bought. */
async function campaignSold(campaignId: string): Promise<{ units: string; sales: number; value: string; given: string; clients: number }> {
  const items = await queryAll<{ sk: string; units?: unknown; sales?: unknown; value?: unknown; given?: unknown }>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': Keys.campaignUsePartition(campaignId) } });
  const total = items.find((i) => i.sk === 'TOTAL');
  const clients = items.filter((i) => i.sk !== 'TOTAL' && new Decimal(String(i.units ?? 0)).gt(0)).length;
  return { units: String(total?.units ?? '0'), sales: Number(total?.sales ?? 0), value: String(total?.value ?? '0'), given: String(total?.given ?? '0'), clients };
}

/** What campaigns have sold, by campaign: in all and to one client (docs/campaigns.md "Limits"); a campaign that sold nothing is absent. */
async function campaignUses(campaignIds: string[], clientId: string | null): Promise<Map<string, { client: string; total: string }>> {
  if (!campaignIds.length) return new Map();
  const keys = campaignIds.flatMap((id) => [Keys.campaignUse(id, null), ...(clientId ? [Keys.campaignUse(id, clientId)] : [])]);
  const items = await getItems<{ pk: string; sk: string; units?: unknown }>(keys);
  const out = new Map<string, { client: string; total: string }>();
  for (const id of campaignIds) {
    const pk = Keys.campaignUsePartition(id);
    const total = items.find((i) => i.pk === pk && i.sk === 'TOTAL');
    const client = items.find((i) => i.pk === pk && i.sk !== 'TOTAL');
    if (total || client) out.set(id, { total: String(total?.units ?? '0'), client: String(client?.units ?? '0') });
  }
  return out;
}

/** One item's part of a sale's products (at most PRODUCTS_PER_PART of them): what `saleProducts` counts. */
interface ProductPart {
  scope: string;
  products: readonly (readonly [string, string, string])[];
}

/**
 * The items of a month's products (`saleProducts`): the company's shards `all#s<n>#m#<month>` and
 * each salesman's `sm#<id>#s<n>#m#<month>`.
 */
export const SaleProductScopes = {
  shard: (shard: number, month: string) => SaleFigureScopes.month(`${SaleScopes.all}#s${shard}`, month),
  shards: (month: string) => Array.from({ length: PRODUCT_SHARDS }, (_, n) => SaleProductScopes.shard(n, month)),
  salesmanShard: (salesmanId: string, shard: number, month: string) => SaleFigureScopes.month(`${SaleScopes.salesman(salesmanId)}#s${shard}`, month),
  salesmanShards: (salesmanId: string, month: string) => Array.from({ length: SALESMAN_PRODUCT_SHARDS }, (_, n) => SaleProductScopes.salesmanShard(salesmanId, n, month)),
};

/** The items a product of a view counts in: its company shard and its salesman's shard of the view's month. */
const productItems = (v: SaleProductsView, productId: string): string[] => [
  SaleProductScopes.shard(productShard(productId), v.month),
  ...(v.salesmanId ? [SaleProductScopes.salesmanShard(v.salesmanId, salesmanProductShard(productId), v.month)] : []),
];

/**
 * The products sold (the sales dashboard's ranking of products), per month, for the whole company in
 * PRODUCT_SHARDS items by the product's id and for each salesman in SALESMAN_PRODUCT_SHARDS: per
 * product the valued sales with a line of it (`pn#<product>`), its quantity (`pq#`) and its lines'
 * value (`pv#`). Not written in the sale's transaction (a sale of 1,000 products would move 3,000
 * figures): through the outbox below.
 */
export const saleProducts = aggregate<ProductPart, { pn: string }, { pq: string; pv: string }>({
  name: `${SALES}-products`,
  scopes: (p) => [p.scope],
  counts: { pn: (p) => p.products.map(([id]) => id) },
  sums: {
    pq: (p) => p.products.map(([id, q]) => ({ key: id, amount: q })),
    pv: (p) => p.products.map(([id, , v]) => ({ key: id, amount: v })),
  },
});

/**
 * The ADDs that move the products' figures from one view to another, in rounds: each item the two
 * views touch (the company's shards and the salesman's, of either month and either salesman) takes
 * its products in parts of PRODUCTS_PER_PART (`aggregateSteps` of the part on both sides: a product
 * unchanged in an item moves nothing), and round n holds every item's part n. A transaction updates
 * an item once, so a round holds each item at most once: at most 16 company shards and 4 salesman
 * shards in each of two months (an edit moving the month or the salesman), 40 updates. A function of
 * the outbox item alone, so the call and the sweep make the same rounds.
 */
export function productRounds(before: SaleProductsView | null, after: SaleProductsView | null): TxStep[][] {
  // Each view's products per item it counts them in.
  const inItems = (v: SaleProductsView | null) => {
    const out = new Map<string, [string, string, string][]>();
    for (const p of v?.products ?? []) for (const scope of productItems(v!, p[0])) out.set(scope, [...(out.get(scope) ?? []), p]);
    return out;
  };
  const sides = [inItems(before), inItems(after)] as const;
  const scopes = [...new Set([...sides[0].keys(), ...sides[1].keys()])].sort();
  const rounds: TxStep[][] = [];
  for (const scope of scopes) {
    const ids = [...new Set(sides.flatMap((side) => (side.get(scope) ?? []).map(([id]) => id)))].sort();
    for (let n = 0; n * PRODUCTS_PER_PART < ids.length; n++) {
      const part = new Set(ids.slice(n * PRODUCTS_PER_PART, (n + 1) * PRODUCTS_PER_PART));
      const of = (side: Map<string, [string, string, string][]>): ProductPart | null => {
        const products = (side.get(scope) ?? []).filter(([id]) => part.has(id));
        return products.length ? { scope, products } : null;
      };
      (rounds[n] ??= []).push(...aggregateSteps(saleProducts, of(sides[0]), of(sides[1])));
    }
  }
  return rounds.filter((r) => r.length > 0);
}

/**
 * The outbox item of a sale's write (`PF#<sale>#<version read>`): its products' figures before and
 * after the write, put in the write's own transaction (one action), applied after it by
 * `applyProductOutbox` (and by the sweep when the process died first). The products whose figures
 * the write does not change are left out (an edit of one line carries that line).
 */
export interface ProductOutbox {
  saleId: string;
  version: number;
  before: SaleProductsView | null;
  after: SaleProductsView | null;
}

export function productOutbox(before: SaleRecord | null, after: SaleRecord | null): ProductOutbox | null {
  let b = productsView(before);
  let a = productsView(after);
  // Unchanged products are left out only where they stay in the same items: the same month and salesman.
  if (b && a && b.month === a.month && (b.salesmanId ?? null) === (a.salesmanId ?? null)) {
    const afterOf = new Map(a.products.map((q) => [q[0], q]));
    const same = new Set(
      b.products
        .filter((p) => {
          const q = afterOf.get(p[0]);
          return q !== undefined && new Decimal(q[1]).eq(p[1]) && new Decimal(q[2]).eq(p[2]);
        })
        .map((p) => p[0]),
    );
    b = { ...b, products: b.products.filter((p) => !same.has(p[0])) };
    a = { ...a, products: a.products.filter((p) => !same.has(p[0])) };
    if (!b.products.length && !a.products.length) return null;
  }
  if (!b && !a) return null;
  return { saleId: (after ?? before)!.id, version: before?.version ?? 0, before: b, after: a };
}

/** The outbox item's put in the sale's write (nothing when the write moves no product's figure). */
function productOutboxSteps(before: SaleRecord | null, after: SaleRecord | null): TxStep[] {
  const o = productOutbox(before, after);
  return o ? [Tx.put({ ...Keys.saleProductsOutbox(o.saleId, o.version), type: 'saleProductsOutbox', ...o })] : [];
}

/** The outbox item was applied already (its part done, or the item gone). */
class OutboxApplied extends Error {}

/**
 * Applies an outbox item: its figures' ADDs in one transaction with the item's delete, on the
 * condition that the item is there, so an item applied twice (the close's own call and the sweep)
 * counts once. A sale of more than PRODUCTS_PER_PART products in one shard takes several rounds
 * (`productRounds`: a transaction updates an item once), each a transaction: each but the last
 * notes its round in the item (`done`, on the condition that it is not noted yet), the last deletes
 * it. Answers whether this call applied anything.
 */
export async function applyProductOutbox(o: ProductOutbox): Promise<boolean> {
  const key = Keys.saleProductsOutbox(o.saleId, o.version);
  const rounds = productRounds(o.before, o.after);
  if (!rounds.length) rounds.push([]);
  let applied = false;
  for (const [n, adds] of rounds.entries()) {
    const mark =
      n === rounds.length - 1
        ? Tx.delete(key, { ConditionExpression: 'attribute_exists(pk)' }, () => new OutboxApplied())
        : Tx.update(key, {
            UpdateExpression: 'ADD #done :part',
            ConditionExpression: 'attribute_exists(pk) AND NOT contains(#done, :n)',
            ExpressionAttributeNames: { '#done': 'done' },
            ExpressionAttributeValues: { ':part': new Set([n]), ':n': n },
          }, () => new OutboxApplied());
    try {
      await transact([mark, ...adds]);
      applied = true;
    } catch (e) {
      if (!(e instanceof OutboxApplied)) throw e;
    }
  }
  return applied;
}

/** A new sale's record, lines, references, list items and figures: what its create and its bulk write share (the products' figures apart). */
function newSaleSteps(s: SaleRecord): TxStep[] {
  const listing = listingSteps(saleListing, [], s);
  return [Versioned.create(header(s, listing.ix)), ...lineSteps(s), ...References.change(source(s), [], targets(s)), ...listing.steps, ...saleFigureSteps(null, s), ...campaignUseSteps(null, s)];
}

/** The registries, client, users, branch and campaigns a sale points to (invariant 6): what it names cannot be deleted. */
function targets(s: Sale): Target[] {
  const out = Registries.targetsOf(s, { productCompanyId: 'product-companies', natureId: 'natures', priceTableId: 'price-tables', paymentConditionId: 'payments-conditions' });
  if (s.transport.vehicleId) out.push(Registries.target('vehicles', s.transport.vehicleId, 'transport.vehicleId'));
  if (s.salesmanId) out.push(Users.target(s.salesmanId, 'salesmanId'));
  if (s.branchId) out.push(Tenants.branchTarget(s.branchId, 'branchId'));
  // The campaigns its lines took: a campaign an order took cannot be deleted (made inactive, it stays in its results).
  for (const id of s.campaignIds ?? []) out.push(Registries.target('campaigns', id, 'campaignIds'));
  return out;
}

const source = (s: Sale) => ({ entity: SALES, id: s.id, label: s.number === null ? 'Rascunho de pedido' : `Pedido ${s.number}` });

/** Lines per chunk item: 200 lines are about 80 KB, well under the 400 KB of an item. */
export const LINES_PER_CHUNK = 200;

const chunkCount = (s: Pick<Sale, 'items'>) => Math.ceil(s.items.length / LINES_PER_CHUNK);

/** The header as stored: the sale without its lines, and how many chunks hold them. */
function header(s: SaleRecord, ix: string[]): Record<string, unknown> {
  // The installments live in the client's financial position (sales/installments.ts): never copied here.
  const { items: _items, installments: _installments, payment: _payment, ...rest } = s;
  return { ...Keys.sale(s.id), type: 'sale', ...rest, ix, lineChunks: chunkCount(s) };
}

/** The lines' chunk items, each a put; given the sale as it was, only the chunks whose lines changed (a close, a move, a settlement write none or few). */
function lineSteps(s: Sale, before?: SaleRecord): TxStep[] {
  const steps: TxStep[] = [];
  for (let c = 0; c < chunkCount(s); c++) {
    const lines = s.items.slice(c * LINES_PER_CHUNK, (c + 1) * LINES_PER_CHUNK);
    if (before && c < (before.lineChunks ?? 0) && JSON.stringify(before.items.slice(c * LINES_PER_CHUNK, (c + 1) * LINES_PER_CHUNK)) === JSON.stringify(lines)) continue;
    steps.push(Tx.put({ ...Keys.saleLines(s.id, c), type: 'saleLines', lines }));
  }
  return steps;
}

/** Deletes of the chunks `before` had beyond those `after` writes. */
function staleChunks(before: SaleRecord, after: Sale | null): TxStep[] {
  const steps: TxStep[] = [];
  for (let c = after ? chunkCount(after) : 0; c < (before.lineChunks ?? 0); c++) steps.push(Tx.delete(Keys.saleLines(before.id, c)));
  return steps;
}

export const SalesRepository = {
  campaignUses,
  campaignSold,
  /** The sale, header and lines: one Query of its partition (strongly consistent). */
  async get(id: string): Promise<SaleRecord | undefined> {
    const items = await queryAll<Record<string, unknown>>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': Keys.salePartition(id) }, ConsistentRead: true }, 100);
    const head = items.find((i) => i.sk === 'SALE') as (SaleRecord & { lineChunks?: number }) | undefined;
    if (!head) return undefined;
    const chunks = items.filter((i) => String(i.sk).startsWith('LINES#')).sort((a, b) => String(a.sk).localeCompare(String(b.sk)));
    return { ...head, items: chunks.slice(0, head.lineChunks ?? 0).flatMap((c) => c.lines as SaleItem[]), installments: [], payment: 'none' };
  },

  /** The last number given to a sale (0 before the first). */
  async lastNumber(): Promise<number> {
    return Number((await getItem<{ value?: number }>(Keys.counter(SALES)))?.value ?? 0);
  },

  /** Takes the next number in the closing transaction, on the condition that nobody took it meanwhile. */
  numberStep(previous: number): TxStep {
    return Tx.update(Keys.counter(SALES), {
      UpdateExpression: 'SET #v = :next',
      ConditionExpression: previous === 0 ? 'attribute_not_exists(#v) OR #v = :prev' : '#v = :prev',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':next': previous + 1, ':prev': previous },
    }, () => new NumberTaken());
  },

  /**
   * A history written in bulk (db/bulk.ts takes ADDs) takes `count` numbers at once, previous + 1
   * to previous + count, on the condition that nobody took one meanwhile.
   */
  numbersStep(previous: number, count: number): TxStep {
    return Tx.update(Keys.counter(SALES), {
      UpdateExpression: 'ADD #v :n',
      ConditionExpression: previous === 0 ? 'attribute_not_exists(#v) OR #v = :prev' : '#v = :prev',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':n': count, ':prev': previous },
    }, () => new NumberTaken());
  },

  /** Sales whose close was interrupted, oldest first. */
  interrupted(page: PageRequest) {
    return listPage(saleListing, SaleScopes.closing, page, 'asc');
  },

  createSteps(s: SaleRecord): TxStep[] {
    return [...newSaleSteps(s), ...productOutboxSteps(null, s)];
  },

  /**
   * A history's sale in bulk (sales/history.ts, db/bulk.ts): the create's steps with its products'
   * figures added directly (the bulk sums the ADDs of all its sales) instead of an outbox item.
   */
  bulkCreateSteps(s: SaleRecord): TxStep[] {
    return [...newSaleSteps(s), ...productRounds(null, productsView(s)).flat()];
  },

  /** The whole order written again over the version (and the close mark) read: a draft is saved whole. */
  replaceSteps(before: SaleRecord, after: SaleRecord): TxStep[] {
    return writeSteps(before, after, null);
  },

  /**
   * A close's own bookkeeping on a draft (its mark set, changed or taken off): over the version and
   * the mark read, without moving the version (the draft stays as the user left it). A condition
   * that fails is `MarkMoved`: another close, or a save, got there first.
   */
  markSteps(before: SaleRecord, after: SaleRecord): TxStep[] {
    return writeSteps(before, after, 'keep');
  },

  /**
   * The numbered sale written over its close's mark (the version moves on); a mark moved meanwhile
   * is `MarkMoved`. `others`: the actions of the close's transaction besides these (its number and
   * installments). Where the products' figures fit beside them (one round, within the 100), they go
   * in the same transaction, applied with the sale, and no outbox item is put (`outbox` false:
   * nothing to apply after, one round trip less); else the outbox item (docs/sales.md "The products'
   * ranking").
   */
  closeSteps(marked: SaleRecord, sale: SaleRecord, others = MAX_TX_ACTIONS): { steps: TxStep[]; outbox: boolean } {
    const base = writeSteps(marked, sale, 'move', []);
    const rounds = productRounds(productsView(marked), productsView(sale));
    if (rounds.length <= 1 && others + base.length + (rounds[0]?.length ?? 0) <= MAX_TX_ACTIONS) return { steps: [...base, ...(rounds[0] ?? [])], outbox: false };
    const outbox = productOutboxSteps(marked, sale);
    return { steps: [...base, ...outbox], outbox: outbox.length > 0 };
  },

  deleteSteps(before: SaleRecord): TxStep[] {
    const listing = listingSteps(saleListing, before.ix, null, before);
    const guard = markGuard(before);
    return [
      Tx.delete(Keys.sale(before.id), { ConditionExpression: `version = :v AND ${guard.expression}`, ExpressionAttributeNames: guard.names, ExpressionAttributeValues: { ':v': before.version, ...guard.values } }, versionConflict),
      ...staleChunks(before, null),
      ...References.change(source(before), targets(before), []),
      ...listing.steps,
      ...saleFigureSteps(before, null),
      ...campaignUseSteps(before, null),
      ...productOutboxSteps(before, null),
    ];
  },

  list(scopes: string[], page: PageRequest, options: ListOptions = {}) {
    return listPage(saleListing, scopes, page, { order: 'desc', ...options });
  },

  search(scopes: string[], terms: string[], page: PageRequest, options: Pick<ListOptions, 'match' | 'readFactor'> = {}) {
    return searchPage(saleListing, scopes, terms, page, options);
  },

  /** The order date of the oldest closed sale of a base scope (null: none): where its months begin. */
  async oldestDate(base: string): Promise<string | null> {
    const page = await listPage(saleListing, SaleScopes.sales(base), { limit: 1, query: 'sales-oldest' }, 'asc');
    return page.items[0]?.orderDate ?? null;
  },

  /**
   * The closed sales' rows of a base scope whose order date lies in a period (inclusive), oldest
   * first, at most `max`: a key range of its list partition (its sort keys begin with the order date).
   */
  inPeriod(base: string, from: string, until: string, max: number): Promise<StoredSaleSummary[]> {
    return listRange(saleListing, SaleScopes.sales(base), { from, to: until }, max);
  },

  /** Where sales were closed: of each header its id, close time and geolocation, by id, one BatchGet per 100; an id not found is absent. */
  async closePlaces(ids: string[]): Promise<Pick<SaleRecord, 'id' | 'closedAt' | 'geolocation'>[]> {
    return ids.length ? getItems<Pick<SaleRecord, 'id' | 'closedAt' | 'geolocation'>>(ids.map((id) => Keys.sale(id)), ['id', 'closedAt', 'geolocation']) : [];
  },

  /** The count and value figures of the given aggregate scopes, added up (one BatchGet per 100). */
  figures(scopes: string[]) {
    return readAggregate(saleFigures, scopes);
  },

  /** The figures of each scope apart (a chart's days), in the same BatchGets. */
  figuresEach(scopes: string[]) {
    return readAggregateEach(saleFigures, scopes);
  },

  /**
   * The clients of these scopes of `saleClients` (months' shards, a team's months), added up: each
   * client's count of sales that count and their value, the largest value first, `limit` of them.
   */
  async clientRanking(scopes: string[], limit: number): Promise<{ id: string; count: number; total: string }[]> {
    const read = scopes.length ? await readAggregateEach(saleClients, scopes) : new Map<string, never>();
    const out = new Map<string, { count: number; total: Decimal }>();
    for (const f of read.values())
      for (const { key, count } of f.keyed('cc')) {
        const acc = out.get(key) ?? { count: 0, total: new Decimal(0) };
        out.set(key, { count: acc.count + count, total: acc.total.plus(f.sum('vcc', key)) });
      }
    return [...out]
      .sort(([, a], [, b]) => b.total.comparedTo(a.total) || b.count - a.count)
      .slice(0, limit)
      .map(([id, r]) => ({ id, count: r.count, total: r.total.toFixed() }));
  },

  /**
   * The products' figures a write moved (its outbox item, `productOutbox`) applied, after the write's
   * transaction: a failure is only logged (the item stays; the sweep applies it).
   */
  async applyProducts(before: SaleRecord | null, after: SaleRecord | null): Promise<void> {
    const o = productOutbox(before, after);
    if (o) await applyProductOutbox(o).catch((e: unknown) => Logs.warn('sales.products_outbox_failed', { saleId: o.saleId, error: (e as Error).message }));
  },

  /** The outbox items left behind (a process that died after a sale's write), each applied; answers how many this call applied. */
  async applyLeftProducts(): Promise<number> {
    let applied = 0;
    let cursor: string | undefined;
    do {
      const page = await queryPage<ProductOutbox>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': Keys.saleProductsOutboxPartition() }, ConsistentRead: true }, { cursor, limit: 100, query: 'sales-products-outbox' });
      for (const item of page.items) if (await applyProductOutbox({ saleId: item.saleId, version: item.version, before: item.before, after: item.after })) applied++;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return applied;
  },

  /**
   * The products of these months, added up: the company's shards (`owners` null) or those of each
   * salesman named (a team, one salesman: SALESMAN_PRODUCT_SHARDS a salesman a month, in parallel
   * BatchGets of 100); each product's count, quantity and value, the largest value first, `limit` of them.
   */
  async productRanking(months: string[], owners: string[] | null, limit: number): Promise<{ id: string; count: number; quantity: string; total: string }[]> {
    const scopes = months.flatMap((m) => (owners === null ? SaleProductScopes.shards(m) : owners.flatMap((o) => SaleProductScopes.salesmanShards(o, m))));
    const read = scopes.length ? await readAggregateEach(saleProducts, scopes) : new Map<string, never>();
    const out = new Map<string, { count: number; quantity: Decimal; total: Decimal }>();
    for (const f of read.values())
      for (const { key, count } of f.keyed('pn')) {
        const acc = out.get(key) ?? { count: 0, quantity: new Decimal(0), total: new Decimal(0) };
        out.set(key, { count: acc.count + count, quantity: acc.quantity.plus(f.sum('pq', key)), total: acc.total.plus(f.sum('pv', key)) });
      }
    return [...out]
      .sort(([, a], [, b]) => b.total.comparedTo(a.total) || b.count - a.count)
      .slice(0, limit)
      .map(([id, r]) => ({ id, count: r.count, quantity: r.quantity.toFixed(), total: r.total.toFixed() }));
  },

  /** Each scope's clients served apart (a salesman's), in the same BatchGets; `servedIn` adds some up. */
  async clientsServedEach(scopes: string[]): Promise<Map<string, { all: string[]; financial: string[] }>> {
    const read = scopes.length ? await readAggregateEach(saleClients, scopes) : new Map<string, never>();
    return new Map([...read].map(([scope, f]) => [scope, { all: f.keyed('cc').map((k) => k.key), financial: f.keyed('cf').map((k) => k.key) }]));
  },
};

/**
 * The whole order over the version and the close mark read; `mark`: a close's own write (see
 * `markSteps`, `closeSteps`). `products`: the products' figures as the outbox item (the default), or
 * the steps given in its place (a close whose figures fit its transaction).
 */
function writeSteps(before: SaleRecord, after: SaleRecord, mark: 'keep' | 'move' | null, products?: TxStep[]): TxStep[] {
  const listing = listingSteps(saleListing, before.ix, after, before);
  return [
    Versioned.replace({ ...header(after, listing.ix), version: before.version }, before.version, {
      condition: markGuard(before),
      keepVersion: mark === 'keep',
      ...(mark ? { onConditionFail: () => new MarkMoved() } : {}),
    }),
    ...lineSteps(after, before),
    ...staleChunks(before, after),
    ...References.change(source(after), targets(before), targets(after)),
    ...listing.steps,
    ...saleFigureSteps(before, after),
    ...campaignUseSteps(before, after),
    ...(products ?? productOutboxSteps(before, after)),
  ];
}

/** The sale as the API answers it, but for its installments (`answer`, sales/access.ts, reads them). */
export function publicSale(s: SaleRecord): Sale {
  return withoutKeys(s, ['pk', 'sk', 'type', 'ix', 'refCount', 'closing', 'closeKey', 'lineChunks', 'installmentLabels'] as const) as Sale;
}

/** Another close took the number read: read it again and retry. */
export class NumberTaken extends Error {}

/** A close's mark write found the draft moved (another close marked it, a save changed it, a takeover): read it again. */
export class MarkMoved extends Error {}

/**
 * The store's orders' own items (docs/store.md "The purchase" and "Payment"): a purchase's
 * Idempotency-Key and the order it made, the Pix in force by expiry (the sweep's index), a
 * processor's charge and the sale it pays, and the processor's events received.
 */
export const StoreOrdersRepository = {
  keyed: (owner: string, key: string) => getItem<{ saleId: string }>(Keys.storeOrderKey(owner, key)),
  keyStep: (owner: string, key: string, saleId: string, ttl: number, taken: () => Error): TxStep => Tx.putNew({ ...Keys.storeOrderKey(owner, key), type: 'storeOrderKey', saleId, ttl }, taken),
  keyDeleteStep: (owner: string, key: string): TxStep => Tx.delete(Keys.storeOrderKey(owner, key)),
  openPixStep: (expiresAt: string, saleId: string): TxStep => Tx.put({ ...Keys.storePixOpen(expiresAt, saleId), type: 'storePixOpen', saleId }),
  openPixDeleteStep: (expiresAt: string, saleId: string): TxStep => Tx.delete(Keys.storePixOpen(expiresAt, saleId)),
  /** The Pix whose time ran out by `now`: their sales. */
  openPixDue: (now: string) => queryAll<{ saleId: string }>({ KeyConditionExpression: 'pk = :pk AND sk <= :now', ExpressionAttributeValues: { ':pk': Keys.storePixOpenOf(), ':now': `${now}#~` } }, 500),
  chargeStep: (processor: string, chargeId: string, saleId: string): TxStep => Tx.put({ ...Keys.paymentCharge(processor, chargeId), type: 'paymentCharge', saleId }),
  saleOfCharge: async (processor: string, chargeId: string) => (await getItem<{ saleId: string }>(Keys.paymentCharge(processor, chargeId)))?.saleId,
  eventSeen: async (processor: string, eventId: string) => !!(await getItem(Keys.paymentEvent(processor, eventId))),
  eventStep: (processor: string, eventId: string, at: string, ttl: number): TxStep => Tx.put({ ...Keys.paymentEvent(processor, eventId), type: 'paymentEvent', at, ttl }),
};
