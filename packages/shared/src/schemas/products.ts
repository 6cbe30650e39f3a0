import { PRODUCT_STATUSES } from './choices';
import { isGtin, normalizeGtin } from '../gtin';
import { ApiTexts } from '../messages';
import { decimal, FieldTexts, text } from '../registries/fields';
import { fold } from '../text';
import { defineTexts, plain } from '../texts';
import { keyed, z } from '../zod';
import { Cursor, Id, Limit, SearchText, Timestamp, Version } from './common';

/**
 * Products (the catalogue, issue 7): the same schemas validate the API's input and the web's form.
 * The spec shows products only through price tables, inventory and sales; here the company owns its
 * catalogue (docs/products.md). Products are never deleted: status `inactive` takes one out of use.
 */

export { PRODUCT_STATUSES };
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = { active: 'Ativo', inactive: 'Inativo' };

export const REF_MAX = 30;
/** Several groups or companies in one filter: at most this many of each. */
export const MAX_FILTER_IDS = 50;

/** The products' texts, keyed `products.<name>` (docs/texts.md), with the import's line reasons. */
export const ProductTexts = defineTexts('products', {
  barcode: 'Código de barras inválido: informe um GTIN/EAN de 8, 12, 13 ou 14 dígitos com o dígito verificador correto.',
  refTaken: 'Já existe um produto com a referência {{ref}}: {{name}}.',
  refTakenShort: 'Já existe um produto com esta referência.',
  barcodeTaken: 'Este código de barras já está cadastrado para o produto {{name}}.',
  barcodeTakenShort: 'Este código de barras já está cadastrado para outro produto.',
  unitMissing: 'A unidade informada não existe.',
  groupMissing: 'O grupo de produtos informado não existe.',
  companyMissing: 'A empresa de produtos informada não existe.',
  sizeMissing: 'O tamanho informado não existe.',
  tooManyIds: 'Informe no máximo {{max}} itens no filtro.',
  status: 'Use active ou inactive no filtro de situação.',
  emptySearch: 'Nenhum produto encontrado para a busca. Confira a referência, o nome ou o código de barras digitado.',
  empty: 'Nenhum produto cadastrado ainda.',
  noDelete: 'Produtos não são excluídos: marque o produto como inativo para tirá-lo de uso.',
  // The reasons of a rejected import line (packages/core/src/products/import.ts).
  importUnit: 'Unidade não encontrada: {{value}}.',
  importGroup: 'Grupo de produtos não encontrado: {{value}}.',
  importCompany: 'Empresa de produtos não encontrada: {{value}}.',
  importSize: 'Tamanho não encontrado: {{value}}.',
  importBarcode: 'Código de barras inválido: {{value}}. Informe um GTIN/EAN de 8, 12, 13 ou 14 dígitos com o dígito verificador correto.',
  importPrice: 'Preço mínimo inválido: "{{value}}". Informe um valor positivo com até 4 casas decimais, com vírgula (por exemplo 12,50).',
  importStatus: 'Situação inválida: {{value}}. Use Ativo ou Inativo.',
  importRefRepeated: 'Referência repetida no arquivo: já está na linha {{line}}.',
  importBarcodeRepeated: 'Código de barras repetido no arquivo: já está na linha {{line}}.',
  importBarcodeTaken: 'Código de barras {{value}} já cadastrado para o produto {{other}}.',
});
const P = ProductTexts;

/** The same texts as Portuguese strings. */
export const ProductMessages = {
  ...plain(P, ['barcode', 'refTakenShort', 'barcodeTakenShort', 'unitMissing', 'groupMissing', 'companyMissing', 'sizeMissing', 'status', 'emptySearch', 'empty', 'noDelete']),
  refTaken: (ref: string, name: string) => P.refTaken({ ref, name }).message,
  barcodeTaken: (name: string) => P.barcodeTaken({ name }).message,
  tooManyIds: P.tooManyIds({ max: MAX_FILTER_IDS }).message,
};

const F = FieldTexts;
const invalidId = keyed(ApiTexts.invalidId());

/** How a reference is compared for uniqueness: accents and case folded, spaces collapsed ("ab  1" = "AB 1"). */
export function refKey(ref: string): string {
  return fold(ref).trim().replace(/\s+/g, ' ');
}

/** A required text, trimmed, with the field's messages. */
function requiredText(label: string, max: number) {
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? keyed(F.required({ label }))(iss) : keyed(F.notText({ label }))(iss)) })
    .trim()
    .max(max, { error: keyed(F.tooLong({ label, max })) })
    .refine((v) => v.length > 0, { error: keyed(F.required({ label })) });
}

/** A required id of another record: missing or empty is "required", anything else not a UUID is the spec's text. */
function requiredRef(label: string) {
  return z
    .string({ error: keyed(F.required({ label })) })
    .trim()
    .max(36, { error: invalidId })
    .refine((v) => v.length > 0, { error: keyed(F.required({ label })) })
    .pipe(Id);
}

/** An optional id: absent, null and '' are null (a form's empty select). */
function optionalRef() {
  return z
    .string({ error: invalidId })
    .trim()
    .max(36, { error: invalidId })
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || Id.safeParse(v).success, { error: invalidId });
}

const Barcode = z
  .string({ error: keyed(P.barcode()) })
  .trim()
  .max(20, { error: keyed(P.barcode()) })
  .nullish()
  .transform((v) => (v ? normalizeGtin(v) : null))
  .refine((v) => v === null || v === '' || isGtin(v), { error: keyed(P.barcode()) })
  .transform((v) => (v ? v : null));

/** Every field a user edits. */
export const ProductFields = z.object({
  ref: requiredText('Referência', REF_MAX),
  name: requiredText('Nome', 120),
  barcode: Barcode,
  maker: text('Fabricante', { max: 60 }).input,
  package: text('Embalagem', { max: 30 }).input,
  unitId: requiredRef('Unidade'),
  groupId: optionalRef(),
  productCompanyId: optionalRef(),
  /** Only for products that come in sizes. */
  sizeId: optionalRef(),
  status: z.enum(PRODUCT_STATUSES, { error: keyed(F.option({ label: 'Situação' })) }).default('active'),
  /** The lowest price a sale may charge: a decimal string (comma accepted), 4 places, ≥ 0. */
  minimumPrice: decimal('Preço mínimo', { scale: 4 }).input,
});

export const ProductCreate = ProductFields;
export type ProductCreate = z.input<typeof ProductCreate>;
export type ProductInput = z.output<typeof ProductCreate>;
export const ProductUpdate = ProductFields.extend({ version: Version });
export type ProductUpdate = z.input<typeof ProductUpdate>;

/** A product as the API answers it. */
export const Product = z.object({
  id: Id,
  ref: z.string().max(REF_MAX),
  name: z.string().max(120),
  barcode: z.string().max(14).nullable(),
  maker: z.string().max(60).nullable(),
  package: z.string().max(30).nullable(),
  unitId: Id,
  /** The unit's name when the product was last written (or revalidated). */
  unitName: z.string().max(120).nullable(),
  groupId: Id.nullable(),
  productCompanyId: Id.nullable(),
  sizeId: Id.nullable(),
  status: z.enum(PRODUCT_STATUSES),
  minimumPrice: z.string().max(20).nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type Product = z.output<typeof Product>;

/** What a list row, a search hit and another module's page (price chart, inventory) carry. */
export const ProductSummary = Product.pick({
  id: true,
  ref: true,
  name: true,
  barcode: true,
  maker: true,
  package: true,
  unitId: true,
  unitName: true,
  groupId: true,
  productCompanyId: true,
  sizeId: true,
  status: true,
  minimumPrice: true,
});
export type ProductSummary = z.infer<typeof ProductSummary>;

export const ProductsPage = z.object({ items: z.array(ProductSummary), nextCursor: z.string().max(4096).nullable() });
export type ProductsPage = z.infer<typeof ProductsPage>;

/**
 * Several ids in a query string: `groupIds=a&groupIds=b` (an array) or `groupIds=a,b`. Absent is
 * no filter.
 */
export function idList() {
  return z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).map((x) => x.trim()).filter(Boolean)),
    z.array(Id).max(MAX_FILTER_IDS, { error: keyed(P.tooManyIds({ max: MAX_FILTER_IDS })) }),
  );
}

export const ProductsListQuery = z.object({
  q: SearchText.optional(),
  groupIds: idList().optional(),
  productCompanyIds: idList().optional(),
  status: z.enum(PRODUCT_STATUSES, { error: keyed(P.status()) }).optional(),
  cursor: Cursor.optional(),
  limit: Limit,
});
export type ProductsListQuery = z.input<typeof ProductsListQuery>;

/** The filter other modules page the catalogue with (price chart, inventory). */
export interface ProductFilter {
  q?: string;
  groupIds?: string[];
  productCompanyIds?: string[];
  status?: ProductStatus;
}

/** "12.5000" → "12,50", "1.2345" → "1,2345": a person's reading, with no digit lost (no rounding here). */
export function showMinimumPrice(value: string | null | undefined): string {
  if (!value) return '';
  const [int = '0', frac = ''] = value.split('.');
  const kept = frac.replace(/0+$/, '').padEnd(2, '0');
  return `${int},${kept}`;
}
