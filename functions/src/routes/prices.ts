import { Prices } from '@ev/core/prices/index';
import { priceChart } from '@ev/core/prices/chart';
import { IdParams } from '@ev/shared/schemas/common';
import { ClientPrices, ClientPricesQuery, PriceChartPage, PriceChartQuery, PriceInput, ProductPriceParams, ProductPrices, TablePrice } from '@ev/shared/schemas/prices';
import { answers, body, json } from '../http/openapi';
import { can, routes } from '../http/route';
import { router } from '../http/router';

const route = routes('prices');
const productPrices = route('get', '/products/{id}/prices', can('read', 'produtos'), 'Os preços de um produto em cada tabela de preço (com ou sem preço), a padrão primeiro',
  answers(json(ProductPrices, 'Os preços'), 400, 401, 403, 404), { params: IdParams });

const setPrice = route('put', '/products/{id}/prices/{tableId}', can('update', 'produtos'), 'Definir o preço do produto na tabela (decimal maior que zero, até 4 casas; vírgula ou ponto)',
  answers(json(TablePrice, 'O preço na tabela'), 400, 401, 403, 404), { params: ProductPriceParams, ...body(PriceInput) });

const removePrice = route('delete', '/products/{id}/prices/{tableId}', can('update', 'produtos'), 'Tirar o produto da tabela de preço (404 quando a tabela não tinha preço para ele)',
  answers(json(TablePrice, 'A tabela, agora sem preço para o produto'), 400, 401, 403, 404), { params: ProductPriceParams });

const clientPrices = route('get', '/clients/{id}/prices', can('read', 'clientes'), 'O preço de produtos para um cliente: tabela do cliente, do segmento, da região ou a padrão; sem preço, o motivo',
  answers(json(ClientPrices, 'Um preço (ou o motivo de não haver) por produto, na ordem pedida'), 400, 401, 403, 404), { params: IdParams, query: ClientPricesQuery });

const chart = route('get', '/price-chart', can('read', 'vendas'), 'Tabela de preços (/price-charts): produtos com o preço da tabela (a padrão quando nenhuma é escolhida) e uma coluna por condição de pagamento exibida nas tabelas',
  answers(json(PriceChartPage, 'Uma página'), 400, 401, 403), { query: PriceChartQuery });

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
