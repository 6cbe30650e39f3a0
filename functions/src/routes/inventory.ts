import { Inventory } from '@ev/core/inventory/index';
import { Balance, MovementInput, MovementPosted, MovementsPage, MovementsParams, MovementsQuery, PositionPage, PositionQuery } from '@ev/shared/schemas/inventory';
import { z } from '@ev/shared/zod';
import { answers, body, json } from '../http/openapi';
import { can, routes } from '../http/route';
import { router } from '../http/router';

const route = routes('inventory');
const position = route('get', '/inventory', can('read', 'estoques'), 'Posição de estoque: por produto (somado nos centros de resultado escolhidos) ou por produto e centro de resultado; filtros por centros de resultado (só os liberados ao usuário), grupos e empresas de produtos',
  answers(json(PositionPage, 'Uma página de produtos'), 400, 401, 403), { query: PositionQuery });

const post = route('post', '/inventory/movements', can('update', 'estoques'), 'Lançar um movimento de estoque: ajuste (com motivo), compra pedida ou recebida, consignação (saída, devolução, venda)',
  answers({ 201: json(MovementPosted, 'Lançado, com o saldo depois dele') }, 400, 401, 403, 409), body(MovementInput));

const movements = route('get', '/inventory/products/{productId}/movements', can('read', 'estoques'), 'Movimentos de estoque de um produto, mais recentes primeiro, nos centros de resultado liberados ao usuário',
  answers(json(MovementsPage, 'Uma página'), 400, 401, 403, 404), { params: MovementsParams, query: MovementsQuery });

const balances = route('get', '/inventory/products/{productId}/balances', can('read', 'estoques'), 'Saldos de estoque de um produto em cada centro de resultado liberado ao usuário',
  answers(json(z.object({ items: z.array(Balance) }), 'Os saldos'), 400, 401, 403, 404), { params: MovementsParams });

export const inventoryRoutes = router()
  .openapi(position, async (c) => c.json(await Inventory.position(c.req.valid('query')), 200))
  .openapi(post, async (c) => c.json(await Inventory.post(c.req.valid('json')), 201))
  .openapi(movements, async (c) => c.json(await Inventory.movements(c.req.valid('param').productId, c.req.valid('query')), 200))
  .openapi(balances, async (c) => c.json({ items: await Inventory.balances(c.req.valid('param').productId) }, 200));
