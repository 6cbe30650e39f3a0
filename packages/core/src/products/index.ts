import { ApiTexts } from '@ev/shared/messages';
import type { Said } from '@ev/shared/texts';
import type { Action } from '@ev/shared/permissions';
import { ProductCreate, ProductTexts, ProductsListQuery, ProductUpdate, type Product, type ProductFilter, type ProductInput, type ProductSummary } from '@ev/shared/schemas/products';
import { searchTerms } from '@ev/shared/text';
import type { z } from 'zod';
import { timestamp } from '../clock';
import { authorize as authorizeSubject } from '../context';
import { DomainError, fieldError, fieldSaid, type FieldError } from '../errors';
import { newId } from '../ids';
import type { Page } from '../db/query';
import { notFound, versionConflict } from '../db/records';
import type { Target } from '../db/references';
import { transact } from '../db/tx';
import { Logs } from '../logs';
import { Registries } from '../registries';
import { parseInput } from '../validation';
import { ProductScopes as S, ProductsRepository, productSummary, publicProduct, type ProductRecord } from './repository';

export type { ProductRecord } from './repository';

/**
 * The catalogue (issue 7, docs/products.md). Routes check the subject `produtos`; the service checks
 * it again for list/get/create/update/revalidate, so no caller reaches around it (system work, such
 * as seeds and jobs without a user's ability, is not checked). `page`, `getMany` and `findByRef` are
 * for other modules (price chart, inventory, imports), which check their own subjects.
 */
const authorize = (action: Action) => authorizeSubject(action, 'produtos');

/** Partitions read at most for groups × companies; beyond, the groups' partitions with a company check. */
const MAX_PAIRS = 12;

/**
 * One page of the catalogue, sorted by name (a search: by the matched word). The partition serves
 * the filter (docs/data-model.md, "Products"): several groups or companies are a merge of their
 * partitions under one cursor; what no partition serves is checked on the summary each item carries.
 * `queryTag` names the caller's query (its own filters, its route): the cursor is bound to it.
 */
async function page(filter: ProductFilter, cursor: string | undefined, limit: number, queryTag: string): Promise<Page<ProductSummary>> {
  const terms = searchTerms(filter.q);
  const groups = [...new Set(filter.groupIds ?? [])].sort();
  const companies = [...new Set(filter.productCompanyIds ?? [])].sort();
  const status = filter.status;
  const checks: { field: 'groupId' | 'productCompanyId' | 'status'; values: string[] }[] = [];
  let partitions: string[] = [S.all];
  if (terms.length) {
    if (groups.length) checks.push({ field: 'groupId', values: groups });
    if (companies.length) checks.push({ field: 'productCompanyId', values: companies });
    if (status) checks.push({ field: 'status', values: [status] });
  } else if (groups.length && companies.length) {
    if (groups.length * companies.length <= MAX_PAIRS) {
      partitions = groups.flatMap((g) => companies.map((c) => S.groupCompany(g, c)));
    } else {
      partitions = groups.map((g) => (status ? S.groupStatus(g, status) : S.group(g)));
      checks.push({ field: 'productCompanyId', values: companies });
    }
    if (status && groups.length * companies.length <= MAX_PAIRS) checks.push({ field: 'status', values: [status] });
  } else if (groups.length) {
    partitions = groups.map((g) => (status ? S.groupStatus(g, status) : S.group(g)));
  } else if (companies.length) {
    partitions = companies.map((c) => (status ? S.companyStatus(c, status) : S.company(c)));
  } else if (status) {
    partitions = [S.status(status)];
  }
  const match = checks.length ? (d: Record<string, unknown>) => checks.every((c) => c.values.includes(String(d[c.field]))) : undefined;
  const request = {
    cursor,
    limit,
    query: `products|${queryTag}|${partitions.join(',')}|${terms.join(' ')}|${checks.map((c) => `${c.field}=${c.values.join(',')}`).join('&')}`,
  };
  const res = terms.length
    ? await ProductsRepository.search(terms, request, { match, readFactor: 2 })
    : await ProductsRepository.list(partitions, request, { match, readFactor: 5 });
  return res;
}

async function list(raw: z.input<typeof ProductsListQuery>): Promise<Page<ProductSummary>> {
  authorize('read');
  const q = parseInput(ProductsListQuery, raw);
  return page({ q: q.q, groupIds: q.groupIds, productCompanyIds: q.productCompanyIds, status: q.status }, q.cursor, q.limit, 'api');
}

async function get(id: string): Promise<Product> {
  authorize('read');
  const p = await ProductsRepository.get(id);
  if (!p) throw notFound();
  return publicProduct(p);
}

/**
 * The records a product points to must exist (one BatchGet; the transaction checks again): each
 * missing one is a 400 on its field. Answers the unit's name, kept on the product for lists.
 */
async function checkReferences(input: Pick<ProductInput, 'unitId' | 'groupId' | 'productCompanyId' | 'sizeId'>): Promise<{ unitName: string | null }> {
  const wanted: [string, string | null, string, Said][] = [
    ['units', input.unitId, 'unitId', ProductTexts.unitMissing()],
    ['product-groups', input.groupId, 'groupId', ProductTexts.groupMissing()],
    ['product-companies', input.productCompanyId, 'productCompanyId', ProductTexts.companyMissing()],
    ['sizes', input.sizeId, 'sizeId', ProductTexts.sizeMissing()],
  ];
  const present = wanted.filter((w): w is [string, string, string, Said] => !!w[1]);
  const found = await Registries.records(present.map(([registry, id]) => ({ registry, id })));
  const fields: FieldError[] = [];
  let unitName: string | null = null;
  for (const [registry, id, field, message] of present) {
    const item = found.get(Registries.ref(registry, id));
    if (!item) fields.push(fieldError(field, message));
    else if (registry === 'units') unitName = typeof item.name === 'string' ? item.name : null;
  }
  if (fields.length) {
    const general = ApiTexts.validation();
    const text = fields.length === 1 ? fieldSaid(fields[0]!) : { ...general, message: `${general.message} ${fields.map((f) => f.message).join(' ')}` };
    throw new DomainError('reference.missing', text, 'validation', { fields });
  }
  return { unitName };
}

const refTaken = () =>
  new DomainError('products.ref_taken', ProductTexts.refTakenShort(), 'conflict', { fields: [fieldError('ref', ProductTexts.refTakenShort())] });
const barcodeTaken = () =>
  new DomainError('products.barcode_taken', ProductTexts.barcodeTakenShort(), 'conflict', { fields: [fieldError('barcode', ProductTexts.barcodeTakenShort())] });

/** A reference or barcode of another product: 409 naming it (the guards in the transaction settle races). */
async function checkTaken(input: Pick<ProductInput, 'ref' | 'barcode'>, selfId: string): Promise<void> {
  const [refOwner, barcodeOwner] = await Promise.all([
    ProductsRepository.refOwner(input.ref),
    input.barcode ? ProductsRepository.barcodeOwner(input.barcode) : Promise.resolve(undefined),
  ]);
  if (refOwner && refOwner !== selfId) {
    const other = await ProductsRepository.get(refOwner);
    const message = other ? ProductTexts.refTaken({ ref: other.ref, name: other.name }) : ProductTexts.refTakenShort();
    throw new DomainError('products.ref_taken', message, 'conflict', { fields: [fieldError('ref', message)], details: { productId: refOwner } });
  }
  if (barcodeOwner && barcodeOwner !== selfId) {
    const other = await ProductsRepository.get(barcodeOwner);
    const message = other ? ProductTexts.barcodeTaken({ name: `${other.ref} ${other.name}` }) : ProductTexts.barcodeTakenShort();
    throw new DomainError('products.barcode_taken', message, 'conflict', { fields: [fieldError('barcode', message)], details: { productId: barcodeOwner } });
  }
}

async function create(raw: unknown): Promise<Product> {
  authorize('create');
  const input = parseInput(ProductCreate, raw);
  const id = newId();
  const [{ unitName }] = await Promise.all([checkReferences(input), checkTaken(input, id)]);
  const now = timestamp();
  const record: ProductRecord = { id, ...input, unitName, createdAt: now, updatedAt: now, version: 1 };
  await transact(ProductsRepository.createSteps(record, { ref: refTaken, barcode: barcodeTaken }));
  Logs.audit('products.create', { productId: id, ref: record.ref });
  return publicProduct(record);
}

async function update(id: string, raw: unknown): Promise<Product> {
  authorize('update');
  const { version, ...input } = parseInput(ProductUpdate, raw);
  const before = await ProductsRepository.get(id);
  if (!before) throw notFound();
  if (before.version !== version) throw versionConflict();
  const [{ unitName }] = await Promise.all([checkReferences(input), checkTaken(input, id)]);
  const after: ProductRecord = { ...before, ...input, unitName, updatedAt: timestamp() };
  await transact(ProductsRepository.updateSteps(before, after, { ref: refTaken, barcode: barcodeTaken }));
  Logs.audit('products.update', { productId: id });
  return publicProduct({ ...after, version: before.version + 1 });
}

/** "Reload cache": the unit's current name and the product's list and search items written again; version unchanged. */
async function revalidate(id: string): Promise<Product> {
  authorize('update');
  const before = await ProductsRepository.get(id);
  if (!before) throw notFound();
  const unit = await Registries.names('units', [before.unitId]);
  const after: ProductRecord = { ...before, unitName: unit.get(before.unitId) ?? before.unitName };
  await transact(ProductsRepository.revalidateSteps(before, after));
  Logs.audit('products.revalidate', { productId: id });
  return publicProduct(after);
}

/** Products by id (BatchGet), in the order asked, the missing ones left out. For other modules: no subject check. */
async function getMany(ids: string[]): Promise<Product[]> {
  return (await ProductsRepository.getMany(ids)).map(publicProduct);
}

/** The product with this reference (case and accents ignored), through its guard item; for imports. */
async function findByRef(ref: string): Promise<Product | undefined> {
  const owner = await ProductsRepository.refOwner(ref);
  if (!owner) return undefined;
  const p = await ProductsRepository.get(owner);
  return p ? publicProduct(p) : undefined;
}

/** What another record (a price, a stock balance) points to, so it records the reference (invariant 6). */
export function productTarget(id: string, field = 'productId'): Target {
  return ProductsRepository.target(id, field);
}

/** A write of another module (a price) fails with `error` unless the product exists (a transaction step). */
function existsStep(id: string, error: () => Error) {
  return ProductsRepository.existsStep(id, error);
}

/**
 * The products module. `list`, `get`, `create`, `update` and `revalidate` are what a request
 * reaches and check the subject; `page`, `getMany`, `findByRef`, `target` and `existsStep` are for
 * other modules (prices, inventory, imports) and check none.
 */
/**
 * For the offline module (docs/offline.md): the company's active products, at most `max` by name,
 * whole (the list's pages for the ids, then one BatchGet per 100); `truncated` when there were more.
 * No subject check: the caller checks its own.
 */
async function active(max: number): Promise<{ products: Product[]; truncated: boolean }> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const p = await page({ status: 'active' }, cursor, 100, 'offline-portfolio');
    ids.push(...p.items.map((i) => i.id));
    cursor = p.nextCursor ?? undefined;
  } while (cursor && ids.length <= max);
  return { products: await getMany(ids.slice(0, max)), truncated: ids.length > max };
}

export const Products = { active, list, page, get, create, update, revalidate, getMany, findByRef, summary: productSummary, target: productTarget, existsStep };
