import { pick } from '@ev/shared/objects';
import { NumberValue, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { Decimal } from '@ev/shared/money';
import { installmentKey, type InstallmentFields } from '@ev/shared/schemas/financial';
import type { Client, ClientSituation, ClientStatus, ClientSummary } from '@ev/shared/schemas/clients';
import { digits, documentKey, fold, words } from '@ev/shared/text';
import { aggregate, aggregateSteps, readAggregate, readAggregateEach } from '../db/aggregate';
import { batchGet, batchWrite } from '../db/batch';
import { bulkCreate } from '../db/bulk';
import { dynamoClient, tableName } from '../db/client';
import { Keys } from '../db/keys';
import { listingSteps, listPage, prefixRange, searchPage, sortKey, type ListOptions, type Listing } from '../db/listing';
import { queryAll, queryPage, type PageRequest } from '../db/query';
import { getItem, getItems, Versioned, withoutKeys } from '../db/records';
import { References, type Target } from '../db/references';
import { Tx, type TxStep } from '../db/tx';
import { Unique } from '../db/unique';
import type { DomainError } from '../errors';
import { Registries } from '../registries';
import { Tenants } from '../tenants';
import { Users } from '../users';

export const CLIENTS = 'clients';

/** What only the store keeps of a client: keys, derived items, counters, the scrap balance. */
export interface ClientBookkeeping {
  pk?: string;
  sk?: string;
  type?: 'client';
  ix?: string[];
  refCount?: number;
  /** Business date (company time zone) of creation: the "new clients per month" figure. */
  createdOn: string;
  scrapBalance?: string;
  /** An erasure (LGPD) replaced its personal data: when and why (its history shows it too). */
  anonymisedAt?: string;
  anonymisedReason?: string;
}

/** A client as stored: the schema's client (what the API answers) plus the store's bookkeeping. */
export type ClientRecord = Client & ClientBookkeeping;

const STORED_ONLY = ['pk', 'sk', 'type', 'ix', 'refCount', 'createdOn', 'scrapBalance', 'anonymisedAt', 'anonymisedReason'] as const satisfies readonly (keyof ClientBookkeeping)[];

/** A stored client as the API answers it. */
export function publicClient(stored: ClientRecord): Client {
  return withoutKeys(stored, STORED_ONLY);
}

const mainAddress = (c: Pick<ClientRecord, 'addresses'>) => c.addresses.find((a) => a.main) ?? c.addresses[0];

export function clientSummary(c: ClientRecord): ClientSummary {
  const main = mainAddress(c);
  return {
    ...pick(c, ['id', 'name', 'nickname', 'document', 'phone1', 'email', 'status', 'situation', 'incomplete', 'blocked', 'salesmanId', 'regionId', 'routeId', 'segmentId', 'walletId']),
    city: main?.city ?? null,
    state: main?.state ?? null,
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

/**
 * Every partition the clients use, named in one place: the company's (`all`) and each salesman's
 * (`sm#<id>`) lists and search, each also per status, per situation and by last purchase; in the
 * company's, per region, route, segment and wallet. Dashboard counters use the same two scopes.
 */
export const ClientScopes = {
  all: 'all',
  salesman: (salesmanId: string) => `sm#${salesmanId}`,
  status: (base: string, status: string) => `${base}#status#${status}`,
  situation: (base: string, situation: string) => `${base}#situation#${situation}`,
  purchase: (base: string) => `${base}#purchase`,
  company: (filter: (typeof COMPANY_FILTERS)[number], value: string) => `all#${filter}#${value}`,
};

/** The scope partition of a client: `all`, and its salesman's own `sm#<id>` (none: only `all`). */
export const salesmanScope = ClientScopes.salesman;

/**
 * Clients are listed by name in `all` and in their salesman's `sm#<id>`, each also per status and
 * per situation; in `all` also per region, route, segment and wallet. A supervisor's team is read
 * as the merge of its salesmen's partitions. Search items (document, phones, then name and
 * nickname words) live in the same two scopes. docs/data-model.md lists which filter each serves.
 */
export const clientListing: Listing<ClientRecord, ClientSummary> = {
  entity: CLIENTS,
  maxWords: 14,
  scopes: (c) => [ClientScopes.all, ...(c.salesmanId ? [ClientScopes.salesman(c.salesmanId)] : [])],
  lists: (c) => {
    const sort = sortKey(c.name);
    const scopes = [ClientScopes.all, ...(c.salesmanId ? [ClientScopes.salesman(c.salesmanId)] : [])];
    const out: { scope: string; sort: string }[] = [];
    for (const scope of scopes) {
      out.push({ scope, sort }, { scope: ClientScopes.status(scope, c.status), sort }, { scope: ClientScopes.situation(scope, c.situation), sort });
      // Last purchase, oldest first ('0' = never): "clients without purchase for N days" is a Query up to a date.
      out.push({ scope: ClientScopes.purchase(scope), sort: c.lastPurchaseDate ?? '0' });
    }
    for (const f of COMPANY_FILTERS) {
      const value = c[f];
      if (value) out.push({ scope: ClientScopes.company(f, value), sort });
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
  const out = Registries.targetsOf(c, {
    regionId: 'regions',
    routeId: 'routes',
    segmentId: 'segments',
    walletId: 'wallets',
    natureId: 'natures',
    bearerId: 'bearers',
    productCompanyId: 'product-companies',
    priceTableId: 'price-tables',
  });
  c.paymentConditionIds.forEach((id, i) => out.push(Registries.target('payments-conditions', id, `paymentConditionIds.${i}`)));
  if (c.salesmanId) out.push(Users.target(c.salesmanId, 'salesmanId'));
  if (c.branchId) out.push(Tenants.branchTarget(c.branchId, 'branchId'));
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

  /**
   * Clients written in bulk (db/bulk.ts) with the very items each one's create writes, for a
   * company nobody works in yet (the demo seed). The caller has left out documents already taken.
   */
  createMany(records: ClientRecord[], documentTaken: () => DomainError): Promise<void> {
    return bulkCreate(records.flatMap((c) => ClientsRepository.createSteps(c, documentTaken)));
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

  /** The clients of these ids that exist (one BatchGet per 100). */
  /** Every item of a client's partition: the record, its installments and its scrap entries (a data subject's request). */
  partition(id: string): Promise<Record<string, unknown>[]> {
    return queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': Keys.clientPartition(id) } }, 100_000);
  },

  getMany(ids: string[]): Promise<ClientRecord[]> {
    return getItems<ClientRecord>(ids.map((id) => Keys.client(id)));
  },

  /** The owners of documents (document keys), from their guard items: document key → client id. */
  async documentOwners(documents: string[]): Promise<Map<string, string>> {
    const keys = new Map(documents.map((d) => [Keys.unique(CLIENTS, 'document', d).pk, d]));
    const guards = await getItems<{ pk: string; ownerId: string }>(documents.map((d) => Keys.unique(CLIENTS, 'document', d)));
    const out = new Map<string, string>();
    for (const g of guards) {
      const document = keys.get(g.pk);
      if (document) out.set(document, g.ownerId);
    }
    return out;
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
        ExpressionAttributeValues: { ':pk': Keys.searchPartition(CLIENTS, ClientScopes.all), ...prefixRange(`${digits(phone)}#`) },
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

  /** The dashboard figures of each scope apart (a salesman's portfolio each), in the same BatchGets. */
  figuresEach(scopes: string[]) {
    return readAggregateEach(clientFigures, scopes);
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
          ExpressionAttributeValues: { ':pk': Keys.listPartition(CLIENTS, ClientScopes.purchase(scope)), ':d': date },
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

/** An installment as stored (the installment's own type is `installmentType`: `type` marks the item). */
export interface InstallmentRecord extends Omit<InstallmentFields, 'type'> {
  pk: string;
  sk: string;
  type: 'installment';
  installmentType: InstallmentFields['type'];
  clientId: string;
  key: string;
}

/** How many installments a position reads at most (a bounded set: the client's receivables). */
export const MAX_INSTALLMENTS_READ = 10_000;

/** A client's installments, in its partition (`INST#<key>`), so its position is one Query. */
/** An installment as a writer read it: its key and the values a payment moves. */
export interface InstallmentAsRead {
  key: string;
  openValue: string;
  paidValue: string;
}

/** An installment a writer read changed before its transaction (a payment recorded meanwhile): read again. */
export class InstallmentsMoved extends Error {
  constructor() {
    super('an installment changed since it was read');
  }
}

const asRead = (i: InstallmentAsRead) => ({
  ConditionExpression: 'openValue = :readOpen AND paidValue = :readPaid',
  ExpressionAttributeValues: { ':readOpen': i.openValue, ':readPaid': i.paidValue },
});

export const InstallmentsRepository = {
  /** Every installment of a client: one Query of its partition, `begins_with(sk, 'INST#')`. */
  async all(clientId: string): Promise<InstallmentRecord[]> {
    return queryAll<InstallmentRecord>(
      {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': Keys.clientPartition(clientId), ':p': 'INST#' },
      },
      MAX_INSTALLMENTS_READ,
    );
  },

  /** A document's installments: the client's partition from the document's key prefix (`documentKeyPrefix`). */
  async ofDocument(clientId: string, prefix: string): Promise<InstallmentRecord[]> {
    return queryAll<InstallmentRecord>(
      {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': Keys.clientPartition(clientId), ':p': `INST#${prefix}` },
        ConsistentRead: true,
      },
      MAX_INSTALLMENTS_READ,
    );
  },

  /** Installments by their keys across clients (a page of sales' installments): one BatchGet per 100, the missing left out. */
  async byKeys(pairs: { clientId: string; key: string }[]): Promise<InstallmentRecord[]> {
    return pairs.length ? batchGet<InstallmentRecord>(pairs.map((p) => Keys.installment(p.clientId, p.key))) : [];
  },

  /**
   * Deletes of installments as steps of another write's transaction (a sale's open installments
   * made again at an edit), each on the condition that it is still as read (its open and paid
   * values): a payment recorded meanwhile fails the transaction with `InstallmentsMoved`.
   */
  deleteSteps(clientId: string, read: InstallmentAsRead[]): TxStep[] {
    return read.map((i) => Tx.delete(Keys.installment(clientId, i.key), asRead(i), () => new InstallmentsMoved()));
  },

  /** Puts over installments read (an edit's installment of the same label): on the same condition as `deleteSteps`. */
  replaceSteps(items: InstallmentRecord[], read: InstallmentAsRead[]): TxStep[] {
    const byKey = new Map(read.map((i) => [i.key, i]));
    return items.map((item) => {
      const was = byKey.get(item.key);
      return was ? Tx.put({ ...item }, asRead(was), () => new InstallmentsMoved()) : Tx.put({ ...item });
    });
  },

  item(clientId: string, fields: InstallmentFields): InstallmentRecord {
    const key = installmentKey(fields);
    const { type, ...rest } = fields;
    return { ...Keys.installment(clientId, key), type: 'installment', installmentType: type, clientId, key, ...rest };
  },

  /**
   * Idempotent upserts: a Put of the whole installment at its key (document + installment + branch),
   * so the same installment sent twice is one item with the same attributes (db/batch.ts: 25 a call, a
   * few calls in flight, unprocessed items retried, a 409 `storage.busy` when some are left; sending
   * again is safe).
   */
  async put(items: InstallmentRecord[]): Promise<number> {
    await batchWrite(items.map((item) => ({ put: item })));
    return items.length;
  },

  /** The same puts as steps of another write's transaction (a sale's closing). */
  putSteps(items: InstallmentRecord[]): TxStep[] {
    return items.map((item) => Tx.put({ ...item }));
  },
};


/** A scrap entry as stored, in the client's partition (`type` marks the item; the entry's own type is `entryType`). */
export interface ScrapRecord {
  pk: string;
  sk: string;
  type: 'scrap';
  id: string;
  at: string;
  history: string;
  entryType: string | null;
  credit: string;
  debit: string;
  balance: string;
  userId: string | null;
}

/** The client's scrap ledger: entries in its partition (`SCRAP#<at>#<id>`), the balance on the client item. */
export const ScrapRepository = {
  entry(clientId: string, fields: Omit<ScrapRecord, 'pk' | 'sk' | 'type'>): ScrapRecord {
    return { ...Keys.scrapEntry(clientId, fields.at, fields.id), type: 'scrap', ...fields };
  },

  /**
   * The entry and the balance it leaves on the client, in one transaction, on the condition that the
   * balance is still the one read (`read`, undefined before the first entry); `lost` makes the error
   * of a lost race.
   */
  addSteps(clientId: string, entry: ScrapRecord, read: string | undefined, lost: () => Error): TxStep[] {
    const balanceStep = Tx.update(
      Keys.client(clientId),
      read === undefined
        ? {
            UpdateExpression: 'SET scrapBalance = :after',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(scrapBalance)',
            ExpressionAttributeValues: { ':after': entry.balance },
          }
        : {
            UpdateExpression: 'SET scrapBalance = :after',
            ConditionExpression: 'scrapBalance = :read',
            ExpressionAttributeValues: { ':after': entry.balance, ':read': read },
          },
      lost,
    );
    return [balanceStep, Tx.putNew({ ...entry }, lost)];
  },

  /** The ledger, newest first, a page at a time. */
  page(clientId: string, page: PageRequest) {
    return queryPage<ScrapRecord>(
      {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': Keys.clientPartition(clientId), ':p': 'SCRAP#' },
        ScanIndexForward: false,
      },
      page,
    );
  },
};

/** A client's loyalty balance as stored (docs/loyalty.md): absent until its first movement. */
export interface LoyaltyState {
  cashback: string;
  points: number;
  /** Moved by every write: a write that depends on the whole balance (an expiry, a reversal) is conditioned on it. */
  seq: number;
  /** The business date through which expired points were taken out. */
  settledOn: string | null;
  /** Expiry date → points credited that expire then. */
  lots: Record<string, number>;
}

/** A loyalty ledger entry as stored, in the client's partition (`LOYALTY#<at>#<id>`). */
export interface LoyaltyEntryRecord {
  pk: string;
  sk: string;
  type: 'loyaltyEntry';
  id: string;
  at: string;
  kind: 'credit' | 'use' | 'expiry' | 'reversal' | 'return';
  cashback: string;
  points: number;
  saleId: string | null;
  saleNumber: number | null;
  expiresOn: string | null;
  userId: string | null;
}

/**
 * What one write does to a balance: signed amounts, lots added to (signed) or removed, the date
 * expiries were settled through, and the conditions it holds on (the balance read, or enough of it).
 */
export interface LoyaltyMove {
  cashback: Decimal;
  points: number;
  lots?: [string, number][];
  removeLots?: string[];
  settledOn?: string;
  when?: { seq?: number; cashbackAtLeast?: Decimal; pointsAtLeast?: number; settledOn?: string };
}

const LOT = /^L\d{4}-\d{2}-\d{2}$/;
const numberOf = (v: unknown) => (v === undefined || v === null ? 0 : Number(v));

function loyaltyState(item: Record<string, unknown> | undefined): LoyaltyState {
  const lots: Record<string, number> = {};
  for (const [k, v] of Object.entries(item ?? {})) if (LOT.test(k)) lots[k.slice(1)] = numberOf(v);
  return {
    cashback: new Decimal(String(item?.cashback ?? 0)).toFixed(),
    points: numberOf(item?.points),
    seq: numberOf(item?.seq),
    settledOn: typeof item?.settledOn === 'string' ? item.settledOn : null,
    lots,
  };
}

/** The clients' loyalty: each balance in the company's partition, the company's total, each ledger in its client's partition. */
export const LoyaltyRepository = {
  entry(clientId: string, fields: Omit<LoyaltyEntryRecord, 'pk' | 'sk' | 'type'>): LoyaltyEntryRecord {
    return { ...Keys.loyaltyEntry(clientId, fields.at, fields.id), type: 'loyaltyEntry', ...fields };
  },

  async balance(clientId: string): Promise<LoyaltyState> {
    return loyaltyState(await getItem<Record<string, unknown>>(Keys.loyaltyBalance(clientId)));
  },

  /** The balance item as stored, its keys left out (a data subject's request); null before the first movement. */
  async stored(clientId: string): Promise<Record<string, unknown> | null> {
    const item = await getItem<Record<string, unknown>>(Keys.loyaltyBalance(clientId));
    if (!item) return null;
    const { pk: _pk, sk: _sk, ...rest } = item;
    return rest;
  },

  /**
   * A move of the balance, its ledger entries and the company's total, as
   * steps of the caller's transaction; `fail`: the error when a condition does not hold.
   */
  steps(clientId: string, move: LoyaltyMove, entries: LoyaltyEntryRecord[], fail: () => Error): TxStep[] {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ':c': new NumberValue(move.cashback.toFixed()), ':p': move.points, ':one': 1, ':id': clientId };
    const adds = ['cashback :c', 'points :p', 'seq :one'];
    (move.lots ?? []).forEach(([date, points], i) => {
      names[`#l${i}`] = `L${date}`;
      values[`:l${i}`] = points;
      adds.push(`#l${i} :l${i}`);
    });
    const sets = ['clientId = :id'];
    if (move.settledOn) {
      values[':settled'] = move.settledOn;
      sets.push('settledOn = :settled');
    }
    const removes = (move.removeLots ?? []).map((date, i) => {
      names[`#r${i}`] = `L${date}`;
      return `#r${i}`;
    });
    const conditions: string[] = [];
    const when = move.when ?? {};
    if (when.seq !== undefined) {
      values[':seq'] = when.seq;
      conditions.push(when.seq === 0 ? '(attribute_not_exists(seq) OR seq = :seq)' : 'seq = :seq');
    }
    if (when.cashbackAtLeast && when.cashbackAtLeast.gt(0)) {
      values[':cmin'] = new NumberValue(when.cashbackAtLeast.toFixed());
      conditions.push('cashback >= :cmin');
    }
    if (when.pointsAtLeast && when.pointsAtLeast > 0) {
      values[':pmin'] = when.pointsAtLeast;
      conditions.push('points >= :pmin');
    }
    if (when.settledOn) {
      values[':on'] = when.settledOn;
      conditions.push('settledOn = :on');
    }
    const expression = `ADD ${adds.join(', ')} SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`;
    const steps = [
      Tx.update(
        Keys.loyaltyBalance(clientId),
        { UpdateExpression: expression, ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}), ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}), ExpressionAttributeValues: values },
        fail,
      ),
    ];
    for (const entry of entries) steps.push(Tx.putNew({ ...entry }));
    if (!move.cashback.isZero() || move.points !== 0) {
      steps.push(Tx.update(Keys.aggregate('loyalty', 'all'), { UpdateExpression: 'ADD cashback :c, points :p', ExpressionAttributeValues: { ':c': new NumberValue(move.cashback.toFixed()), ':p': move.points } }));
    }
    return steps;
  },

  /** The ledger, newest first, a page at a time. */
  page(clientId: string, page: PageRequest) {
    return queryPage<LoyaltyEntryRecord>(
      {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': Keys.clientPartition(clientId), ':p': 'LOYALTY#' },
        ScanIndexForward: false,
      },
      page,
    );
  },

  /** The company's total: cashback and points owed (points as of each client's last movement). */
  async total(): Promise<{ cashback: string; points: number }> {
    const item = await getItem<Record<string, unknown>>(Keys.aggregate('loyalty', 'all'));
    return { cashback: new Decimal(String(item?.cashback ?? 0)).toFixed(), points: numberOf(item?.points) };
  },

  /** The balances with something in them, a page at a time (by client id). */
  async owedPage(page: PageRequest): Promise<{ items: { clientId: string; state: LoyaltyState }[]; nextCursor: string | null }> {
    const { pk, skPrefix } = Keys.loyaltyBalancesPrefix();
    const out = await queryPage<Record<string, unknown>>(
      {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        FilterExpression: 'cashback > :zero OR points > :zero',
        ExpressionAttributeValues: { ':pk': pk, ':p': skPrefix, ':zero': 0 },
      },
      page,
    );
    return { items: out.items.map((i) => ({ clientId: String(i.clientId), state: loyaltyState(i) })), nextCursor: out.nextCursor };
  },
};
