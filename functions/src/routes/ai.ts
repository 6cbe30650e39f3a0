import { Ai } from '@ev/core/ai';
import { IdParams } from '@ev/shared/schemas/common';
import { AiAcceptInput, AiAccepted, AiClientSummary, AiDraftRequest, AiSettingsInput, AiSuggestion, AiUsage } from '@ev/shared/schemas/ai';
import { PhoneParams } from '@ev/shared/schemas/messages';
import { answers, body, json } from '../http/openapi';
import { can, routes } from '../http/route';
import { router } from '../http/router';

/**
 * The AI area's assistant (issue 46, docs/ai.md): beside a conversation of `/messages/replies`, the
 * client's summary, a suggested reply, a draft order read from a message, their acceptance, and
 * the company's monthly token budget. Reading the area is read on `mensagens`; the budget is the
 * administrators'; a draft's acceptance also needs create on `vendas` (checked by the service).
 */
const route = routes('ai');
const read = can('read', 'mensagens');

const usage = route('get', '/ai/usage', read, 'Os tokens do assistente usados no mês (calendário da empresa), o limite mensal e o modelo que responde (Bedrock ou o local, sem modelo)',
  answers(json(AiUsage, 'O uso do mês'), 401, 403));
const settings = route('put', '/ai/settings', can('update', 'admin'), 'O limite mensal de tokens do assistente (administradores); nulo: sem limite',
  answers(json(AiUsage, 'O uso do mês com o novo limite'), 400, 401, 403), body(AiSettingsInput));
const summary = route('get', '/ai/conversations/{phone}/summary', read, 'O resumo do cliente da conversa: últimas compras e ritmo, títulos em aberto e vencidos, última visita e produtos que costuma comprar e não comprou ultimamente (cada parte só se o perfil lê o módulo). 409 se a conversa não tem cliente',
  answers(json(AiClientSummary, 'O resumo'), 400, 401, 403, 404, 409), { params: PhoneParams });
const draftOrder = route('post', '/ai/conversations/{phone}/draft-order', read, 'Ler uma mensagem de pedido ("manda 10 cx de água 500ml e 5 fd de açúcar"): as linhas com quantidade, unidade e o produto do catálogo com a confiança e alternativas. Guardada como sugestão (sem modelo, sem tokens)',
  answers({ 201: json(AiSuggestion, 'A sugestão de rascunho') }, 400, 401, 403, 404), { params: PhoneParams, ...body(AiDraftRequest) });
const replySuggestion = route('post', '/ai/conversations/{phone}/reply-suggestion', read, 'Sugerir uma resposta em português pelo modelo, com as ferramentas (resumo do cliente, catálogo, rascunho) no escopo do usuário; conta tokens no limite do mês (429 quando atingido). Nada é enviado',
  answers({ 201: json(AiSuggestion, 'A resposta sugerida') }, 400, 401, 403, 404, 409, 429, 503), { params: PhoneParams });
const accept = route('post', '/ai/suggestions/{id}/accept', read, 'Aceitar uma sugestão, uma vez: a resposta vai para a caixa de texto (o usuário envia); o rascunho vira um rascunho de venda do cliente (cria em vendas), aberto na digitação',
  answers(json(AiAccepted, 'Aceita; draftId é o rascunho de venda'), 400, 401, 403, 404, 409), { params: IdParams, ...body(AiAcceptInput) });

export const aiRoutes = router()
  .openapi(usage, async (c) => c.json(await Ai.usage(), 200))
  .openapi(settings, async (c) => c.json(await Ai.updateSettings(c.req.valid('json')), 200))
  .openapi(summary, async (c) => c.json(await Ai.summary(c.req.valid('param').phone), 200))
  .openapi(draftOrder, async (c) => c.json(await Ai.draftOrder(c.req.valid('param').phone, c.req.valid('json')), 201))
  .openapi(replySuggestion, async (c) => c.json(await Ai.replySuggestion(c.req.valid('param').phone), 201))
  .openapi(accept, async (c) => c.json(await Ai.accept(c.req.valid('param').id, c.req.valid('json')), 200));
