import { describe, expect, it } from 'vitest';
import type { ModelRequest } from './model';
import { LocalModel } from './model-local';

const tools = ['client_summary', 'catalogue_search', 'draft_order'].map((name) => ({ name, description: name, inputSchema: { type: 'object' } }));
const ask = (text: string): ModelRequest => ({ system: 'Responda como vendedor.', messages: [{ role: 'user', content: [{ text: `Conversa:\nEmpresa: Olá!\nCliente: ${text}\n\nEscreva a próxima resposta.` }] }], tools, maxTokens: 600 });

describe('the local model adapter', () => {
  it('asks for the client summary, then the draft order of an order message, then answers from their results', async () => {
    const model = new LocalModel();
    const request = ask('manda 10 cx de água e 5 fd de açúcar');
    const first = await model.converse(request);
    expect(first.stopReason).toBe('tool_use');
    expect(first.message.content).toEqual([{ toolUse: { toolUseId: expect.any(String), name: 'client_summary', input: {} } }]);
    const summaryId = 'toolUse' in first.message.content[0]! ? first.message.content[0].toolUse.toolUseId : '';
    request.messages.push(first.message, { role: 'user', content: [{ toolResult: { toolUseId: summaryId, content: [{ json: { client: { name: 'Mercearia Xavier', nickname: 'Xavier' }, titles: { overdueCount: 1, overdueValue: '120.50' }, usual: [{ name: 'Arroz Tipo 1 5kg', daysSince: 60 }] } }] } }] });

    const second = await model.converse(request);
    expect(second.message.content).toEqual([{ toolUse: { toolUseId: expect.any(String), name: 'draft_order', input: { text: 'manda 10 cx de água e 5 fd de açúcar' } } }]);
    const draftId = 'toolUse' in second.message.content[0]! ? second.message.content[0].toolUse.toolUseId : '';
    request.messages.push(second.message, { role: 'user', content: [{ toolResult: { toolUseId: draftId, content: [{ json: { lines: [{ source: '10 cx de água', quantity: '10', match: { name: 'Água Mineral sem Gás 500ml' } }, { source: '5 fd de açúcar', quantity: '5', match: null }] } }] } }] });

    const last = await model.converse(request);
    expect(last.stopReason).toBe('end_turn');
    const text = 'text' in last.message.content[0]! ? last.message.content[0].text : '';
    expect(text).toBe('Olá, Xavier! Tudo bem? Anotei seu pedido: 10 × Água Mineral sem Gás 500ml. Já vou separar e te confirmo em seguida. Não encontrei "5 fd de açúcar" no catálogo: pode me dizer a marca ou o tamanho? Aproveitando: faz um tempo que você não leva Arroz Tipo 1 5kg. Quer que eu inclua no pedido? Ah, e consta um título vencido (R$ 120,50). Se já pagou, por favor desconsidere.');
    // An estimate: a token per 4 characters of the request and of the answer.
    expect(last.usage.inputTokens).toBe(Math.ceil(JSON.stringify(request).length / 4));
    expect(last.usage.totalTokens).toBe(last.usage.inputTokens + last.usage.outputTokens);
  });

  it('answers a message that is no order without the draft order', async () => {
    const model = new LocalModel();
    const request = ask('Bom dia, tudo bem?');
    const first = await model.converse(request);
    const id = 'toolUse' in first.message.content[0]! ? first.message.content[0].toolUse.toolUseId : '';
    request.messages.push(first.message, { role: 'user', content: [{ toolResult: { toolUseId: id, content: [{ json: { client: { name: 'Padaria Central', nickname: null }, titles: { overdueCount: 0 }, usual: [] } }] } }] });
    const last = await model.converse(request);
    expect(last.message.content).toEqual([{ text: 'Olá, Padaria Central! Tudo bem? Recebi sua mensagem. Em que posso te ajudar hoje?' }]);
  });

  it('greets a client by its whole nickname, not its first word', async () => {
    const model = new LocalModel();
    const request = ask('Bom dia!');
    const first = await model.converse(request);
    const id = 'toolUse' in first.message.content[0]! ? first.message.content[0].toolUse.toolUseId : '';
    request.messages.push(first.message, { role: 'user', content: [{ toolResult: { toolUseId: id, content: [{ json: { client: { name: 'Mercearia Bom Preço Ltda', nickname: 'Bom Preço' }, titles: { overdueCount: 0 }, usual: [] } }] } }] });
    const last = await model.converse(request);
    expect(last.message.content).toEqual([{ text: 'Olá, Bom Preço! Tudo bem? Recebi sua mensagem. Em que posso te ajudar hoje?' }]);
  });
});
