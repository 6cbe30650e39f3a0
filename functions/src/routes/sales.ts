import { Sales } from '@ev/core/sales/index';
import { IdParams, page } from '@ev/shared/schemas/common';
import { Sale, SaleDraftCreate, SaleDraftUpdate, SalesListQuery, SaleSummary } from '@ev/shared/schemas/sales';
import { answers, body, json } from '../http/openapi';
import { can, routes } from '../http/route';
import { listAndGet } from '../http/route-sets';
import { router } from '../http/router';

/**
 * Sales orders and drafts (docs/sales.md): one resource; a draft is a sale in status `typing`.
 * Entry (creating and saving a draft) is guarded by create on `vendas`, as the order entry screen is.
 */
const route = routes('sales');
const { list, get } = listAndGet(route, '/sales', 'vendas', Sale, {
  list: {
    summary: 'Pedidos no seu escopo, mais recentes primeiro: os fechados, ou os rascunhos à parte (drafts=true); filtros por status, cliente, vendedor, centro de resultado e período; busca pelo número ou pelo cliente',
    query: SalesListQuery,
    page: page(SaleSummary),
  },
  get: { summary: 'Um pedido ou rascunho', description: 'O pedido' },
});
const create = route('post', '/sales', can('create', 'vendas'), 'Começar um rascunho de pedido (os valores são calculados pelo servidor)',
  answers({ 201: json(Sale, 'O rascunho') }, 400, 401, 403, 404, 409), body(SaleDraftCreate));
const update = route('put', '/sales/{id}', can('create', 'vendas'), 'Salvar o rascunho inteiro (com a versão lida: outra aba que salvou antes dá 409)',
  answers(json(Sale, 'O rascunho salvo'), 400, 401, 403, 404, 409), { params: IdParams, ...body(SaleDraftUpdate) });
const remove = route('delete', '/sales/{id}', can('delete', 'vendas'), 'Excluir um rascunho (um pedido fechado não é excluído: 409)',
  answers(json(Sale, 'Excluído'), 400, 401, 403, 404, 409), { params: IdParams });

export const salesRoutes = router()
  .openapi(list, async (c) => c.json(await Sales.list(c.req.valid('query')), 200))
  .openapi(get, async (c) => c.json(await Sales.get(c.req.valid('param').id), 200))
  .openapi(create, async (c) => c.json(await Sales.createDraft(c.req.valid('json')), 201))
  .openapi(update, async (c) => c.json(await Sales.updateDraft(c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(remove, async (c) => c.json(await Sales.removeDraft(c.req.valid('param').id), 200));
