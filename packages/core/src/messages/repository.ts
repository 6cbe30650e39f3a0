import { MessageTexts, RECIPIENT_STATUSES, type BatchCounts, type ConnectionCheck, type DailyTierChoice, type MessageBatch, type MessageTemplate, type MessagingProvider, type ParameterValue, type MessageStatus, type RecipientStatus, type TemplateStatus } from '@ev/shared/schemas/messages';
import { batchWrite } from '../db/batch';
import { DomainError } from '../errors';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { words } from '@ev/shared/text';
import { dynamoClient, tableName } from '../db/client';
import { readCursor, signCursor } from '../db/cursor';
import { queryAll, queryPage, type PageRequest } from '../db/query';
import { getItem, getItems, versionConflict, Versioned } from '../db/records';
import { Keys } from '../db/keys';
import { transact, Tx, type TxStep } from '../db/tx';

/** The provider account as stored: the token and the app secret sealed (`secrets.ts`), never in the clear. */
export interface AccountRecord {
  provider: MessagingProvider;
  phoneNumberId: string | null;
  businessAccountId: string | null;
  /** Sealed with the context `<tenant>:messaging.accessToken`. */
  accessToken: string | null;
  /** Sealed with the context `<tenant>:messaging.appSecret`. */
  appSecret: string | null;
  dailyTier: DailyTierChoice;
  lastCheck: ConnectionCheck | null;
  updatedAt: string;
  updatedBy: string;
  version: number;
}

/** A template as stored: the public record without what is derived (components, editableFrom), with Meta's id and its edits. */
export type TemplateRecord = Omit<MessageTemplate, 'components' | 'editableFrom'> & {
  providerId: string;
  /** When an approved template was edited (Meta's limits: one a day, ten in 30 days). */
  approvedEdits: string[];
  createdBy: string;
  updatedBy: string;
};

/** What a stored template holds that the API never answers: its keys, Meta's id and the bookkeeping. */
export const TEMPLATE_STORED_ONLY = ['pk', 'sk', 'type', 'providerId', 'approvedEdits', 'createdBy', 'updatedBy'] as const;
/** What a stored batch holds that the API never answers: its keys, the parameters' sources, its list scopes. */
export const BATCH_STORED_ONLY = ['pk', 'sk', 'type', 'header', 'body', 'scopes'] as const;

/** A batch as stored: the public record, the parameters' sources, and the scopes its list pointers are in. */
export type BatchRecord = MessageBatch & {
  header: ParameterValue | null;
  body: ParameterValue[];
  /** `all`, and `sm#<createdBy>`: the list partitions that point to it. */
  scopes: string[];
};

/** A recipient as stored: its client, the number it goes to, its values, and how far its send got. */
export interface RecipientRecord {
  batchId: string;
  clientId: string;
  clientName: string;
  /** Digits with the country code (55…), as Meta takes it. */
  phone: string;
  values: { header: string | null; body: string[] };
  status: RecipientStatus;
  failure: string | null;
  sendOn: string | null;
  messageId: string | null;
  sentAt: string | null;
  updatedAt: string;
}

export const emptyCounts = (): BatchCounts => Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, 0])) as BatchCounts;

/** The statuses of a recipient still on its way: a batch is pending while one is left. */
export const PENDING_STATUSES: readonly RecipientStatus[] = ['queued', 'held', 'sending'];

/** The batch's counts moved from one status to another, in the recipient's transaction. */
function countStep(batchId: string, from: RecipientStatus, to: RecipientStatus): TxStep {
  return Tx.update(Keys.messageBatch(batchId), {
    UpdateExpression: 'SET counts.#from = counts.#from - :one, counts.#to = counts.#to + :one',
    ExpressionAttributeNames: { '#from': from, '#to': to },
    ExpressionAttributeValues: { ':one': 1 },
  });
}

/** A conversation as stored: its summary, the client (if the number is one's) and the last client message's time (the 24-hour window). */
export interface ChatRecord {
  /** The number in its matching form (`whatsappNumber`: a Brazilian mobile with its ninth digit). */
  phone: string;
  /** Meta's WhatsApp ID of the number, where answers go: from the client's last message or a send's answer (absent on older records). */
  waId?: string | null;
  kind: 'known' | 'unknown';
  clientId: string | null;
  clientName: string | null;
  salesmanId: string | null;
  contactName: string | null;
  lastAt: string;
  lastText: string;
  lastDirection: 'in' | 'out';
  lastInboundAt: string | null;
  unread: number;
  /** A blocked number (contacts): its messages are kept, in the blocked list, and raise no unread count (absent: not blocked). */
  blocked?: boolean;
  /** Who set the client: its phone, matched on every inbound message (absent), or a user's link or unlink, which the next message keeps. */
  linkedBy?: 'phone' | 'user';
  /** The contact's version: moved by every link, unlink, block and unblock (absent: 0); a concurrent one is 409. */
  contactRev?: number;
}

/** The list a conversation is in: a client's, an unknown number's, or the blocked numbers'. */
export type ChatList = 'known' | 'unknown' | 'blocked';
export const listOf = (c: Pick<ChatRecord, 'kind' | 'blocked'>): ChatList => (c.blocked ? 'blocked' : c.kind);

/** A most a search of the conversations reads per page (DynamoDB's evaluated items): a page past it comes back short, with its cursor. */
export const CHAT_SEARCH_READ_CAP = 1000;

/**
 * What a conversation is found by (its list pointer's `search`): a space, then the folded words of
 * the client's name and the contact's WhatsApp name, and the number's digits, each after a space;
 * a word is matched by ` <term>` (the beginning of a word), digits anywhere in the number.
 */
export function chatSearchText(c: Pick<ChatRecord, 'clientName' | 'contactName' | 'phone'>): string {
  return ` ${[...words(c.clientName), ...words(c.contactName), c.phone].join(' ')}`;
}

function chatPointer(c: ChatRecord) {
  return { ...Keys.messageChatList(listOf(c), c.lastAt, c.phone), type: 'messageChatPointer', phone: c.phone, salesmanId: c.salesmanId, search: chatSearchText(c) };
}

/** The condition that a conversation is still as read: its last message, its unread count, its contact's version. */
function chatUnchanged(before: ChatRecord) {
  return {
    ConditionExpression: `lastAt = :at AND unread = :unread AND ${before.contactRev ? 'contactRev = :rev' : 'attribute_not_exists(contactRev)'}`,
    ExpressionAttributeValues: { ':at': before.lastAt, ':unread': before.unread, ...(before.contactRev ? { ':rev': before.contactRev } : {}) },
  };
}

export interface ChatEntryRecord {
  id: string;
  direction: 'in' | 'out';
  text: string;
  at: string;
  status: MessageStatus | null;
  failure: string | null;
}

/** A webhook event's id is kept this long: Meta repeats a delivery for up to seven days. */
const EVENT_TTL_SECONDS = 8 * 24 * 60 * 60;

/** The messages module's storage (docs/data-model.md, "Messages"). */
export const MessagesRepository = {
  account(): Promise<AccountRecord | undefined> {
    return getItem<AccountRecord>(Keys.messagingAccount());
  },
  /** The first save of the account, or an edit over the version read. */
  accountSaveStep(after: Omit<AccountRecord, 'version'>, expectedVersion: number | null): TxStep {
    return expectedVersion === null
      ? Versioned.create({ ...Keys.messagingAccount(), type: 'messagingAccount', ...after })
      : Versioned.update(Keys.messagingAccount(), { ...after }, expectedVersion);
  },
  /** The result of a connection test: not an edit (the version stays), written over the version read. */
  checkStep(check: ConnectionCheck, version: number): TxStep {
    return Versioned.refresh(Keys.messagingAccount(), { lastCheck: check }, version);
  },
  templates(): Promise<TemplateRecord[]> {
    const { pk, skPrefix } = Keys.messageTemplates();
    return queryAll<TemplateRecord>({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': skPrefix } }, 10_000);
  },
  template(id: string): Promise<TemplateRecord | undefined> {
    return getItem<TemplateRecord>(Keys.messageTemplate(id));
  },
  async templateByProvider(providerId: string): Promise<TemplateRecord | undefined> {
    const pointer = await getItem<{ templateId: string }>(Keys.messageTemplateByProvider(providerId));
    return pointer ? MessagesRepository.template(pointer.templateId) : undefined;
  },
  /** A new template, its pointer from Meta's id and its name's guard (a name taken in the language: 409). */
  templateCreateSteps(t: TemplateRecord): TxStep[] {
    const { version: _version, ...fields } = t;
    return [
      Versioned.create({ ...Keys.messageTemplate(t.id), type: 'messageTemplate', ...fields }),
      Tx.putNew({ ...Keys.messageTemplateByProvider(t.providerId), type: 'messageTemplatePointer', templateId: t.id }),
      Tx.putNew({ ...Keys.messageTemplateName(t.name, t.language), type: 'messageTemplateName', templateId: t.id }, () => new DomainError('conflict.template_name', MessageTexts.templateTaken(), 'conflict', { fields: [{ field: 'name', ...MessageTexts.templateTaken() }] })),
    ];
  },
  templateUpdateStep(before: TemplateRecord, fields: Partial<TemplateRecord>): TxStep {
    const { version: _version, id: _id, createdAt: _created, ...edited } = fields;
    return Versioned.update(Keys.messageTemplate(before.id), edited, before.version);
  },
  templateDeleteSteps(t: TemplateRecord): TxStep[] {
    return [
      Tx.delete(Keys.messageTemplate(t.id), { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': t.version } }, versionConflict),
      Tx.delete(Keys.messageTemplateByProvider(t.providerId)),
      Tx.delete(Keys.messageTemplateName(t.name, t.language)),
    ];
  },
  /** Meta's review of a template: not an edit (the version stays), on a template that still exists. */
  templateReviewStep(id: string, review: { status: TemplateStatus; rejectedReason: string | null; reviewedAt: string }): TxStep {
    return Tx.update(Keys.messageTemplate(id), {
      UpdateExpression: 'SET #status = :s, rejectedReason = :r, reviewedAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':s': review.status, ':r': review.rejectedReason, ':at': review.reviewedAt },
    });
  },
  /** A new batch: its recipients first (a batch never lists recipients it does not hold), then the batch with its list pointers and the held ones' day markers. */
  async createBatch(batch: BatchRecord, recipients: RecipientRecord[]): Promise<void> {
    await batchWrite(recipients.map((r) => ({ put: { ...Keys.messageRecipient(batch.id, r.clientId), type: 'messageRecipient', ...r } })));
    const held = recipients.filter((r) => r.status === 'held');
    await batchWrite(held.map((r) => ({ put: { ...Keys.messageHeld(r.sendOn!, batch.id, r.clientId), type: 'messageHeld', batchId: batch.id, clientId: r.clientId } })));
    await transact([
      Tx.putNew({ ...Keys.messageBatch(batch.id), type: 'messageBatch', ...batch }),
      ...batch.scopes.map((scope) => Tx.putNew({ ...Keys.messageBatchList(scope, batch.state, batch.id), type: 'messageBatchPointer', batchId: batch.id, createdBy: batch.createdBy })),
    ]);
  },
  batch(id: string): Promise<BatchRecord | undefined> {
    return getItem<BatchRecord>(Keys.messageBatch(id));
  },
  batches(ids: string[]): Promise<BatchRecord[]> {
    return getItems<BatchRecord>(ids.map((id) => Keys.messageBatch(id)));
  },
  /** A page of a list of batches (newest first): the ids, from the scope's partition, filtered to some owners when given. */
  async batchPage(scope: string, state: string, page: PageRequest, owners?: string[]) {
    const filter = owners ? { FilterExpression: `createdBy IN (${owners.map((_, i) => `:o${i}`).join(', ')})`, ExpressionAttributeValues: Object.fromEntries(owners.map((o, i) => [`:o${i}`, o])) } : {};
    const res = await queryPage<{ batchId: string }>(
      { KeyConditionExpression: 'pk = :pk', ...filter, ExpressionAttributeValues: { ':pk': Keys.messageBatchListOf(scope, state), ...(filter.ExpressionAttributeValues ?? {}) }, ScanIndexForward: false },
      page,
    );
    return { ids: res.items.map((i) => i.batchId), nextCursor: res.nextCursor };
  },
  recipients(batchId: string): Promise<RecipientRecord[]> {
    const { pk, skPrefix } = Keys.messageRecipients(batchId);
    return queryAll<RecipientRecord>({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': skPrefix } }, 10_000);
  },
  /** Some recipients of a batch at once (a chunk), in no particular order. */
  recipientsOf(batchId: string, clientIds: string[]): Promise<RecipientRecord[]> {
    return getItems<RecipientRecord>(clientIds.map((id) => Keys.messageRecipient(batchId, id)));
  },
  recipient(batchId: string, clientId: string): Promise<RecipientRecord | undefined> {
    return getItem<RecipientRecord>(Keys.messageRecipient(batchId, clientId));
  },
  /**
   * Moves a recipient from one status to another (the batch's counts with it), on the condition
   * that it is still in `from`: false when it was not (another delivery moved it first).
   */
  async moveRecipient(batchId: string, clientId: string, from: RecipientStatus, to: RecipientStatus, fields: Partial<RecipientRecord>, more: TxStep[] = []): Promise<boolean> {
    const set = { ...fields, status: to };
    const names = Object.fromEntries(Object.keys(set).map((k, i) => [`#f${i}`, k]));
    const values = Object.fromEntries(Object.values(set).map((v, i) => [`:v${i}`, v ?? null]));
    try {
      await transact([
        Tx.update(Keys.messageRecipient(batchId, clientId), {
          UpdateExpression: `SET ${Object.keys(names).map((n, i) => `${n} = :v${i}`).join(', ')}`,
          ConditionExpression: '#status = :from',
          ExpressionAttributeNames: { ...names, '#status': 'status' },
          ExpressionAttributeValues: { ...values, ':from': from },
        }, () => new RecipientMoved()),
        ...(from === to ? [] : [countStep(batchId, from, to)]),
        ...more,
      ]);
      return true;
    } catch (e) {
      if (e instanceof RecipientMoved) return false;
      throw e;
    }
  },
  /** Meta's id of a message sent, to its batch and recipient, and to its entry in the number's conversation (the webhook's statuses find them). */
  messagePointerStep(messageId: string, batchId: string, clientId: string, chat?: { phone: string; at: string; id: string }): TxStep {
    return Tx.put({ ...Keys.messageById(messageId), type: 'messageId', batchId, clientId, ...(chat ? { chatPhone: chat.phone, entryAt: chat.at, entryId: chat.id } : {}) });
  },
  messagePointer(messageId: string): Promise<MessagePointer | undefined> {
    return getItem<MessagePointer>(Keys.messageById(messageId));
  },
  /** A batch none of whose recipients is on its way any more moves to the sent list (once). */
  async settleBatch(batch: BatchRecord): Promise<boolean> {
    try {
      await transact([
        Tx.update(Keys.messageBatch(batch.id), { UpdateExpression: 'SET #state = :sent', ConditionExpression: '#state = :pending', ExpressionAttributeNames: { '#state': 'state' }, ExpressionAttributeValues: { ':sent': 'sent', ':pending': 'pending' } }, () => new AlreadySettled()),
        ...batch.scopes.flatMap((scope) => [
          Tx.delete(Keys.messageBatchList(scope, 'pending', batch.id)),
          Tx.put({ ...Keys.messageBatchList(scope, 'sent', batch.id), type: 'messageBatchPointer', batchId: batch.id, createdBy: batch.createdBy }),
        ]),
      ]);
      return true;
    } catch (e) {
      if (e instanceof AlreadySettled) return false;
      throw e;
    }
  },
  /** A batch sent again (its failed recipients queued anew) is pending again. */
  reopenBatchSteps(batch: BatchRecord): TxStep[] {
    return [
      Tx.update(Keys.messageBatch(batch.id), { UpdateExpression: 'SET #state = :pending', ExpressionAttributeNames: { '#state': 'state' }, ExpressionAttributeValues: { ':pending': 'pending' } }),
      ...batch.scopes.flatMap((scope) => [
        Tx.delete(Keys.messageBatchList(scope, 'sent', batch.id)),
        Tx.put({ ...Keys.messageBatchList(scope, 'pending', batch.id), type: 'messageBatchPointer', batchId: batch.id, createdBy: batch.createdBy }),
      ]),
    ];
  },
  /**
   * Counts `phone` among the day's unique recipients unless the day is full: 'counted' (or already
   * counted today), 'full' when the day's limit is reached. Two sends at once cannot both take the last place.
   */
  async reserveDay(day: string, phone: string, limit: number | null): Promise<'counted' | 'full'> {
    if ((await getItem(Keys.messageDayRecipient(day, phone))) !== undefined) return 'counted';
    try {
      await transact([
        Tx.putNew({ ...Keys.messageDayRecipient(day, phone), type: 'messageDayRecipient', ttl: Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 3 * 86400 }, () => new DayCounted()),
        Tx.update(Keys.messageDayCount(day), {
          UpdateExpression: 'SET #count = if_not_exists(#count, :zero) + :one, #ttl = :ttl',
          ...(limit === null ? {} : { ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit' }),
          ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':ttl': Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 3 * 86400, ...(limit === null ? {} : { ':limit': limit }) },
        }, () => new DayFull()),
      ]);
      return 'counted';
    } catch (e) {
      if (e instanceof DayCounted) return 'counted';
      if (e instanceof DayFull) return 'full';
      throw e;
    }
  },
  /** Which of these numbers are already among the day's unique recipients (they take no new place). */
  async countedOn(day: string, phones: string[]): Promise<Set<string>> {
    const found = await getItems<{ sk: string }>(phones.map((p) => Keys.messageDayRecipient(day, p)));
    return new Set(found.map((f) => f.sk.slice(2)));
  },
  async dayCount(day: string): Promise<number> {
    return (await getItem<{ count: number }>(Keys.messageDayCount(day)))?.count ?? 0;
  },
  /** Held recipients whose day is `day` or before. */
  async heldUntil(day: string): Promise<{ batchId: string; clientId: string; sk: string }[]> {
    return queryAll<{ batchId: string; clientId: string; sk: string }>({ KeyConditionExpression: 'pk = :pk AND sk <= :last', ExpressionAttributeValues: { ':pk': Keys.messageHeldAll(), ':last': `${day}#\uffff` } }, 10_000);
  },
  heldDoneStep(day: string, batchId: string, clientId: string): TxStep {
    return Tx.delete(Keys.messageHeld(day, batchId, clientId));
  },
  heldStep(day: string, batchId: string, clientId: string): TxStep {
    return Tx.put({ ...Keys.messageHeld(day, batchId, clientId), type: 'messageHeld', batchId, clientId });
  },
  chat(phone: string): Promise<ChatRecord | undefined> {
    return getItem<ChatRecord>(Keys.messageChat(phone));
  },
  /** A conversation's last `limit` messages, oldest first. */
  async chatEntries(phone: string, limit = 200): Promise<ChatEntryRecord[]> {
    const { pk, skPrefix } = Keys.messageChatEntries(phone);
    const page = await queryPage<ChatEntryRecord>({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': skPrefix }, ScanIndexForward: false }, { limit, query: `chat|${phone}` });
    return page.items.reverse();
  },
  /**
   * A message of a conversation, with its summary and its place in the list (the pointer moved to
   * the new last time), on the condition that the summary is still as read; `more` joins the
   * transaction (the webhook event's claim, Meta's message id).
   */
  chatEntrySteps(before: ChatRecord | undefined, after: ChatRecord, entry: ChatEntryRecord): TxStep[] {
    return [...MessagesRepository.chatSteps(before, after), Tx.putNew({ ...Keys.messageChatEntry(after.phone, entry.at, entry.id), type: 'messageChatEntry', ...entry })];
  },
  /**
   * A conversation's summary written over the one read (its last message, unread count and
   * contact's version unchanged, else `ChatMoved`), its list pointer moved with it (another list,
   * or a new last time) and written again (the client's salesman, the search words).
   */
  chatSteps(before: ChatRecord | undefined, after: ChatRecord): TxStep[] {
    return [
      before
        ? Tx.put({ ...Keys.messageChat(after.phone), type: 'messageChat', ...after }, chatUnchanged(before), () => new ChatMoved())
        : Tx.putNew({ ...Keys.messageChat(after.phone), type: 'messageChat', ...after }, () => new ChatMoved()),
      ...(before && (listOf(before) !== listOf(after) || before.lastAt !== after.lastAt) ? [Tx.delete(Keys.messageChatList(listOf(before), before.lastAt, before.phone))] : []),
      Tx.put(chatPointer(after)),
    ];
  },
  /**
   * A page of a list of conversations, the latest first: the numbers, filtered to some salesmen's
   * clients and to a search's needles (each contained in the pointer's `search`) when given. A
   * filtered page reads on until it holds `limit` numbers, or has read `CHAT_SEARCH_READ_CAP`
   * items (then it may come back short, with its cursor); an unfiltered one is one Query of `limit`.
   */
  async chatPage(list: ChatList, page: PageRequest, filter: { salesmen?: string[]; needles?: string[] } = {}) {
    const conditions: string[] = [];
    const values: Record<string, unknown> = { ':pk': Keys.messageChatListOf(list) };
    if (filter.salesmen) {
      conditions.push(`salesmanId IN (${filter.salesmen.map((_, i) => `:s${i}`).join(', ')})`);
      filter.salesmen.forEach((s, i) => (values[`:s${i}`] = s));
    }
    for (const [i, needle] of (filter.needles ?? []).entries()) {
      conditions.push(`contains(#search, :n${i})`);
      values[`:n${i}`] = needle;
    }
    const filtered = conditions.length > 0;
    const taken: { pk: string; sk: string; phone: string }[] = [];
    let start = readCursor(page.cursor, page.query);
    let scanned = 0;
    let cut = false;
    do {
      const out = await dynamoClient().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          ...(filtered ? { FilterExpression: conditions.join(' AND ') } : {}),
          ...(filter.needles?.length ? { ExpressionAttributeNames: { '#search': 'search' } } : {}),
          ExpressionAttributeValues: values,
          ScanIndexForward: false,
          Limit: filtered ? Math.min(CHAT_SEARCH_READ_CAP - scanned, Math.max(page.limit * 5, 100)) : page.limit,
          ExclusiveStartKey: start,
        }),
      );
      const items = (out.Items ?? []) as { pk: string; sk: string; phone: string }[];
      scanned += out.ScannedCount ?? items.length;
      start = out.LastEvaluatedKey;
      for (const item of items) {
        if (taken.length === page.limit) {
          cut = true;
          break;
        }
        taken.push(item);
      }
    } while (!cut && start && taken.length < page.limit && scanned < CHAT_SEARCH_READ_CAP);
    // A read that found more than the page takes goes on after the last number taken.
    const last = taken[taken.length - 1];
    const next = cut && last ? { pk: last.pk, sk: last.sk } : start;
    return { phones: taken.map((i) => i.phone), nextCursor: next ? signCursor(next, page.query) : null };
  },
  chats(phones: string[]): Promise<ChatRecord[]> {
    return getItems<ChatRecord>(phones.map((p) => Keys.messageChat(p)));
  },
  /** A conversation read: its unread count back to zero (not a new message: its place stays). */
  async markRead(phone: string): Promise<void> {
    await transact([Tx.update(Keys.messageChat(phone), { UpdateExpression: 'SET unread = :zero', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':zero': 0 } })]).catch(() => undefined);
  },
  /** Meta's id of an answer sent in a conversation (its statuses come by webhook too). */
  chatMessagePointerStep(messageId: string, phone: string, at: string, id: string): TxStep {
    return Tx.put({ ...Keys.messageById(messageId), type: 'messageId', chatPhone: phone, entryAt: at, entryId: id });
  },
  /** An answer's status moved forward, on the condition that it is still the one read. */
  chatEntryStatusStep(phone: string, at: string, id: string, from: MessageStatus | null, to: MessageStatus, failure: string | null): TxStep {
    return Tx.update(Keys.messageChatEntry(phone, at, id), {
      UpdateExpression: 'SET #status = :to, failure = :failure',
      ConditionExpression: '#status = :from',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':to': to, ':from': from, ':failure': failure },
    }, () => new ChatMoved());
  },
  /** A message's status moved forward from any of `from` (nothing when it is not in one of them, or is gone). */
  chatEntryFollowStep(phone: string, at: string, id: string, from: MessageStatus[], to: MessageStatus, failure: string | null): TxStep {
    return Tx.update(Keys.messageChatEntry(phone, at, id), {
      UpdateExpression: 'SET #status = :to, failure = :failure',
      ConditionExpression: `#status IN (${from.map((_, i) => `:f${i}`).join(', ')})`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':to': to, ':failure': failure, ...Object.fromEntries(from.map((s, i) => [`:f${i}`, s])) },
    }, () => new ChatMoved());
  },
  chatEntry(phone: string, at: string, id: string): Promise<ChatEntryRecord | undefined> {
    return getItem<ChatEntryRecord>(Keys.messageChatEntry(phone, at, id));
  },
  /**
   * Claims a webhook event's id: false when it was seen before (Meta delivers at least once). The
   * claim is written with the event's effects, in their transaction.
   */
  eventClaimStep(eventId: string, now: number): TxStep {
    return Tx.putNew({ ...Keys.webhookEvent(eventId), type: 'webhookEvent', ttl: now + EVENT_TTL_SECONDS }, () => new EventSeen());
  },
};

/** The event's claim was already there: its effects were applied by an earlier delivery. */
export class EventSeen extends Error {
  constructor() {
    super('Webhook event already applied');
    this.name = 'EventSeen';
  }
}

/** Where a message Meta names is: a batch's recipient (and its entry in the number's conversation, since issue 46), or an answer in a conversation. */
export type MessagePointer = { batchId: string; clientId: string; chatPhone?: string; entryAt?: string; entryId?: string } | { chatPhone: string; entryAt: string; entryId: string; batchId?: undefined };

/** A conversation changed since it was read (another message came meanwhile): the caller reads it again. */
export class ChatMoved extends Error {}

/** The recipient was no longer in the status a move expected. */
class RecipientMoved extends Error {}
/** The recipient was already counted today. */
class DayCounted extends Error {}
/** The day's limit is reached. */
class DayFull extends Error {}
/** Another call moved the batch to the sent list first. */
class AlreadySettled extends Error {}
