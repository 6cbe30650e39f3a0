import { isGtin, normalizeGtin } from '@ev/shared/gtin';
import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { productCompanies } from '@ev/shared/registries/product-companies';
import { productGroups } from '@ev/shared/registries/product-groups';
import { sizes } from '@ev/shared/registries/sizes';
import { units } from '@ev/shared/registries/units';
import { ProductCreate, ProductTexts, refKey, type Product, type ProductInput, type ProductStatus } from '@ev/shared/schemas/products';
import { fold } from '@ev/shared/text';
import type { Said } from '@ev/shared/texts';
import { retryBusy } from '../db/tx';
import { isDomainError, saidOf } from '../errors';
import { defineImport, issueReasons, type ApplyResult, type LineReason } from '../imports/index';
import { Registries } from '../registries';
import { Products } from './index';
import { ProductsRepository } from './repository';

/**
 * The products import (issue 7, docs/products.md): a CSV with the columns
 * `ref;nome;codigo_barras;fabricante;embalagem;unidade;grupo;empresa;tamanho;preco_minimo;situacao`
 * (headers also by their Portuguese names). Units, groups, companies and sizes are given by name.
 * A line creates the product of its reference or updates it; a line equal to the product changes
 * nothing, so importing the same file again changes nothing. Products are never deleted by an import.
 */

export const PRODUCT_IMPORT_COLUMNS = [
  { key: 'ref', header: 'ref', aliases: ['Referência', 'Código', 'Cod'], required: true },
  { key: 'nome', header: 'nome', aliases: ['Nome', 'Descrição'], required: true },
  { key: 'codigo_barras', header: 'codigo_barras', aliases: ['Código de barras', 'EAN', 'GTIN'] },
  { key: 'fabricante', header: 'fabricante', aliases: ['Fabricante'] },
  { key: 'embalagem', header: 'embalagem', aliases: ['Embalagem'] },
  { key: 'unidade', header: 'unidade', aliases: ['Unidade'], required: true },
  { key: 'grupo', header: 'grupo', aliases: ['Grupo', 'Grupo de produtos'] },
  { key: 'empresa', header: 'empresa', aliases: ['Empresa', 'Empresa de produtos'] },
  { key: 'tamanho', header: 'tamanho', aliases: ['Tamanho'] },
  { key: 'preco_minimo', header: 'preco_minimo', aliases: ['Preço mínimo'] },
  { key: 'situacao', header: 'situacao', aliases: ['Situação', 'Status'] },
] as const;

const P = ProductTexts;

/** The line reasons as Portuguese strings (keyed `products.import*`, docs/texts.md). */
export const ProductImportMessages = {
  unit: (v: string) => P.importUnit({ value: v }).message,
  group: (v: string) => P.importGroup({ value: v }).message,
  company: (v: string) => P.importCompany({ value: v }).message,
  size: (v: string) => P.importSize({ value: v }).message,
  barcode: (v: string) => P.importBarcode({ value: v }).message,
  price: (v: string) => P.importPrice({ value: v }).message,
  status: (v: string) => P.importStatus({ value: v }).message,
  refRepeated: (line: number) => P.importRefRepeated({ line }).message,
  barcodeRepeated: (line: number) => P.importBarcodeRepeated({ line }).message,
  barcodeTaken: (v: string, other: string) => P.importBarcodeTaken({ value: v, other }).message,
};

/** Registry records by folded name (registries are small: read whole, once per job). */
type Names = Map<string, string>;
interface Prepared {
  units: Names;
  groups: Names;
  companies: Names;
  sizes: Names;
}

const nameKey = (v: string) => fold(v).trim().replace(/\s+/g, ' ');

async function namesOf(def: RegistryDefinition): Promise<Names> {
  const out: Names = new Map();
  for (const r of await Registries.all(def, 20_000)) if (typeof r.name === 'string' && !out.has(nameKey(r.name))) out.set(nameKey(r.name), String(r.id));
  return out;
}

/** "12,50", "12.5", "1.234,56" → "12.50", "12.5", "1234.56"; null when malformed or negative. */
export function importPrice(cell: string): string | null {
  const v = cell.replace(/\s/g, '');
  if (/^\d{1,3}(\.\d{3})+(,\d{1,4})?$/.test(v)) return v.replace(/\./g, '').replace(',', '.');
  if (/^\d{1,13}([.,]\d{1,4})?$/.test(v)) return v.replace(',', '.');
  return null;
}

const STATUS: Record<string, ProductStatus> = {
  '': 'active',
  ativo: 'active',
  a: 'active',
  active: 'active',
  sim: 'active',
  '1': 'active',
  inativo: 'inactive',
  i: 'inactive',
  inactive: 'inactive',
  nao: 'inactive',
  '0': 'inactive',
};

const FIELDS = ['ref', 'name', 'barcode', 'maker', 'package', 'unitId', 'groupId', 'productCompanyId', 'sizeId', 'status', 'minimumPrice'] as const;

/** Whether a stored product already holds every value of a line (then the line changes nothing). */
export function sameProduct(p: Product, v: ProductInput): boolean {
  return FIELDS.every((f) => (p[f] ?? null) === (v[f] ?? null));
}

export const productsImport = defineImport<ProductInput, Prepared>({
  name: 'products',
  subject: 'produtos',
  action: 'update',
  title: 'Importar produtos',
  columns: PRODUCT_IMPORT_COLUMNS,
  batchSize: 50,
  async prepare() {
    const [u, g, c, s] = await Promise.all([namesOf(units), namesOf(productGroups), namesOf(productCompanies), namesOf(sizes)]);
    return { units: u, groups: g, companies: c, sizes: s };
  },
  check({ cells }, ctx) {
    const errors: Said[] = [];
    const lookup = (names: Names, cell: string | undefined, message: (p: { value: string }) => Said) => {
      if (!cell) return null;
      const id = names.get(nameKey(cell));
      if (!id) errors.push(message({ value: cell }));
      return id ?? null;
    };
    const unitId = lookup(ctx.prepared.units, cells.unidade, P.importUnit);
    const groupId = lookup(ctx.prepared.groups, cells.grupo, P.importGroup);
    const productCompanyId = lookup(ctx.prepared.companies, cells.empresa, P.importCompany);
    const sizeId = lookup(ctx.prepared.sizes, cells.tamanho, P.importSize);
    const barcode = cells.codigo_barras ? normalizeGtin(cells.codigo_barras) : null;
    if (barcode !== null && !isGtin(barcode)) errors.push(P.importBarcode({ value: cells.codigo_barras! }));
    const minimumPrice = cells.preco_minimo ? importPrice(cells.preco_minimo) : null;
    if (cells.preco_minimo && minimumPrice === null) errors.push(P.importPrice({ value: cells.preco_minimo }));
    const status = STATUS[nameKey(cells.situacao ?? '')];
    if (!status) errors.push(P.importStatus({ value: cells.situacao! }));
    if (errors.length) return { error: errors };
    // The API's own rules (lengths, the price's places) with its messages.
    const parsed = ProductCreate.safeParse({
      ref: cells.ref,
      name: cells.nome,
      barcode,
      maker: cells.fabricante || null,
      package: cells.embalagem || null,
      unitId,
      groupId,
      productCompanyId,
      sizeId,
      status,
      minimumPrice,
    });
    if (!parsed.success) return { error: issueReasons(parsed.error.issues) };
    return { value: parsed.data };
  },
  async fileCheck(accepted) {
    const out: { line: number; error: LineReason }[] = [];
    const refs = new Map<string, number>();
    const barcodes = new Map<string, number>();
    const kept: typeof accepted = [];
    for (const a of accepted) {
      const ref = refs.get(refKey(a.value.ref));
      const code = a.value.barcode ? barcodes.get(a.value.barcode) : undefined;
      if (ref) out.push({ line: a.line, error: P.importRefRepeated({ line: ref }) });
      else if (code) out.push({ line: a.line, error: P.importBarcodeRepeated({ line: code }) });
      else {
        refs.set(refKey(a.value.ref), a.line);
        if (a.value.barcode) barcodes.set(a.value.barcode, a.line);
        kept.push(a);
      }
    }
    // A barcode another product (not the one of the line's reference) holds: refused in the dry run already.
    const withCode = kept.filter((a) => a.value.barcode);
    const owners = await ProductsRepository.codeOwners(
      withCode.map((a) => a.value.ref),
      withCode.map((a) => a.value.barcode!),
    );
    const clashes = withCode
      .map((a) => ({ a, codeOwner: owners.barcodes.get(a.value.barcode!), refOwner: owners.refs.get(refKey(a.value.ref)) }))
      .filter((x) => x.codeOwner && x.codeOwner !== x.refOwner);
    if (clashes.length) {
      const others = new Map((await Products.getMany(clashes.map((x) => x.codeOwner!))).map((p) => [p.id, `${p.ref} ${p.name}`]));
      for (const x of clashes) out.push({ line: x.a.line, error: P.importBarcodeTaken({ value: x.a.value.barcode!, other: others.get(x.codeOwner!) ?? '' }) });
    }
    return out;
  },
  async apply(values, _ctx, lines) {
    const result: Required<ApplyResult> = { created: 0, updated: 0, unchanged: 0, rejected: [] };
    // Lines of one batch hold distinct references and barcodes (fileCheck): ten at a time.
    for (let i = 0; i < values.length; i += 10) {
      await Promise.all(
        values.slice(i, i + 10).map(async (v, k) => {
          try {
            // Ten lines at once write the same counters (the dashboard's figures, the registries'
            // references): a line whose transaction lost every race is tried again, read afresh.
            const outcome = await retryBusy(async () => {
              const existing = await Products.findByRef(v.ref);
              if (!existing) {
                await Products.create(v);
                return 'created' as const;
              }
              if (sameProduct(existing, v)) return 'unchanged' as const;
              await Products.update(existing.id, { ...v, version: existing.version });
              return 'updated' as const;
            });
            result[outcome]++;
          } catch (e) {
            if (!isDomainError(e) || e.kind === 'internal') throw e;
            result.rejected.push({ line: lines[i + k]!, reason: saidOf(e) });
          }
        }),
      );
    }
    return result;
  },
});
