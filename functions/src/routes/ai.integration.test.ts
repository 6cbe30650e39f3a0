import { Clock, timestamp } from '@ev/core/clock';
import { AiRepository } from '@ev/core/ai/repository';
import { transact } from '@ev/core/db/tx';
import { runAs } from '@ev/core/context';
import { applyWebhook } from '@ev/core/messages';
import { Ports } from '@ev/core/ports';
import { Provisioning } from '@ev/core/provisioning/index';
import { ModelError, type ModelAnswer, type ModelPort, type ModelRequest } from '@ev/core/ports/model';
import { LocalModel } from '@ev/core/ports/model-local';
import { BedrockModel } from '@ev/core/ports/bedrock';
import { say, startBedrock, useTool } from '@ev/core/ports/testing/bedrock-server';
import { ApiTexts } from '@ev/shared/messages';
import { AiTexts } from '@ev/shared/schemas/ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfDigits } from '../testing/documents';
import { salesWorld } from '../testing/sales';
import { makeWorld, PASSWORD, poster, type World } from '../testing/world';

/**
 * The AI area's assistant through HTTP (issue 46, docs/ai.md): the client summary of a conversation,
 * a salesman's scope, the draft order read from a message and accepted into a sales draft (once,
 * even when two accept at once), the suggested reply through the model port, the monthly token
 * budget stopping calls, and the privacy of the request the model receives.
 */

/** A real adapter around the local one that keeps every request it is given (what a model would receive). */
class RecordingModel implements ModelPort {
  readonly kind = 'local' as const;
  readonly modelId = null;
  readonly requests: ModelRequest[] = [];
  private readonly inner = new LocalModel();
  converse(request: ModelRequest): Promise<ModelAnswer> {
    this.requests.push(structuredClone(request));
    return this.inner.converse(request);
  }
}

const DAY = 86_400_000;
let sc: Awaited<ReturnType<typeof salesWorld>>;
let b: World;
let adminB: string;
const ids = {} as Record<'agua' | 'acucar' | 'arroz' | 'detergente' | 'x' | 'y' | 'zeta', string>;
const PHONE_X = '5514991230101';
const PHONE_Y = '5514991230202';
const PHONE_UNKNOWN = '5511977770000';
const PHONE_ZETA = '5514991230303';
const DOC_Y = cpfDigits(610_220_330);
const DOC_ZETA = cpfDigits(610_220_440);
let inbound = 0;
/** Sessions started after their profiles were given the messages subject. */
let vera: string;
let otavio: string;
let ana: string;

/** A client's WhatsApp text, as the webhook's queue message applies it. */
async function write(tenantId: string, from: string, text: string, name = 'Cliente') {
  await runAs({ tenantId }, () => applyWebhook({ events: [{ kind: 'inbound', id: `inbound:wamid.AI${++inbound}`, from, name, text, at: new Date(Clock.now()).toISOString() }] }));
}

const api = (method: string, path: string, token: string, body?: unknown) => sc.api(method, path, { token, body });

beforeAll(async () => {
  [sc, b] = await Promise.all([salesWorld('IA Alfa'), makeWorld('IA Beta')]);
  adminB = (await b.login(b.admin.email)).accessToken;
  const [agua, acucar, arroz, detergente] = await Promise.all([
    sc.product('Água Mineral sem Gás 500ml', '14.40', '500', { package: 'FD 12X500ML' }),
    sc.product('Açúcar Refinado 1kg', '49.90', '500', { package: 'FD 10X1KG' }),
    sc.product('Arroz Tipo 1 5kg', '139.00', '500', { package: 'FD 6X5KG' }),
    sc.product('Detergente Líquido Neutro 500ml', '38.90', '500', { package: 'CX 24X500ML' }),
  ]);
  Object.assign(ids, { agua, acucar, arroz, detergente });
  const client = (name: string, phone1: string, salesmanId: string, document: string) =>
    sc.post('/api/clients', { name, nickname: name.split(' ')[1], email: `${phone1}@mercado.com.br`, document, birthDate: '1990-05-05', salesmanId, phone1 });
  const [x, y] = await Promise.all([client('Mercearia Xavier Ltda', '14991230101', sc.w.salesman.id, cpfDigits(610_220_110)), client('Padaria Ypsilon Ltda', '14991230202', sc.w.otherSalesman.id, DOC_Y)]);
  const zeta = await poster(adminB)('/api/clients', { name: 'Empório Zeta Beta', nickname: 'Zeta', document: DOC_ZETA, birthDate: '1990-05-05', phone1: '14991230303' });
  Object.assign(ids, { x: x.id, y: y.id, zeta: zeta.id });
  // A product of B with the same words: were B's catalogue read, it would be matched.
  const unitB = await poster(adminB)('/api/units', { name: 'UN Beta' });
  await poster(adminB)('/api/products', { ref: 'BETA-1', name: 'Água Mineral sem Gás 500ml Exclusiva Beta', unitId: unitB.id });

  // X's history: three closed sales 30 days apart (90, 60 and 30 days ago); water in the first two only.
  const now = Clock.now();
  try {
    for (const [days, items] of [
      [90, [{ productId: agua, quantity: '10', unitPrice: '14.40' }, { productId: acucar, quantity: '5', unitPrice: '49.90' }]],
      [60, [{ productId: agua, quantity: '8', unitPrice: '14.40' }, { productId: acucar, quantity: '5', unitPrice: '49.90' }]],
      [30, [{ productId: acucar, quantity: '4', unitPrice: '49.90' }, { productId: arroz, quantity: '2', unitPrice: '139.00' }]],
    ] as const) {
      Clock.set(() => now - days * DAY);
      await sc.closed(x.id, [...items]);
    }
  } finally {
    Clock.reset();
  }

  // X's last visit: closed with its occurrence.
  const [type, occurrence] = await Promise.all([sc.post('/api/schedulings-types', { name: 'Visita IA', type: 'visit' }), sc.post('/api/occurrences-types', { name: 'Pedido tirado', type: 'schedulings' })]);
  const visit = await sc.post<{ id: string; version: number }>('/api/schedulings', { clientId: x.id, typeId: type.id, salesmanId: sc.w.salesman.id, date: Clock.today('America/Sao_Paulo') });
  const started = await api('POST', `/api/schedulings/${visit.id}/start`, sc.tokens.salesman, { version: visit.version });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const closed = await api('POST', `/api/schedulings/${visit.id}/close`, sc.tokens.salesman, { version: started.body.version, occurrenceTypeId: occurrence.id, closingObservations: 'Cliente pediu catálogo novo' });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);

  // The conversations: X's, Y's, an unknown number's (company A), Zeta's (company B).
  await write(sc.w.tenant.id, PHONE_X, 'Bom dia! Tudo certo?', 'Xavier');
  await write(sc.w.tenant.id, PHONE_X, 'manda 10 caixas de água 500ml e 5 fardos de açúcar', 'Xavier');
  await write(sc.w.tenant.id, PHONE_Y, 'Quero 3 fardos de arroz', 'Ypsilon');
  await write(sc.w.tenant.id, PHONE_UNKNOWN, 'Quem fala?', 'Desconhecido');
  await write(b.tenant.id, PHONE_ZETA, 'manda 2 fd de água', 'Zeta');

  // The salesman's profile is given the messages subject (as on the permissions screen).
  const profile = (await api('GET', `/api/profiles/${sc.w.salesman.profileId}`, sc.tokens.admin)).body;
  const saved = await api('PUT', `/api/profiles/${profile.id}`, sc.tokens.admin, { name: profile.name, rules: [...profile.rules, { action: ['create', 'read'], subject: 'mensagens' }], financialReleaseAuthorizer: profile.financialReleaseAuthorizer, version: profile.version });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  // An attendant who answers the company's conversations and reads sales, but takes no orders.
  const reader = await sc.post('/api/profiles', { name: 'Atendimento', rules: [{ action: 'read', subject: 'auth' }, { action: 'read', subject: ['mensagens', 'clientes', 'vendas'] }] });
  const attendant = await Provisioning.addUser(sc.w.tenant.id, { email: `atendimento@${sc.w.domain}`, password: PASSWORD, name: 'Ana Atendente', profileId: reader.id, branchIds: sc.w.branches.map((x) => x.id) });
  [vera, otavio, ana] = (await Promise.all([sc.w.salesman, sc.w.otherSalesman, attendant].map(async (u) => (await sc.w.login(u.email)).accessToken))) as [string, string, string];
});

afterAll(() => {
  Ports.set({ model: new LocalModel() });
});

describe('the client summary', () => {
  it('reads the conversation’s client: its purchases and rhythm, titles, last visit, and the usual products it has not bought lately', async () => {
    const res = await api('GET', `/api/ai/conversations/${PHONE_X}/summary`, sc.tokens.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = res.body;
    expect(s.client).toMatchObject({ id: ids.x, name: 'Mercearia Xavier Ltda', nickname: 'Xavier', salesmanName: 'Vera Vendedora' });
    expect(s.purchases.last).toHaveLength(3);
    expect(s.purchases.rhythmDays).toBe(30);
    // The last purchase 30 days ago, at a 30-day rhythm: expected today.
    expect(s.purchases.nextExpected).toBe(Clock.today('America/Sao_Paulo'));
    // Water came in two of three sales (every 45 days at that rhythm) and not for 60 days; sugar came in all three, last 30 days ago.
    expect(s.usual.map((u: { productId: string }) => u.productId)).toEqual([ids.agua]);
    expect(s.usual[0]).toMatchObject({ orders: 2, daysSince: 60, lastQuantity: '8' });
    // The titles: a recount of the client's financial position.
    const position = await sc.financial(ids.x);
    const overdue = position.installments.filter((i: { status: string }) => i.status === 'overdue');
    expect(overdue.length).toBeGreaterThan(0);
    expect(s.titles).toMatchObject({ overdueCount: overdue.length, overdueValue: position.totals.expired, openValue: position.totals.open });
    expect(s.lastVisit).toMatchObject({ status: 'completed', occurrence: 'Pedido tirado', notes: 'Cliente pediu catálogo novo' });
  });

  it('answers 409 for a number with no client, 404 for a number that is no conversation', async () => {
    const res = await api('GET', `/api/ai/conversations/${PHONE_UNKNOWN}/summary`, sc.tokens.admin);
    expect([res.status, res.body.message]).toEqual([409, AiTexts.noClient().message]);
    expect((await api('GET', '/api/ai/conversations/5511900000000/summary', sc.tokens.admin)).status).toBe(404);
  });
});

describe('a salesman’s scope', () => {
  it('sees the assistant for his own clients’ conversations only; without the messages subject, none', async () => {
    expect((await api('GET', `/api/ai/conversations/${PHONE_X}/summary`, vera)).status).toBe(200);
    expect((await api('GET', `/api/ai/conversations/${PHONE_Y}/summary`, vera)).status).toBe(404);
    expect((await api('GET', `/api/ai/conversations/${PHONE_UNKNOWN}/summary`, vera)).status).toBe(404);
    expect((await api('POST', `/api/ai/conversations/${PHONE_Y}/draft-order`, vera, { text: '3 fd arroz' })).status).toBe(404);
    expect((await api('POST', `/api/ai/conversations/${PHONE_Y}/reply-suggestion`, vera)).status).toBe(404);
    // A suggestion on Y's conversation (the administrator's) is not hers to accept.
    const others = await api('POST', `/api/ai/conversations/${PHONE_Y}/draft-order`, sc.tokens.admin, { text: '3 fd arroz' });
    expect(others.status).toBe(201);
    expect((await api('POST', `/api/ai/suggestions/${others.body.id}/accept`, vera, { kind: 'draft', lines: [{ productId: ids.arroz, quantity: '3' }] })).status).toBe(404);
    // Otávio, Y's salesman: Y's conversation is his, X's is not.
    expect((await api('GET', `/api/ai/conversations/${PHONE_Y}/summary`, otavio)).body.client.id).toBe(ids.y);
    expect((await api('GET', `/api/ai/conversations/${PHONE_X}/summary`, otavio)).status).toBe(404);
    // A profile without the messages subject (the manager's preset): the area is closed.
    const res = await api('GET', `/api/ai/conversations/${PHONE_X}/summary`, sc.tokens.supervisor);
    expect([res.status, res.body.message]).toEqual([403, ApiTexts.forbidden().message]);
  });
});

describe('the draft order', () => {
  it('reads a message into lines matched in the catalogue, and its acceptance makes a sales draft at the entry’s prices, once', async () => {
    const res = await api('POST', `/api/ai/conversations/${PHONE_X}/draft-order`, vera, { text: 'manda 10 caixas de água 500ml e 5 fardos de açúcar' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const s = res.body;
    expect(s).toMatchObject({ kind: 'draft', phone: PHONE_X, clientId: ids.x, tokens: 0, acceptedAt: null, draftId: null });
    expect(s.lines.map((l: { quantity: string; unitWord: string; match: { productId: string } }) => [l.quantity, l.unitWord, l.match.productId])).toEqual([
      ['10', 'caixas', ids.agua],
      ['5', 'fardos', ids.acucar],
    ]);
    expect(s.lines[0].match.confidence).toBeGreaterThanOrEqual(80);

    const blank = await api('POST', `/api/ai/conversations/${PHONE_X}/draft-order`, vera, { text: '  ' });
    expect([blank.status, blank.body.fields?.[0]?.field]).toEqual([400, 'text']);
    const wrongKind = await api('POST', `/api/ai/suggestions/${s.id}/accept`, vera, { kind: 'reply', text: 'oi' });
    expect([wrongKind.status, wrongKind.body.message]).toEqual([400, AiTexts.suggestionKind().message]);

    const lines = [{ productId: ids.agua, quantity: '10' }, { productId: ids.acucar, quantity: '5' }];
    const accepted = await api('POST', `/api/ai/suggestions/${s.id}/accept`, vera, { kind: 'draft', lines });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.suggestion.acceptedAt).not.toBeNull();
    const draft = await sc.read(accepted.body.draftId);
    expect(draft).toMatchObject({ status: 'typing', clientId: ids.x });
    expect(draft.items.map((i: { productId: string; quantity: string; unitPrice: string }) => [i.productId, i.quantity, i.unitPrice])).toEqual([
      [ids.agua, '10', '14.4000'],
      [ids.acucar, '5', '49.9000'],
    ]);
    const again = await api('POST', `/api/ai/suggestions/${s.id}/accept`, vera, { kind: 'draft', lines });
    expect([again.status, again.body.message]).toEqual([409, AiTexts.suggestionUsed().message]);
  });

  it('two acceptances at once make one draft', async () => {
    const s = (await api('POST', `/api/ai/conversations/${PHONE_X}/draft-order`, vera, { text: '2 fd arroz 5kg' })).body;
    const drafts = async () => (await api('GET', `/api/sales?drafts=true&clientId=${ids.x}&limit=100`, sc.tokens.admin)).body.items.length;
    const before = await drafts();
    const body = { kind: 'draft', lines: [{ productId: ids.arroz, quantity: '2' }] };
    const both = await Promise.all([api('POST', `/api/ai/suggestions/${s.id}/accept`, vera, body), api('POST', `/api/ai/suggestions/${s.id}/accept`, vera, body)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await drafts()).toBe(before + 1);
  });

  it('a draft’s claim left without its draft (the server stopped between the two) is taken again after two minutes, not before', async () => {
    const s = (await api('POST', `/api/ai/conversations/${PHONE_X}/draft-order`, vera, { text: '1 fd arroz 5kg' })).body;
    const userId = sc.w.salesman.id;
    // What a server stopped right after the claim leaves: the suggestion accepted, no draft.
    const claim = (ago: number) => runAs({ tenantId: sc.w.tenant.id }, () => transact([AiRepository.acceptStep(s.id, timestamp(Date.now() - ago), userId, null)]));
    const body = { kind: 'draft', lines: [{ productId: ids.arroz, quantity: '1' }] };
    await claim(10_000);
    const early = await api('POST', `/api/ai/suggestions/${s.id}/accept`, vera, body);
    expect([early.status, early.body.message]).toEqual([409, AiTexts.suggestionUsed().message]);
    await runAs({ tenantId: sc.w.tenant.id }, async () => {
      const left = await AiRepository.suggestion(s.id);
      await transact([AiRepository.releaseStep(s.id, left!.acceptedAt!)]);
    });
    await claim(3 * 60_000);
    const late = await api('POST', `/api/ai/suggestions/${s.id}/accept`, vera, body);
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(late.body.draftId).toEqual(expect.any(String));
    // Taken once more, it is used now.
    expect((await api('POST', `/api/ai/suggestions/${s.id}/accept`, vera, body)).status).toBe(409);
  });

  it('refuses an acceptance without its kind, or a line with no quantity, on the field, and accepts nothing', async () => {
    const s = (await api('POST', `/api/ai/conversations/${PHONE_X}/draft-order`, vera, { text: '1 fd arroz 5kg' })).body;
    const none = await api('POST', `/api/ai/suggestions/${s.id}/accept`, vera, { lines: [{ productId: ids.arroz, quantity: '1' }] });
    expect([none.status, none.body.fields?.[0]?.field]).toEqual([400, 'kind']);
    const zero = await api('POST', `/api/ai/suggestions/${s.id}/accept`, vera, { kind: 'draft', lines: [{ productId: ids.arroz, quantity: '0' }] });
    expect([zero.status, zero.body.fields?.[0]?.field]).toEqual([400, 'lines.0.quantity']);
    // Still open: a right one is taken.
    expect((await api('POST', `/api/ai/suggestions/${s.id}/accept`, vera, { kind: 'draft', lines: [{ productId: ids.arroz, quantity: '1' }] })).status).toBe(200);
  });

  it('needs create on sales to accept a draft', async () => {
    const made = await api('POST', `/api/ai/conversations/${PHONE_X}/draft-order`, ana, { text: '1 cx detergente' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const s = made.body;
    expect(s.lines[0].match.productId).toBe(ids.detergente);
    // The attendant reads messages and sales but creates none.
    const res = await api('POST', `/api/ai/suggestions/${s.id}/accept`, ana, { kind: 'draft', lines: [{ productId: ids.detergente, quantity: '1' }] });
    expect([res.status, res.body.message]).toEqual([403, ApiTexts.forbidden().message]);
    // Refused, it is not used: its user may still accept it.
    expect((await api('POST', `/api/ai/suggestions/${s.id}/accept`, sc.tokens.admin, { kind: 'draft', lines: [{ productId: ids.detergente, quantity: '1' }] })).status).toBe(200);
  });
});

describe('the suggested reply and the budget', () => {
  it('answers from the tools through the model port, counts its tokens, and is accepted once', async () => {
    const before = (await api('GET', '/api/ai/usage', vera)).body;
    expect(before).toMatchObject({ limit: 2_000_000, model: { kind: 'local', modelId: null } });
    const res = await api('POST', `/api/ai/conversations/${PHONE_X}/reply-suggestion`, vera);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ kind: 'reply', clientId: ids.x, model: { kind: 'local', modelId: null } });
    // Greeted by name, the order acknowledged with the catalogue's products, the water it misses offered, the overdue titles mentioned.
    expect(res.body.text).toMatch(/^Olá, Xavier!/);
    expect(res.body.text).toContain('10 × Água Mineral sem Gás 500ml');
    expect(res.body.text).toContain('5 × Açúcar Refinado 1kg');
    expect(res.body.text).toMatch(/títulos? vencidos?/);
    expect(res.body.tokens).toBeGreaterThan(0);
    const after = (await api('GET', '/api/ai/usage', vera)).body;
    expect(after.used - before.used).toBe(res.body.tokens);

    const ok = await api('POST', `/api/ai/suggestions/${res.body.id}/accept`, vera, { kind: 'reply', text: `${res.body.text} Abraço!` });
    expect([ok.status, ok.body.draftId]).toEqual([200, null]);
    expect((await api('POST', `/api/ai/suggestions/${res.body.id}/accept`, vera, { kind: 'reply', text: 'de novo' })).status).toBe(409);
  });

  it('stops calls when the month’s tokens reach the limit; only administrators set it', async () => {
    expect((await api('PUT', '/api/ai/settings', vera, { monthlyTokenBudget: 5000 })).status).toBe(403);
    const invalid = await api('PUT', '/api/ai/settings', sc.tokens.admin, { monthlyTokenBudget: 10 });
    expect([invalid.status, invalid.body.fields?.[0]]).toEqual([400, { field: 'monthlyTokenBudget', message: AiTexts.budgetInvalid().message }]);
    expect((await api('GET', '/api/ai/usage', sc.tokens.admin)).body.limit).not.toBe(10);
    expect((await api('POST', `/api/ai/conversations/${PHONE_X}/reply-suggestion`, vera)).status).toBe(201);
    const used = (await api('GET', '/api/ai/usage', sc.tokens.admin)).body.used;
    expect(used).toBeGreaterThan(1000);
    const set = await api('PUT', '/api/ai/settings', sc.tokens.admin, { monthlyTokenBudget: 1000 });
    expect(set.body).toMatchObject({ limit: 1000, used });
    const stopped = await api('POST', `/api/ai/conversations/${PHONE_X}/reply-suggestion`, vera);
    expect([stopped.status, stopped.body.message]).toEqual([429, AiTexts.budgetExhausted().message]);
    expect(Number(stopped.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api('GET', '/api/ai/usage', sc.tokens.admin)).body.used).toBe(used);
    // The draft order uses no model: it goes on.
    expect((await api('POST', `/api/ai/conversations/${PHONE_X}/draft-order`, vera, { text: '1 fd arroz' })).status).toBe(201);
    // No limit: it answers again.
    expect((await api('PUT', '/api/ai/settings', sc.tokens.admin, { monthlyTokenBudget: null })).body.limit).toBeNull();
    expect((await api('POST', `/api/ai/conversations/${PHONE_X}/reply-suggestion`, vera)).status).toBe(201);
  });
});

describe('a model that fails', () => {
  it('answers 503 when the model is unavailable or keeps asking for tools; its calls’ tokens still count', async () => {
    const before = (await api('GET', '/api/ai/usage', sc.tokens.admin)).body.used;
    Ports.set({ model: { kind: 'bedrock', modelId: 'modelo-de-teste', converse: () => Promise.reject(new ModelError('Too many requests', true, 'ThrottlingException')) } });
    try {
      const res = await api('POST', `/api/ai/conversations/${PHONE_X}/reply-suggestion`, vera);
      expect([res.status, res.body.message]).toEqual([503, AiTexts.modelUnavailable().message]);
      expect((await api('GET', '/api/ai/usage', sc.tokens.admin)).body.used).toBe(before);
      // A model asking for the summary again and again: stopped after 4 calls, each counted.
      let calls = 0;
      Ports.set({
        model: {
          kind: 'bedrock',
          modelId: 'modelo-de-teste',
          converse: async () => ({ message: { role: 'assistant', content: [{ toolUse: { toolUseId: `t${++calls}`, name: 'client_summary', input: {} } }] }, stopReason: 'tool_use', usage: { inputTokens: 90, outputTokens: 10, totalTokens: 100 } }),
        },
      });
      const looping = await api('POST', `/api/ai/conversations/${PHONE_X}/reply-suggestion`, vera);
      expect([looping.status, calls]).toEqual([503, 4]);
      expect((await api('GET', '/api/ai/usage', sc.tokens.admin)).body).toMatchObject({ used: before + 400, model: { kind: 'bedrock', modelId: 'modelo-de-teste' } });
    } finally {
      Ports.set({ model: new LocalModel() });
    }
  });
});

describe('privacy', () => {
  it('gives the model only the asking user’s conversation’s client and company: never another client’s or company’s data', async () => {
    const recording = new RecordingModel();
    Ports.set({ model: recording });
    try {
      const res = await api('POST', `/api/ai/conversations/${PHONE_X}/reply-suggestion`, sc.tokens.admin);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    } finally {
      Ports.set({ model: new LocalModel() });
    }
    expect(recording.requests.length).toBeGreaterThanOrEqual(2);
    const sent = JSON.stringify(recording.requests);
    // X's own data are there (the tool's result): the client, its purchases, the catalogue's water.
    expect(sent).toContain('Mercearia Xavier Ltda');
    expect(sent).toContain(ids.agua);
    // Y (another client of the company, in the administrator's scope), B's company and B's client: never.
    for (const foreign of ['Padaria Ypsilon', DOC_Y, ids.y, 'Quero 3 fardos de arroz', 'Empório Zeta Beta', DOC_ZETA, ids.zeta, 'manda 2 fd de água', 'Exclusiva Beta', 'IA Beta', b.tenant.id, 'Quem fala?']) {
      expect(sent).not.toContain(foreign);
    }
  });

  it('on Bedrock (a local server speaking Converse): the signed request carries the conversation and the tool’s result of its client only, and its tokens count', async () => {
    const credentials = { accessKeyId: 'AKIAEXEMPLOTESTE0002', secretAccessKey: 'segredo-de-teste-do-assistente/0123456789abcdef' };
    const bedrock = await startBedrock({ credentials });
    Ports.set({ model: new BedrockModel({ modelId: 'global.anthropic.claude-haiku-4-5-20251001-v1:0', region: 'sa-east-1', endpoint: bedrock.url, credentials, timeoutMs: 5000, throttleRetryMs: 0 }) });
    try {
      const before = (await api('GET', '/api/ai/usage', sc.tokens.admin)).body.used;
      bedrock.answer(useTool('client_summary', {}, { usage: { inputTokens: 900, outputTokens: 20, totalTokens: 920 } }), say('Olá, Xavier! Separo o pedido e te confirmo.', { inputTokens: 1400, outputTokens: 30, totalTokens: 1430 }));
      const res = await api('POST', `/api/ai/conversations/${PHONE_X}/reply-suggestion`, sc.tokens.admin);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ kind: 'reply', text: 'Olá, Xavier! Separo o pedido e te confirmo.', tokens: 2350, model: { kind: 'bedrock', modelId: 'global.anthropic.claude-haiku-4-5-20251001-v1:0' } });
      expect((await api('GET', '/api/ai/usage', sc.tokens.admin)).body.used).toBe(before + 2350);
      // What left for the model, as Bedrock received it: two signed Converse calls, the second with the summary's result.
      expect(bedrock.seen).toHaveLength(2);
      const sent = bedrock.seen.map((r) => r.raw).join('\n');
      expect(bedrock.seen[1]!.body.messages.at(-1)!.content[0]).toMatchObject({ toolResult: { status: 'success' } });
      expect(sent).toContain('Mercearia Xavier Ltda');
      for (const foreign of ['Padaria Ypsilon', DOC_Y, ids.y, 'Quero 3 fardos de arroz', 'Empório Zeta Beta', DOC_ZETA, ids.zeta, 'manda 2 fd de água', 'Exclusiva Beta', 'IA Beta', b.tenant.id, 'Quem fala?']) {
        expect(sent).not.toContain(foreign);
      }
    } finally {
      Ports.set({ model: new LocalModel() });
      await bedrock.close();
    }
  });
});
