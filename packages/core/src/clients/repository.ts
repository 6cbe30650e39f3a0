import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Address, ClientSituation, ClientStatus } from '@ev/shared/schemas/clients';
import { digits, documentKey, fold, words } from '@ev/shared/text';
import { aggregate, aggregateSteps, readAggregate } from '../db/aggregate';
import { dynamoClient, tableName } from '../db/client';
import { Keys } from '../db/keys';
import { listingSteps, listPage, prefixRange, searchPage, sortKey, type ListOptions, type Listing } from '../db/listing';
import type { PageRequest } from '../db/query';
import { getItem, Versioned } from '../db/records';
import { References, type Target } from '../db/references';
import type { TxStep } from '../db/tx';
import { Unique } from '../db/unique';
import { registryTarget } from '../registries/repository';
import type { DomainError } from '../errors';

export const CLIENTS = 'clients';

/** A client as stored: the fields of the schema plus what is derived on write and bookkeeping. */
export interface ClientRecord {
  id: string;
  name: string;
  nickname: string | null;
  document: string | null;
  stateRegistration: string | null;
  email: string | null;
  phone1: string | null;
  phone2: string | null;
  phone3: string | null;
  phone4: string | null;
  status: ClientStatus;
  situation: ClientSituation;
  salesmanId: string | null;
  branchId: string | null;
  regionId: string | null;
  routeId: string | null;
  segmentId: string | null;
  walletId: string | null;
  natureId: string | null;
  bearerId: string | null;
  productCompanyId?: string | null;
  priceTableId?: string | null;
  paymentConditionIds: string[];
  creditLimit: string | null;
  addresses: Address[];
  lastPurchaseDate: string | null;
  incomplete: boolean;
  blocked: boolean;
  /** Business date (company time zone) of creation: the "new clients per month" figure. */
  createdOn: string;
  createdAt: string;
  updatedAt: string;
  version: number;
  ix?: string[];
  refCount?: number;
  scrapBalance?: string;
  [field: string]: unknown;
}

const PRIVATE = ['pk', 'sk', 'type', 'ix', 'refCount', 'createdOn', 'scrapBalance'] as const;

export function publicClient(stored: ClientRecord): Record<string, unknown> {
  const out: Record<string, unknown> = { ...stored };
  for (const k of PRIVATE) delete out[k];
  return out;
}

const mainAddress = (c: Pick<ClientRecord, 'addresses'>) => c.addresses.find((a) => a.main) ?? c.addresses[0];

export function clientSummary(c: ClientRecord) {
  const main = mainAddress(c);
  return {
    id: c.id,
    name: c.name,
    nickname: c.nickname,
    document: c.document,
    phone1: c.phone1,
    email: c.email,
    city: main?.city ?? null,
    state: main?.state ?? null,
    status: c.status,
    situation: c.situation,
    incomplete: c.incomplete,
    blocked: c.blocked,
    salesmanId: c.salesmanId,
    regionId: c.regionId,
    routeId: c.routeId,
    segmentId: c.segmentId,
    walletId: c.walletId,
  };
}

/** Phones as searched: the full number and the number without its area code. */
export function phoneWords(c: Pick<ClientRecord, 'phone1' | 'phone2' | 'phone3' | 'phone4'>): string[] {
  return [c.phone1, c.phone2, c.phone3, c.phone4].flatMap((p) => {
    const d = digits(p);
    return d ? [d, d.slice(2)] : [];
  });
}

/** The filters a partition serves in every scope; region, route, segment and wallet only in `all`. */
export const SCOPE_FILTERS = ['status', 'situation'] as const;
export const COMPANY_FILTERS = ['regionId', 'routeId', 'segmentId', 'walletId'] as const;

/** The scope partition of a client: `all`, and its salesman's own `sm#<id>` (none: only `all`). */
export const salesmanScope = (salesmanId: string) => `sm#${salesmanId}`;

/**
 * Clients are listed by name in `all` and in their salesman's `sm#<id>`, each also per status and
 * per situation; in `all` also per region, route, segment and wallet. A supervisor's team is read
 * as the merge of its salesmen's partitions. Search items (document, phones, then name and
 * nickname words) live in the same two scopes. docs/data-model.md lists which filter each serves.
 */
export const clientListing: Listing<ClientRecord> = {
  entity: CLIENTS,
  maxWords: 14,
  scopes: (c) => ['all', ...(c.salesmanId ? [salesmanScope(c.salesmanId)] : [])],
  lists: (c) => {
    const sort = sortKey(c.name);
    const scopes = ['all', ...(c.salesmanId ? [salesmanScope(c.salesmanId)] : [])];
    const out: { scope: string; sort: string }[] = [];
    for (const scope of scopes) {
      out.push({ scope, sort }, { scope: `${scope}#status#${c.status}`, sort }, { scope: `${scope}#situation#${c.situation}`, sort });
      // Last purchase, oldest first ('0' = never): "clients without purchase for N days" is a Query up to a date.
      out.push({ scope: `${scope}#purchase`, sort: c.lastPurchaseDate ?? '0' });
    }
    for (const f of COMPANY_FILTERS) {
      const value = c[f];
      if (value) out.push({ scope: `all#${f}#${value}`, sort });
    }
    return out;
  },
  words: (c) => [
    ...(c.document ? [fold(documentKey(c.document))] : []),
    ...phoneWords(c),
    ...words(c.name),
    ...words(c.nickname),
  ],
  summary: clientSummary,
};

/** The registries and records a client points to (invariant 6). */
function targets(c: ClientRecord): Target[] {
  const out: Target[] = [];
  const registry: [keyof ClientRecord, string][] = [
    ['regionId', 'regions'],
    ['routeId', 'routes'],
    ['segmentId', 'segments'],
    ['walletId', 'wallets'],
    ['natureId', 'natures'],
    ['bearerId', 'bearers'],
    ['productCompanyId', 'product-companies'],
    ['priceTableId', 'price-tables'],
  ];
  for (const [field, name] of registry) {
    const id = c[field];
    if (typeof id === 'string' && id) out.push(registryTarget(name, id, String(field)));
  }
  c.paymentConditionIds.forEach((id, i) => out.push(registryTarget('payments-conditions', id, `paymentConditionIds.${i}`)));
  if (c.salesmanId) out.push({ entity: 'users', id: c.salesmanId, key: Keys.user(c.salesmanId), field: 'salesmanId' });
  if (c.branchId) out.push({ entity: 'branches', id: c.branchId, key: Keys.branch(c.branchId), field: 'branchId' });
  return out;
}

const source = (c: ClientRecord) => ({ entity: CLIENTS, id: c.id, label: `Cliente ${c.name}` });

/**
 * The clients dashboard's figures (db/aggregate.ts): every client counts in its listing scopes
 * (`all`, and its salesman's `sm#<id>`): in total, by situation, status, segment and region (`none`
 * when it has none) and by month of creation.
 */
export const clientFigures = aggregate<
  ClientRecord,
  { total: true; situation: ClientSituation; status: ClientStatus; segment: string; region: string; month: string }
>({
  name: CLIENTS,
  scopes: (c) => clientListing.scopes(c),
  counts: {
    total: () => true,
    situation: (c) => c.situation,
    status: (c) => c.status,
    segment: (c) => c.segmentId ?? 'none',
    region: (c) => c.regionId ?? 'none',
    month: (c) => c.createdOn.slice(0, 7),
  },
});

export const ClientsRepository = {
  get(id: string): Promise<ClientRecord | undefined> {
    return getItem<ClientRecord>(Keys.client(id));
  },

  createSteps(c: ClientRecord, documentTaken: () => DomainError): TxStep[] {
    const listing = listingSteps(clientListing, [], c);
    return [
      Versioned.create({ ...Keys.client(c.id), type: 'client', ...c, ix: listing.ix }),
      ...(c.document ? [Unique.claim(CLIENTS, 'document', documentKey(c.document), c.id, documentTaken)] : []),
      ...References.change(source(c), [], targets(c)),
      ...aggregateSteps(clientFigures, null, c),
      ...listing.steps,
    ];
  },

  /** An edit writes the edited attributes; `refCount` and the scrap balance move by their own writes. */
  updateSteps(before: ClientRecord, after: ClientRecord, documentTaken: () => DomainError): TxStep[] {
    const listing = listingSteps(clientListing, before.ix, after, before);
    const { refCount: _r, version: _v, scrapBalance: _s, ix: _ix, ...edited } = after;
    return [
      Versioned.update(Keys.client(after.id), { ...edited, ix: listing.ix }, before.version),
      ...Unique.change(CLIENTS, 'document', before.document ? documentKey(before.document) : null, after.document ? documentKey(after.document) : null, after.id, documentTaken),
      ...References.change(source(after), targets(before), targets(after)),
      ...aggregateSteps(clientFigures, before, after),
      ...listing.steps,
    ];
  },

  /** Rewrites a client's derived flags and items as they should be now ("reload cache"). */
  revalidateSteps(c: ClientRecord): TxStep[] {
    const listing = listingSteps(clientListing, c.ix, c);
    return [
      // Not an edit: the version stays, on the condition that it is still the one read.
      Versioned.refresh(Keys.client(c.id), { ix: listing.ix, incomplete: c.incomplete, blocked: c.blocked }, c.version),
      ...listing.steps,
    ];
  },

  /** The owner of a document, from its guard item. */
  async documentOwner(document: string): Promise<string | undefined> {
    const guard = await getItem<{ ownerId: string }>(Keys.unique(CLIENTS, 'document', documentKey(document)));
    return guard?.ownerId;
  },

  /** Up to `limit` clients (summaries) of the company with exactly this phone (the full number). */
  async withPhone(phone: string, limit = 5): Promise<{ id: string; name: string; salesmanId: string | null }[]> {
    const out = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :w AND :end',
        ExpressionAttributeValues: { ':pk': Keys.searchPartition(CLIENTS, 'all'), ...prefixRange(`${digits(phone)}#`) },
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map((i) => i.data as { id: string; name: string; salesmanId: string | null });
  },

  list(scopes: string[], page: PageRequest, options: ListOptions = {}) {
    return listPage(clientListing, scopes, page, options);
  },
  search(scopes: string[], terms: string[], page: PageRequest, options: Pick<ListOptions, 'match' | 'readFactor'> = {}) {
    return searchPage(clientListing, scopes, terms, page, options);
  },

  /** The dashboard figures of the given scopes, added up (one BatchGet). */
  figures(scopes: string[]) {
    return readAggregate(clientFigures, scopes);
  },

  /** How many clients of a scope last bought before `date` (or never): a count Query on the purchase list. */
  async countWithoutPurchaseSince(scope: string, date: string): Promise<number> {
    let count = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const out = await dynamoClient().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND sk < :d',
          ExpressionAttributeValues: { ':pk': Keys.listPartition(CLIENTS, `${scope}#purchase`), ':d': date },
          Select: 'COUNT',
          ExclusiveStartKey: start,
        }),
      );
      count += out.Count ?? 0;
      start = out.LastEvaluatedKey;
    } while (start);
    return count;
  },
};
