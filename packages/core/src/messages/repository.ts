import { MessageTexts, type ConnectionCheck, type DailyTierChoice, type MessageTemplate, type MessagingProvider, type TemplateStatus } from '@ev/shared/schemas/messages';
import { DomainError } from '../errors';
import { queryAll } from '../db/query';
import { getItem, versionConflict, Versioned } from '../db/records';
import { Keys } from '../db/keys';
import { Tx, type TxStep } from '../db/tx';

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
