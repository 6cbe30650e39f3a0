import { formatDecimal } from '@ev/shared/money';
import { PriceChartQuery, type PriceChartFilter } from '@ev/shared/schemas/prices';
import { PRODUCT_STATUS_LABELS } from '@ev/shared/schemas/products';
import { Registries } from '../registries';
import { defineExport, type ExportColumn } from '../exports/index';
import { chartAllRows, chartSetup, type ChartSetup } from './chart';

/**
 * The price chart's CSV and PDF (POST /api/exports/price-chart, subject vendas), through the export
 * engine (docs/jobs.md): the same filter as the chart's page, every row, cells as a person in Brazil
 * reads them ("1.234,50" at the branch's decimals). A product without a price in the table: an empty
 * cell in the CSV, "sem preço" in the PDF. No pdfmake here (this module is in the API bundle).
 */

const ExportQuery = PriceChartQuery.omit({ cursor: true, limit: true });
/**
 * Products per read: one Query of the catalogue's list items (each well under 1 KB, so far under
 * DynamoDB's 1 MB page) and its prices in BatchGets of 100 run together; the next page's Query runs
 * while this page's prices are read (`chartAllRows`). 20,000 rows: 40 pages.
 */
const PAGE = 500;

/** The setup (table, conditions, decimals) read once per job, shared by columns, filters and rows. */
const setups = new WeakMap<object, Promise<ChartSetup>>();
function setupOf(query: PriceChartFilter): Promise<ChartSetup> {
  let s = setups.get(query);
  if (!s) {
    s = chartSetup(query);
    setups.set(query, s);
  }
  return s;
}

export const priceChartExport = defineExport({
  name: 'price-chart',
  subject: 'vendas',
  action: 'read',
  title: 'Tabela de preços',
  query: ExportQuery,
  async columns(query) {
    const setup = await setupOf(query);
    const columns: ExportColumn[] = [
      { key: 'ref', header: 'Referência' },
      { key: 'name', header: 'Nome', width: '*' },
      { key: 'maker', header: 'Fabricante' },
      { key: 'package', header: 'Embalagem' },
      { key: 'unit', header: 'Unidade' },
      { key: 'price', header: 'Preço de venda', align: 'right' },
      ...setup.conditions.map((c, i) => ({ key: `c${i}`, header: c.name, align: 'right' as const })),
      { key: 'status', header: 'Situação' },
    ];
    return columns;
  },
  async *rows(query, ctx) {
    const setup = await setupOf(query);
    const none = ctx.format === 'pdf' ? 'sem preço' : '';
    const money = (v: string | null) => (v === null ? none : formatDecimal(v, setup.decimals));
    for await (const page of chartAllRows(query, setup, PAGE, 'price-chart-export')) {
      yield page.map((r) => {
        const row: Record<string, string> = {
          ref: r.ref,
          name: r.name,
          maker: r.maker ?? '',
          package: r.package ?? '',
          unit: r.unit ?? '',
          price: money(r.price),
          status: PRODUCT_STATUS_LABELS[r.status],
        };
        r.conditionPrices.forEach((p, i) => (row[`c${i}`] = money(p)));
        return row;
      });
    }
  },
  async filters(query) {
    const setup = await setupOf(query);
    const [groups, companies] = await Promise.all([Registries.nameList('product-groups', query.groupIds), Registries.nameList('product-companies', query.productCompanyIds)]);
    const out = [{ label: 'Tabela', value: setup.table ? `${setup.table.name}${setup.table.isDefault ? ' (padrão)' : ''}` : 'nenhuma' }];
    if (groups) out.push({ label: 'Grupos', value: groups });
    if (companies) out.push({ label: 'Empresas', value: companies });
    if (query.q) out.push({ label: 'Busca', value: query.q });
    return out;
  },
  fileName: () => 'tabela-de-precos',
});
