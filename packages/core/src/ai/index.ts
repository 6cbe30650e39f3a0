import { AiAcceptInput, AiDraftRequest, AiSettingsInput, AiTexts, type AiAccepted, type AiClientSummary, type AiModel, type AiSuggestion, type AiUsage } from '@ev/shared/schemas/ai';
import { Clock, timestamp } from '../clock';
import { authorize, currentUserActor } from '../context';
import { notFound } from '../db/records';
import { transact } from '../db/tx';
import { DomainError, fieldError } from '../errors';
import { newId } from '../ids';
import { Logs } from '../logs';
import { Messages } from '../messages';
import { Ports } from '../ports';
import { Sales } from '../sales';
import { Scope, ScopeRules } from '../scope';
import { parseInput } from '../validation';
import { budget, catalogue, converse, firstRequest, readOrder, type ToolScope } from './assistant';
import type { CatalogueIndex } from './matching';
import { AiRepository, publicSuggestion, type AiSuggestionRecord } from './repository';
import { clientSummary } from './summary';

export { AI_DEFAULT_BUDGET } from './assistant';

/**
 * The AI area's assistant (issue 46, docs/ai.md): beside a WhatsApp conversation of `/ai`, the
 * client's summary, a suggested reply (through the model port, with tools run in the user's scope),
 * a draft order read from a message, and their acceptance. It never sends or closes: a reply
 * accepted goes to the user's answer box, a draft accepted becomes a sales draft for order entry.
 * Every suggestion and acceptance is stored and audited. Reading the area is read on `mensagens`
 * (conversations are messages); the budget's settings are the administrators' (`admin`), and a
 * draft's acceptance also needs create on `vendas`.
 */

/** How long a draft's acceptance may take between its claim and its draft before the claim counts as left behind (a server stopped midway). */
const STALE_CLAIM_MS = 2 * 60_000;

const noClient = () => new DomainError('ai.no_client', AiTexts.noClient(), 'conflict');

/** The model that answers, as the API shows it. */
function modelOf(): AiModel {
  const m = Ports.model();
  return { kind: m.kind, modelId: m.modelId };
}

/** A conversation the user may see (404 otherwise), read without marking it read. */
const conversationOf = (phone: string) => Messages.conversationForAssistant(phone);

/** The tools of one request: the conversation's client only, the catalogue read once. */
function toolScope(clientId: string): ToolScope {
  let index: Promise<CatalogueIndex> | undefined;
  let summary: Promise<AiClientSummary> | undefined;
  return {
    summary: () => (summary ??= clientSummary(clientId)),
    catalogue: () => (index ??= catalogue()),
  };
}

async function store(record: AiSuggestionRecord): Promise<AiSuggestion> {
  await transact([AiRepository.createStep(record), ...Logs.auditSteps('ai.suggestion', { suggestionId: record.id, kind: record.kind, phone: record.phone, clientId: record.clientId, tokens: record.tokens, model: record.model.kind })]);
  return publicSuggestion(record);
}

function newSuggestion(fields: Pick<AiSuggestionRecord, 'kind' | 'phone' | 'clientId' | 'salesmanId' | 'text' | 'lines' | 'model' | 'tokens'>): AiSuggestionRecord {
  return { id: newId(), ...fields, createdAt: timestamp(), acceptedAt: null, draftId: null, userId: currentUserActor().userId, acceptedBy: null, acceptedText: null };
}

async function usage(): Promise<AiUsage> {
  authorize('read', 'mensagens');
  const b = await budget();
  return { month: b.month, used: b.used, limit: b.limit, model: modelOf() };
}

/** The company's monthly budget (administrators, as the messaging account). */
async function updateSettings(input: unknown): Promise<AiUsage> {
  authorize('update', 'admin');
  const data = parseInput(AiSettingsInput, input);
  const { userId } = currentUserActor();
  await transact([AiRepository.settingsStep({ monthlyTokenBudget: data.monthlyTokenBudget, updatedAt: timestamp(), updatedBy: userId }), ...Logs.auditSteps('ai.settings', { monthlyTokenBudget: data.monthlyTokenBudget })]);
  const b = await budget();
  return { month: b.month, used: b.used, limit: b.limit, model: modelOf() };
}

/** GET /ai/conversations/{phone}/summary: the conversation's client (409 without one). */
async function summary(phone: string): Promise<AiClientSummary> {
  authorize('read', 'mensagens');
  const chat = await conversationOf(phone);
  if (!chat.clientId) throw noClient();
  return clientSummary(chat.clientId);
}

/** POST /ai/conversations/{phone}/draft-order: a message read as draft lines (no model: the parser and the catalogue). */
async function draftOrder(phone: string, input: unknown): Promise<AiSuggestion> {
  authorize('read', 'mensagens');
  const { text } = parseInput(AiDraftRequest, input);
  const chat = await conversationOf(phone);
  const lines = readOrder(await catalogue(), text);
  return store(newSuggestion({ kind: 'draft', phone: chat.phone, clientId: chat.clientId, salesmanId: chat.salesmanId, text: null, lines, model: { kind: 'local', modelId: null }, tokens: 0 }));
}

/** POST /ai/conversations/{phone}/reply-suggestion: the model's reply, with its tools in the user's scope. */
async function replySuggestion(phone: string): Promise<AiSuggestion> {
  authorize('read', 'mensagens');
  const chat = await conversationOf(phone);
  if (!chat.clientId) throw noClient();
  const { text, tokens } = await converse(firstRequest(chat.messages), toolScope(chat.clientId));
  return store(newSuggestion({ kind: 'reply', phone: chat.phone, clientId: chat.clientId, salesmanId: chat.salesmanId, text, lines: [], model: modelOf(), tokens }));
}

/** A suggestion of the company the user may see: his own, or one of a conversation in his scope (404 otherwise). */
async function visibleSuggestion(id: string): Promise<AiSuggestionRecord> {
  const [record, scope] = await Promise.all([AiRepository.suggestion(id), Scope.current(ScopeRules.owned, 'mensagens')]);
  if (!record) throw notFound();
  if (record.userId !== currentUserActor().userId && !(scope.kind === 'all' || (record.clientId !== null && Scope.includes(scope, record.salesmanId)))) throw notFound();
  return record;
}

/**
 * POST /ai/suggestions/{id}/accept: the user took the suggestion, once (a second acceptance, or two
 * at once, 409: a conditional write). A reply: the text as left (the user sends it himself). A
 * draft: a sales draft for the conversation's client, each line at the price the order entry
 * gives it (`Sales.catalogue`); lines with no price for the client are left out.
 */
async function accept(id: string, input: unknown): Promise<AiAccepted> {
  authorize('read', 'mensagens');
  const data = parseInput(AiAcceptInput, input);
  const record = await visibleSuggestion(id);
  if (data.kind !== record.kind) throw new DomainError('validation', AiTexts.suggestionKind(), 'validation', { fields: [fieldError('kind', AiTexts.suggestionKind())] });
  // A draft's claim left without its draft this long ago: the server stopped between the two; taken again.
  const staleBefore = timestamp(Clock.now() - STALE_CLAIM_MS);
  const stale = record.kind === 'draft' && !record.draftId && record.acceptedAt !== null && record.acceptedAt < staleBefore;
  if (record.acceptedAt && !stale) throw new DomainError('ai.suggestion_used', AiTexts.suggestionUsed(), 'conflict');
  const { userId } = currentUserActor();
  if (data.kind === 'reply') {
    const at = timestamp();
    await transact([AiRepository.acceptStep(id, at, userId, data.text), ...Logs.auditSteps('ai.accept', { suggestionId: id, kind: 'reply', edited: data.text !== record.text })]);
    return { suggestion: publicSuggestion({ ...record, acceptedAt: at, acceptedBy: userId }), draftId: null };
  }
  authorize('create', 'vendas');
  if (!record.clientId) throw noClient();
  const clientId = record.clientId;
  const ids = [...new Set(data.lines.map((l) => l.productId))];
  const priced = new Map((await Sales.catalogue({ clientId, productIds: ids })).items.map((i) => [i.productId, i.price]));
  const items = data.lines.flatMap((l) => {
    const price = priced.get(l.productId);
    return price ? [{ productId: l.productId, quantity: l.quantity, unitPrice: price }] : [];
  });
  if (!items.length) throw new DomainError('validation', AiTexts.noLines(), 'validation', { fields: [fieldError('lines', AiTexts.noLines())] });
  // The claim first: of two acceptances at once one wins, so one draft is made.
  const at = timestamp();
  await transact([AiRepository.acceptStep(id, at, userId, null, staleBefore)]);
  let draftId: string;
  try {
    draftId = (await Sales.createDraft({ clientId, items })).id;
  } catch (e) {
    await transact([AiRepository.releaseStep(id, at)]).catch(() => undefined);
    throw e;
  }
  await transact([AiRepository.draftStep(id, draftId), ...Logs.auditSteps('ai.accept', { suggestionId: id, kind: 'draft', saleId: draftId, lines: items.length, leftOut: data.lines.length - items.length })]);
  return { suggestion: publicSuggestion({ ...record, acceptedAt: at, acceptedBy: userId, draftId }), draftId };
}

export const Ai = { usage, updateSettings, summary, draftOrder, replySuggestion, accept };
