import { dailyLimitOf, MessageTexts, MessagingAccountUpdate, parameterCount, TEMPLATE_EDITS, TemplateInput, TemplatesQuery, TemplateUpdate, type ConnectionCheck, type MessageTemplate, type MessagingAccount, type MessagingState } from '@ev/shared/schemas/messages';
import { timestampMs } from '@ev/shared/calendar';
import { searchTerms, words } from '@ev/shared/text';
import { z } from 'zod';
import { Clock, timestamp } from '../clock';
import { authorize, currentActor, currentUserActor, runAs } from '../context';
import { notFound, versionConflict, withoutKeys } from '../db/records';
import { transact } from '../db/tx';
import { DomainError, fieldError } from '../errors';
import { newId } from '../ids';
import { Logs } from '../logs';
import { ProviderError, templateComponents, type TemplateSubmission } from '../ports/whatsapp';
import { seal } from '../secrets';
import { parseInput } from '../validation';
import { Scope, ScopeRules } from '../scope';
import { failureOf, type WebhookEvent } from './webhook';
import { whatsappNumber } from './numbers';
import { EventSeen, MessagesRepository, TEMPLATE_STORED_ONLY, type AccountRecord, type TemplateRecord } from './repository';
import { configured, dailyTierOf, providerFor, publicAccount, readyAccount, receiveWebhook, sealContext, verifyTokenOf } from './account';
import { applyStatus, Batches } from './batches';
import { applyChatStatus, applyInbound, Replies } from './replies';
import { Contacts } from './contacts';

export { WEBHOOK_JOB } from './account';
export { RELEASE_JOB, releaseHeld, SEND_JOB, sendChunk } from './batches';

/**
 * WhatsApp messaging (issue 16, docs/messages.md). This part: the provider account (settings,
 * administrators), the templates, the webhook's events; the sends are in ./batches.ts.
 */

/** A field of the account's form, answered as the API answers a validation error. */
function invalid(field: string, said: ReturnType<typeof MessageTexts.accessToken>): DomainError {
  const error = fieldError(field, said);
  return new DomainError('validation', said, 'validation', { fields: [error] });
}

/** A provider's refusal as the API answers it: its reason in the user's language (503 when it did not answer). */
function providerRefusal(e: unknown): never {
  if (!(e instanceof ProviderError)) throw e;
  if (e.code === null || e.retryable) throw new DomainError('messages.unavailable', MessageTexts.unreachable(), 'unavailable');
  throw new DomainError('messages.refused', MessageTexts.templateRefused({ reason: e.metaError ? `${failureOf(e.metaError).message} ${e.title}`.trim() : e.title }), 'validation');
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * When an approved template may be edited again (null: now): a day after its last edit, or once
 * ten edits of 30 days have aged out (`monthFull`: that is what holds it).
 */
function editLock(t: TemplateRecord, now: number = Clock.now()): { until: number; monthFull: boolean } | null {
  if (t.status !== 'approved') return null;
  const edits = t.approvedEdits.map(timestampMs).sort((a, b) => a - b);
  const inMonth = edits.filter((at) => at > now - TEMPLATE_EDITS.monthDays * DAY);
  const last = edits.at(-1);
  const day = last === undefined ? 0 : last + TEMPLATE_EDITS.perDayHours * HOUR;
  const monthFull = inMonth.length >= TEMPLATE_EDITS.perMonth;
  const until = monthFull ? Math.max(day, inMonth[inMonth.length - TEMPLATE_EDITS.perMonth]! + TEMPLATE_EDITS.monthDays * DAY) : day;
  return until > now ? { until, monthFull } : null;
}

/** A template as the API answers it: without Meta's id and the bookkeeping, with Meta's components and when it may be edited. */
function publicTemplate(t: TemplateRecord): MessageTemplate {
  const rest = withoutKeys(t, TEMPLATE_STORED_ONLY);
  const lock = editLock(t);
  return { ...rest, components: templateComponents(t) as Record<string, unknown>[], editableFrom: lock ? timestamp(lock.until) : null };
}

/** The template's content as submitted to the provider (the schema's output: examples only as many as the parameters). */
function submission(t: TemplateInput): TemplateSubmission {
  return { name: t.name, category: t.category, language: t.language, header: t.header, headerExample: t.header?.includes('{{') ? t.headerExample : null, body: t.body, bodyExamples: t.bodyExamples.slice(0, parameterCount(t.body)), footer: t.footer, buttons: t.buttons };
}

async function storedTemplate(id: string): Promise<TemplateRecord> {
  const t = await MessagesRepository.template(id);
  if (!t) throw notFound();
  return t;
}

/** A webhook delivery's events, as the queue carries them. */
const WebhookJob = z.object({ events: z.array(z.custom<WebhookEvent>((v) => typeof v === 'object' && v !== null && 'kind' in v && 'id' in v)) });

/** How long a status waits for its message to be written before it is taken for another sender's. */
const FOREIGN_AFTER_MS = 15 * 60_000;

/** An event whose record is not stored yet (Meta's answer can arrive before our write): the queue tries again later. */
export class EventTooEarly extends DomainError {
  constructor(what: string) {
    super('messages.event_too_early', `Webhook event for ${what} arrived before its record`, 'conflict');
  }
}

/**
 * Applies one delivery's events, each once: its id is claimed in the transaction of its effects,
 * so a repeated delivery changes nothing. System caller: the `messages.webhook` queue message.
 */
export async function applyWebhook(payload: unknown): Promise<void> {
  const { events } = parseInput(WebhookJob, payload);
  for (const event of events) {
    const claim = MessagesRepository.eventClaimStep(event.id, Clock.seconds());
    try {
      if (event.kind === 'template') {
        const template = await MessagesRepository.templateByProvider(event.providerTemplateId);
        if (!template) throw new EventTooEarly(`template ${event.providerTemplateId}`);
        await transact([claim, MessagesRepository.templateReviewStep(template.id, { status: event.status, rejectedReason: event.reason, reviewedAt: timestamp() })]);
      } else if (event.kind === 'status') {
        const pointer = await MessagesRepository.messagePointer(event.messageId);
        const failure = event.failure?.message ?? null;
        const applied = !pointer ? 'unknown' : pointer.batchId === undefined ? await applyChatStatus(pointer, claim, event.status, failure) : await applyStatus(pointer, claim, event.status, failure);
        if (applied === 'unknown') {
          // A message sent outside this product (Meta's panel, another app on the number) is never
          // ours: after a quarter of an hour its statuses are let go instead of retried.
          if (Clock.now() - Date.parse(event.at) > FOREIGN_AFTER_MS) await transact([claim]);
          else throw new EventTooEarly(`message ${event.messageId}`);
        }
      } else {
        await applyInbound(event, claim);
      }
    } catch (e) {
      if (!(e instanceof EventSeen)) throw e;
    }
  }
}

/** A new template of the company, submitted to its provider: pending until Meta's review comes by webhook. */
async function writeTemplate(input: unknown, tenantId: string, userId: string): Promise<MessageTemplate> {
  const data = parseInput(TemplateInput, input);
  const account = await readyAccount();
  if ((await MessagesRepository.templates()).some((t) => t.name === data.name && t.language === data.language)) {
    throw new DomainError('conflict.template_name', MessageTexts.templateTaken(), 'conflict', { fields: [fieldError('name', MessageTexts.templateTaken())] });
  }
  const content = submission(data);
  const provider = providerFor(tenantId, account);
  const submitted = await provider.submitTemplate(content).catch(providerRefusal);
  const now = timestamp();
  const record: TemplateRecord = {
    id: newId(),
    ...content,
    status: submitted.status,
    rejectedReason: null,
    providerId: submitted.providerId,
    submittedAt: now,
    reviewedAt: submitted.status === 'pending' ? null : now,
    approvedEdits: [],
    createdAt: now,
    createdBy: userId,
    updatedAt: now,
    updatedBy: userId,
    version: 1,
  };
  await transact(MessagesRepository.templateCreateSteps(record));
  await provider.flush?.();
  return publicTemplate(record);
}

export const Messages = {
  /** The provider account as the administrator sees it (never the token or the secret). */
  async account(): Promise<MessagingAccount> {
    authorize('read', 'admin');
    const { tenantId } = currentUserActor();
    return publicAccount(tenantId, await MessagesRepository.account());
  },

  /**
   * Saves the provider account over the version read. The token and the secret are sealed; left
   * empty, the stored ones stay. The Cloud API needs both before the first save.
   */
  async updateAccount(input: unknown): Promise<MessagingAccount> {
    authorize('update', 'admin');
    const data = parseInput(MessagingAccountUpdate, input);
    const { tenantId, userId } = currentUserActor();
    const before = await MessagesRepository.account();
    if ((before?.version ?? null) !== (data.version ?? null)) throw versionConflict();
    const accessToken = data.accessToken ? seal(data.accessToken, sealContext(tenantId, 'accessToken')) : (before?.accessToken ?? null);
    const appSecret = data.appSecret ? seal(data.appSecret, sealContext(tenantId, 'appSecret')) : (before?.appSecret ?? null);
    if (data.provider === 'cloud' && !accessToken) throw invalid('accessToken', MessageTexts.accessToken());
    if (data.provider === 'cloud' && !appSecret) throw invalid('appSecret', MessageTexts.appSecret());
    const cloud = data.provider === 'cloud';
    const sameNumber = before && before.provider === data.provider && before.phoneNumberId === (cloud ? data.phoneNumberId : null) && !data.accessToken;
    const after: Omit<AccountRecord, 'version'> = {
      provider: data.provider,
      phoneNumberId: cloud ? (data.phoneNumberId ?? null) : null,
      businessAccountId: cloud ? (data.businessAccountId ?? null) : null,
      accessToken: cloud ? accessToken : null,
      appSecret: cloud ? appSecret : null,
      dailyTier: data.dailyTier,
      // Another provider, number or token: the last test said nothing of this one.
      lastCheck: sameNumber ? (before.lastCheck ?? null) : null,
      updatedAt: timestamp(),
      updatedBy: userId,
    };
    await transact([MessagesRepository.accountSaveStep(after, before?.version ?? null)]);
    Logs.info('messaging account saved', { provider: after.provider });
    return publicAccount(tenantId, { ...after, version: (before?.version ?? 0) + 1 });
  },

  /**
   * "Test the connection": asks the provider for the number and its daily tier, and keeps the
   * answer (or why it failed, in the user's language) with the account.
   */
  async testConnection(): Promise<MessagingAccount> {
    authorize('update', 'admin');
    const { tenantId } = currentUserActor();
    const account = await readyAccount();
    let check: ConnectionCheck;
    try {
      const answer = await providerFor(tenantId, account).check();
      check = { at: timestamp(), ok: true, phone: answer.phone, name: answer.name, tier: answer.tier, reason: null };
    } catch (e) {
      if (!(e instanceof ProviderError)) throw e;
      const reason = e.code === null ? MessageTexts.unreachable().message : failureOf(e.metaError).message;
      check = { at: timestamp(), ok: false, phone: null, name: null, tier: null, reason };
    }
    await transact([MessagesRepository.checkStep(check, account.version)]);
    return publicAccount(tenantId, { ...account, lastCheck: check });
  },

  /** What the screens that send need: whether the account is set up, which provider, the daily limit. */
  async state(): Promise<MessagingState> {
    authorize('read', 'mensagens');
    const account = await MessagesRepository.account();
    return { configured: configured(account), provider: account?.provider ?? null, dailyLimit: dailyLimitOf(dailyTierOf(account)) };
  },

  /** The company's templates by name (a search by words of the name and the body, a status). */
  async templates(query: unknown): Promise<{ items: MessageTemplate[]; nextCursor: null }> {
    authorize('read', 'mensagens');
    const q = parseInput(TemplatesQuery, query);
    const terms = searchTerms(q.q);
    const items = (await MessagesRepository.templates())
      .filter((t) => !q.status || t.status === q.status)
      .filter((t) => {
        if (!terms.length) return true;
        const own = words(`${t.name} ${t.body}`);
        return terms.every((term) => own.some((w) => w.startsWith(term)));
      })
      .sort((a, b) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language));
    return { items: items.map(publicTemplate), nextCursor: null };
  },

  async template(id: string): Promise<MessageTemplate> {
    authorize('read', 'mensagens');
    return publicTemplate(await storedTemplate(id));
  },

  /** Writes a template and submits it to the provider: pending until Meta's review comes by webhook. */
  async createTemplate(input: unknown): Promise<MessageTemplate> {
    authorize('create', 'mensagens');
    const { tenantId, userId } = currentUserActor();
    return writeTemplate(input, tenantId, userId);
  },

  // For the operator's area (compare and copy setups, docs/admin.md): system functions, no permission check.

  /** The company's templates as stored (their content, status and review), by name. */
  async templatesOfCompany(): Promise<MessageTemplate[]> {
    return (await MessagesRepository.templates()).sort((a, b) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language)).map(publicTemplate);
  },
  /** 409 with the module's text unless the company can submit templates (its WhatsApp account set up). */
  async assertReady(): Promise<void> {
    await readyAccount();
  },
  /** A template copied from another company: written and submitted to this company's account, for its own review. */
  async copyTemplate(input: unknown, by: string): Promise<MessageTemplate> {
    return writeTemplate(input, currentActor().tenantId, by);
  },

  /**
   * A new version of the template's text, reviewed again (pending). As Meta allows: not while in
   * review; an approved one once a day and ten times in 30 days; name, language and category never.
   */
  async updateTemplate(id: string, input: unknown): Promise<MessageTemplate> {
    authorize('update', 'mensagens');
    const data = parseInput(TemplateUpdate, input);
    const { tenantId, userId } = currentUserActor();
    const before = await storedTemplate(id);
    if (before.version !== data.version) throw versionConflict();
    for (const field of ['name', 'language', 'category'] as const) {
      if (data[field] !== before[field]) throw new DomainError('validation', MessageTexts.templateFixed(), 'validation', { fields: [fieldError(field, MessageTexts.templateFixed())] });
    }
    if (before.status === 'pending') throw new DomainError('messages.template_in_review', MessageTexts.templateInReview(), 'conflict');
    const lock = editLock(before);
    if (lock) {
      const when = timestamp(lock.until);
      throw new DomainError('messages.template_edit_limit', lock.monthFull ? MessageTexts.templateEditsMonth() : MessageTexts.templateEditedToday({ when }), 'conflict', { details: { editableFrom: when } });
    }
    const account = await readyAccount();
    const content = submission(data);
    const provider = providerFor(tenantId, account);
    await provider.editTemplate(before.providerId, content).catch(providerRefusal);
    const now = timestamp();
    const after: TemplateRecord = {
      ...before,
      ...content,
      status: 'pending',
      rejectedReason: null,
      submittedAt: now,
      reviewedAt: null,
      approvedEdits: before.status === 'approved' ? [...before.approvedEdits, now].slice(-TEMPLATE_EDITS.perMonth) : before.approvedEdits,
      updatedAt: now,
      updatedBy: userId,
      version: before.version + 1,
    };
    await transact([MessagesRepository.templateUpdateStep(before, after)]);
    await provider.flush?.();
    return publicTemplate(after);
  },

  /** Deletes the template at the provider and here (Meta keeps an approved template's name for 30 days). */
  async deleteTemplate(id: string): Promise<MessageTemplate> {
    authorize('delete', 'mensagens');
    const { tenantId } = currentUserActor();
    const template = await storedTemplate(id);
    const account = await MessagesRepository.account();
    if (configured(account)) {
      await providerFor(tenantId, account)
        .deleteTemplate(template.providerId, template.name)
        .catch((e: unknown) => {
          // Already gone at Meta (deleted in its panel): deleted here too.
          if (e instanceof ProviderError && e.code === 100) return;
          providerRefusal(e);
        });
    }
    await transact(MessagesRepository.templateDeleteSteps(template));
    return publicTemplate(template);
  },

  /**
   * Meta's verification of a webhook being registered (`hub.mode=subscribe`, the verify token):
   * the challenge to answer, or null (the route answers 403). System caller: a public route.
   */
  async webhookChallenge(tenantId: string, query: { mode?: string; token?: string; challenge?: string }): Promise<string | null> {
    if (query.mode !== 'subscribe' || !query.challenge || query.token !== verifyTokenOf(tenantId)) return null;
    const account = await runAs({ tenantId }, () => MessagesRepository.account());
    return account ? query.challenge : null;
  },

  /** A delivery to the company's webhook (system caller: a public route). */
  receiveWebhook,

  /** What a send would do (each recipient's message, the skipped and why, the daily limit). */
  async previewBatch(input: unknown) {
    authorize('create', 'mensagens');
    const account = await readyAccount();
    return Batches.preview(input, dailyLimitOf(dailyTierOf(account)));
  },
  /** A send: the batch written and queued (409 without a configured provider). */
  async createBatch(input: unknown) {
    authorize('create', 'mensagens');
    const account = await readyAccount();
    return Batches.create(input, dailyLimitOf(dailyTierOf(account)));
  },
  batches: Batches.list,
  batch: Batches.get,
  recipients: Batches.recipients,
  conversations: Replies.list,
  conversation: Replies.get,
  /**
   * For the assistant (the ai module, docs/ai.md): a conversation the user may see (as `conversation`
   * checks it: 404 otherwise), its client and its latest messages (oldest first), without marking it read.
   */
  async conversationForAssistant(phone: string, limit = 30): Promise<{ phone: string; clientId: string | null; clientName: string | null; contactName: string | null; salesmanId: string | null; messages: { direction: 'in' | 'out'; text: string; at: string }[] }> {
    authorize('read', 'mensagens');
    const number = whatsappNumber(phone);
    const [chat, scope] = await Promise.all([MessagesRepository.chat(number).then((c) => c ?? (number === phone ? undefined : MessagesRepository.chat(phone))), Scope.current(ScopeRules.owned, 'mensagens')]);
    if (!chat || !(scope.kind === 'all' || (chat.kind === 'known' && Scope.includes(scope, chat.salesmanId)))) throw notFound();
    const entries = await MessagesRepository.chatEntries(chat.phone, limit);
    return { phone: chat.phone, clientId: chat.clientId, clientName: chat.clientName, contactName: chat.contactName, salesmanId: chat.salesmanId, messages: entries.map((e) => ({ direction: e.direction, text: e.text, at: e.at })) };
  },
  reply: Replies.reply,
  contacts: Contacts.list,
  linkContact: Contacts.link,
  blockContact: Contacts.block,
  async resendBatch(id: string) {
    authorize('create', 'mensagens');
    await readyAccount();
    return Batches.resend(id);
  },
};
