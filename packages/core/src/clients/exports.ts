import { ClientsListQuery, formatPhone, showDocument, type ClientSituation, type ClientStatus, type ClientSummary } from '@ev/shared/schemas/clients';
import { defineExport } from '../exports/index';
import { Users } from '../users';
import { Clients } from './index';

/**
 * The clients' CSV (POST /api/exports/clients, docs/clients.md "Export"): the list's filters and
 * search, every client the user sees (its record scope: a salesman his own, the company's for who
 * sees it all). It needs its own ability, `export` on `clientes`, which the permissions editor
 * flags high-risk: with the company scope it is every client, with documents and contacts, in one
 * file. No pdfmake here (this module is in the API bundle).
 */

const ExportQuery = ClientsListQuery.omit({ cursor: true, limit: true });
/** Clients per page of the list (its largest). */
const PAGE = 100;

const STATUS: Record<ClientStatus, string> = { active: 'Ativo', inactive: 'Inativo' };
const SITUATION: Record<ClientSituation, string> = { normal: 'Normal', analysis: 'Em análise', problem: 'Com problema', closed: 'Encerrado' };

export const clientsExport = defineExport({
  name: 'clients',
  subject: 'clientes',
  action: 'export',
  title: 'Clientes',
  query: ExportQuery,
  fileName: () => 'clientes',
  columns: () => [
    { key: 'name', header: 'Nome/Razão social', width: '*' },
    { key: 'nickname', header: 'Apelido/Nome fantasia' },
    { key: 'document', header: 'CPF/CNPJ' },
    { key: 'phone', header: 'Telefone' },
    { key: 'email', header: 'E-mail' },
    { key: 'city', header: 'Cidade' },
    { key: 'state', header: 'UF' },
    { key: 'status', header: 'Status' },
    { key: 'situation', header: 'Situação' },
    { key: 'salesman', header: 'Vendedor' },
  ],
  async *rows(query) {
    const names = new Map<string, string>();
    let cursor: string | undefined;
    do {
      const page = await Clients.list({ ...query, cursor, limit: PAGE });
      const unknown = [...new Set(page.items.flatMap((c) => (c.salesmanId && !names.has(c.salesmanId) ? [c.salesmanId] : [])))];
      if (unknown.length) for (const [id, person] of await Users.people(unknown)) names.set(id, person.name);
      yield page.items.map((c: ClientSummary) => ({
        name: c.name,
        nickname: c.nickname ?? '',
        document: showDocument(c.document),
        phone: c.phone1 ? formatPhone(c.phone1) : '',
        email: c.email ?? '',
        city: c.city ?? '',
        state: c.state ?? '',
        status: STATUS[c.status],
        situation: SITUATION[c.situation],
        salesman: (c.salesmanId && names.get(c.salesmanId)) ?? '',
      }));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  },
  filters(query) {
    const out = [];
    if (query.q) out.push({ label: 'Busca', value: query.q });
    if (query.status) out.push({ label: 'Status', value: STATUS[query.status] });
    if (query.situation) out.push({ label: 'Situação', value: SITUATION[query.situation] });
    return out;
  },
});
