import { isGtin, normalizeGtin } from '@ev/shared/gtin';
import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { productCompanies } from '@ev/shared/registries/product-companies';
import { productGroups } from '@ev/shared/registries/product-groups';
import { sizes } from '@ev/shared/registries/sizes';
import { units } from '@ev/shared/registries/units';
import { ProductCreate, refKey, type Product, type ProductInput, type ProductStatus } from '@ev/shared/schemas/products';
import { fold } from '@ev/shared/text';
import { isDomainError } from '../errors';
import { defineImport, type ApplyResult } from '../imports/index';
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

export const ProductImportMessages = {
  unit: (v: string) => `Unidade não encontrada: ${v}.`,
  group: (v: string) => `Grupo de produtos não encontrado: ${v}.`,
  company: (v: string) => `Empresa de produtos não encontrada: ${v}.`,
  size: (v: string) => `Tamanho não encontrado: ${v}.`,
  barcode: (v: string) => `Código de barras inválido: ${v}. Informe um GTIN/EAN de 8, 12, 13 ou 14 dígitos com o dígito verificador correto.`,
  price: (v: string) => `Preço mínimo inválido: "${v}". Informe um valor positivo com até 4 casas decimais, com vírgula (por exemplo 12,50).`,
  status: (v: string) => `Situação inválida: ${v}. Use Ativo ou Inativo.`,
  refRepeated: (line: number) => `Referência repetida no arquivo: já está na linha ${line}.`,
  barcodeRepeated: (line: number) => `Código de barras repetido no arquivo: já está na linha ${line}.`,
  barcodeTaken: (v: string, other: string) => `Código de barras ${v} já cadastrado para o produto ${other}.`,
} as const;

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
    const errors: string[] = [];
    const lookup = (names: Names, cell: string | undefined, message: (v: string) => string) => {
      if (!cell) return null;
      const id = names.get(nameKey(cell));
      if (!id) errors.push(message(cell));
      return id ?? null;
    };
    const unitId = lookup(ctx.prepared.units, cells.unidade, ProductImportMessages.unit);
    const groupId = lookup(ctx.prepared.groups, cells.grupo, ProductImportMessages.group);
    const productCompanyId = lookup(ctx.prepared.companies, cells.empresa, ProductImportMessages.company);
    const sizeId = lookup(ctx.prepared.sizes, cells.tamanho, ProductImportMessages.size);
    const barcode = cells.codigo_barras ? normalizeGtin(cells.codigo_barras) : null;
    if (barcode !== null && !isGtin(barcode)) errors.push(ProductImportMessages.barcode(cells.codigo_barras!));
    const minimumPrice = cells.preco_minimo ? importPrice(cells.preco_minimo) : null;
    if (cells.preco_minimo && minimumPrice === null) errors.push(ProductImportMessages.price(cells.preco_minimo));
    const status = STATUS[nameKey(cells.situacao ?? '')];
    if (!status) errors.push(ProductImportMessages.status(cells.situacao!));
    if (errors.length) return { error: errors.join(' ') };
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
    if (!parsed.success) return { error: [...new Set(parsed.error.issues.map((i) => i.message))].join(' ') };
    return { value: parsed.data };
  },
  async fileCheck(accepted) {
    const out: { line: number; error: string }[] = [];
    const refs = new Map<string, number>();
    const barcodes = new Map<string, number>();
    const kept: typeof accepted = [];
    for (const a of accepted) {
      const ref = refs.get(refKey(a.value.ref));
      const code = a.value.barcode ? barcodes.get(a.value.barcode) : undefined;
      if (ref) out.push({ line: a.line, error: ProductImportMessages.refRepeated(ref) });
      else if (code) out.push({ line: a.line, error: ProductImportMessages.barcodeRepeated(code) });
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
      for (const x of clashes) out.push({ line: x.a.line, error: ProductImportMessages.barcodeTaken(x.a.value.barcode!, others.get(x.codeOwner!) ?? '') });
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
            const existing = await Products.findByRef(v.ref);
            if (!existing) {
              await Products.create(v);
              result.created++;
            } else if (sameProduct(existing, v)) {
              result.unchanged++;
            } else {
              await Products.update(existing.id, { ...v, version: existing.version });
              result.updated++;
            }
          } catch (e) {
            if (!isDomainError(e) || e.kind === 'internal') throw e;
            result.rejected.push({ line: lines[i + k]!, reason: e.message });
          }
        }),
      );
    }
    return result;
  },
});
