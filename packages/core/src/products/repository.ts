import type { Product, ProductSummary } from '@ev/shared/schemas/products';
import { refKey } from '@ev/shared/schemas/products';
import { fold, words } from '@ev/shared/text';
import type { DomainError } from '../errors';
import { bulkCreate } from '../db/bulk';
import { Keys } from '../db/keys';
import { listingSteps, listPage, searchPage, sortKey, type ListOptions, type Listing } from '../db/listing';
import type { PageRequest } from '../db/query';
import { getItem, getItems, Versioned, withoutKeys } from '../db/records';
import { References, type Target } from '../db/references';
import { Tx, type TxStep } from '../db/tx';
import { Unique } from '../db/unique';
import { Registries } from '../registries';

export const PRODUCTS = 'products';

/** What only the store keeps of a product: keys, derived items, the references it gets. */
export interface ProductBookkeeping {
  pk?: string;
  sk?: string;
  type?: 'product';
  ix?: string[];
  refCount?: number;
}

/** A product as stored: the schema's product (with the unit's name) plus the store's bookkeeping. */
export type ProductRecord = Product & ProductBookkeeping;

const STORED_ONLY = ['pk', 'sk', 'type', 'ix', 'refCount'] as const satisfies readonly (keyof ProductBookkeeping)[];

/** A stored product as the API answers it. */
export function publicProduct(stored: ProductRecord): Product {
  return withoutKeys(stored, STORED_ONLY);
}

export function productSummary(p: ProductRecord): ProductSummary {
  return {
    id: p.id,
    ref: p.ref,
    name: p.name,
    barcode: p.barcode,
    maker: p.maker,
    package: p.package,
    unitId: p.unitId,
    unitName: p.unitName,
    groupId: p.groupId,
    productCompanyId: p.productCompanyId,
    sizeId: p.sizeId,
    status: p.status,
    minimumPrice: p.minimumPrice,
  };
}

/** Scopes of the lists (docs/data-model.md, "Products"). */
export const ProductScopes = {
  all: 'all',
  status: (s: string) => `status#${s}`,
  group: (g: string) => `group#${g}`,
  groupStatus: (g: string, s: string) => `group#${g}#status#${s}`,
  company: (c: string) => `company#${c}`,
  companyStatus: (c: string, s: string) => `company#${c}#status#${s}`,
  groupCompany: (g: string, c: string) => `group#${g}#company#${c}`,
};

/** The search words: the whole reference (folded, no spaces), the barcode, the name's words, the reference's words. */
export function productWords(p: Pick<ProductRecord, 'ref' | 'barcode' | 'name'>): string[] {
  return [fold(p.ref).replace(/\s+/g, ''), ...(p.barcode ? [p.barcode] : []), ...words(p.name), ...words(p.ref)];
}

/**
 * Products are listed by name in the company (`all`), per status, per group, per product company
 * (each also per status) and per group and company; searched in `all` by reference, barcode and name
 * words. Each item carries the summary, so a page reads no product.
 */
export const productListing: Listing<ProductRecord, ProductSummary> = {
  entity: PRODUCTS,
  maxWords: 16,
  scopes: () => ['all'],
  lists: (p) => {
    const sort = sortKey(p.name);
    const S = ProductScopes;
    const out = [
      { scope: S.all, sort },
      { scope: S.status(p.status), sort },
    ];
    if (p.groupId) out.push({ scope: S.group(p.groupId), sort }, { scope: S.groupStatus(p.groupId, p.status), sort });
    if (p.productCompanyId) out.push({ scope: S.company(p.productCompanyId), sort }, { scope: S.companyStatus(p.productCompanyId, p.status), sort });
    if (p.groupId && p.productCompanyId) out.push({ scope: S.groupCompany(p.groupId, p.productCompanyId), sort });
    return out;
  },
  words: productWords,
  summary: productSummary,
};

/** The registries a product points to (invariant 6): a unit in use cannot be deleted. */
function targets(p: ProductRecord): Target[] {
  return Registries.targetsOf(p, { unitId: 'units', groupId: 'product-groups', productCompanyId: 'product-companies', sizeId: 'sizes' });
}

const source = (p: ProductRecord) => ({ entity: PRODUCTS, id: p.id, label: `Produto ${p.ref} ${p.name}` });

export interface Taken {
  ref: () => DomainError;
  barcode: () => DomainError;
}

export const ProductsRepository = {
  get(id: string): Promise<ProductRecord | undefined> {
    return getItem<ProductRecord>(Keys.product(id));
  },

  /** Up to any number of products by id (BatchGet, 100 a call); missing ones are left out, order kept. */
  async getMany(ids: string[]): Promise<ProductRecord[]> {
    const found = await getItems<ProductRecord>(ids.map((id) => Keys.product(id)));
    const byId = new Map(found.map((p) => [p.id, p]));
    return [...new Set(ids)].map((id) => byId.get(id)).filter((p): p is ProductRecord => !!p);
  },

  async refOwner(ref: string): Promise<string | undefined> {
    return (await getItem<{ ownerId: string }>(Keys.unique(PRODUCTS, 'ref', refKey(ref))))?.ownerId;
  },
  async barcodeOwner(barcode: string): Promise<string | undefined> {
    return (await getItem<{ ownerId: string }>(Keys.unique(PRODUCTS, 'barcode', barcode)))?.ownerId;
  },
  /** The holders of references and barcodes, from their guard items (one BatchGet per 100): ref key or barcode → product id. */
  async codeOwners(refs: string[], barcodes: string[]): Promise<{ refs: Map<string, string>; barcodes: Map<string, string> }> {
    const refOf = new Map(refs.map((r) => [Keys.unique(PRODUCTS, 'ref', refKey(r)).pk, refKey(r)]));
    const barcodeOf = new Map(barcodes.map((b) => [Keys.unique(PRODUCTS, 'barcode', b).pk, b]));
    const guards = await getItems<{ pk: string; ownerId: string }>([
      ...refs.map((r) => Keys.unique(PRODUCTS, 'ref', refKey(r))),
      ...barcodes.map((b) => Keys.unique(PRODUCTS, 'barcode', b)),
    ]);
    const out = { refs: new Map<string, string>(), barcodes: new Map<string, string>() };
    for (const g of guards) {
      if (refOf.has(g.pk)) out.refs.set(refOf.get(g.pk)!, g.ownerId);
      else if (barcodeOf.has(g.pk)) out.barcodes.set(barcodeOf.get(g.pk)!, g.ownerId);
    }
    return out;
  },
  /** What another record (a price, a stock balance) records when it points to a product (invariant 6). */
  target(id: string, field: string): Target {
    return { entity: PRODUCTS, id, key: Keys.product(id), field };
  },
  /** A transaction step of another module's write that fails with `error` unless the product exists. */
  existsStep(id: string, error: () => Error): TxStep {
    return Tx.check(Keys.product(id), 'attribute_exists(pk)', error);
  },

  createSteps(p: ProductRecord, taken: Taken): TxStep[] {
    const listing = listingSteps(productListing, [], p);
    return [
      Versioned.create({ ...Keys.product(p.id), type: 'product', ...p, ix: listing.ix }),
      Unique.claim(PRODUCTS, 'ref', refKey(p.ref), p.id, taken.ref),
      ...(p.barcode ? [Unique.claim(PRODUCTS, 'barcode', p.barcode, p.id, taken.barcode)] : []),
      ...References.change(source(p), [], targets(p)),
      ...listing.steps,
    ];
  },

  /** An edit writes the edited attributes; `refCount` (prices, stock pointing here) moves by its own writes. */
  updateSteps(before: ProductRecord, after: ProductRecord, taken: Taken): TxStep[] {
    const listing = listingSteps(productListing, before.ix, after, before);
    const { refCount: _r, version: _v, ix: _ix, ...edited } = after;
    return [
      Versioned.update(Keys.product(after.id), { ...edited, ix: listing.ix }, before.version),
      ...Unique.change(PRODUCTS, 'ref', refKey(before.ref), refKey(after.ref), after.id, taken.ref),
      ...Unique.change(PRODUCTS, 'barcode', before.barcode, after.barcode, after.id, taken.barcode),
      ...References.change(source(after), targets(before), targets(after)),
      ...listing.steps,
    ];
  },

  /** "Reload cache": the unit's name and the list and search items written again; the version stays. */
  revalidateSteps(before: ProductRecord, after: ProductRecord): TxStep[] {
    const listing = listingSteps(productListing, before.ix, after);
    return [
      Versioned.refresh(Keys.product(after.id), { ix: listing.ix, unitName: after.unitName }, before.version),
      ...listing.steps,
    ];
  },

  /**
   * Products written in bulk (db/bulk.ts) with the very items each one's create writes, for a
   * company nobody works in yet (the demo seed). The caller has left out references and barcodes
   * already taken.
   */
  createMany(records: ProductRecord[], taken: Taken): Promise<void> {
    return bulkCreate(records.flatMap((p) => ProductsRepository.createSteps(p, taken)));
  },

  list(scopes: string[], page: PageRequest, options: ListOptions = {}) {
    return listPage(productListing, scopes, page, options);
  },
  search(terms: string[], page: PageRequest, options: Pick<ListOptions, 'match' | 'readFactor'> = {}) {
    return searchPage(productListing, 'all', terms, page, options);
  },
};
