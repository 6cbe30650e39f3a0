import { CompanySettingsService as Company } from '@ev/core/tenants/company';
import { IdParams, page } from '@ev/shared/schemas/common';
import { Branch, BranchCreate, BranchesListQuery, BranchUpdate, BranchVersion, Company as CompanyRecord, CompanyUpdate } from '@ev/shared/schemas/company';
import { HistoryEntry, HistoryQuery } from '@ev/shared/schemas/logs';
import { answers, body, json } from '../http/openapi';
import { can, routes } from '../http/route';
import { historyRoute, recordRoutes } from '../http/route-sets';
import { router } from '../http/router';

/**
 * The company's settings screen (issue 14 item 3, docs/decisions.md "Company settings"): the
 * company's data and settings under `admin`, its branches (result centers) under `filiais`.
 */
const route = routes('company');

const get = route('get', '/company', can('read', 'admin'), 'A empresa: dados, configurações (com os padrões da especificação) e versão',
  answers(json(CompanyRecord, 'A empresa'), 401, 403, 404));
const update = route('put', '/company', can('update', 'admin'), 'Alterar os dados e as configurações da empresa (com a versão lida)',
  answers(json(CompanyRecord, 'Alterada'), 400, 401, 403, 404, 409), body(CompanyUpdate));
const history = route('get', '/company/history', can('read', 'admin'), 'Histórico de alterações da empresa (quem, quando, cada campo e configuração antes e depois)',
  answers(json(page(HistoryEntry), 'Uma página do histórico'), 400, 401, 403), { query: HistoryQuery });

const branches = recordRoutes(route, '/branches', 'filiais', Branch, {
  list: { summary: 'Filiais (centros de resultado) da empresa, por nome (busca por palavras do nome e do apelido)', query: BranchesListQuery, page: page(Branch) },
  get: { summary: 'Uma filial', description: 'A filial' },
  create: { summary: 'Cadastrar uma filial (ativa)', input: BranchCreate },
  update: { summary: 'Alterar uma filial (com a versão lida)', input: BranchUpdate },
});
const deactivate = route('post', '/branches/{id}/deactivate', can('update', 'filiais'), 'Desativar uma filial: sai da troca de filial e não emite pedidos; nunca é excluída',
  answers(json(Branch, 'Desativada'), 400, 401, 403, 404, 409), { params: IdParams, ...body(BranchVersion) });
const activate = route('post', '/branches/{id}/activate', can('update', 'filiais'), 'Reativar uma filial',
  answers(json(Branch, 'Reativada'), 400, 401, 403, 404, 409), { params: IdParams, ...body(BranchVersion) });
const branchHistory = historyRoute(route, '/branches', 'filiais');

export const companyRoutes = router()
  .openapi(get, async (c) => c.json(await Company.get(), 200))
  .openapi(update, async (c) => c.json(await Company.update(c.req.valid('json')), 200))
  .openapi(history, async (c) => c.json(await Company.history(c.req.valid('query')), 200))
  .openapi(branches.list, async (c) => c.json(await Company.branches(c.req.valid('query')), 200))
  .openapi(branches.get, async (c) => c.json(await Company.branch(c.req.valid('param').id), 200))
  .openapi(branchHistory, async (c) => c.json(await Company.branchHistory(c.req.valid('param').id, c.req.valid('query')), 200))
  .openapi(branches.create, async (c) => c.json(await Company.createBranch(c.req.valid('json')), 201))
  .openapi(branches.update, async (c) => c.json(await Company.updateBranch(c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(deactivate, async (c) => c.json(await Company.deactivateBranch(c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(activate, async (c) => c.json(await Company.activateBranch(c.req.valid('param').id, c.req.valid('json')), 200));
