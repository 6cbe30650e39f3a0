import { Itineraries, Schedulings } from '@ev/core/schedulings';
import { IdParams } from '@ev/shared/schemas/common';
import { ItinerariesDay, ItinerariesQuery, Itinerary, ItineraryOptimise, ItineraryOrder, ItineraryParams, ItineraryProposal, Scheduling, SchedulingCancel, SchedulingDetail, SchedulingClose, SchedulingCreate, SchedulingCreateMany, SchedulingsCreated, SchedulingsListQuery, SchedulingsPage, SchedulingStart, SchedulingUpdate } from '@ev/shared/schemas/schedulings';
import { z } from 'zod';
import { answers, body, json } from '../http/openapi';
import { can, routes } from '../http/route';
import { listAndGet } from '../http/route-sets';
import { router } from '../http/router';

/**
 * Schedulings (docs/schedulings.md): visits, calls and e-mails, pending → active → completed or
 * cancelled, each owned by the user who does it; the record scope of clients and sales.
 */
const route = routes('schedulings');
const { list, get } = listAndGet(route, '/schedulings', 'agendamentos', SchedulingDetail, {
  list: {
    summary: 'Agendamentos no seu escopo: a lista de pendentes (pendentes e em andamento, os próximos primeiro) ou a de concluídos (concluídos e cancelados, os últimos primeiro); filtros por período, tipo, cliente, vendedor, rota, cidade, bairro e check-in marcado; busca pelo cliente ou pelo tipo',
    query: SchedulingsListQuery,
    page: SchedulingsPage,
  },
  get: { summary: 'Um agendamento', description: 'O agendamento' },
});
const active = route('get', '/schedulings/active', can('read', 'agendamentos'), 'O agendamento em andamento do usuário (no máximo um), ou null',
  answers(json(Scheduling.nullable(), 'O agendamento em andamento'), 401, 403));
const create = route('post', '/schedulings', can('create', 'agendamentos'), 'Novo agendamento (do usuário, ou do vendedor indicado dentro do escopo)',
  answers({ 201: json(Scheduling, 'O agendamento') }, 400, 401, 403, 404), body(SchedulingCreate));
const createMany = route('post', '/schedulings/many', can('create', 'agendamentos'), 'Um agendamento por cliente escolhido, com as datas distribuídas num dia ou em tantos por dia num período (fins de semana pulados se pedido)',
  answers({ 201: json(SchedulingsCreated, 'Os agendamentos') }, 400, 401, 403, 404), body(SchedulingCreateMany));
const update = route('put', '/schedulings/{id}', can('update', 'agendamentos'), 'Alterar um agendamento pendente (com a versão lida)',
  answers(json(Scheduling, 'O agendamento'), 400, 401, 403, 404, 409), { params: IdParams, ...body(SchedulingUpdate) });

const UserAgent = z.object({ 'user-agent': z.string().max(1000).optional() });
const start = route('post', '/schedulings/{id}/start', can('update', 'agendamentos'),
  'Iniciar um agendamento pendente com a localização do navegador (exigida numa visita quando a empresa exige: precisão e idade da leitura conferidas); um por usuário por vez. Feito sem conexão (offline: a chave e a hora da ação no aparelho), é julgado na hora do aparelho, e a mesma chave de novo responde o agendamento como está',
  answers(json(Scheduling, 'O agendamento em andamento'), 400, 401, 403, 404, 409), { params: IdParams, headers: UserAgent, ...body(SchedulingStart) });
const close = route('post', '/schedulings/{id}/close', can('update', 'agendamentos'), 'Encerrar o agendamento em andamento com o tipo de ocorrência, as observações e a localização; registra a duração. Feito sem conexão (offline: a chave e a hora da ação no aparelho), a duração e o dia são os do aparelho, e a mesma chave de novo responde o agendamento como está',
  answers(json(Scheduling, 'O agendamento concluído'), 400, 401, 403, 404, 409), { params: IdParams, headers: UserAgent, ...body(SchedulingClose) });
const cancel = route('post', '/schedulings/{id}/cancel', can('update', 'agendamentos'), 'Cancelar um agendamento pendente ou em andamento',
  answers(json(Scheduling, 'O agendamento cancelado'), 400, 401, 403, 404, 409), { params: IdParams, ...body(SchedulingCancel) });

const itineraries = route('get', '/schedulings/itineraries', can('read', 'agendamentos'), 'Os roteiros de um dia (hoje por padrão) no seu escopo: um por vendedor com agendamentos no dia',
  answers(json(ItinerariesDay, 'Os roteiros do dia'), 400, 401, 403), { query: ItinerariesQuery });
const itinerary = route('get', '/schedulings/itineraries/{id}', can('read', 'agendamentos'), 'Um roteiro (o dia de um vendedor): as paradas na sequência, com onde fica cada cliente',
  answers(json(Itinerary, 'O roteiro'), 400, 401, 403, 404), { params: ItineraryParams });
const reorder = route('put', '/schedulings/itineraries/{id}/order', can('update', 'agendamentos'), 'Nova ordem do roteiro: todas as paradas não canceladas, cada uma uma vez (sequência e sequência de retorno)',
  answers(json(Itinerary, 'O roteiro na nova ordem'), 400, 401, 403, 404, 409), { params: ItineraryParams, ...body(ItineraryOrder) });
const optimise = route('post', '/schedulings/itineraries/{id}/optimise', can('read', 'agendamentos'),
  'Uma ordem mais curta para o roteiro (vizinho mais próximo e 2-opt em linha reta, nunca mais longa que a atual) a partir da primeira parada, do ponto da empresa ou da posição atual; nada é gravado até salvar a ordem',
  answers(json(ItineraryProposal, 'A proposta'), 400, 401, 403, 404), { params: ItineraryParams, ...body(ItineraryOptimise) });

export const schedulingsRoutes = router()
  .openapi(itineraries, async (c) => c.json(await Itineraries.listDay(c.req.valid('query')), 200))
  .openapi(itinerary, async (c) => c.json(await Itineraries.get(c.req.valid('param').id), 200))
  .openapi(reorder, async (c) => c.json(await Itineraries.reorder(c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(optimise, async (c) => c.json(await Itineraries.optimise(c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(active, async (c) => c.json(await Schedulings.active(), 200))
  .openapi(createMany, async (c) => c.json(await Schedulings.createMany(c.req.valid('json')), 201))
  .openapi(list, async (c) => c.json(await Schedulings.list(c.req.valid('query')), 200))
  .openapi(get, async (c) => c.json(await Schedulings.get(c.req.valid('param').id), 200))
  .openapi(create, async (c) => c.json(await Schedulings.create(c.req.valid('json')), 201))
  .openapi(update, async (c) => c.json(await Schedulings.update(c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(start, async (c) => c.json(await Schedulings.start(c.req.valid('param').id, c.req.valid('json'), c.req.valid('header')['user-agent'] ?? null), 200))
  .openapi(close, async (c) => c.json(await Schedulings.close(c.req.valid('param').id, c.req.valid('json'), c.req.valid('header')['user-agent'] ?? null), 200))
  .openapi(cancel, async (c) => c.json(await Schedulings.cancel(c.req.valid('param').id, c.req.valid('json')), 200));
