import { Offline } from '@ev/core/offline';
import { OfflinePortfolio, OfflinePortfolioRequest, OfflineSyncAnswer, OfflineSyncRequest } from '@ev/shared/schemas/offline';
import { z } from 'zod';
import { domainEnvelope } from '../http/errors';
import { answers, body, json } from '../http/openapi';
import { can, routes } from '../http/route';
import { router } from '../http/router';

/**
 * Offline field work (docs/offline.md): the portfolio a device keeps, by changes since its last
 * sync, and the sync of what was done without signal, each item once per key.
 */
const route = routes('offline');
const portfolio = route('post', '/offline/portfolio', can('read', 'clientes'),
  'A carteira que o aparelho guarda para trabalhar sem sinal: os clientes do usuário, os produtos, os preços, as tabelas, os cadastros do pedido e da visita, o estoque e os agendamentos dos próximos dias; por entidade, só o que mudou desde a última sincronização',
  answers(json(OfflinePortfolio, 'A carteira (ou o que mudou nela)'), 400, 401, 403), body(OfflinePortfolioRequest));

const UserAgent = z.object({ 'user-agent': z.string().max(1000).optional() });
const sync = route('post', '/offline/sync', can('read', 'clientes'),
  'Envia os primeiros itens da fila do aparelho, na ordem em que foram feitos (pedidos fechados, visitas iniciadas e encerradas), cada um uma vez por chave: feito, recusado (com o motivo, para revisão) ou a tentar de novo',
  answers(json(OfflineSyncAnswer, 'O resultado de cada item, na ordem enviada'), 400, 401, 403), { headers: UserAgent, ...body(OfflineSyncRequest) });

export const offlineRoutes = router()
  .openapi(portfolio, async (c) => c.json(await Offline.portfolio(c.req.valid('json')), 200))
  .openapi(sync, async (c) => {
    const { at, items } = await Offline.sync(c.req.valid('json'), c.req.valid('header')['user-agent'] ?? null);
    return c.json({ at, items: items.map((i) => ({ ...i, error: i.error ? domainEnvelope(i.error) : null })) }, 200);
  });
