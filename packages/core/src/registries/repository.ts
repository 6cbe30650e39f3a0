import { formatPlate } from '@ev/shared/br';
import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { words } from '@ev/shared/text';
import { DomainError, fieldError } from '../errors';
import { Keys } from '../db/keys';
import { listingSteps, listPage, searchPage, sortKey, type Listing } from '../db/listing';
import type { PageRequest } from '../db/query';
import { getItem, getItems, versionConflict, Versioned, withoutKeys } from '../db/records';
import { References, type Source, type Target } from '../db/references';
import { Tx, type TxStep } from '../db/tx';
import { Unique } from '../db/unique';

/**
 * A registry record as the API answers it: the declaration's fields and derived fields, plus
 * bookkeeping. The fields are data (each registry's declaration, RegistryDefinition), not a type,
 * so the record keeps an open index signature: no schema type exists to derive it from.
 */
export interface RegistryRecord {
  id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
  [field: string]: unknown;
}

/** As stored: the record plus its derived items' keys, the references it gets and its natural key. */
export interface StoredRegistryRecord extends RegistryRecord {
  ix?: string[];
  refCount?: number;
  keyValue: string;
}

/** Attributes of the stored item that are not the record's (a declaration cannot use these names). */
const PRIVATE = ['pk', 'sk', 'itemType', 'registry', 'ix', 'refCount', 'keyValue'] as const;

export function publicRecord(stored: Record<string, unknown>): RegistryRecord {
  return withoutKeys(stored, PRIVATE) as RegistryRecord;
}

/** The value under which an exclusive field's pointer item is kept (`UQ#<registry>#<field>#holder`). */
const EXCLUSIVE_HOLDER = 'holder';

/** A failed delete condition: the record is referenced, gone, or changed since it was read. */
export const DELETE_BLOCKED = 'registry.delete_blocked';

/**
 * Every partition of a registry, named in one place: lists by name and by creation (`new`), each
 * also per status; search in the whole registry (`all`) and per status.
 */
export const RegistryScopes = {
  all: 'all',
  status: (status: string) => `status#${status}`,
  list: (order: 'name' | 'new', status?: string) => (status ? `${order}#status#${status}` : order),
};

/**
 * A registry's lists: by name (read forwards or backwards for A-Z and Z-A) and by id (UUID v7, so
 * creation order: newest reads backwards), each also per status when the record has one; search
 * items per scope (all, and per status). Every item carries the whole public record, so a page, a
 * search and the CSV export read only these items.
 */
export function registryListing(def: RegistryDefinition): Listing<RegistryRecord> {
  const nameOf = (r: RegistryRecord) => sortKey(String(r.name ?? r[def.naturalKey.field] ?? ''));
  return {
    entity: def.name,
    scopes: (r) => [RegistryScopes.all, ...(def.hasStatus ? [RegistryScopes.status(String(r.status))] : [])],
    lists: (r) => {
      const lists = [
        { scope: RegistryScopes.list('name'), sort: nameOf(r) },
        { scope: RegistryScopes.list('new'), sort: r.id },
      ];
      if (def.hasStatus) {
        lists.push({ scope: RegistryScopes.list('name', String(r.status)), sort: nameOf(r) }, { scope: RegistryScopes.list('new', String(r.status)), sort: r.id });
      }
      return lists;
    },
    words: (r) =>
      def.search.flatMap((field) => {
        const value = r[field];
        if (typeof value !== 'string') return [];
        return def.fields[field]?.type === 'plate' ? [...words(value), ...words(formatPlate(value))] : words(value);
      }),
    summary: (r) => publicRecord(r),
  };
}

export function registryTarget(registry: string, id: string, field: string): Target {
  return { entity: registry, id, key: Keys.registry(registry, id), field };
}

function source(def: RegistryDefinition, r: RegistryRecord): Source {
  return { entity: def.name, id: r.id, label: `${def.singular} ${String(r.name ?? r[def.naturalKey.field] ?? r.id)}` };
}

function targets(def: RegistryDefinition, r: RegistryRecord): Target[] {
  return def.references.flatMap((ref) => {
    const value = r[ref.field];
    const ids = ref.many ? (Array.isArray(value) ? value : []) : [value];
    return ids.filter((id): id is string => typeof id === 'string' && id !== '').map((id) => registryTarget(ref.registry, id, ref.field));
  });
}

export function duplicate(def: RegistryDefinition) {
  return () =>
    new DomainError('registry.duplicate', def.naturalKey.text, 'conflict', {
      fields: [fieldError(def.naturalKey.field, def.naturalKey.text)],
      details: { registry: def.name },
    });
}

const keyValueOf = (def: RegistryDefinition, r: RegistryRecord) => def.naturalKey.normalize(String(r[def.naturalKey.field] ?? ''));

/** Keys, conditions and derived items of the registries; no rules (those live in the service and the declarations). */
export const RegistriesRepository = {
  get(def: RegistryDefinition, id: string): Promise<StoredRegistryRecord | undefined> {
    return getItem<StoredRegistryRecord>(Keys.registry(def.name, id));
  },

  /** Records of any registries by (registry, id), in one BatchGet per 100: each found one with its registry's name. */
  async byIds(pairs: { registry: string; id: string }[]): Promise<{ registry: string; record: StoredRegistryRecord }[]> {
    if (pairs.length === 0) return [];
    const registryOf = new Map(pairs.map((p) => [Keys.registry(p.registry, p.id).pk, p.registry]));
    const found = await getItems<StoredRegistryRecord & { pk: string }>(pairs.map((p) => Keys.registry(p.registry, p.id)));
    return found.map((record) => ({ registry: registryOf.get(record.pk)!, record }));
  },

  /** A transaction step that fails with `error` unless the record exists (another module's write points to it). */
  existsStep(registry: string, id: string, error: () => Error): TxStep {
    return Tx.check(Keys.registry(registry, id), 'attribute_exists(pk)', error);
  },

  createSteps(def: RegistryDefinition, record: RegistryRecord): TxStep[] {
    const listing = listingSteps(registryListing(def), [], record);
    const keyValue = keyValueOf(def, record);
    return [
      Versioned.create({ ...Keys.registry(def.name, record.id), itemType: 'registry', registry: def.name, ...record, keyValue, ix: listing.ix }),
      Unique.claim(def.name, def.naturalKey.field, keyValue, record.id, duplicate(def)),
      ...References.change(source(def, record), [], targets(def, record)),
      ...listing.steps,
    ];
  },

  /** An edit: sets the edited attributes and moves `version`; `refCount` is never written back. */
  updateSteps(def: RegistryDefinition, before: StoredRegistryRecord, after: RegistryRecord): TxStep[] {
    const listing = listingSteps(registryListing(def), before.ix, after);
    const keyValue = keyValueOf(def, after);
    const { id: _id, createdAt: _created, version: _version, ...edited } = publicRecord(after);
    return [
      Versioned.update(Keys.registry(def.name, after.id), { ...edited, keyValue, ix: listing.ix }, before.version),
      ...Unique.change(def.name, def.naturalKey.field, before.keyValue, keyValue, after.id, duplicate(def)),
      ...References.change(source(def, after), targets(def, before), targets(def, after)),
      ...listing.steps,
    ];
  },

  /**
   * Recomputed derived fields and derived items, without moving `version` (not an edit), on the
   * condition that the record is still at the version read, so stale items are never written.
   */
  refreshSteps(def: RegistryDefinition, before: StoredRegistryRecord, after: RegistryRecord): TxStep[] {
    const listing = listingSteps(registryListing(def), before.ix, after);
    const keyValue = keyValueOf(def, after);
    const derived = Object.fromEntries(Object.keys(def.fields).filter((f) => def.fields[f]?.readOnly).map((f) => [f, after[f] ?? null]));
    return [
      Versioned.refresh(Keys.registry(def.name, after.id), { ix: listing.ix, keyValue, ...derived }, before.version),
      ...Unique.change(def.name, def.naturalKey.field, before.keyValue, keyValue, after.id, duplicate(def)),
      ...listing.steps,
    ];
  },

  /**
   * A hard delete, on the condition that nothing references the record (`refCount = 0`, invariant 6)
   * and that it is still the version read (so its derived items are the ones removed here).
   */
  deleteSteps(def: RegistryDefinition, before: StoredRegistryRecord): TxStep[] {
    const listing = listingSteps(registryListing(def), before.ix, null);
    return [
      Tx.delete(
        Keys.registry(def.name, before.id),
        {
          ConditionExpression: 'attribute_exists(pk) AND version = :v AND (attribute_not_exists(refCount) OR refCount = :zero)',
          ExpressionAttributeValues: { ':v': before.version, ':zero': 0 },
        },
        () => new DomainError(DELETE_BLOCKED, 'Delete condition failed', 'conflict'),
      ),
      Unique.release(def.name, def.naturalKey.field, before.keyValue, before.id),
      ...References.change(source(def, before), targets(def, before), []),
      ...listing.steps,
    ];
  },

  /**
   * Exclusive yes/no fields (`FieldSpec.exclusive`): a pointer item per registry and field names the
   * record that holds the flag. It is written in the same transaction as the flag, on the condition
   * that it still names the holder read, so two records can never both hold it.
   */
  /** Whether another record holds the natural key `r` has (a read of its guard, for errors that must come after a duplicate). */
  async naturalKeyTaken(def: RegistryDefinition, r: RegistryRecord): Promise<boolean> {
    const guard = await getItem<{ ownerId?: string }>(Keys.unique(def.name, def.naturalKey.field, keyValueOf(def, r)));
    return !!guard?.ownerId && guard.ownerId !== r.id;
  },
  async holderOf(def: RegistryDefinition, field: string): Promise<string | null> {
    const pointer = await getItem<{ ownerId?: string }>(Keys.unique(def.name, field, EXCLUSIVE_HOLDER));
    return pointer?.ownerId ?? null;
  },
  claimExclusiveStep(def: RegistryDefinition, field: string, id: string, previous: string | null): TxStep {
    return Tx.put(
      { ...Keys.unique(def.name, field, EXCLUSIVE_HOLDER), ownerId: id, entity: def.name, field },
      previous
        ? { ConditionExpression: 'ownerId = :prev', ExpressionAttributeValues: { ':prev': previous } }
        : { ConditionExpression: 'attribute_not_exists(pk)' },
      versionConflict,
    );
  },
  releaseExclusiveStep(def: RegistryDefinition, field: string, id: string): TxStep {
    return Tx.delete(Keys.unique(def.name, field, EXCLUSIVE_HOLDER), {
      ConditionExpression: 'attribute_not_exists(pk) OR ownerId = :owner',
      ExpressionAttributeValues: { ':owner': id },
    });
  },
  /**
   * The previous holder loses the flag: an edit of that record (version moves, on the version read)
   * and its list and search items rewritten, since they carry the whole record. Its references and
   * natural key do not change, so they are not touched.
   */
  clearExclusiveSteps(def: RegistryDefinition, holder: StoredRegistryRecord, field: string, now: string): TxStep[] {
    const after: RegistryRecord = { ...publicRecord(holder), [field]: false, updatedAt: now, version: holder.version + 1 };
    const listing = listingSteps(registryListing(def), holder.ix, after);
    return [Versioned.update(Keys.registry(def.name, holder.id), { [field]: false, updatedAt: now, ix: listing.ix }, holder.version), ...listing.steps];
  },

  list(def: RegistryDefinition, scope: string, page: PageRequest, order: 'asc' | 'desc') {
    return listPage(registryListing(def), scope, page, order);
  },
  search(def: RegistryDefinition, scope: string, terms: string[], page: PageRequest) {
    return searchPage(registryListing(def), scope, terms, page);
  },
};
