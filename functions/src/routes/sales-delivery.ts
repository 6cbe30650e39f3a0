import { Sales } from '@ev/core/sales/index';
import { IdParams } from '@ev/shared/schemas/common';
import { DeliveryLink, DeliveryPreview, DeliveryTokenBody } from '@ev/shared/schemas/sales-delivery';
import type { Context } from 'hono';
import { clientAddress } from '../http/client-address';
import { answers, body, json } from '../http/openapi';
import { can, open, routes } from '../http/route';
import { router } from '../http/router';

/**
 * The delivery confirmation (docs/sales.md "The delivery confirmation"): a sale's signed link, read
 * by who sees the sale, and the public page's two calls. The token travels in the body, never in
 * the path or the query (what access logs keep), and no log line holds it.
 */
const route = routes('sales');

const linkRoute = route('get', '/sales/{id}/delivery-link', can('read', 'vendas'),
  'O link de confirmação de entrega do pedido (/sales/delivery#<token>, válido por 30 dias; um novo a cada pedido): para a página do pedido, o QR code do PDF e a mensagem',
  answers(json(DeliveryLink, 'O link'), 400, 401, 403, 404, 409), { params: IdParams });
const previewRoute = route('post', '/sales/delivery/preview', open,
  'Página pública de confirmação de entrega: o número do pedido, o cliente, a quantidade de volumes e se já foi entregue (link inválido ou expirado: 403; cancelado, estornado ou ainda não saiu para entrega: 409; limitado por endereço e por link: 429)',
  answers(json(DeliveryPreview, 'O pedido do link'), 400, 403, 409), body(DeliveryTokenBody));
const confirmRoute = route('post', '/sales/delivery/confirm', open,
  'Confirmar a entrega pelo link: o pedido passa a entregue uma vez só (a reserva vira entrega), com data, endereço e navegador no histórico; confirmado de novo, responde o pedido já entregue',
  answers(json(DeliveryPreview, 'O pedido entregue'), 400, 403, 409), body(DeliveryTokenBody));

const caller = (c: Context) => ({ address: clientAddress(c), userAgent: c.req.header('user-agent') ?? null });

export const salesDeliveryRoutes = router()
  .openapi(linkRoute, async (c) => c.json(await Sales.deliveryLink(c.req.valid('param').id), 200))
  .openapi(previewRoute, async (c) => c.json(await Sales.deliveryPreview(c.req.valid('json').token, caller(c)), 200))
  .openapi(confirmRoute, async (c) => c.json(await Sales.confirmDelivery(c.req.valid('json').token, caller(c)), 200));
