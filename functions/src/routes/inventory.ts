import { Inventory } from '@ev/core/inventory/index';
import { Balance, MovementInput, MovementPosted, MovementsPage, MovementsParams, MovementsQuery, PositionPage, PositionQuery } from '@ev/shared/schemas/inventory';
import { z } from '@ev/shared/zod';
import { body, errors, json } from '../http/openapi';
import { defineRoute } from '../http/route';
import { router } from '../http/router';

const tags = ['inventory'];

const position = defineRoute({
  method: 'get',
  path: '/inventory',
  tags,
  summary:
    'Posição de estoque: por produto (somado nos centros de resultado escolhidos) ou por produto e centro de resultado; filtros por centros de resultado (só os liberados ao usuário), grupos e empresas de produtos',
  guard: { permission: { action: 'read', subject: 'estoques' } },
  request: { query: PositionQuery },
  responses: { 200: json(PositionPage, 'Uma página de produtos'), 400: errors[400], 401: errors[401], 403: errors[403] },
});

const post = defineRoute({
  method: 'post',
  path: '/inventory/movements',
  tags,
  summary: 'Lançar um movimento de estoque: ajuste (com motivo), compra pedida ou recebida, consignação (saída, devolução, venda)',
  guard: { permission: { action: 'update', subject: 'estoques' } },
  request: body(MovementInput),
  responses: {
    201: json(MovementPosted, 'Lançado, com o saldo depois dele'),
    400: errors[400],
    401: errors[401],
    403: errors[403],
    409: errors[409],
  },
});

const movements = defineRoute({
  method: 'get',
  path: '/inventory/products/{productId}/movements',
  tags,
  summary: 'Movimentos de estoque de um produto, mais recentes primeiro, nos centros de resultado liberados ao usuário',
  guard: { permission: { action: 'read', subject: 'estoques' } },
  request: { params: MovementsParams, query: MovementsQuery },
  responses: { 200: json(MovementsPage, 'Uma página'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

const balances = defineRoute({
  method: 'get',
  path: '/inventory/products/{productId}/balances',
  tags,
  summary: 'Saldos de estoque de um produto em cada centro de resultado liberado ao usuário',
  guard: { permission: { action: 'read', subject: 'estoques' } },
  request: { params: MovementsParams },
  responses: { 200: json(z.object({ items: z.array(Balance) }), 'Os saldos'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

export const inventoryRoutes = router()
  .openapi(position, async (c) => c.json(await Inventory.position(c.req.valid('query')), 200))
  .openapi(post, async (c) => c.json(await Inventory.post(c.req.valid('json')), 201))
  .openapi(movements, async (c) => c.json(await Inventory.movements(c.req.valid('param').productId, c.req.valid('query')), 200))
  .openapi(balances, async (c) => c.json({ items: await Inventory.balances(c.req.valid('param').productId) }, 200));
