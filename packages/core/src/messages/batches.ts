import { BatchesQuery, BatchInput, MESSAGE_BATCH_MAX, MessageTexts, parameterCount, fillParameters, type BatchPreview, type BatchRecipient, type MessageBatch, type MessageStatus, MESSAGE_STATUSES, type ParameterValue, type RecipientStatus, type SkippedClient } from '@ev/shared/schemas/messages';
import { addDays } from '@ev/shared/calendar';
import { mobileOf } from '@ev/shared/schemas/clients';
import { Clients, type ClientRecord } from '../clients/index';
import { Clock, timestamp } from '../clock';
import { authorize, currentUserActor, runAs } from '../context';
import { notFound, withoutKeys } from '../db/records';
import { DomainError, fieldError } from '../errors';
import { env } from '../env';
import { newId } from '../ids';
import { nextValue } from '../db/counters';
import { transact, type TxStep } from '../db/tx';
import { leaseSecondsOf } from '../ports/job-families';
import { Ports } from '../ports/index';
import { ProviderError } from '../ports/whatsapp';
import { Scope, ScopeRules, type RecordScope } from '../scope';
import { Tenants } from '../tenants/index';
import { Users } from '../users/index';
import { parseInput } from '../validation';
import { BATCH_STORED_ONLY, emptyCounts, MessagesRepository, PENDING_STATUSES, type BatchRecord, type RecipientRecord, type TemplateRecord } from './repository';
import { sendingAccount } from './account';
import { whatsappNumber } from './numbers';
import { failureOf, nextStatus } from './webhook';
import { followChatStatus, recordSent } from './replies';

/**
 * Sends (issue 16 item 3, docs/messages.md "Sending"): an approved template to up to 300 clients.
 * The batch is written once, then fanned out through the queue in chunks; each recipient is
 * claimed before its send, so a retried or repeated chunk never sends twice; the daily tier of
 * unique recipients holds the rest for the next day.
 */

/** A chunk of a batch's recipients to send (the `messages` job family). */
export const SEND_JOB = 'messages.send';
/** The recipients held for a day that has come, queued again (on a schedule, and at `npm start`). */
export const RELEASE_JOB = 'messages.release';
const CHUNK = 25;

function batchScope(): Promise<RecordScope> {
  return Scope.current(ScopeRules.owned, 'mensagens');
}

/** The recipients chosen (those the user may see) or those of the clients' filter: at most 300. */
async function clientsOf(input: BatchInput): Promise<ClientRecord[]> {
  if (input.clientIds?.length) {
    const scope = await Clients.scope();
    const found = await Clients.findMany([...new Set(input.clientIds)]);
    const byId = new Map(found.filter((c) => Scope.includes(scope, c.salesmanId)).map((c) => [c.id, c]));
    return input.clientIds.filter((id, i, all) => all.indexOf(id) === i).flatMap((id) => byId.get(id) ?? []);
  }
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await Clients.list({ ...input.filter, limit: 100, ...(cursor ? { cursor } : {}) });
    ids.push(...page.items.map((c) => c.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor && ids.length <= MESSAGE_BATCH_MAX);
  if (ids.length > MESSAGE_BATCH_MAX) throw new DomainError('validation', MessageTexts.limit({ max: MESSAGE_BATCH_MAX }), 'validation', { fields: [fieldError('filter', MessageTexts.limit({ max: MESSAGE_BATCH_MAX }))] });
  if (!ids.length) throw new DomainError('validation', MessageTexts.noClients(), 'validation', { fields: [fieldError('clientIds', MessageTexts.noClients())] });
  const found = new Map((await Clients.findMany(ids)).map((c) => [c.id, c]));
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** One parameter's value for a client (the demo's past sends use it too). */
export function valueOf(p: ParameterValue, c: ClientRecord, salesmen: Map<string, string>): string {
  switch (p.source) {
    case 'name':
      return c.name;
    case 'nickname':
      return c.nickname || c.name;
    case 'city':
      return (c.addresses.find((a) => a.main) ?? c.addresses[0])?.city ?? '';
    case 'salesman':
      return c.salesmanId ? (salesmen.get(c.salesmanId) ?? '') : '';
    case 'text':
      return p.text ?? '';
  }
}

interface Built {
  template: TemplateRecord;
  recipients: (Pick<RecipientRecord, 'clientId' | 'clientName' | 'phone' | 'values'> & { body: string; header: string | null })[];
  skipped: SkippedClient[];
}

/** The template (approved), each client's values and message, and who is skipped with why. */
async function build(input: BatchInput): Promise<Built> {
  const template = await MessagesRepository.template(input.templateId);
  if (!template || template.status !== 'approved') throw new DomainError('validation', MessageTexts.templateNotApproved(), 'validation', { fields: [fieldError('templateId', MessageTexts.templateNotApproved())] });
  const headerCount = template.header ? parameterCount(template.header) : 0;
  const bodyCount = parameterCount(template.body);
  if ((headerCount > 0) !== !!input.header || input.body.length !== bodyCount) {
    const said = MessageTexts.parameterSources({ count: headerCount + bodyCount });
    throw new DomainError('validation', said, 'validation', { fields: [fieldError('body', said)] });
  }
  const clients = await clientsOf(input);
  const salesmanIds = [...new Set(clients.flatMap((c) => (c.salesmanId ? [c.salesmanId] : [])))];
  const salesmen = new Map(
    input.body.some((p) => p.source === 'salesman') || input.header?.source === 'salesman'
      ? (await Promise.all(salesmanIds.map((id) => Users.record(id)))).flatMap((u) => (u ? [[u.id, u.nickname || u.name] as [string, string]] : []))
      : [],
  );
  const recipients: Built['recipients'] = [];
  const skipped: SkippedClient[] = [];
  const phones = new Set<string>();
  // A number blocked in the contacts is not written to (one BatchGet of the mobiles' conversations).
  const mobiles = [...new Set(clients.flatMap((c) => mobileOf(c) ?? []).map(whatsappNumber))];
  const blocked = new Set((await MessagesRepository.chats(mobiles)).filter((chat) => chat.blocked).map((chat) => chat.phone));
  for (const c of clients) {
    const phone = mobileOf(c);
    const skip = (reason: SkippedClient['reason']) => skipped.push({ clientId: c.id, name: c.name, reason });
    if (!phone) skip('noMobile');
    else if (blocked.has(whatsappNumber(phone))) skip('blocked');
    else if (template.category === 'marketing' && c.marketingOptIn !== true) skip('noOptIn');
    else if (phones.has(phone)) skip('duplicate');
    else {
      const header = input.header ? valueOf(input.header, c, salesmen).trim() : null;
      const body = input.body.map((p) => valueOf(p, c, salesmen).trim());
      if (header === '' || body.some((v) => !v)) {
        skip('emptyValue');
        continue;
      }
      phones.add(phone);
      recipients.push({
        clientId: c.id,
        clientName: c.name,
        phone,
        values: { header, body },
        header: template.header ? fillParameters(template.header, header ? [header] : []) : null,
        body: fillParameters(template.body, body),
      });
    }
  }
  return { template, recipients, skipped };
}

/** Today and tomorrow in the company's time zone, and the daily limit's state. */
async function day(): Promise<{ today: string; tomorrow: string }> {
  const { timezone } = await Tenants.current();
  const today = Clock.today(timezone);
  return { today, tomorrow: addDays(today, 1) };
}

/**
 * Who of these recipients would pass today's limit: a number already sent to today takes no new
 * place (Meta counts unique recipients); the others take the places left, in order.
 */
async function todaysRoom(recipients: { clientId: string; phone: string }[], dailyLimit: number | null): Promise<{ sentToday: number; held: Set<string> }> {
  const { today } = await day();
  const [sentToday, counted] = await Promise.all([MessagesRepository.dayCount(today), MessagesRepository.countedOn(today, recipients.map((r) => r.phone))]);
  let room = dailyLimit === null ? Infinity : Math.max(0, dailyLimit - sentToday);
  const held = new Set<string>();
  for (const r of recipients) {
    if (counted.has(r.phone)) continue;
    if (room > 0) room--;
    else held.add(r.clientId);
  }
  return { sentToday, held };
}

/** A batch as the API answers it: without the parameters' sources and its list scopes. */
function publicBatch(b: BatchRecord): MessageBatch {
  return withoutKeys(b, BATCH_STORED_ONLY);
}

function publicRecipient(r: RecipientRecord): BatchRecipient {
  return { clientId: r.clientId, clientName: r.clientName, phone: r.phone, status: r.status, failure: r.failure, sendOn: r.sendOn, sentAt: r.sentAt, updatedAt: r.updatedAt };
}

/** A batch the user may see (its sender in the user's scope), or 404. */
async function visibleBatch(id: string): Promise<BatchRecord> {
  const [batch, scope] = await Promise.all([MessagesRepository.batch(id), batchScope()]);
  if (!batch || !Scope.includes(scope, batch.createdBy)) throw notFound();
  return batch;
}

/** Queues a batch's recipients in chunks (each chunk once per `round`). */
async function fanOut(tenantId: string, batchId: string, clientIds: string[], round: string): Promise<void> {
  for (let i = 0; i * CHUNK < clientIds.length; i++) {
    await Ports.queue().send({ type: SEND_JOB, tenantId, idempotencyKey: `send:${batchId}:${round}:${i}`, payload: { batchId, clientIds: clientIds.slice(i * CHUNK, (i + 1) * CHUNK) } });
  }
}

export const Batches = {
  /** What a send would do: each recipient's message, the skipped with their reasons, and the daily limit. */
  async preview(input: unknown, dailyLimit: number | null): Promise<BatchPreview> {
    authorize('create', 'mensagens');
    const data = parseInput(BatchInput, input);
    const built = await build(data);
    const { sentToday, held } = await todaysRoom(built.recipients, dailyLimit);
    return {
      recipients: built.recipients.map((r) => ({ clientId: r.clientId, name: r.clientName, phone: r.phone, header: r.header, body: r.body })),
      skipped: built.skipped,
      dailyLimit,
      sentToday,
      heldForTomorrow: held.size,
    };
  },

  /**
   * Writes the batch (its recipients queued, those past today's limit held for tomorrow) and
   * queues it in chunks. No recipient left: the spec's "none generated" (400).
   */
  async create(input: unknown, dailyLimit: number | null): Promise<MessageBatch> {
    authorize('create', 'mensagens');
    const data = parseInput(BatchInput, input);
    const actor = currentUserActor();
    const built = await build(data);
    if (!built.recipients.length) throw new DomainError('messages.none_generated', MessageTexts.noneGenerated(), 'validation', { details: { skipped: built.skipped } });
    const { tomorrow } = await day();
    const { held } = await todaysRoom(built.recipients, dailyLimit);
    const now = timestamp();
    const id = newId();
    const counts = emptyCounts();
    const recipients: RecipientRecord[] = built.recipients.map((r) => {
      const status: RecipientStatus = held.has(r.clientId) ? 'held' : 'queued';
      counts[status]++;
      return { batchId: id, clientId: r.clientId, clientName: r.clientName, phone: r.phone, values: r.values, status, failure: null, sendOn: status === 'held' ? tomorrow : null, messageId: null, sentAt: null, updatedAt: now };
    });
    const user = await Users.record(actor.userId);
    const batch: BatchRecord = {
      id,
      number: await nextValue('messageBatches'),
      templateId: built.template.id,
      templateName: built.template.name,
      category: built.template.category,
      language: built.template.language,
      createdAt: now,
      createdBy: actor.userId,
      createdByName: user?.nickname || user?.name || '',
      total: recipients.length,
      counts,
      skipped: built.skipped,
      state: 'pending',
      header: data.header ?? null,
      body: data.body,
      scopes: ['all', `sm#${actor.userId}`],
    };
    await MessagesRepository.createBatch(batch, recipients);
    await fanOut(actor.tenantId, id, recipients.filter((r) => r.status === 'queued').map((r) => r.clientId), 'first');
    return publicBatch(batch);
  },

  /** The batches the user may see (its own, its team's, or the company's), newest first: pending or sent. */
  async list(query: unknown): Promise<{ items: MessageBatch[]; nextCursor: string | null }> {
    authorize('read', 'mensagens');
    const q = parseInput(BatchesQuery, query);
    const scope = await batchScope();
    const state = q.state ?? 'pending';
    if (scope.kind === 'owners' && scope.ids.length === 0) return { items: [], nextCursor: null };
    const single = scope.kind === 'owners' && scope.ids.length === 1;
    const partition = single ? `sm#${scope.ids[0]}` : 'all';
    const owners = scope.kind === 'owners' && !single ? scope.ids : undefined;
    const page = await MessagesRepository.batchPage(partition, state, { cursor: q.cursor, limit: q.limit, query: `batches|${partition}|${state}|${owners?.join(',') ?? ''}` }, owners);
    const found = new Map((await MessagesRepository.batches(page.ids)).map((b) => [b.id, b]));
    return { items: page.ids.flatMap((id) => (found.has(id) ? [publicBatch(found.get(id)!)] : [])), nextCursor: page.nextCursor };
  },

  async get(id: string): Promise<MessageBatch> {
    authorize('read', 'mensagens');
    return publicBatch(await visibleBatch(id));
  },

  /** A batch's recipients with their status (and why one failed), by client name. */
  async recipients(id: string): Promise<{ items: BatchRecipient[] }> {
    authorize('read', 'mensagens');
    await visibleBatch(id);
    const items = await MessagesRepository.recipients(id);
    return { items: items.map(publicRecipient).sort((a, b) => a.clientName.localeCompare(b.clientName)) };
  },

  /** The batch's failed and undelivered recipients queued again (409 when none failed). */
  async resend(id: string): Promise<MessageBatch> {
    authorize('create', 'mensagens');
    const { tenantId } = currentUserActor();
    const batch = await visibleBatch(id);
    const failed = (await MessagesRepository.recipients(id)).filter((r) => r.status === 'failed' || r.status === 'undelivered');
    if (!failed.length) throw new DomainError('messages.nothing_to_resend', MessageTexts.nothingToResend(), 'conflict');
    if (batch.state === 'sent') await transact(MessagesRepository.reopenBatchSteps(batch));
    const again: string[] = [];
    for (const r of failed) {
      if (await MessagesRepository.moveRecipient(id, r.clientId, r.status, 'queued', { failure: null, messageId: null, updatedAt: timestamp() })) again.push(r.clientId);
    }
    await fanOut(tenantId, id, again, `resend-${Clock.now()}`);
    return publicBatch((await MessagesRepository.batch(id))!);
  },
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A batch none of whose recipients is on its way moves to the sent list. */
async function settleIfDone(batchId: string): Promise<void> {
  const batch = await MessagesRepository.batch(batchId);
  if (batch && batch.state === 'pending' && PENDING_STATUSES.every((s) => batch.counts[s] === 0)) await MessagesRepository.settleBatch(batch);
}

/**
 * One chunk of a batch (system caller: the `messages.send` queue message). Each recipient still
 * queued is claimed (queued → sending), counted in the day's unique recipients (held for tomorrow
 * when the day is full), then sent; a rate limit, or Meta not reached at all, puts it back and
 * fails the chunk, so the queue delivers it again later; a send Meta may have taken without
 * answering fails as "may have arrived" (never sent again by itself) and fails the chunk too;
 * Meta's refusal fails the recipient with the reason.
 */
export async function sendChunk(payload: unknown, job: { tenantId: string | null }): Promise<void> {
  const { batchId, clientIds } = payload as { batchId: string; clientIds: string[] };
  const tenantId = job.tenantId!;
  const { provider, dailyLimit } = await sendingAccount(tenantId);
  const { today, tomorrow } = await day();
  const batch = await MessagesRepository.batch(batchId);
  if (!batch) return;
  // What the conversations show of each message: the template's text with the client's values.
  const [template, clients] = await Promise.all([MessagesRepository.template(batch.templateId), Clients.findMany(clientIds)]);
  const clientOf = new Map(clients.map((c) => [c.id, { id: c.id, name: c.name, salesmanId: c.salesmanId ?? null }]));
  try {
    // The chunk's recipients read at once; each is claimed (queued → sending) before its send, so one
    // another delivery of this chunk took first is left to it.
    for (const r of await MessagesRepository.recipientsOf(batchId, clientIds)) {
      const { clientId } = r;
      if (r.status !== 'queued') continue;
      if (!(await MessagesRepository.moveRecipient(batchId, clientId, 'queued', 'sending', { updatedAt: timestamp() }))) continue;
      if ((await MessagesRepository.reserveDay(today, r.phone, dailyLimit)) === 'full') {
        await MessagesRepository.moveRecipient(batchId, clientId, 'sending', 'held', { sendOn: tomorrow, updatedAt: timestamp() }, [MessagesRepository.heldStep(tomorrow, batchId, clientId)]);
        continue;
      }
      try {
        const { messageId, waId } = await provider.sendTemplate(r.phone, { name: batch.templateName, language: batch.language }, r.values);
        const at = timestamp();
        const number = whatsappNumber(r.phone);
        const entry = { id: newId(), at, text: template ? fillParameters(template.body, r.values.body) : batch.templateName };
        await MessagesRepository.moveRecipient(batchId, clientId, 'sending', 'sent', { messageId, sentAt: at, updatedAt: at }, [MessagesRepository.messagePointerStep(messageId, batchId, clientId, { phone: number, at, id: entry.id })]);
        // In the number's conversation, with Meta's WhatsApp ID for it (it may lack a Brazilian mobile's ninth digit): the answers go to it.
        await recordSent(number, waId && waId !== r.phone ? waId : null, clientOf.get(clientId), entry);
        await provider.flush?.();
      } catch (e) {
        if (!(e instanceof ProviderError)) throw e;
        if (e.unanswered) {
          // Meta may have taken it (it answered late, or not in its words): never sent again by
          // itself. Failed as "may have arrived", for a person to check and send again; the rest
          // of the chunk waits for the queue's next delivery, Meta being slow now.
          await MessagesRepository.moveRecipient(batchId, clientId, 'sending', 'failed', { failure: MessageTexts.failUnanswered().message, updatedAt: timestamp() });
          throw e;
        }
        if (e.retryable) {
          // Nothing reached Meta (or it refused for now, in its words): the same send later is safe.
          await MessagesRepository.moveRecipient(batchId, clientId, 'sending', 'queued', { updatedAt: timestamp() });
          throw e;
        }
        const to: RecipientStatus = e.code === 131026 ? 'undelivered' : 'failed';
        await MessagesRepository.moveRecipient(batchId, clientId, 'sending', to, { failure: failureOf(e.metaError).message, updatedAt: timestamp() });
      }
      // A chunk's sends one after another, 10 a second by default: Meta's default throughput is 80
      // a second for the number, and five chunks at once (the queue's consumers) stay under it.
      if (env().WHATSAPP_SEND_INTERVAL_MS) await sleep(env().WHATSAPP_SEND_INTERVAL_MS);
    }
  } finally {
    await settleIfDone(batchId);
  }
}

/** The current company's held recipients whose day has come, queued again (system caller). */
export async function releaseHeldHere(tenantId: string): Promise<number> {
  const { today } = await day();
  const held = await MessagesRepository.heldUntil(today);
  const byBatch = new Map<string, string[]>();
  for (const h of held) {
    const heldDay = h.sk.split('#', 1)[0]!;
    const moved = await MessagesRepository.moveRecipient(h.batchId, h.clientId, 'held', 'queued', { sendOn: null, updatedAt: timestamp() }, [MessagesRepository.heldDoneStep(heldDay, h.batchId, h.clientId)]);
    if (moved) byBatch.set(h.batchId, [...(byBatch.get(h.batchId) ?? []), h.clientId]);
  }
  for (const [batchId, ids] of byBatch) await fanOut(tenantId, batchId, ids, `release-${today}`);
  return [...byBatch.values()].reduce((n, ids) => n + ids.length, 0);
}

/**
 * The current company's recipients a chunk left "sending" past its claim (the `messages` family's
 * lease: its consumer is surely gone, and another delivery of the chunk skips what is not queued),
 * failed with a reason saying the message may have gone, so the user checks before sending it
 * again by hand: the product itself never sends one twice. Their batches settle (system caller).
 */
export async function sweepInterruptedHere(): Promise<number> {
  const cutoff = timestamp(Clock.now() - leaseSecondsOf(SEND_JOB) * 1000);
  let swept = 0;
  let cursor: string | undefined;
  do {
    const page = await MessagesRepository.batchPage('all', 'pending', { limit: 100, cursor, query: 'messages.sweep' });
    for (const batch of await MessagesRepository.batches(page.ids)) {
      if (!batch.counts.sending) continue;
      for (const r of await MessagesRepository.recipients(batch.id)) {
        if (r.status !== 'sending' || r.updatedAt > cutoff) continue;
        if (await MessagesRepository.moveRecipient(batch.id, r.clientId, 'sending', 'failed', { failure: MessageTexts.failInterrupted().message, updatedAt: timestamp() })) swept += 1;
      }
      await settleIfDone(batch.id);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return swept;
}

/**
 * Every company's held recipients whose day has come, queued again, and its sends cut off by a
 * stopped consumer failed (`sweepInterruptedHere`). System caller: the schedule, and `npm start`.
 * Answers how many were released.
 */
export async function releaseHeld(): Promise<number> {
  let released = 0;
  for (const tenantId of await Tenants.ids()) {
    released += await runAs({ tenantId }, async () => {
      const n = await releaseHeldHere(tenantId);
      await sweepInterruptedHere();
      return n;
    });
  }
  return released;
}

/**
 * Meta's status for a batch's message (system caller: the webhook's queue message): the recipient
 * moves forward, never back, the batch's counts with it, in one transaction with the event's claim.
 * 'unknown' when the recipient's send is not written yet: the caller fails the delivery so the
 * queue brings it again.
 */
export async function applyStatus(pointer: { batchId: string; clientId: string; chatPhone?: string; entryAt?: string; entryId?: string }, claim: TxStep, incoming: MessageStatus, failure: string | null): Promise<'applied' | 'unknown'> {
  const r = await MessagesRepository.recipient(pointer.batchId, pointer.clientId);
  if (!r || !isSent(r.status)) return 'unknown';
  if (pointer.chatPhone && pointer.entryAt && pointer.entryId) await followChatStatus({ chatPhone: pointer.chatPhone, entryAt: pointer.entryAt, entryId: pointer.entryId }, incoming, failure);
  const to = nextStatus(r.status, incoming);
  const fields = to === r.status ? {} : { updatedAt: timestamp(), ...(to === 'failed' || to === 'undelivered' ? { failure } : {}) };
  return (await MessagesRepository.moveRecipient(pointer.batchId, pointer.clientId, r.status, to, fields, [claim])) ? 'applied' : 'unknown';
}

const isSent = (s: RecipientStatus): s is MessageStatus => (MESSAGE_STATUSES as readonly string[]).includes(s);
