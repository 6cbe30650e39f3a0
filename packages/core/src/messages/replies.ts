import { ConversationsQuery, fillParameters, MESSAGE_STATUSES, MessageTexts, REPLY_WINDOW_HOURS, ReplyInput, type Conversation, type ConversationEntry, type MessageStatus } from '@ev/shared/schemas/messages';
import { timestampMs } from '@ev/shared/calendar';
import { digits, searchTerms } from '@ev/shared/text';
import { Clients } from '../clients/index';
import { Clock, timestamp } from '../clock';
import { authorize, currentUserActor } from '../context';
import { notFound } from '../db/records';
import { transact, type TxStep } from '../db/tx';
import { DomainError, fieldError } from '../errors';
import { newId } from '../ids';
import { ProviderError, type SentMessage } from '../ports/whatsapp';
import { Scope, ScopeRules, type RecordScope } from '../scope';
import { parseInput } from '../validation';
import { providerFor, readyAccount } from './account';
import { ChatMoved, listOf, MessagesRepository, type ChatEntryRecord, type ChatList, type ChatRecord } from './repository';
import { localPhones, whatsappNumber } from './numbers';
import { failureOf, nextStatus } from './webhook';

/**
 * Replies (issue 16 item 5, docs/messages.md "Replies"): what clients write back, grouped by
 * number; a number that is a client's phone is that client's conversation, any other is kept apart
 * for review. An answer is free text inside Meta's 24-hour window, an approved template outside it.
 */

const HOUR = 3600_000;

function windowEndsAt(chat: Pick<ChatRecord, 'lastInboundAt'>): string | null {
  if (!chat.lastInboundAt) return null;
  const ends = timestampMs(chat.lastInboundAt) + REPLY_WINDOW_HOURS * HOUR;
  return ends > Clock.now() ? timestamp(ends) : null;
}

function publicChat(c: ChatRecord): Conversation {
  return { phone: c.phone, clientId: c.clientId, clientName: c.clientName, contactName: c.contactName, lastAt: c.lastAt, lastText: c.lastText, lastDirection: c.lastDirection, windowEndsAt: windowEndsAt(c), unread: c.unread, blocked: Boolean(c.blocked) };
}

const publicEntry = (e: ChatEntryRecord): ConversationEntry => ({ id: e.id, direction: e.direction, text: e.text, at: e.at, status: e.status, failure: e.failure });

/** Who sees a conversation: a client's, whoever sees the client's salesman's records; an unknown or blocked number, the company's users. */
export function visibleTo(scope: RecordScope, chat: Pick<ChatRecord, 'kind' | 'salesmanId' | 'blocked'>): boolean {
  if (scope.kind === 'all') return true;
  return chat.kind === 'known' && !chat.blocked && Scope.includes(scope, chat.salesmanId);
}

export const replyScope = () => Scope.current(ScopeRules.owned, 'mensagens');

/**
 * What a search looks for in the list pointers' `search` (docs/messages.md "Search"): a query
 * written as a phone ("(14) 99123-0077") is its digits, found anywhere in the number; otherwise
 * each word is the beginning of a word of the names (digits alone: anywhere in the number too).
 */
export function searchNeedles(q: string | undefined): string[] {
  if (!q) return [];
  if (/^[\d\s()+.-]+$/.test(q) && digits(q)) return [digits(q)];
  return searchTerms(q).map((t) => (/^\d+$/.test(t) ? t : ` ${t}`));
}

/**
 * The conversations with the client's name and salesman as the clients module has them now (a
 * client renamed or moved to another salesman since the last message): one BatchGet of the
 * clients; what changed is written back, with its list pointer, unless the conversation moved
 * meanwhile (its next read does it then).
 */
export async function fresh(chats: ChatRecord[]): Promise<ChatRecord[]> {
  const ids = [...new Set(chats.flatMap((c) => (c.clientId ? [c.clientId] : [])))];
  if (!ids.length) return chats;
  const clients = new Map((await Clients.findMany(ids)).map((c) => [c.id, c]));
  return Promise.all(
    chats.map(async (c) => {
      const client = c.clientId ? clients.get(c.clientId) : undefined;
      if (!client || (client.name === c.clientName && (client.salesmanId ?? null) === c.salesmanId)) return c;
      const after = { ...c, clientName: client.name, salesmanId: client.salesmanId ?? null };
      await transact(MessagesRepository.chatSteps(c, after)).catch((e: unknown) => {
        if (!(e instanceof ChatMoved)) throw e;
      });
      return after;
    }),
  );
}

/** Writes one message of a conversation (its summary and list place with it), reading again when another came meanwhile. */
export async function record(phone: string, change: (before: ChatRecord | undefined) => Promise<{ after: ChatRecord; entry: ChatEntryRecord; more: TxStep[] }>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const before = await MessagesRepository.chat(phone);
    const { after, entry, more } = await change(before);
    try {
      await transact([...MessagesRepository.chatEntrySteps(before, after, entry), ...more]);
      return;
    } catch (e) {
      if (!(e instanceof ChatMoved) || attempt >= 5) throw e;
    }
  }
}

/** The client whose phone is the number (with or without a Brazilian mobile's ninth digit), if any. */
async function clientWithNumber(number: string): Promise<{ id: string; name: string; salesmanId: string | null } | undefined> {
  for (const phone of localPhones(number)) {
    const [client] = await Clients.withPhone(phone);
    if (client) return client;
  }
  return undefined;
}

/** A conversation by its number, in the matching form (`whatsappNumber`), or as stored before it. */
export async function chatOf(phone: string): Promise<ChatRecord | undefined> {
  const number = whatsappNumber(phone);
  return (await MessagesRepository.chat(number)) ?? (number === phone ? undefined : MessagesRepository.chat(phone));
}

/**
 * A client's text (system caller: the webhook's queue message), in the transaction of the event's
 * claim: the number (in its matching form) is a client's phone (Brazil's 55 taken off), else kept apart.
 */
export async function applyInbound(event: { id: string; from: string; name: string | null; text: string; at: string }, claim: TxStep): Promise<void> {
  const number = whatsappNumber(event.from);
  const at = timestamp(Date.parse(event.at));
  await record(number, async (before) => {
    // A user's link (or unlink) holds; otherwise the client is the one whose phone is the number now.
    const client = before?.linkedBy === 'user' ? (before.clientId ? (await Clients.findMany([before.clientId]))[0] : undefined) : await clientWithNumber(number);
    return {
      after: {
        phone: number,
        // Meta's WhatsApp ID of the number (the answers go to it): it may lack a Brazilian mobile's ninth digit.
        waId: event.from,
        kind: client ? 'known' : 'unknown',
        clientId: client?.id ?? null,
        clientName: client?.name ?? null,
        salesmanId: client?.salesmanId ?? null,
        contactName: event.name ?? before?.contactName ?? null,
        lastAt: before && before.lastAt > at ? before.lastAt : at,
        lastText: before && before.lastAt > at ? before.lastText : event.text,
        lastDirection: before && before.lastAt > at ? before.lastDirection : 'in',
        lastInboundAt: before?.lastInboundAt && before.lastInboundAt > at ? before.lastInboundAt : at,
        // A blocked number's message is kept, and counts as nothing to read.
        unread: (before?.unread ?? 0) + (before?.blocked ? 0 : 1),
        ...(before?.blocked ? { blocked: true } : {}),
        ...(before?.linkedBy ? { linkedBy: before.linkedBy } : {}),
        ...(before?.contactRev ? { contactRev: before.contactRev } : {}),
      },
      entry: { id: event.id.replace(/^inbound:/, ''), direction: 'in', text: event.text, at, status: null, failure: null },
      more: [claim],
    };
  });
}

/** An answer's status (system caller): forward only, in the transaction of the event's claim. */
export async function applyChatStatus(pointer: { chatPhone: string; entryAt: string; entryId: string }, claim: TxStep, incoming: MessageStatus, failure: string | null): Promise<'applied' | 'unknown'> {
  const entry = await MessagesRepository.chatEntry(pointer.chatPhone, pointer.entryAt, pointer.entryId);
  if (!entry) return 'unknown';
  const to = nextStatus(entry.status, incoming);
  try {
    await transact([claim, ...(to === entry.status ? [] : [MessagesRepository.chatEntryStatusStep(pointer.chatPhone, pointer.entryAt, pointer.entryId, entry.status, to, to === 'failed' || to === 'undelivered' ? failure : null)])]);
    return 'applied';
  } catch (e) {
    if (e instanceof ChatMoved) return 'unknown';
    throw e;
  }
}

/** A conversation the user may see (its client's name and salesman as they are now), or 404. */
export async function seen(phone: string): Promise<ChatRecord> {
  const [stored, scope] = await Promise.all([chatOf(phone), replyScope()]);
  const [chat] = stored ? await fresh([stored]) : [];
  if (!chat || !visibleTo(scope, chat)) throw notFound();
  return chat;
}

/**
 * A page of a list the user may see (a salesman: his clients' only; the unknown and the blocked
 * numbers: the company's users), searched by `q`, its clients' names and salesmen as they are now.
 */
export async function chatsPage(list: ChatList, q: { q?: string | undefined; cursor?: string | undefined; limit: number }): Promise<{ chats: ChatRecord[]; nextCursor: string | null }> {
  const scope = await replyScope();
  if (scope.kind === 'owners' && (list !== 'known' || scope.ids.length === 0)) return { chats: [], nextCursor: null };
  const owners = scope.kind === 'owners' ? scope.ids : undefined;
  const needles = searchNeedles(q.q);
  const page = await MessagesRepository.chatPage(list, { cursor: q.cursor, limit: q.limit, query: `chats|${list}|${owners?.join(',') ?? ''}|${needles.join('|')}` }, { salesmen: owners, needles });
  const found = new Map((await MessagesRepository.chats(page.phones)).map((c) => [c.phone, c]));
  const chats = await fresh(page.phones.flatMap((p) => found.get(p) ?? []));
  // A client moved to another salesman since its pointer was written leaves this salesman's page.
  return { chats: chats.filter((c) => listOf(c) === list && visibleTo(scope, c)), nextCursor: page.nextCursor };
}

/**
 * A batch's message to a client (system caller: the send's chunk), in the number's conversation,
 * so the client's answer shows what it answers: the conversation is made for a number that never
 * wrote (the client's, whose phone it is), a number a user linked or a client's keeps its client,
 * and nothing is unread by it. Its statuses follow the batch's (`followChatStatus`).
 */
export async function recordSent(number: string, waId: string | null, client: { id: string; name: string; salesmanId: string | null } | undefined, sent: { id: string; at: string; text: string; status?: MessageStatus }): Promise<void> {
  await record(number, async (before) => {
    const own = client && (!before || (before.kind === 'unknown' && before.linkedBy !== 'user')) ? { kind: 'known' as const, clientId: client.id, clientName: client.name, salesmanId: client.salesmanId } : {};
    const newer = !before || before.lastAt <= sent.at;
    const base: ChatRecord = before ?? { phone: number, kind: 'unknown', clientId: null, clientName: null, salesmanId: null, contactName: null, lastAt: sent.at, lastText: sent.text, lastDirection: 'out', lastInboundAt: null, unread: 0 };
    return {
      after: { ...base, ...own, ...(waId ? { waId } : {}), ...(newer ? { lastAt: sent.at, lastText: sent.text, lastDirection: 'out' as const } : {}) },
      entry: { id: sent.id, direction: 'out', text: sent.text, at: sent.at, status: sent.status ?? 'sent', failure: null },
      more: [],
    };
  });
}

/**
 * A batch's message's status on its entry in the conversation too (the batch's transaction holds
 * the event's claim): forward only, as one conditional update from the statuses it may follow
 * (no read first: a recipient's message has several statuses, and a batch hundreds of recipients).
 */
export async function followChatStatus(pointer: { chatPhone: string; entryAt: string; entryId: string }, incoming: MessageStatus, failure: string | null): Promise<void> {
  const from = MESSAGE_STATUSES.filter((s) => s !== incoming && nextStatus(s, incoming) === incoming);
  if (!from.length) return;
  await transact([MessagesRepository.chatEntryFollowStep(pointer.chatPhone, pointer.entryAt, pointer.entryId, from, incoming, incoming === 'failed' || incoming === 'undelivered' ? failure : null)]).catch((e: unknown) => {
    if (!(e instanceof ChatMoved)) throw e;
  });
}

export const Replies = {
  /**
   * The conversations the user may see, the latest first: known clients', or unknown numbers
   * (company scope only); `q` searches the whole list (client's name, WhatsApp name, digits).
   */
  async list(query: unknown): Promise<{ items: Conversation[]; nextCursor: string | null }> {
    authorize('read', 'mensagens');
    const q = parseInput(ConversationsQuery, query);
    const page = await chatsPage(q.kind, q);
    return { items: page.chats.map(publicChat), nextCursor: page.nextCursor };
  },

  /** A conversation and its messages (oldest first); reading it marks it read. */
  async get(phone: string): Promise<{ conversation: Conversation; messages: ConversationEntry[] }> {
    authorize('read', 'mensagens');
    const chat = await seen(phone);
    const messages = await MessagesRepository.chatEntries(chat.phone);
    if (chat.unread) await MessagesRepository.markRead(chat.phone);
    return { conversation: publicChat({ ...chat, unread: 0 }), messages: messages.map(publicEntry) };
  },

  /**
   * An answer: free text inside the 24-hour window of the client's last message; outside it, an
   * approved template (409 for free text then, with the spec's reason).
   */
  async reply(phone: string, input: unknown): Promise<ConversationEntry> {
    authorize('create', 'mensagens');
    const data = parseInput(ReplyInput, input);
    const { tenantId } = currentUserActor();
    const chat = await seen(phone);
    if (chat.blocked) throw new DomainError('messages.contact_blocked', MessageTexts.contactBlocked(), 'conflict');
    // To Meta's WhatsApp ID of the number when known (the client's last message, or a send's answer).
    const to = chat.waId ?? chat.phone;
    const account = await readyAccount();
    let text: string;
    let send: () => Promise<SentMessage>;
    const provider = providerFor(tenantId, account);
    if (data.templateId) {
      const template = await MessagesRepository.template(data.templateId);
      if (!template || template.status !== 'approved') throw new DomainError('validation', MessageTexts.templateNotApproved(), 'validation', { fields: [fieldError('templateId', MessageTexts.templateNotApproved())] });
      text = fillParameters(template.body, data.body);
      send = () => provider.sendTemplate(to, { name: template.name, language: template.language }, { header: data.header ?? null, body: data.body });
    } else {
      if (!windowEndsAt(chat)) throw new DomainError('messages.window_closed', MessageTexts.windowClosed(), 'conflict', { fields: [fieldError('text', MessageTexts.windowClosed())] });
      text = data.text!;
      send = () => provider.sendText(to, text);
    }
    const at = timestamp();
    const id = newId();
    let entry: ChatEntryRecord;
    try {
      const { messageId, waId } = await send();
      entry = { id, direction: 'out', text, at, status: 'sent', failure: null };
      await record(chat.phone, async (before) => ({
        after: { ...(before ?? chat), ...(waId ? { waId } : {}), lastAt: at, lastText: text, lastDirection: 'out', unread: 0 },
        entry,
        more: [MessagesRepository.chatMessagePointerStep(messageId, chat.phone, at, id)],
      }));
      await provider.flush?.();
    } catch (e) {
      if (!(e instanceof ProviderError)) throw e;
      // Nothing reached Meta (or it refused for now): nothing kept, the user may send it again.
      if (e.retryable && !e.unanswered) throw new DomainError('messages.unavailable', MessageTexts.unreachable(), 'unavailable');
      // Meta may have taken it without answering: kept as failed, "may have arrived", for the user to check before sending again.
      const failure = e.unanswered ? MessageTexts.failUnanswered().message : failureOf(e.metaError).message;
      entry = { id, direction: 'out', text, at, status: e.code === 131026 ? 'undelivered' : 'failed', failure };
      await record(chat.phone, async (before) => ({ after: { ...(before ?? chat), lastAt: at, lastText: text, lastDirection: 'out', unread: 0 }, entry, more: [] }));
    }
    return publicEntry(entry);
  },
};
