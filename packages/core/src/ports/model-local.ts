import type { ModelAnswer, ModelContent, ModelMessage, ModelPort, ModelRequest } from './model';

/**
 * The local model adapter (docs/ai.md "The local adapter"): no model at all. For `npm start`,
 * demos and tests it answers the assistant's Converse requests by rules over the same tools a model
 * would use: first it asks for `client_summary` (and `draft_order` when the client's last message
 * reads as an order), then it writes a short Portuguese reply from their results and the client's
 * last message: a greeting by name, the order acknowledged, the usual products missed offered,
 * overdue titles mentioned politely. The tokens it reports are an estimate (a token per 4
 * characters of the request and of the answer), counted against the budget as a model's would be.
 */

/** The request's transcript marks a client's line so (`ai/assistant.ts` writes it). */
export const CLIENT_LINE = 'Cliente: ';

const estimate = (value: unknown) => Math.ceil(JSON.stringify(value).length / 4);

interface Summary {
  client?: { name?: string; nickname?: string | null };
  titles?: { overdueCount?: number; overdueValue?: string; oldestOverdue?: string | null };
  usual?: { name: string; daysSince: number }[];
  purchases?: { nextExpected?: string | null };
}

interface DraftLine {
  quantity: string;
  match: { name: string } | null;
  source: string;
}

function toolResults(messages: ModelMessage[]): Map<string, unknown> {
  const names = new Map<string, string>();
  const out = new Map<string, unknown>();
  for (const m of messages) {
    for (const c of m.content) {
      if ('toolUse' in c) names.set(c.toolUse.toolUseId, c.toolUse.name);
      if ('toolResult' in c) {
        const name = names.get(c.toolResult.toolUseId);
        const json = c.toolResult.content.find((x): x is { json: unknown } => 'json' in x);
        if (name && json && c.toolResult.status !== 'error') out.set(name, json.json);
      }
    }
  }
  return out;
}

/** The client's last message in the request's transcript. */
function lastClientMessage(messages: ModelMessage[]): string | null {
  const first = messages.find((m) => m.role === 'user');
  const text = first?.content.map((c) => ('text' in c ? c.text : '')).join('\n') ?? '';
  const lines = text.split('\n').filter((l) => l.startsWith(CLIENT_LINE));
  return lines.length ? lines[lines.length - 1]!.slice(CLIENT_LINE.length).trim() : null;
}

/** Whether a message asks for goods: a quantity beside a product word ("manda 10 cx de água"). */
function looksLikeOrder(text: string): boolean {
  return /\b(\d+|uma?|dois|duas|tr[eê]s|quatro|cinco|seis|dez|doze|meia)\s*(cx|caixas?|fd|fardos?|un|und|unidades?|pct|pacotes?|kg|quilos?|dz|d[uú]zias?)\b/i.test(text) || /\b(manda|mande|quero|preciso|traz|envia)\b.*\d/i.test(text);
}

/** How the client is greeted: its nickname whole ('Bom Preço', not 'Bom'), else its name as registered. */
const firstName = (s: Summary) => (s.client?.nickname?.trim() || (s.client?.name ?? '').trim());

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

const brl = (v: string) => `R$ ${Number(v).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function compose(summary: Summary, lines: DraftLine[] | null, last: string | null): string {
  const name = firstName(summary);
  const parts: string[] = [name ? `Olá, ${name}! Tudo bem?` : 'Olá! Tudo bem?'];
  if (lines && lines.length) {
    const found = lines.filter((l) => l.match);
    const missing = lines.filter((l) => !l.match);
    if (found.length) parts.push(`Anotei seu pedido: ${listOf(found.map((l) => `${l.quantity} × ${l.match!.name}`))}. Já vou separar e te confirmo em seguida.`);
    if (missing.length) parts.push(`Não encontrei ${listOf(missing.map((l) => `"${l.source}"`))} no catálogo: pode me dizer a marca ou o tamanho?`);
  } else if (last) {
    parts.push('Recebi sua mensagem. Em que posso te ajudar hoje?');
  }
  const usual = (summary.usual ?? []).slice(0, 2).map((u) => u.name);
  if (usual.length) parts.push(`Aproveitando: faz um tempo que você não leva ${listOf(usual)}. Quer que eu inclua no pedido?`);
  const overdue = summary.titles?.overdueCount ?? 0;
  if (overdue > 0 && summary.titles?.overdueValue) {
    parts.push(`Ah, e consta ${overdue === 1 ? 'um título vencido' : `${overdue} títulos vencidos`} (${brl(summary.titles.overdueValue)}). Se já pagou, por favor desconsidere.`);
  }
  return parts.join(' ');
}

export class LocalModel implements ModelPort {
  readonly kind = 'local' as const;
  readonly modelId = null;

  async converse(request: ModelRequest): Promise<ModelAnswer> {
    const results = toolResults(request.messages);
    const tools = new Set(request.tools.map((t) => t.name));
    // Each tool asked once: one that answered an error is not asked again.
    const asked = new Set(request.messages.flatMap((m) => m.content.flatMap((c) => ('toolUse' in c ? [c.toolUse.name] : []))));
    const last = lastClientMessage(request.messages);
    const turn = request.messages.length;
    let content: ModelContent[];
    let stopReason: ModelAnswer['stopReason'];
    if (tools.has('client_summary') && !asked.has('client_summary')) {
      content = [{ toolUse: { toolUseId: `local-${turn}-summary`, name: 'client_summary', input: {} } }];
      stopReason = 'tool_use';
    } else if (tools.has('draft_order') && !asked.has('draft_order') && last && looksLikeOrder(last)) {
      content = [{ toolUse: { toolUseId: `local-${turn}-draft`, name: 'draft_order', input: { text: last } } }];
      stopReason = 'tool_use';
    } else {
      const draft = results.get('draft_order') as { lines?: DraftLine[] } | undefined;
      content = [{ text: compose((results.get('client_summary') ?? {}) as Summary, draft?.lines ?? null, last) }];
      stopReason = 'end_turn';
    }
    const message: ModelMessage = { role: 'assistant', content };
    const inputTokens = estimate(request);
    const outputTokens = estimate(content);
    return { message, stopReason, usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens } };
  }
}
