import { monthOf, zonedInstant } from '@ev/shared/calendar';
import { parseOrderText } from '@ev/shared/ai/order-text';
import { AI_DRAFT_LINES_MAX, AI_DRAFT_TEXT_MAX, AiTexts, type AiClientSummary, type AiDraftLine } from '@ev/shared/schemas/ai';
import { Clock } from '../clock';
import { DomainError } from '../errors';
import { Logs } from '../logs';
import { Ports } from '../ports';
import { ModelError, type ModelContent, type ModelMessage, type ModelRequest, type ModelTool } from '../ports/model';
import { CLIENT_LINE } from '../ports/model-local';
import { Products } from '../products';
import { Tenants } from '../tenants';
import { CatalogueIndex, type CatalogueProduct } from './matching';
import { AiRepository } from './repository';

/**
 * The assistant's work behind the routes (docs/ai.md): the catalogue read once per request, the
 * draft order, the token budget, and the reply's loop with the model and its tools.
 */

/** The monthly budget of a company that never set one (tokens). */
export const AI_DEFAULT_BUDGET = 2_000_000;
/** Most active products read for the matching (a catalogue larger than this is matched on its first ones by name). */
export const CATALOGUE_MAX = 20_000;
/** Rounds of the reply's loop (a model asking for tools again and again is stopped there). */
export const MAX_ROUNDS = 4;
/** The conversation's latest messages given to the model. */
export const PROMPT_MESSAGES = 20;
/** The most tokens of a model's answer. */
export const ANSWER_TOKENS = 600;

// ---- The catalogue -----------------------------------------------------------------------------

/** Products a page of the catalogue's read holds (the list's pages, the most a page may read). */
const CATALOGUE_PAGE = 1000;

/** The company's active products, indexed for the matching, read once per request (the active list's pages: summaries, no BatchGet). */
export async function catalogue(): Promise<CatalogueIndex> {
  const products: CatalogueProduct[] = [];
  let cursor: string | undefined;
  do {
    const page = await Products.page({ status: 'active' }, cursor, CATALOGUE_PAGE, 'ai-catalogue');
    for (const p of page.items) products.push({ id: p.id, ref: p.ref, name: p.name, package: p.package, unitName: p.unitName, maker: p.maker });
    cursor = page.nextCursor ?? undefined;
  } while (cursor && products.length < CATALOGUE_MAX);
  return new CatalogueIndex(products.slice(0, CATALOGUE_MAX));
}

/** A message read as draft lines against the catalogue. */
export function readOrder(index: CatalogueIndex, text: string): AiDraftLine[] {
  return parseOrderText(text.slice(0, AI_DRAFT_TEXT_MAX), AI_DRAFT_LINES_MAX * 2)
    .map((l) => index.line(l))
    .filter((l): l is AiDraftLine => l !== null)
    .slice(0, AI_DRAFT_LINES_MAX);
}

// ---- The budget --------------------------------------------------------------------------------

export interface Budget {
  month: string;
  used: number;
  limit: number | null;
  timezone: string;
}

/** The company's month (its calendar) and its tokens against the limit. */
export async function budget(): Promise<Budget> {
  const { timezone } = await Tenants.company();
  const month = monthOf(Clock.today(timezone));
  const [used, settings] = await Promise.all([AiRepository.used(month), AiRepository.settings()]);
  return { month, used, limit: settings ? settings.monthlyTokenBudget : AI_DEFAULT_BUDGET, timezone };
}

/** 429 when the month's tokens reached the limit, with the seconds until the company's next month. */
function checkBudget(b: Budget): void {
  if (b.limit === null || b.used < b.limit) return;
  const [y, m] = b.month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  const retryAfter = Math.max(1, Math.ceil((zonedInstant(next, 0, 0, b.timezone) - Clock.now()) / 1000));
  throw new DomainError('ai.budget_exhausted', AiTexts.budgetExhausted(), 'throttled', { details: { retryAfter } });
}

// ---- The reply ---------------------------------------------------------------------------------

const SYSTEM = [
  'Você é o assistente de um vendedor de uma distribuidora e escreve, em português do Brasil, a próxima resposta da empresa numa conversa de WhatsApp com um cliente.',
  'Responda como o vendedor da empresa: curto (até 3 frases), cordial e natural, sem emojis em excesso.',
  'Use as ferramentas para saber quem é o cliente (client_summary), procurar produtos (catalogue_search) e ler um pedido escrito pelo cliente (draft_order).',
  'Nunca prometa preços, prazos, estoque ou condições que as ferramentas não informaram. Não invente produtos.',
  'Títulos vencidos só são mencionados com delicadeza. Você não envia nada nem fecha pedidos: o vendedor revisa a sugestão.',
  'Responda só com o texto da mensagem ao cliente.',
].join(' ');

export const TOOLS: ModelTool[] = [
  {
    name: 'client_summary',
    description: 'O resumo do cliente desta conversa: últimas compras e ritmo, títulos em aberto e vencidos, última visita e produtos que costuma comprar e não comprou ultimamente.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  },
  {
    name: 'catalogue_search',
    description: 'Procura produtos ativos no catálogo da empresa por palavras (nome, tamanho, embalagem). Devolve até 5 produtos com a confiança da correspondência.',
    inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'As palavras do produto, como o cliente escreveu.' } }, required: ['query'], additionalProperties: false },
  },
  {
    name: 'draft_order',
    description: 'Lê uma mensagem de pedido (quantidades, unidades como cx, fd, un, kg) e devolve as linhas com o produto encontrado no catálogo, a confiança e alternativas.',
    inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'O texto do pedido.' } }, required: ['text'], additionalProperties: false },
  },
];

/** What the tools run on: the asking user's request, its conversation's client only. */
export interface ToolScope {
  summary: () => Promise<AiClientSummary>;
  catalogue: () => Promise<CatalogueIndex>;
}

const stringOf = (input: unknown, field: string): string => {
  const v = input && typeof input === 'object' ? (input as Record<string, unknown>)[field] : undefined;
  return typeof v === 'string' ? v.slice(0, AI_DRAFT_TEXT_MAX) : '';
};

async function runTool(name: string, input: unknown, scope: ToolScope): Promise<unknown> {
  if (name === 'client_summary') return scope.summary();
  if (name === 'catalogue_search') {
    const query = stringOf(input, 'query');
    const words = parseOrderText(query)[0]?.words ?? [];
    return { products: (await scope.catalogue()).rank({ words, unit: null }, 5) };
  }
  if (name === 'draft_order') return { lines: readOrder(await scope.catalogue(), stringOf(input, 'text')) };
  throw new Error(`unknown tool ${name}`);
}

/** The conversation as the model reads it: the latest messages, the client's and ours, oldest first. */
export function transcript(messages: { direction: 'in' | 'out'; text: string }[]): string {
  const lines = messages.slice(-PROMPT_MESSAGES).map((m) => `${m.direction === 'in' ? CLIENT_LINE : 'Empresa: '}${m.text.replace(/\s*\n\s*/g, ' ').slice(0, 1000)}`);
  return `Conversa com o cliente (das mais antigas às mais novas):\n${lines.join('\n')}\n\nEscreva a próxima resposta da empresa.`;
}

/** The first request of a reply's loop: the instructions, the conversation, the tools. */
export function firstRequest(messages: { direction: 'in' | 'out'; text: string }[]): ModelRequest {
  return { system: SYSTEM, messages: [{ role: 'user', content: [{ text: transcript(messages) }] }], tools: TOOLS, maxTokens: ANSWER_TOKENS };
}

/**
 * The reply's loop: the model asked (the budget checked before each call, its tokens added after),
 * the tools it asks for run in the user's scope and their results sent back, at most MAX_ROUNDS
 * calls. Answers the reply's text and the tokens spent. A model that fails: 503 with AiTexts.modelUnavailable.
 */
export async function converse(request: ModelRequest, scope: ToolScope): Promise<{ text: string; tokens: number }> {
  const model = Ports.model();
  const messages: ModelMessage[] = [...request.messages];
  let tokens = 0;
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const now = await budget();
    checkBudget(now);
    let answer;
    try {
      answer = await model.converse({ ...request, messages });
    } catch (e) {
      if (!(e instanceof ModelError)) throw e;
      Logs.warn('ai model failed', { code: e.code, retryable: e.retryable, message: e.message });
      throw new DomainError('ai.model_unavailable', AiTexts.modelUnavailable(), 'unavailable');
    }
    tokens += answer.usage.totalTokens;
    await AiRepository.addTokens(now.month, answer.usage.totalTokens);
    messages.push(answer.message);
    const uses = answer.message.content.flatMap((c) => ('toolUse' in c ? [c.toolUse] : []));
    if (answer.stopReason !== 'tool_use' || !uses.length) {
      const text = answer.message.content.map((c) => ('text' in c ? c.text : '')).join('').trim();
      if (!text) break;
      return { text, tokens };
    }
    const results: ModelContent[] = [];
    for (const use of uses) {
      try {
        results.push({ toolResult: { toolUseId: use.toolUseId, content: [{ json: await runTool(use.name, use.input, scope) }], status: 'success' } });
      } catch (e) {
        if (e instanceof DomainError && e.kind !== 'internal') results.push({ toolResult: { toolUseId: use.toolUseId, content: [{ text: e.message }], status: 'error' } });
        else if (e instanceof Error && e.message.startsWith('unknown tool')) results.push({ toolResult: { toolUseId: use.toolUseId, content: [{ text: 'Ferramenta desconhecida.' }], status: 'error' } });
        else throw e;
      }
    }
    messages.push({ role: 'user', content: results });
  }
  Logs.warn('ai model gave no reply', { rounds: MAX_ROUNDS });
  throw new DomainError('ai.model_unavailable', AiTexts.modelUnavailable(), 'unavailable');
}
