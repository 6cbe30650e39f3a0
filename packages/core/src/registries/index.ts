import { ApiTexts } from '@ev/shared/messages';
import type { RegistryDefinition, SortValue } from '@ev/shared/registries/definition';
import type { EntityTarget } from '@ev/shared/registries/fields';
import { displayValue } from '@ev/shared/registries/format';
import { searchTerms } from '@ev/shared/text';
import type { z } from 'zod';
import { timestamp } from '../clock';
import { authorize } from '../context';
import { toCsv } from '../csv';
import { DomainError, fieldError } from '../errors';
import { newId } from '../ids';
import type { Page } from '../db/query';
import { notFound, versionConflict } from '../db/records';
import { References } from '../db/references';
import { transact, type TxStep } from '../db/tx';
import { Logs } from '../logs';
import { parseInput } from '../validation';
import { changedFieldNames } from '../logs/changes';
import type { Target } from '../db/references';
import { DELETE_BLOCKED, duplicate, publicRecord, RegistriesRepository, RegistryScopes, registryTarget, type RegistryRecord, type StoredRegistryRecord } from './repository';

export type { RegistryRecord } from './repository';

/** Rows a CSV export holds at most (registries are small; past this, filter and export in parts). */
export const MAX_EXPORT_ROWS = 20_000;
const EXPORT_PAGE = 100;

interface Filter {
  q?: string;
  sort: SortValue;
  status?: string;
}

/** One page of a registry's list or search; registries are company-wide, so the scope is the company. */
async function page(def: RegistryDefinition, filter: Filter, cursor: string | undefined, limit: number): Promise<Page<RegistryRecord>> {
  const terms = searchTerms(filter.q);
  const status = def.hasStatus && filter.status ? filter.status : undefined;
  const query = `registry|${def.name}|${terms.length ? 'search' : filter.sort}|${status ?? ''}|${terms.join(' ')}`;
  const request = { cursor, limit, query };
  if (terms.length) {
    const res = await RegistriesRepository.search(def, status ? RegistryScopes.status(status) : RegistryScopes.all, terms, request);
    return res as Page<RegistryRecord>;
  }
  const list = filter.sort === 'newest' ? 'new' : 'name';
  const res = await RegistriesRepository.list(def, RegistryScopes.list(list, status), request, filter.sort === 'name' ? 'asc' : 'desc');
  return res as Page<RegistryRecord>;
}

/** The names of records of a module that `references` fields point to (`ENTITY_TARGETS`), by id; an unknown id is absent. */
export type EntityNames = (ids: string[]) => Promise<Map<string, string>>;
let entityNames: Partial<Record<EntityTarget, EntityNames>> = {};

/**
 * The lookups of the `ENTITY_TARGETS` (products, branches), handed in by the wiring: their modules
 * stand above or beside this one, so the engine never imports them.
 */
function useEntities(lookups: Partial<Record<EntityTarget, EntityNames>>): void {
  entityNames = { ...entityNames, ...lookups };
}

function lookupOf(entity: EntityTarget): EntityNames {
  const lookup = entityNames[entity];
  if (!lookup) throw new Error(`registries: no lookup for ${entity} (wiring/ hands it in at start)`);
  return lookup;
}

/** A save's ids of products or branches must exist (they are never deleted, so nothing is counted). */
async function checkEntities(def: RegistryDefinition, values: Record<string, unknown>): Promise<void> {
  for (const ref of def.entityReferences) {
    const ids = (values[ref.field] as string[] | undefined) ?? [];
    if (!ids.length) continue;
    const found = await lookupOf(ref.entity)(ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) {
      throw new DomainError('reference.missing', ApiTexts.referenceMissingField({ field: ref.field }), 'validation', {
        fields: [fieldError(ref.field, ApiTexts.referenceMissingItem())],
        details: { missing },
      });
    }
  }
}

function inputOf(def: RegistryDefinition, r: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(def.input.shape).map((k) => [k, r[k] ?? null]));
}

async function list(def: RegistryDefinition, query: z.input<RegistryDefinition['listQuery']>) {
  authorize('read', def.subject);
  const q = parseInput(def.listQuery, query) as unknown as Filter & { cursor?: string; limit: number };
  return page(def, q, q.cursor, q.limit);
}

async function get(def: RegistryDefinition, id: string): Promise<RegistryRecord> {
  authorize('read', def.detailSubject);
  const stored = await RegistriesRepository.get(def, id);
  if (!stored) throw notFound();
  return publicRecord(stored);
}

/**
 * Exclusive yes/no fields (at most, or exactly, one record holds them): the steps that move the flag
 * to `after` when it takes it (clearing the previous holder in the same transaction) or release it
 * when it drops it. With `one` (exactly one), the first record of the company takes the flag and its
 * holder cannot drop it. May set the flag on `after` (a first record), so it runs before the record's
 * own steps are built.
 */
async function exclusiveSteps(def: RegistryDefinition, before: StoredRegistryRecord | null, after: RegistryRecord): Promise<{ steps: TxStep[]; cleared: string[] }> {
  const steps: TxStep[] = [];
  const cleared: string[] = [];
  for (const ex of def.exclusive) {
    const had = before?.[ex.field] === true;
    if (!had && after[ex.field] !== true && (before || !ex.exactlyOne)) continue;
    if (had && after[ex.field] === true) continue;
    if (had) {
      if (ex.exactlyOne) {
        // A duplicate name is the error the user hears first (as it would be without the flag).
        if (await RegistriesRepository.naturalKeyTaken(def, after)) throw duplicate(def)();
        throw new DomainError('registry.exclusive_required', ex.keep, 'validation', { fields: [fieldError(ex.field, ex.keep)] });
      }
      steps.push(RegistriesRepository.releaseExclusiveStep(def, ex.field, after.id));
      continue;
    }
    const holder = await RegistriesRepository.holderOf(def, ex.field);
    // A first record of an exactly-one field takes the flag; a later one without it leaves it where it is.
    if (after[ex.field] !== true && holder) continue;
    after[ex.field] = true;
    if (holder && holder !== after.id) {
      const previous = await RegistriesRepository.get(def, holder);
      if (previous) {
        steps.push(...RegistriesRepository.clearExclusiveSteps(def, previous, ex.field, after.updatedAt));
        cleared.push(holder);
      }
    }
    steps.push(RegistriesRepository.claimExclusiveStep(def, ex.field, after.id, holder));
  }
  return { steps, cleared };
}

/** The record that holds an exclusive yes/no field (the default price table), or null. */
async function exclusiveHolder(def: RegistryDefinition, field: string): Promise<string | null> {
  return RegistriesRepository.holderOf(def, field);
}

async function create(def: RegistryDefinition, input: unknown): Promise<RegistryRecord> {
  authorize('create', def.subject);
  const values = parseInput(def.input, input) as Record<string, unknown>;
  await checkEntities(def, values);
  const now = timestamp();
  const record: RegistryRecord = { id: newId(), ...values, ...def.derive(values), createdAt: now, updatedAt: now, version: 1 };
  const exclusive = await exclusiveSteps(def, null, record);
  await transact([...RegistriesRepository.createSteps(def, record), ...exclusive.steps]);
  Logs.audit('registries.create', { registry: def.name, id: record.id, key: record[def.naturalKey.field] });
  for (const id of exclusive.cleared) Logs.audit('registries.update', { registry: def.name, id, fields: def.exclusive.map((e) => e.field) });
  return record;
}

async function update(def: RegistryDefinition, id: string, input: unknown): Promise<RegistryRecord> {
  authorize('update', def.subject);
  const { version, ...values } = parseInput(def.update, input) as Record<string, unknown> & { version: number };
  const before = await RegistriesRepository.get(def, id);
  if (!before) throw notFound();
  if (before.version !== version) throw versionConflict();
  await checkEntities(def, values);
  const after: RegistryRecord = { ...publicRecord(before), ...values, ...def.derive(values), updatedAt: timestamp(), version: before.version + 1 };
  const exclusive = await exclusiveSteps(def, before, after);
  await transact([...RegistriesRepository.updateSteps(def, before, after), ...exclusive.steps]);
  Logs.audit('registries.update', { registry: def.name, id, fields: changedFieldNames(before, after) });
  for (const other of exclusive.cleared) Logs.audit('registries.update', { registry: def.name, id: other, fields: def.exclusive.map((e) => e.field) });
  return after;
}

/**
 * Hard delete. Refused (409, naming what uses it) while other records reference it; otherwise the
 * audit entry keeps what was deleted. A record changed between the read and the delete is read again.
 */
async function remove(def: RegistryDefinition, id: string): Promise<RegistryRecord> {
  authorize('delete', def.subject);
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = await RegistriesRepository.get(def, id);
    if (!before) throw notFound();
    if (before.refCount) throw await References.inUseError(def.name, id);
    const release: TxStep[] = [];
    for (const ex of def.exclusive) {
      if (before[ex.field] !== true) continue;
      // Exactly one: the holder goes only with the last record (then the next record created takes it).
      if (ex.exactlyOne) {
        const others = await RegistriesRepository.list(def, RegistryScopes.list('name'), { limit: 2, query: `registry|${def.name}|exclusive` }, 'asc');
        if (others.items.some((r) => r.id !== id)) throw new DomainError('registry.exclusive_holder', ex.delete, 'conflict');
      }
      release.push(RegistriesRepository.releaseExclusiveStep(def, ex.field, id));
    }
    try {
      await transact([...RegistriesRepository.deleteSteps(def, before), ...release]);
    } catch (e) {
      if (e instanceof DomainError && e.code === DELETE_BLOCKED) continue;
      throw e;
    }
    const removed = publicRecord(before);
    Logs.audit('registries.delete', { registry: def.name, id, record: removed });
    return removed;
  }
  throw new DomainError('conflict.busy', 'O registro está sendo alterado por outra operação neste momento. Tente novamente.', 'conflict');
}

/**
 * The spec's "reload cache" of a record: derived fields (the bank's name, the installment count,
 * the nature's type) are computed again from the record's own fields, and its list and search items
 * are written again. Not an edit: the version stays.
 */
async function revalidate(def: RegistryDefinition, id: string): Promise<RegistryRecord> {
  authorize('update', def.subject);
  const before = await RegistriesRepository.get(def, id);
  if (!before) throw notFound();
  const after: RegistryRecord = { ...publicRecord(before), ...def.derive(inputOf(def, before)) };
  await transact(RegistriesRepository.refreshSteps(def, before, after));
  Logs.audit('registries.revalidate', { registry: def.name, id });
  return after;
}

/**
 * Every row of the filter (not a page), a page at a time, as CSV cells keyed by field: what the
 * export job writes (./exports.ts) and the deprecated synchronous route reads. Dates follow the
 * user's `formatoData` when given. The caller checks the permission.
 */
async function* csvRows(def: RegistryDefinition, query: unknown, o: { dateFormat?: string; maxRows?: number } = {}): AsyncGenerator<Record<string, string>[]> {
  const filter = parseInput(def.exportQuery, query ?? {}) as unknown as Filter;
  let cursor: string | undefined;
  let rows = 0;
  do {
    const res = await page(def, filter, cursor, EXPORT_PAGE);
    rows += res.items.length;
    if (o.maxRows !== undefined && rows > o.maxRows) throw new DomainError('registry.export_too_large', ApiTexts.exportTooLarge(), 'validation');
    const named = await pointedNames(def, res.items);
    const cell = (field: string, value: unknown) => {
      const names = named.get(field);
      if (!names) return displayValue(def.fields[field], value, o);
      const ids = Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : [];
      return ids.map((id) => names.get(id) ?? id).join(', ');
    };
    yield res.items.map((r) => Object.fromEntries(def.csv.map((c) => [c.field, cell(c.field, r[c.field])])));
    cursor = res.nextCursor ?? undefined;
  } while (cursor);
}

/** The names of what a page's CSV columns point to (a registry's records, products, branches), by column. */
async function pointedNames(def: RegistryDefinition, items: RegistryRecord[]): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  for (const c of def.csv) {
    const spec = def.fields[c.field];
    if (!spec || (spec.type !== 'reference' && spec.type !== 'references') || !spec.registry) continue;
    const ids = [...new Set(items.flatMap((r) => r[c.field]).filter((id): id is string => typeof id === 'string' && id !== ''))];
    if (!ids.length) continue;
    const entity = def.entityReferences.find((e) => e.field === c.field)?.entity;
    out.set(c.field, entity ? await lookupOf(entity)(ids) : await names(spec.registry, ids));
  }
  return out;
}

/**
 * Deprecated (GET /api/<registry>/export.csv, kept for API callers; the web exports through the job
 * engine, docs/jobs.md): the CSV of every row of the filter in one answer, `;` separated, UTF-8 with
 * a BOM and Portuguese headers, formulas escaped (the one CSV writer, ../csv). Dates day/month/year.
 */
async function exportCsv(def: RegistryDefinition, query: z.input<RegistryDefinition['exportQuery']>): Promise<{ filename: string; content: string; rows: number }> {
  authorize('read', def.subject);
  const cells: string[][] = [];
  for await (const rows of csvRows(def, query, { maxRows: MAX_EXPORT_ROWS })) cells.push(...rows.map((r) => def.csv.map((c) => r[c.field] ?? '')));
  const content = toCsv(
    def.csv.map((c) => c.header),
    cells,
  );
  return { filename: `${def.name}.csv`, content, rows: cells.length };
}

/** How `records` names a record: `<registry>:<id>`. */
const ref = (registry: string, id: string) => `${registry}:${id}`;

/** Records of any registries by (registry, id), keyed by `ref(registry, id)`; missing ones are absent. */
async function records(pairs: { registry: string; id: string }[]): Promise<Map<string, RegistryRecord>> {
  const found = await RegistriesRepository.byIds(pairs);
  return new Map(found.map(({ registry, record }) => [ref(registry, record.id), publicRecord(record)]));
}

/** The names of records of one registry by id (a record without a name: its id). */
async function names(registry: string, ids: string[]): Promise<Map<string, string>> {
  const found = await records([...new Set(ids)].map((id) => ({ registry, id })));
  return new Map([...found.values()].map((r) => [r.id, typeof r.name === 'string' ? r.name : r.id]));
}

/** The names of records of one registry, sorted and joined by commas (a filter as an export's header shows it). */
async function nameList(registry: string, ids: string[] | undefined): Promise<string> {
  if (!ids?.length) return '';
  return [...(await names(registry, ids)).values()].sort((a, b) => a.localeCompare(b, 'pt-BR')).join(', ');
}

/**
 * The registry records another record points to, one target per field that holds an id, named by
 * the field (`{ regionId: 'regions', segmentId: 'segments' }`): what its references are made of.
 */
function targetsOf<T extends object>(record: T, fields: Partial<Record<keyof T & string, string>>): Target[] {
  const out: Target[] = [];
  for (const [field, registry] of Object.entries(fields) as [keyof T & string, string][]) {
    const id = record[field];
    if (typeof id === 'string' && id) out.push(registryTarget(registry, id, field));
  }
  return out;
}

/** A record by id, or undefined. */
async function record(def: RegistryDefinition, id: string): Promise<RegistryRecord | undefined> {
  const stored = await RegistriesRepository.get(def, id);
  return stored ? publicRecord(stored) : undefined;
}

/** Every record of a small registry (of one status: its own list), by name, a page of 100 at a time, at most `max`. */
async function all(def: RegistryDefinition, max: number, o: { status?: string } = {}): Promise<RegistryRecord[]> {
  const out: RegistryRecord[] = [];
  let cursor: string | undefined;
  const status = def.hasStatus ? o.status : undefined;
  do {
    const res = await RegistriesRepository.list(def, RegistryScopes.list('name', status), { cursor, limit: 100, query: `registry-all|${def.name}|${status ?? ''}` }, 'asc');
    out.push(...(res.items as RegistryRecord[]));
    cursor = res.nextCursor ?? undefined;
  } while (cursor && out.length < max);
  return out.slice(0, max);
}

/**
 * The registries' engine (Cadastros Gerais): one service for every declaration in
 * `@ev/shared/registries`. Registries are company-wide: every list reads the company's partition.
 * `list` to `exportCsv` are what a request reaches and check the subject; the functions after them
 * are for other modules (references, names, existence checks) and check none.
 */
export const Registries = {
  list,
  get,
  create,
  update,
  remove,
  revalidate,
  exportCsv,
  csvRows,
  exclusiveHolder,
  useEntities,
  /** What another record (a client's region, a sale's payment condition) points to (invariant 6). */
  target: registryTarget,
  targetsOf,
  /** A write of another module fails with `error` unless the record exists (a transaction step). */
  existsStep: (registry: string, id: string, error: () => Error) => RegistriesRepository.existsStep(registry, id, error),
  records,
  ref,
  names,
  nameList,
  record,
  all,
};
