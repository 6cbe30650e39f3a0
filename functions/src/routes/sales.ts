import { Sales } from '@ev/core/sales/index';
import { Schedulings } from '@ev/core/schedulings/index';
import { Id, IdParams } from '@ev/shared/schemas/common';
import { CampaignResults, CampaignResultsQuery, Sale, SaleCampaignOffers, SaleCatalogue, SaleCatalogueQuery, SaleClientProducts, SaleClose, SaleConsignmentSettle, SaleDraftCreate, SaleEdit, SaleMove, SalesListQuery, SalesPage, SalesTotals, SalesTotalsQuery, HomeFigures, HomeFiguresQuery, ManagementDashboard, ManagementDashboardQuery, SalesDashboard, SalesDashboardQuery } from '@ev/shared/schemas/sales';
import { z } from 'zod';
import { answers, body, json } from '../http/openapi';
import { can, canAny, routes } from '../http/route';
import { listAndGet } from '../http/route-sets';
import { router } from '../http/router';

/**
 * Sales orders and drafts (docs/sales.md): one resource; a draft is a sale in status `typing`.
 * Entry (creating and saving a draft) is guarded by create on `vendas`, as the order entry screen is.
 */
const route = routes('sales');
const { list, get } = listAndGet(route, '/sales', 'vendas', Sale, {
  list: {
    summary:
      'Pedidos no seu escopo: os fechados, ou os rascunhos à parte (drafts=true), ou as consignações em aberto (consignments=true, a devolução mais próxima primeiro); filtros por status, cliente, vendedor, supervisor, centro de resultado, empresa de produtos, tipo de venda, condição de pagamento e período (data de fechamento ou de emissão); ordem por data, número, cliente ou total (sort, dir) feita pelo servidor; busca pelo número ou pelo nome, apelido ou documento do cliente, mais recentes primeiro',
    query: SalesListQuery,
    page: SalesPage,
  },
  get: { summary: 'Um pedido ou rascunho', description: 'O pedido' },
});
const totalsRoute = route('get', '/sales/totals', can('read', 'vendas'), 'Quantidade e valor total dos pedidos do filtro (os mesmos filtros da lista): dos agregados mantidos a cada gravação quando eles respondem o filtro, senão de uma leitura limitada (exact=false: o que foi lido até o limite); cancelados e devolvidos contam na quantidade e ficam fora do valor, salvo quando o filtro de status os pede',
  answers(json(SalesTotals, 'A quantidade e o total'), 400, 401, 403), { query: SalesTotalsQuery });
const homeRoute = route('get', '/sales/home-figures', can('read', 'vendas'), 'Os números do início de uma aba do usuário (supervisor, funcionário, vendedor): últimos 7 dias, mês atual e mês anterior, por dia e por tipo de venda, pela data de fechamento (padrão) ou de emissão (date=emission) no fuso da empresa, e os clientes atendidos e as visitas realizadas no mês e no anterior; cancelados e devolvidos fora; financialOnly=true deixa só os pedidos com movimentação financeira (que geraram parcelas). Dos agregados mantidos a cada gravação',
  answers(json(HomeFigures, 'Os números da aba'), 400, 401, 403), { query: HomeFiguresQuery });
const dashboardRoute = route('get', '/sales/dashboard', can('dashboard', 'vendas'), 'O dashboard de vendas do seu escopo (ou de um vendedor dele) num período da data da venda (padrão: o mês atual até hoje; até 731 dias): totais contra o período anterior de mesmo tamanho, por status, tipo de venda, centro de resultado, empresa de produtos, condição de pagamento e vendedor (cancelados e devolvidos fora, maior total primeiro), e por dia (por mês acima de 62 dias). Dos agregados mantidos a cada gravação',
  answers(json(SalesDashboard, 'O dashboard'), 400, 401, 403), { query: SalesDashboardQuery });
const managementRoute = routes('management')('get', '/management/dashboard', can('dashboard', 'gerenciais'), 'O dashboard gerencial do seu escopo (ou de um vendedor dele), num centro de resultado se pedido, num período da data da venda (padrão: o mês atual até hoje; até 731 dias): totais, ticket médio e mix contra o período anterior, série por dia (por mês acima de 62 dias), por empresa de produtos, centro de resultado, vendedor, segmento, região e cidade do cliente (cancelados e devolvidos fora, maior total primeiro); e a positivação do último mês do período por vendedor (clientes atendidos contra a carteira) com os clientes sem compra nos dias de inatividade da empresa. Dos agregados mantidos a cada gravação',
  answers(json(ManagementDashboard, 'O dashboard gerencial'), 400, 401, 403), { query: ManagementDashboardQuery });
const create = route('post', '/sales', can('create', 'vendas'), 'Começar um rascunho de pedido (os valores são calculados pelo servidor)',
  answers({ 201: json(Sale, 'O rascunho') }, 400, 401, 403, 404, 409), body(SaleDraftCreate));
const update = route('put', '/sales/{id}', canAny(['create', 'vendas'], ['update', 'vendas']),
  'Salvar o rascunho inteiro (criar em vendas), ou corrigir um pedido pendente (alterar em vendas): itens, pagamento, transporte, observações e endereço; estoque e parcelas acompanham, tudo ou nada; com a versão lida (outra aba que salvou antes dá 409)',
  answers(json(Sale, 'O rascunho salvo, ou o pedido corrigido'), 400, 401, 403, 404, 409), { params: IdParams, ...body(SaleEdit) });
const remove = route('delete', '/sales/{id}', can('delete', 'vendas'), 'Excluir um rascunho (um pedido fechado não é excluído: 409)',
  answers(json(Sale, 'Excluído'), 400, 401, 403, 404, 409), { params: IdParams });

const CloseHeaders = z.object({
  'idempotency-key': z.string().min(8).max(200).optional().openapi({ description: 'Uma chave por fechamento: repetido com a mesma chave, responde o mesmo pedido' }),
});
const close = route('post', '/sales/{id}/close', can('create', 'vendas'), 'Fechar o rascunho num pedido numerado: estoque reservado, parcelas geradas, tudo ou nada (Idempotency-Key: repetido, responde o mesmo pedido)',
  answers(json(Sale, 'O pedido fechado'), 400, 401, 403, 404, 409), { params: IdParams, headers: CloseHeaders, ...body(SaleClose) });
const move = route('post', '/sales/{id}/status', can('read', 'vendas'), 'Mudar o status do pedido como a máquina de status permite, por quem tem a habilidade da mudança (processar, entregar, cancelar, cancelar pendente, estornar; liberado financeiro: só autorizador)',
  answers(json(Sale, 'O pedido'), 400, 401, 403, 404, 409), { params: IdParams, ...body(SaleMove) });
const settle = route('post', '/sales/{id}/consignment', can('update', 'vendas'), 'Acertar a venda consignada: por linha, a quantidade devolvida volta ao estoque e o resto é vendido; total e parcelas sobre o vendido; uma vez só (de novo: 409)',
  answers(json(Sale, 'O pedido acertado'), 400, 401, 403, 404, 409), { params: IdParams, ...body(SaleConsignmentSettle) });

const cloneRoute = route('post', '/sales/{id}/clone', can('create', 'vendas'), 'Copiar um pedido ou rascunho num novo rascunho (preços e regras de hoje)',
  answers({ 201: json(Sale, 'O novo rascunho') }, 400, 401, 403, 404, 409), { params: IdParams });

const catalogueRoute = route('post', '/sales/catalogue', can('create', 'vendas'), 'Produtos para o pedido: busca (nome, referência, código de barras) ou ids, com o preço para o cliente e a negociação, a origem, o motivo quando não pode ser vendido e o estoque do centro de resultado da sessão',
  answers(json(SaleCatalogue, 'Os produtos'), 400, 401, 403, 404), body(SaleCatalogueQuery));

const clientProductsRoute = route('get', '/sales/client-products/{clientId}', can('create', 'vendas'),
  'O que o cliente comprou nos seus últimos pedidos fechados (cancelados fora): por produto, em quantos pedidos, e o último preço, quantidade, data e número (sugestão de produtos e último preço na digitação)',
  answers(json(SaleClientProducts, 'Os produtos do cliente'), 400, 401, 403, 404), { params: z.object({ clientId: Id }) });

const campaignsRoute = route('get', '/sales/campaigns/{clientId}', can('create', 'vendas'),
  'As campanhas em vigor para um pedido do cliente, na filial da sessão e na data de hoje (fuso da empresa), com o que cada uma com limite já vendeu: o que a digitação mostra em cada item',
  answers(json(SaleCampaignOffers, 'As campanhas em vigor'), 400, 401, 403, 404), { params: z.object({ clientId: Id }) });

const campaignResultsRoute = route('get', '/sales/campaign-results', can('dashboard', 'vendas'),
  'Os resultados das campanhas: por campanha, unidades, pedidos, clientes, valor dos itens e desconto concedido, nas vendas nem canceladas nem estornadas',
  answers(json(CampaignResults, 'Os resultados'), 400, 401, 403), { query: CampaignResultsQuery });

export const salesRoutes = router()
  .openapi(campaignResultsRoute, async (c) => c.json(await Sales.campaignResults(c.req.valid('query')), 200))
  .openapi(campaignsRoute, async (c) => c.json(await Sales.campaignOffers(c.req.valid('param').clientId), 200))
  .openapi(clientProductsRoute, async (c) => c.json(await Sales.clientProducts(c.req.valid('param').clientId), 200))
  .openapi(catalogueRoute, async (c) => c.json(await Sales.catalogue(c.req.valid('json')), 200))
  .openapi(list, async (c) => c.json(await Sales.list(c.req.valid('query')), 200))
  .openapi(totalsRoute, async (c) => c.json(await Sales.totals(c.req.valid('query')), 200))
  .openapi(homeRoute, async (c) => c.json(await Sales.homeFigures(c.req.valid('query'), Schedulings.visitsDone), 200))
  .openapi(dashboardRoute, async (c) => c.json(await Sales.dashboard(c.req.valid('query')), 200))
  .openapi(managementRoute, async (c) => c.json(await Sales.managementDashboard(c.req.valid('query')), 200))
  .openapi(get, async (c) => c.json(await Sales.get(c.req.valid('param').id), 200))
  .openapi(create, async (c) => c.json(await Sales.createDraft(c.req.valid('json')), 201))
  .openapi(update, async (c) => c.json(await Sales.save(c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(remove, async (c) => c.json(await Sales.removeDraft(c.req.valid('param').id), 200))
  .openapi(close, async (c) => c.json(await Sales.close(c.req.valid('param').id, c.req.valid('json'), c.req.valid('header')['idempotency-key'] ?? null), 200))
  .openapi(move, async (c) => c.json(await Sales.move(c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(settle, async (c) => c.json(await Sales.settle(c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(cloneRoute, async (c) => c.json(await Sales.clone(c.req.valid('param').id), 201));
