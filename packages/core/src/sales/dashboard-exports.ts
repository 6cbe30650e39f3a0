import { formatCalendarDate } from '@ev/shared/calendar';
import { formatDecimal } from '@ev/shared/money';
import { CampaignResultsQuery, ManagementDashboardQuery, SaleStatusTexts, SalesDashboardQuery, type ManagementDashboard, type SalesDashboard } from '@ev/shared/schemas/sales';
import { defineExport, type ExportColumn, type ExportContext } from '../exports/index';
import { campaignResults } from './campaigns';
import { dashboard } from './dashboard';
import { managementDashboard } from './management';

/**
 * The dashboards' figures as a file (docs/sales.md "Sales dashboard", "Management dashboard"):
 * POST /api/exports/sales-dashboard and /api/exports/management-dashboard, CSV or PDF, the same
 * query as the page's, read through the dashboard's own function (its ability and record scope hold
 * in the job too). One table: a line per figure, by section, as the page shows them. Small: at once.
 */

const COLUMNS: ExportColumn[] = [
  { key: 'section', header: 'Seção' },
  { key: 'item', header: 'Item', width: '*' },
  { key: 'count', header: 'Pedidos', align: 'right' },
  { key: 'total', header: 'Valor (R$)', align: 'right' },
  { key: 'note', header: 'Observação', width: '*' },
];

type Line = Record<'section' | 'item' | 'count' | 'total' | 'note', string>;
type Row = { id: string | null; name: string | null; count: number; total: string };

const line = (section: string, item: string, count: number | string, total: string | null, note = ''): Line => ({ section, item, count: String(count), total: total === null ? '' : formatDecimal(total, 2), note });
const rows = (section: string, list: Row[], none: string) => list.map((r) => line(section, r.name ?? (r.id === null ? none : r.id), r.count, r.total));

function seriesLines(series: SalesDashboard['series'], date: (d: string) => string): Line[] {
  const name = { day: 'Dia', week: 'Semana a partir de', month: 'Mês' }[series.unit];
  return series.points.map((p) => line(`Série (${name.toLowerCase()})`, series.unit === 'month' ? `${p.key.slice(5)}/${p.key.slice(0, 4)}` : date(p.key), p.count, p.total));
}

/** The period asked, as the PDF shows it under the title. */
const periodFilter = (query: { from?: string; until?: string }) => [{ label: 'Período', value: query.from || query.until ? `${query.from ?? ''} a ${query.until ?? ''}` : 'mês atual' }];

const periodOf = (d: { from: string; until: string }, date: (x: string) => string) => `${date(d.from)} a ${date(d.until)}`;

export const salesDashboardExport = defineExport({
  name: 'sales-dashboard',
  subject: 'vendas',
  action: 'dashboard',
  title: 'Dashboard de vendas',
  query: SalesDashboardQuery,
  columns: () => COLUMNS,
  atOnce: () => true,
  stamp: 'day',
  async *rows(query, ctx: ExportContext) {
    const d = await dashboard(query);
    const date = (x: string) => formatCalendarDate(x, ctx.user.dateFormat);
    yield [
      line('Totais', `Período: ${periodOf(d, date)}`, d.current.count, d.current.total, `Ticket médio R$ ${formatDecimal(d.current.averageTicket, 2)}, cancelados ${d.current.cancelled}, estornados ${d.current.refunded}`),
      line('Totais', `Período anterior: ${periodOf(d.previous, date)}`, d.before.count, d.before.total, `Ticket médio R$ ${formatDecimal(d.before.averageTicket, 2)}, cancelados ${d.before.cancelled}, estornados ${d.before.refunded}`),
      ...seriesLines(d.series, date),
      ...d.byStatus.map((r) => line('Status', SaleStatusTexts[r.status]().message, r.count, r.total)),
      ...rows('Vendedor', d.bySalesman, 'Sem vendedor'),
      ...rows(`Clientes (${periodOf(d.clientsPeriod, date)})`, d.byClient, 'Cliente'),
      // The products' ranking: the whole company's only (none on a team's or a salesman's dashboard).
      ...d.byProduct.map((r) =>
        line(`Produtos (${periodOf(d.clientsPeriod, date)})`, [r.ref, r.name ?? r.id].filter(Boolean).join(' - '), r.count, r.total, `Quantidade ${formatDecimal(r.quantity, 4).replace(/,?0+$/, '')}`),
      ),
      ...rows('Grupo de produtos (valor dos itens)', d.byGroup.map((r) => (r.id === 'other' ? { ...r, name: 'Outros grupos' } : r)), 'Sem grupo'),
      ...rows('Tipo de venda', d.byType, 'Sem tipo de venda'),
      ...rows('Centro de resultado', d.byBranch, 'Sem centro de resultado'),
      ...rows('Empresa de produtos', d.byProductCompany, 'Sem empresa de produtos'),
      ...rows('Condição de pagamento', d.byPaymentCondition, 'Sem condição de pagamento'),
    ];
  },
  filters: periodFilter,
});

export const managementDashboardExport = defineExport({
  name: 'management-dashboard',
  subject: 'gerenciais',
  action: 'dashboard',
  title: 'Dashboard gerencial',
  query: ManagementDashboardQuery,
  columns: () => COLUMNS,
  atOnce: () => true,
  stamp: 'day',
  async *rows(query, ctx: ExportContext) {
    const d: ManagementDashboard = await managementDashboard(query);
    const date = (x: string) => formatCalendarDate(x, ctx.user.dateFormat);
    const totals = (f: ManagementDashboard['current']) => `Ticket médio R$ ${formatDecimal(f.averageTicket, 2)}, mix ${f.mix.replace('.', ',')} itens por pedido, cancelados ${f.cancelled}, estornados ${f.refunded}`;
    const c = d.coverage;
    yield [
      line('Totais', `Período: ${periodOf(d, date)}`, d.current.count, d.current.total, totals(d.current)),
      line('Totais', `Período anterior: ${periodOf(d.previous, date)}`, d.before.count, d.before.total, totals(d.before)),
      ...seriesLines(d.series, date),
      ...rows('Vendedor', d.bySalesman, 'Sem vendedor'),
      ...rows('Centro de resultado', d.byBranch, 'Sem centro de resultado'),
      ...rows('Empresa de produtos', d.byProductCompany, 'Sem empresa de produtos'),
      ...rows('Segmento', d.bySegment, 'Sem segmento'),
      ...rows('Região', d.byRegion, 'Sem região'),
      ...rows('Cidade', d.byCity, 'Sem cidade'),
      ...[...c.rows.map((r) => ({ ...r, label: r.name ?? r.salesmanId })), { ...c.total, label: 'Total' }].map((r) =>
        line(`Positivação ${c.month.slice(5)}/${c.month.slice(0, 4)}`, r.label, r.served, null, `clientes atendidos de ${r.active} ativos na carteira (${r.clients} no total), ${r.withoutPurchase} sem compra há ${c.inactivityDays} dias`),
      ),
    ];
  },
  filters: periodFilter,
});

/** The campaigns' results as a file (docs/campaigns.md "Results"): a line per campaign, as the page shows them. */
export const campaignResultsExport = defineExport({
  name: 'campaign-results',
  subject: 'vendas',
  action: 'dashboard',
  title: 'Resultados das campanhas',
  query: CampaignResultsQuery,
  columns: () => [
    { key: 'name', header: 'Campanha', width: '*' },
    { key: 'validity', header: 'Vigência' },
    { key: 'terms', header: 'Condição' },
    { key: 'status', header: 'Situação' },
    { key: 'units', header: 'Unidades', align: 'right' },
    { key: 'sales', header: 'Pedidos', align: 'right' },
    { key: 'clients', header: 'Clientes', align: 'right' },
    { key: 'value', header: 'Valor dos itens (R$)', align: 'right' },
    { key: 'given', header: 'Desconto concedido (R$)', align: 'right' },
  ],
  atOnce: () => true,
  stamp: 'day',
  async *rows(query, ctx: ExportContext) {
    const { items } = await campaignResults(query);
    const date = (x: string | null) => (x ? formatCalendarDate(x, ctx.user.dateFormat) : '');
    yield items.map((c) => ({
      name: c.name,
      validity: `${date(c.validFrom)} a ${date(c.validUntil)}`,
      terms: c.kind === 'price' ? `Preço R$ ${formatDecimal(c.price ?? '0', 2)}` : `${formatDecimal(c.discountPercent ?? '0', 2)}% de desconto`,
      status: c.status === 'active' ? 'Ativa' : 'Inativa',
      units: formatDecimal(c.units, 4).replace(/,?0+$/, ''),
      sales: String(c.sales),
      clients: String(c.clients),
      value: formatDecimal(c.value, 2),
      given: formatDecimal(c.given, 2),
    }));
  },
  filters: (query) => (query.status ? [{ label: 'Situação', value: query.status === 'active' ? 'Ativas' : 'Inativas' }] : []),
});
