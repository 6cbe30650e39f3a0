import { formatDecimal, formatDecimalAtLeast } from '@ev/shared/money';
import { PositionQuery, type PositionRow } from '@ev/shared/schemas/inventory';
import { Registries } from '../registries';
import { defineExport, type ExportColumn } from '../exports/index';
import { positionBranches, positionPage, type PositionFilter } from './index';

/**
 * The inventory position's CSV (and PDF) through the export engine (POST /api/exports/inventory,
 * subject estoques, docs/jobs.md): the page's filters and grouping, every row. The sale price at the
 * row's decimals; quantities at the row's decimals, or more where the quantity has more (no digit
 * of stock is hidden). No pdfmake here (this module is in the API bundle).
 */

const ExportQuery = PositionQuery.omit({ cursor: true, limit: true });
const PAGE = 500;

function cells(r: PositionRow, withBranch: boolean): Record<string, string> {
  return {
    ref: r.ref,
    name: r.name,
    salePrice: r.salePrice === null ? '' : formatDecimal(r.salePrice, r.decimals),
    bought: formatDecimalAtLeast(r.bought, r.decimals),
    physical: formatDecimalAtLeast(r.physical, r.decimals),
    reserved: formatDecimalAtLeast(r.reserved, r.decimals),
    lent: formatDecimalAtLeast(r.lent, r.decimals),
    available: formatDecimalAtLeast(r.available, r.decimals),
    ...(withBranch ? { branch: r.branchName ?? '' } : {}),
  };
}

export const inventoryExport = defineExport({
  name: 'inventory',
  subject: 'estoques',
  action: 'read',
  title: 'Posição de estoque',
  query: ExportQuery,
  columns(query) {
    const columns: ExportColumn[] = [
      { key: 'ref', header: 'Referência' },
      { key: 'name', header: 'Nome', width: '*' },
      { key: 'salePrice', header: 'Preço de venda', align: 'right' },
      { key: 'bought', header: 'Comprado', align: 'right' },
      { key: 'physical', header: 'Físico', align: 'right' },
      { key: 'reserved', header: 'Reservado', align: 'right' },
      { key: 'lent', header: 'Consignado', align: 'right' },
      { key: 'available', header: 'Disponível', align: 'right' },
    ];
    if (query.grouping === 'branch') columns.push({ key: 'branch', header: 'Centro de resultado' });
    return columns;
  },
  async *rows(query: PositionFilter) {
    let cursor: string | undefined;
    do {
      const page = await positionPage(query, cursor, PAGE, 'export');
      yield page.items.map((r) => cells(r, query.grouping === 'branch'));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  },
  async filters(query) {
    const [branches, groups, companies] = await Promise.all([
      positionBranches(query),
      Registries.nameList('product-groups', query.groupIds),
      Registries.nameList('product-companies', query.productCompanyIds),
    ]);
    const out = [
      { label: 'Centros de resultado', value: branches.map((b) => b.nickname || b.name).join(', ') || 'nenhum' },
      { label: 'Agrupamento', value: query.grouping === 'branch' ? 'Por centro de resultado' : 'Por produto (soma dos centros de resultado)' },
    ];
    if (groups) out.push({ label: 'Grupos', value: groups });
    if (companies) out.push({ label: 'Empresas', value: companies });
    if (query.q) out.push({ label: 'Busca', value: query.q });
    return out;
  },
  fileName: () => 'posicao-de-estoque',
});
