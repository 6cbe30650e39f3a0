import { Tenants } from '@ev/core/tenants';
import { StoreParams, StorePublic } from '@ev/shared/schemas/store';
import { answers, json } from '../http/openapi';
import { open, routes } from '../http/route';
import { router } from '../http/router';

/**
 * The store's public calls (issue 44, docs/store.md): what anyone may know of a store before its
 * client logs in. Cached a minute by the browser and five at the CDN: the store's name and address
 * change rarely; a store turned off stops answering within minutes.
 */
const route = routes('store');

const storeRoute = route('get', '/store/{slug}', open, 'Loja pública de uma empresa pelo seu endereço (/vendas/{slug}): o nome que ela mostra. Endereço desconhecido, loja desligada ou empresa suspensa: 404, sem dado de empresa alguma.',
  answers(json(StorePublic, 'A loja'), 400, 404), { params: StoreParams });

export const storeRoutes = router().openapi(storeRoute, async (c) => {
  const { tenantId: _tenantId, ...store } = await Tenants.publicStore(c.req.valid('param').slug);
  c.header('Cache-Control', 'public, max-age=60, s-maxage=300');
  return c.json(store, 200);
});
