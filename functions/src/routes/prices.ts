import { Prices } from '@ev/core/prices/index';
import { priceChart } from '@ev/core/prices/chart';
import { IdParams } from '@ev/shared/schemas/common';
import { ClientPrices, ClientPricesQuery, PriceChartPage, PriceChartQuery, PriceInput, ProductPriceParams, ProductPrices, TablePrice } from '@ev/shared/schemas/prices';
import { body, errors, json } from '../http/openapi';
import { defineRoute } from '../http/route';
import { router } from '../http/router';

const tags = ['prices'];

const productPrices = defineRoute({
  method: 'get',
  path: '/products/{id}/prices',
  tags,
  summary: 'Os preços de um produto em cada tabela de preço (com ou sem preço), a padrão primeiro',
  guard: { permission: { action: 'read', subject: 'produtos' } },
  request: { params: IdParams },
  responses: { 200: json(ProductPrices, 'Os preços'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

const setPrice = defineRoute({
  method: 'put',
  path: '/products/{id}/prices/{tableId}',
  tags,
  summary: 'Definir o preço do produto na tabela (decimal maior que zero, até 4 casas; vírgula ou ponto)',
  guard: { permission: { action: 'update', subject: 'produtos' } },
  request: { params: ProductPriceParams, ...body(PriceInput) },
  responses: { 200: json(TablePrice, 'O preço na tabela'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

const removePrice = defineRoute({
  method: 'delete',
  path: '/products/{id}/prices/{tableId}',
  tags,
  summary: 'Tirar o produto da tabela de preço (404 quando a tabela não tinha preço para ele)',
  guard: { permission: { action: 'update', subject: 'produtos' } },
  request: { params: ProductPriceParams },
  responses: { 200: json(TablePrice, 'A tabela, agora sem preço para o produto'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

const clientPrices = defineRoute({
  method: 'get',
  path: '/clients/{id}/prices',
  tags,
  summary: 'O preço de produtos para um cliente: tabela do cliente, do segmento, da região ou a padrão; sem preço, o motivo',
  guard: { permission: { action: 'read', subject: 'clientes' } },
  request: { params: IdParams, query: ClientPricesQuery },
  responses: { 200: json(ClientPrices, 'Um preço (ou o motivo de não haver) por produto, na ordem pedida'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

const chart = defineRoute({
  method: 'get',
  path: '/price-chart',
  tags,
  summary: 'Tabela de preços (/price-charts): produtos com o preço da tabela (a padrão quando nenhuma é escolhida) e uma coluna por condição de pagamento exibida nas tabelas',
  guard: { permission: { action: 'read', subject: 'vendas' } },
  request: { query: PriceChartQuery },
  responses: { 200: json(PriceChartPage, 'Uma página'), 400: errors[400], 401: errors[401], 403: errors[403] },
});

/** Prices (docs/prices.md): a product's prices per table, the client's price resolution, the price chart. */
export const pricesRoutes = router()
  .openapi(productPrices, async (c) => c.json(await Prices.productPrices(c.req.valid('param').id), 200))
  .openapi(setPrice, async (c) => {
    const { id, tableId } = c.req.valid('param');
    return c.json(await Prices.setPrice(id, tableId, c.req.valid('json')), 200);
  })
  .openapi(removePrice, async (c) => {
    const { id, tableId } = c.req.valid('param');
    return c.json(await Prices.removePrice(id, tableId), 200);
  })
  .openapi(clientPrices, async (c) => c.json(await Prices.clientPrices(c.req.valid('param').id, c.req.valid('query')), 200))
  .openapi(chart, async (c) => c.json(await priceChart(c.req.valid('query')), 200));
