import { ApiTexts } from '@ev/shared/messages';
import { pick } from '@ev/shared/objects';
import { ClientTexts, ClientCreate,
  ClientsListQuery,
  ClientUpdate,
  clientRequirementIssues,
  clientSearchTerms,
  formatPhone,
  isBlockedSituation,
  isIncomplete, } from '@ev/shared/schemas/clients';
import { zonedInstant } from '@ev/shared/calendar';
import { DateOnly } from '@ev/shared/schemas/common';
import { documentKey, fold, searchTerms } from '@ev/shared/text';
import type { z } from 'zod';
import { Clock, timestamp } from '../clock';
import { authorize, currentActor, currentUserActor } from '../context';
import { fieldError, fieldSaid, DomainError, isDomainError } from '../errors';
import { newId } from '../ids';
import { notFound, versionConflict } from '../db/records';
import { MAX_TX_ACTIONS, transact } from '../db/tx';
import { Logs } from '../logs';
import { Scope, ScopeRules, type RecordScope } from '../scope';
import { Tenants } from '../tenants';
import { Users } from '../users';
import { parseInput } from '../validation';
import { ClientScopes, ClientsRepository, clientSummary, COMPANY_FILTERS, InstallmentsRepository, LoyaltyRepository, publicClient, salesmanScope, type ClientRecord, type InstallmentAsRead } from './repository';

export { InstallmentsMoved, type InstallmentAsRead } from './repository';
import type { TxStep } from '../db/tx';
import { byKeys, ofDocument } from './installments';
import { saleInstallmentInput, type InstallmentInput } from '@ev/shared/schemas/financial';
import { Decimal, placesIn } from '@ev/shared/money';

export { canBuy, isBlockedSituation, isIncomplete } from '@ev/shared/schemas/clients';
export type { ClientRecord } from './repository';

/**
 * Whose clients a user sees (ARCHITECTURE invariant 4, spec section 6): the shared record scope
 * (../scope) under the rule of records a salesman owns: a salesman his own, a supervisor his own
 * and his subordinates', everyone else with the permission (administrators, employees, managers
 * without a team) the whole company. It is resolved once per request; the clients use it for the
 * partitions a list reads and for the check that a client is in it (404 otherwise).
 */
export type ClientScope = RecordScope;

export function clientScope(): Promise<ClientScope> {
  return Scope.current(ScopeRules.owned, 'clientes');
}

export function inClientScope(scope: ClientScope, c: Pick<ClientRecord, 'salesmanId'>): boolean {
  return Scope.includes(scope, c.salesmanId);
}

/** A client the current user may see, or 404 (never 403: a record outside the scope does not exist for him). */
async function visible(id: string): Promise<{ client: ClientRecord; scope: ClientScope }> {
  const [client, scope] = await Promise.all([ClientsRepository.get(id), clientScope()]);
  if (!client || !inClientScope(scope, client)) throw notFound();
  return { client, scope };
}

/**
 * For other modules (prices, sales): the client the caller may see (a user: in his scope, 404
 * otherwise), or any client of the company for system work (no user in context). No subject check.
 */
async function find(id: string): Promise<ClientRecord> {
  if (currentActor().userId) return (await visible(id)).client;
  return stored(id);
}

/** The stored client, whoever asks (404 when there is none): for bookkeeping that follows another module's checked write. */
async function stored(id: string): Promise<ClientRecord> {
  const client = await ClientsRepository.get(id);
  if (!client) throw notFound();
  return client;
}

type Input = z.output<typeof ClientCreate>;

/** The salesman a client may be given: a salesman in the scope (staff: any active salesman). */
async function checkSalesman(input: Input, scope: ClientScope, fallback: string | null | undefined): Promise<string | null> {
  let salesmanId = input.salesmanId;
  if (scope.kind === 'owners') {
    // A salesman or supervisor cannot leave a client without one: none given keeps the current one (or himself).
    salesmanId ??= fallback ?? null;
    if (!salesmanId || !scope.ids.includes(salesmanId)) {
      throw new DomainError('validation', ClientTexts.salesmanNotAllowed(), 'validation', { fields: [fieldError('salesmanId', ClientTexts.salesmanNotAllowed())] });
    }
  }
  if (salesmanId) {
    const user = await Users.record(salesmanId);
    if (!user || !user.active || !(user.salesman || user.supervisor)) {
      throw new DomainError('validation', ClientTexts.salesmanInvalid(), 'validation', { fields: [fieldError('salesmanId', ClientTexts.salesmanInvalid())] });
    }
  }
  return salesmanId ?? null;
}

const phonesOf = (c: Pick<ClientRecord, 'phone1' | 'phone2' | 'phone3' | 'phone4'>) => [c.phone1, c.phone2, c.phone3, c.phone4].filter((p): p is string => !!p);

/**
 * Duplicates (spec sections 5 and 8): a document already in the company is refused, naming the
 * other client only when the user may see it; a phone already used asks for confirmation, or is
 * refused when the company blocks repeated phones. A failure of the check itself is the spec's
 * duplicate-check failure, never a silent save.
 */
async function checkDuplicates(input: Input & { confirmRepeatedPhone: boolean }, selfId: string, before: ClientRecord | null, scope: ClientScope, blockRepeatedPhone: boolean) {
  try {
    if (input.document && input.document !== before?.document) {
      const owner = await ClientsRepository.documentOwner(input.document);
      if (owner && owner !== selfId) {
        const other = await ClientsRepository.get(owner);
        const message = other && inClientScope(scope, other) ? ClientTexts.documentTakenVisible({ name: other.name }) : ClientTexts.documentTakenOther();
        throw new DomainError('clients.document_taken', message, 'conflict', {
          fields: [fieldError('document', message)],
          details: other && inClientScope(scope, other) ? { clientId: other.id } : {},
        });
      }
    }
    const known = new Set(before ? phonesOf(before) : []);
    const fresh = [...new Set(phonesOf(input))].filter((p) => !known.has(p));
    for (const phone of fresh) {
      const others = (await ClientsRepository.withPhone(phone)).filter((c) => c.id !== selfId);
      if (!others.length) continue;
      const field = (['phone1', 'phone2', 'phone3', 'phone4'] as const).find((f) => input[f] === phone) ?? 'phone1';
      if (blockRepeatedPhone) {
        const message = ClientTexts.phoneBlocked({ phone: formatPhone(phone) });
        throw new DomainError('clients.phone_blocked', message, 'conflict', { fields: [fieldError(field, message)] });
      }
      if (!input.confirmRepeatedPhone) {
        const message = ClientTexts.phoneRepeated({ phone: formatPhone(phone) });
        const seen = others.filter((o) => inClientScope(scope, o)).map((o) => ({ id: o.id, name: o.name }));
        throw new DomainError('clients.phone_repeated', message, 'conflict', { fields: [fieldError(field, message)], details: { phone, clients: seen } });
      }
    }
  } catch (e) {
    if (isDomainError(e)) throw e;
    Logs.warn('clients.duplicate_check_failed', { error: (e as Error).message });
    throw new DomainError('clients.duplicate_check_failed', ClientTexts.duplicateCheckFailed(), 'internal');
  }
}

const documentTaken = () =>
  new DomainError('clients.document_taken', ClientTexts.documentTakenOther(), 'conflict', {
    fields: [fieldError('document', ClientTexts.documentTakenOther())],
  });

function tooLarge(steps: unknown[]): void {
  if (steps.length > MAX_TX_ACTIONS) {
    throw new DomainError('clients.too_many_changes', 'Alterações demais de uma só vez neste cliente. Salve parte delas, depois o restante.', 'validation');
  }
}

/** Addresses keep their ids; new ones get one. */
function withAddressIds(input: Input): ClientRecord['addresses'] {
  return input.addresses.map((a) => ({ ...a, id: a.id ?? newId() }));
}

async function settings() {
  return (await Tenants.company()).tenant;
}

function requireByCompany(input: Input, tenant: Awaited<ReturnType<typeof settings>>) {
  const issues = clientRequirementIssues(input, tenant.settings);
  if (issues.length) throw new DomainError('validation', issues.length === 1 ? fieldSaid(issues[0]!) : ApiTexts.validation(), 'validation', { fields: issues });
}

/** A client before its derived flags. */
type Underived = Omit<ClientRecord, 'incomplete' | 'blocked'>;

function derive(c: Underived): ClientRecord {
  return { ...c, incomplete: isIncomplete(c), blocked: isBlockedSituation(c.situation) };
}

async function create(raw: unknown) {
  authorize('create', 'clientes');
  const actor = currentActor();
  const input = parseInput(ClientCreate, raw);
  const [tenant, scope] = await Promise.all([settings(), actor.userId ? clientScope() : Promise.resolve<ClientScope>({ kind: 'all' })]);
  requireByCompany(input, tenant);
  const id = newId();
  const salesmanId = await checkSalesman(input, scope, actor.userId);
  await checkDuplicates({ ...input, salesmanId }, id, null, scope, tenant.settings.customers.blockRepeatedPhone);
  const now = timestamp();
  const { confirmRepeatedPhone: _c, ...fields } = input;
  const record = derive({
    ...fields,
    id,
    salesmanId,
    status: input.status ?? (tenant.settings.customers.initialStatus === 'I' ? 'inactive' : 'active'),
    addresses: withAddressIds(input),
    lastPurchaseDate: null,
    createdOn: Clock.today(tenant.timezone),
    createdAt: now,
    updatedAt: now,
    version: 1,
  });
  const steps = ClientsRepository.createSteps(record, documentTaken);
  tooLarge(steps);
  await transact(steps);
  Logs.audit('clients.create', { clientId: id });
  return publicClient(record);
}

/** A client to seed: the input a create takes, and when it was registered and last bought, for a history. */
export interface SeedClient {
  input: unknown;
  /** The business day it was registered (default: today in the company's time zone). */
  createdOn?: string;
  lastPurchaseDate?: string | null;
}

/**
 * For system callers seeding a company nobody works in yet (the demo): clients checked and built as
 * `create` builds them (the schema, the company's required fields, an active salesman), written in
 * bulk with the items a create writes (ClientsRepository.createMany). A document already in the
 * company, or repeated in the list, is skipped. Answers the ids created, in the order given.
 */
async function seedMany(seeds: SeedClient[]): Promise<string[]> {
  const tenant = await settings();
  const today = Clock.today(tenant.timezone);
  const salesmen = new Map<string, Promise<string | null>>();
  const checked = await Promise.all(
    seeds.map(async (seed) => {
      const input = parseInput(ClientCreate, seed.input);
      requireByCompany(input, tenant);
      const given = input.salesmanId ?? null;
      if (given && !salesmen.has(given)) salesmen.set(given, checkSalesman(input, { kind: 'all' }, null));
      const salesmanId = given ? await salesmen.get(given)! : null;
      return { input, salesmanId, createdOn: seed.createdOn ? parseInput(DateOnly, seed.createdOn) : today, last: seed.lastPurchaseDate ? parseInput(DateOnly, seed.lastPurchaseDate) : null };
    }),
  );
  const documents = checked.flatMap((c) => (c.input.document ? [documentKey(c.input.document)] : []));
  const owners = await ClientsRepository.documentOwners(documents);
  const seen = new Set<string>();
  const records: ClientRecord[] = [];
  for (const { input, salesmanId, createdOn, last } of checked) {
    const doc = input.document ? documentKey(input.document) : null;
    if (doc && (owners.has(doc) || seen.has(doc))) continue;
    if (doc) seen.add(doc);
    const { confirmRepeatedPhone: _c, ...fields } = input;
    // Registered at noon of its day in the company's zone, written as every timestamp is (`timestamp`).
    const at = timestamp(zonedInstant(createdOn, 12, 0, tenant.timezone));
    records.push(
      derive({
        ...fields,
        id: newId(),
        salesmanId,
        status: input.status ?? (tenant.settings.customers.initialStatus === 'I' ? 'inactive' : 'active'),
        addresses: withAddressIds(input),
        lastPurchaseDate: last,
        createdOn,
        createdAt: at,
        updatedAt: at,
        version: 1,
      }),
    );
  }
  if (records.length) await ClientsRepository.createMany(records, documentTaken);
  Logs.audit('clients.seed', { count: records.length });
  return records.map((r) => r.id);
}

async function update(id: string, raw: unknown) {
  authorize('update', 'clientes');
  const input = parseInput(ClientUpdate, raw);
  const { client: before, scope } = await visible(id);
  if (before.version !== input.version) throw versionConflict();
  if (before.addresses.length > 0 && input.addresses.length === 0) {
    throw new DomainError('clients.only_address', ClientTexts.onlyAddress(), 'validation', { fields: [fieldError('addresses', ClientTexts.onlyAddress())] });
  }
  const tenant = await settings();
  requireByCompany(input, tenant);
  const salesmanId = await checkSalesman(input, scope, before.salesmanId ?? currentUserActor().userId);
  await checkDuplicates({ ...input, salesmanId }, id, before, scope, tenant.settings.customers.blockRepeatedPhone);
  const { confirmRepeatedPhone: _c, version: _v, ...fields } = input;
  const after = derive({
    ...before,
    ...fields,
    name: input.name ?? before.name,
    salesmanId,
    status: input.status ?? before.status,
    addresses: withAddressIds(input),
    updatedAt: timestamp(),
  });
  const steps = ClientsRepository.updateSteps(before, after, documentTaken);
  tooLarge(steps);
  await transact(steps);
  Logs.audit('clients.update', { clientId: id });
  return publicClient({ ...after, version: before.version + 1 });
}

/**
 * For the store (system; its caller proved the client): the client's own phones, contact and
 * delivery addresses changed from "Meus dados" (docs/store.md "Meus dados"), over the version read;
 * its main address stays as the company keeps it (the fiscal one). The company's required fields
 * still hold; the change is in the client's history with what changed.
 */
async function updateOwnContacts(id: string, input: { phone1: string | null; phone2: string | null; phone3: string | null; phone4: string | null; contact: string | null; deliveryAddresses: Input['addresses']; version: number }): Promise<ClientRecord> {
  const before = await stored(id);
  if (before.version !== input.version) throw versionConflict();
  const main = before.addresses.filter((a) => a.main);
  const delivery = input.deliveryAddresses.map((a) => ({ ...a, main: false, delivery: true, id: a.id && before.addresses.some((b) => b.id === a.id && !b.main) ? a.id : newId() }));
  // A client with no address yet: the first it gives is its main one (as a single address is at the office).
  const addresses = main.length ? [...main, ...delivery] : delivery.map((a, i) => (i === 0 ? { ...a, main: true } : a));
  const fields = { phone1: input.phone1, phone2: input.phone2, phone3: input.phone3, phone4: input.phone4, contact: input.contact };
  const tenant = await settings();
  // A refused address named as the store sends it: its place among the delivery addresses.
  const issues = clientRequirementIssues({ ...before, ...fields, addresses }, tenant.settings).map((i) => ({ ...i, field: i.field.replace(/^addresses\.(\d+)/, (_m, n: string) => (Number(n) < main.length ? 'mainAddress' : `deliveryAddresses.${Number(n) - main.length}`)) }));
  if (issues.length) throw new DomainError('validation', issues.length === 1 ? fieldSaid(issues[0]!) : ApiTexts.validation(), 'validation', { fields: issues });
  const after = derive({ ...before, ...fields, addresses, updatedAt: timestamp() });
  const steps = ClientsRepository.updateSteps(before, after, documentTaken);
  tooLarge(steps);
  await transact(steps);
  const seen = (c: ClientRecord) => ({ ...pick(c, ['phone1', 'phone2', 'phone3', 'phone4', 'contact']), deliveryAddresses: c.addresses.filter((a) => !a.main).map((a) => [a.nickname, a.street, a.number, a.city].filter(Boolean).join(', ')).join(' | ') || null });
  await Logs.change('clients.store_profile', { entity: 'clients', id }, seen(before), seen(after), { via: 'store' });
  return { ...after, version: before.version + 1 };
}

/**
 * Lists and search in the user's scope. Status and situation are served by partitions in every
 * scope, the salesman filter is the salesman's partition, and region, route, segment and wallet
 * are partitions of the company scope; any other combination is filtered after a read of at most
 * five times the limit (docs/data-model.md).
 */
async function list(raw: z.input<typeof ClientsListQuery>) {
  authorize('read', 'clientes');
  const q = parseInput(ClientsListQuery, raw);
  const scope = await clientScope();
  const terms = clientSearchTerms(q.q, fold, searchTerms);
  const { owners: salesmen, seen } = Scope.listOwners(scope, q.salesmanId);
  if (salesmen && salesmen.length === 0) return { items: [], nextCursor: null, scanned: 0, scope: seen };
  const base = salesmen ? salesmen.map(ClientScopes.salesman) : [ClientScopes.all];
  const company = COMPANY_FILTERS.filter((f) => q[f]);
  // The partition: per status or situation in any scope, or per company filter in the company scope.
  let partitions = base;
  const served = new Set<string>();
  if (!terms.length) {
    if (!salesmen && company.length) {
      const f = company[0]!;
      partitions = [ClientScopes.company(f, q[f]!)];
      served.add(f);
    } else if (q.situation) {
      partitions = base.map((b) => ClientScopes.situation(b, q.situation!));
      served.add('situation');
    } else if (q.status) {
      partitions = base.map((b) => ClientScopes.status(b, q.status!));
      served.add('status');
    }
  }
  const checks: [string, string][] = (['status', 'situation', ...COMPANY_FILTERS] as const)
    .filter((f) => q[f] && !served.has(f))
    .map((f) => [f, q[f]!]);
  const match = checks.length ? (d: Record<string, unknown>) => checks.every(([f, v]) => d[f] === v) : undefined;
  const page = { cursor: q.cursor, limit: q.limit, query: `clients|${partitions.join(',')}|${terms.join(' ')}|${checks.map((c) => c.join('=')).join('&')}` };
  const res = terms.length
    ? await ClientsRepository.search(partitions, terms, page, { match, readFactor: 2 })
    : await ClientsRepository.list(partitions, page, { match, readFactor: 5 });
  return { ...res, scope: seen };
}

async function get(id: string) {
  authorize('read', 'clientes');
  const { client } = await visible(id);
  return publicClient(client);
}

/** "Reload cache": the client's derived flags and its list and search items, written again. */
async function revalidate(id: string) {
  authorize('update', 'clientes');
  const { client } = await visible(id);
  const again = derive(client);
  await transact(ClientsRepository.revalidateSteps(again));
  Logs.audit('clients.revalidate', { clientId: id });
  return publicClient(again);
}

/** How many times a purchase or a contact is recorded again after losing a race with another write of the client. */
const PURCHASE_ATTEMPTS = 3;

/**
 * A purchase of the client on `date` (a business date, `yyyy-MM-dd`, the company's calendar): the
 * orders module calls it when a sale closes. The client's last purchase moves forward only: a date
 * on or before the one stored changes nothing (a sale entered late, the same sale twice). It is
 * written through the repository's update steps, so the "by last purchase" lists (the dashboard's
 * "without purchase for N days") move with it, and the version moves, so a form opened before it
 * saves with a 409 instead of writing the old date back. Not an edit of the client's data:
 * `updatedAt` stays. A lost race with another write is tried again. For other modules and system
 * work (the demo seed): a user must see the client (find), no subject is checked.
 */
async function recordPurchase(clientId: string, date: string, known?: ClientRecord): Promise<ReturnType<typeof publicClient>> {
  const day = parseInput(DateOnly, date);
  return recordOnClient(clientId, (c) => (c.lastPurchaseDate && c.lastPurchaseDate >= day ? null : { lastPurchaseDate: day }), () => Logs.audit('clients.purchase', { clientId, date: day }), known);
}

/**
 * A purchase of the client on `date` that no longer counts (its sale was cancelled): its last
 * purchase becomes `last`, the newest purchase the orders module still counts (null: none). The
 * orders module finds it, as clients know no sales. A stored date later than `date` stays (a
 * purchase recorded meanwhile). Written as `recordPurchase` writes.
 */
async function recordPurchaseUndone(clientId: string, date: string, last: string | null): Promise<ReturnType<typeof publicClient>> {
  const day = parseInput(DateOnly, date);
  const kept = last === null ? null : parseInput(DateOnly, last);
  return recordOnClient(
    clientId,
    (c) => ((c.lastPurchaseDate && c.lastPurchaseDate > day) || (c.lastPurchaseDate ?? null) === kept ? null : { lastPurchaseDate: kept }),
    () => Logs.audit('clients.purchase_undone', { clientId, date: day, last: kept }),
  );
}

/**
 * A contact with the client on `date` (a closed visit, call or e-mail of the schedulings): its last
 * contact moves forward to it, and its next contact becomes `next` when one is given (the date the
 * scheduling type suggested, as the user left it). Written as `recordPurchase` writes, for other
 * modules: the caller's own service checks its subject and its own record (the client is read whoever asks).
 */
async function recordContact(clientId: string, date: string, next: string | null): Promise<ReturnType<typeof publicClient>> {
  const day = parseInput(DateOnly, date);
  const following = next === null ? null : parseInput(DateOnly, next);
  return recordOnClient(
    clientId,
    (c) => {
      const change: Partial<ClientRecord> = {};
      if (!c.lastContactDate || c.lastContactDate < day) change.lastContactDate = day;
      if (following && c.nextContactDate !== following) change.nextContactDate = following;
      return Object.keys(change).length ? change : null;
    },
    () => Logs.audit('clients.contact', { clientId, date: day, next: following }),
  );
}

/**
 * A change a module records on a client (null: nothing to change), written through the update steps, retried after a lost race.
 * `known`: the client as the caller has just read it, taken for the first attempt instead of a read (the update's
 * condition on its version still holds: a client changed since is read again, as a lost race is).
 * The client is read without the user's record scope: the caller's own write has been checked and made (a visit
 * the office gave a salesman at another salesman's client), and its bookkeeping follows it.
 */
async function recordOnClient(clientId: string, change: (c: ClientRecord) => Partial<ClientRecord> | null, audit: () => void, known?: ClientRecord): Promise<ReturnType<typeof publicClient>> {
  for (let attempt = 1; ; attempt++) {
    const before = attempt === 1 && known?.id === clientId ? known : await stored(clientId);
    const patch = change(before);
    if (!patch) return publicClient(before);
    const after: ClientRecord = { ...before, ...patch };
    try {
      await transact(ClientsRepository.updateSteps(before, after, documentTaken));
    } catch (e) {
      if (attempt < PURCHASE_ATTEMPTS && isDomainError(e) && (e.code === 'conflict.version' || e.code === 'conflict.busy')) continue;
      throw e;
    }
    audit();
    return publicClient({ ...after, version: before.version + 1 });
  }
}

/**
 * For system work writing a history in bulk (the demo's sales): each client's last purchase moved
 * to its date (client id → business date), as `recordPurchase` moves it (forward only, through the
 * update steps, so the "by last purchase" lists follow), from one batch read of the clients and a
 * few writes at once. Answers how many clients changed.
 */
async function recordPurchases(dates: ReadonlyMap<string, string>): Promise<number> {
  const days = new Map([...dates].map(([id, date]) => [id, parseInput(DateOnly, date)] as const));
  const clients = await ClientsRepository.getMany([...days.keys()]);
  const due = clients.filter((c) => !c.lastPurchaseDate || c.lastPurchaseDate < days.get(c.id)!);
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const before = due[next++]!;
      const day = days.get(before.id)!;
      await transact(ClientsRepository.updateSteps(before, { ...before, lastPurchaseDate: day }, documentTaken)).catch((e: unknown) => {
        // Another write of the client meanwhile: the one-by-one path reads it again.
        if (isDomainError(e) && (e.code === 'conflict.version' || e.code === 'conflict.busy')) return recordPurchase(before.id, day);
        throw e;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, due.length) }, worker));
  Logs.audit('clients.purchases', { count: due.length });
  return due.length;
}

/** For system work and other modules: the stored clients of these ids that exist (one BatchGet per 100), unchecked. */
function findMany(ids: string[]): Promise<ClientRecord[]> {
  return ClientsRepository.getMany(ids);
}

/**
 * The clients module. `create`, `update`, `list`, `get` and `revalidate` are what a request reaches:
 * each checks its subject. `visible`, `find`, `scope`, `summary` and `recordPurchase` are for other
 * modules (the financial position, prices, dashboards, sales) and check none: the caller's own
 * service does. `seedMany` is for seeding a company nobody works in yet.
 */
/**
 * For the sales module: a closed sale's installments, written where the client's financial
 * position reads them, as steps of the sale's closing transaction (all or nothing with it); their
 * money at the sale's `decimals` (its branch's `casasDecimais`).
 */
function installmentSteps(clientId: string, installments: InstallmentInput[], decimals: number, replacing: InstallmentAsRead[] = []): TxStep[] {
  const schema = saleInstallmentInput(decimals);
  const items = installments.map((i) => InstallmentsRepository.item(clientId, parseInput(schema, i)));
  // Over installments read (an edit of a sale): only while they are as read (InstallmentsMoved otherwise).
  return replacing.length ? InstallmentsRepository.replaceSteps(items, replacing) : InstallmentsRepository.putSteps(items);
}

/**
 * For the sales module: the open installments of a document (a sale's number) cancelled, open value
 * zero; paid ones stay as they are. Idempotent. Answers how many it cancelled.
 */
async function cancelInstallments(clientId: string, document: string): Promise<number> {
  const open = (await InstallmentsRepository.all(clientId)).filter((i) => i.document === document && !i.cancelled && !new Decimal(i.openValue).isZero());
  // Zero at the places the installment carries ("0.0000" for a sale of a branch with 4).
  await InstallmentsRepository.put(open.map((i) => ({ ...i, cancelled: true, openValue: new Decimal(0).toFixed(placesIn(i.installmentValue)) })));
  return open.length;
}

/**
 * For the sales module: the open installments of a document paid whole on `date` by `method` (a
 * store order's Pix, docs/store.md "Payment"): open value zero, the paid value what was open.
 * Idempotent: a paid one stays as it is.
 */
async function payInstallments(clientId: string, document: string, date: string, method: string): Promise<number> {
  const open = (await InstallmentsRepository.all(clientId)).filter((i) => i.document === document && !i.cancelled && !new Decimal(i.openValue).isZero());
  await InstallmentsRepository.put(open.map((i) => ({ ...i, paidValue: new Decimal(i.paidValue).plus(i.openValue).toFixed(placesIn(i.installmentValue)), openValue: new Decimal(0).toFixed(placesIn(i.installmentValue)), paymentDate: date, paymentMethod: method })));
  return open.length;
}

/**
 * For the sales module: an edit of a pending sale makes its open installments again, so those it
 * replaces go, as steps of the edit's transaction (all or nothing with it).
 */
function installmentDeleteSteps(clientId: string, read: InstallmentAsRead[]): TxStep[] {
  return InstallmentsRepository.deleteSteps(clientId, read);
}

/** A portfolio's clients: in all, the active ones, and those without a purchase since a date (or never). */
export interface Portfolio {
  clients: number;
  active: number;
  withoutPurchase: number;
}

/**
 * For the management dashboard (the sales module): each salesman's portfolio (null: the whole
 * company's), from the clients' aggregate (one BatchGet) and the count Query of the purchase list
 * the clients dashboard reads (one per scope, side by side). No subject check: the caller's service
 * checks its own.
 */
async function portfolios(salesmanIds: string[] | null, since: string): Promise<Map<string | null, Portfolio>> {
  const owners = salesmanIds ?? [null];
  const scopes = owners.map((id) => (id === null ? 'all' : salesmanScope(id)));
  const [figures, without] = await Promise.all([ClientsRepository.figuresEach(scopes), Promise.all(scopes.map((s) => ClientsRepository.countWithoutPurchaseSince(s, since)))]);
  return new Map(
    owners.map((id, n) => {
      const f = figures.get(scopes[n]!)!;
      return [id, { clients: f.count('total'), active: f.count('status', 'active'), withoutPurchase: without[n]! }] as const;
    }),
  );
}

/** For other modules' system work (the WhatsApp replies): up to five clients with exactly this phone (digits with the area code). No subject check. */
function withPhone(phone: string) {
  return ClientsRepository.withPhone(phone);
}

/**
 * What the company holds of a client (LGPD, a data subject's request; docs/admin.md "Export and
 * erase"): its record, its installments, its scrap entries and its cashback and points (the
 * balance and the entries), as stored (the bookkeeping keys
 * left out). A system function: the operator's area checks its operator.
 */
async function personalData(id: string): Promise<{
  client: ReturnType<typeof publicClient>;
  installments: Record<string, unknown>[];
  scrap: Record<string, unknown>[];
  loyalty: { balance: Record<string, unknown> | null; entries: Record<string, unknown>[] };
}> {
  const client = await stored(id);
  const [partition, balance] = await Promise.all([ClientsRepository.partition(id), LoyaltyRepository.stored(id)]);
  const items = partition.map(({ pk: _pk, sk, gsi1pk: _g1, gsi1sk: _g2, ...rest }) => ({ sk: String(sk), ...rest }));
  const strip = (list: typeof items) => list.map(({ sk: _sk, ...rest }) => rest);
  return {
    client: publicClient(client),
    installments: strip(items.filter((i) => i.sk.startsWith('INST#'))),
    scrap: strip(items.filter((i) => i.sk.startsWith('SCRAP#'))),
    loyalty: { balance, entries: strip(items.filter((i) => i.sk.startsWith('LOYALTY#'))) },
  };
}

/**
 * A client's erasure (LGPD) where its sales must stay for tax law: its personal data are replaced
 * (name, documents, contacts, addresses, observations: gone; its lists and search follow; its
 * document is free again), it is made inactive, and the reason is kept on the record and in its
 * history. Its sales, installments and figures are not touched: a sale keeps what it was issued
 * with (a fiscal document). A system function: the operator's area checks its operator.
 */
async function anonymise(id: string, reason: string): Promise<ReturnType<typeof publicClient>> {
  const before = await stored(id);
  const now = timestamp();
  const blank = Object.fromEntries(Object.keys(before.observations ?? {}).map((k) => [k, null])) as ClientRecord['observations'];
  const after = derive({
    ...before,
    name: `Cliente anonimizado ${id.slice(-6)}`,
    nickname: null,
    document: null,
    stateRegistration: null,
    municipalRegistration: null,
    suframaCode: null,
    birthDate: null,
    gender: null,
    civilState: null,
    motherName: null,
    phone1: null,
    phone2: null,
    phone3: null,
    phone4: null,
    email: null,
    invoiceEmail: null,
    billingEmail: null,
    contact: null,
    referenceName: null,
    referencePhone: null,
    socialNetworks: {},
    marketingOptIn: false,
    observations: blank,
    addresses: [],
    status: 'inactive',
    anonymisedAt: now,
    anonymisedReason: reason,
    updatedAt: now,
  });
  await transact(ClientsRepository.updateSteps(before, after, documentTaken));
  await Logs.change('clients.anonymise', { entity: 'clients', id }, { name: before.name, document: before.document ?? null }, { name: after.name, document: null }, { reason });
  return publicClient({ ...after, version: before.version + 1 });
}

export const Clients = { updateOwnContacts, personalData, anonymise, create, update, list, get, revalidate, visible, find, findMany, withPhone, recordPurchase, recordPurchaseUndone, recordPurchases, recordContact, seedMany, installmentSteps, installmentDeleteSteps, documentInstallments: ofDocument, installmentsByKeys: byKeys, cancelInstallments, payInstallments, scope: clientScope, summary: clientSummary, portfolios };
