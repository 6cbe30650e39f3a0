import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AiTexts, type AiSuggestion } from '@ev/shared/schemas/ai';
import { dynamoClient, tableName } from '../db/client';
import { Keys } from '../db/keys';
import { getItem, withoutKeys } from '../db/records';
import { Tx, type TxStep } from '../db/tx';
import { DomainError } from '../errors';

/**
 * The assistant's storage (docs/ai.md, docs/data-model.md "AI"): the company's settings, the
 * month's token counter, the suggestions with their acceptance.
 */

export interface AiSettingsRecord {
  /** null: no limit. */
  monthlyTokenBudget: number | null;
  updatedAt: string;
  updatedBy: string;
}

/** A suggestion as stored: the public record, who asked, and the acceptance's bookkeeping. */
export type AiSuggestionRecord = AiSuggestion & {
  userId: string;
  /** The salesman of the conversation's client when it was made (the scope check of a later read). */
  salesmanId: string | null;
  acceptedBy: string | null;
  /** A reply's text as the user took it (it may have edited it). */
  acceptedText: string | null;
};

const SUGGESTION_STORED_ONLY = ['pk', 'sk', 'type', 'userId', 'salesmanId', 'acceptedBy', 'acceptedText'] as const;

export const publicSuggestion = (r: AiSuggestionRecord): AiSuggestion => withoutKeys(r, SUGGESTION_STORED_ONLY);

const used = () => new DomainError('ai.suggestion_used', AiTexts.suggestionUsed(), 'conflict');

export const AiRepository = {
  settings(): Promise<AiSettingsRecord | undefined> {
    return getItem<AiSettingsRecord>(Keys.aiSettings());
  },
  settingsStep(record: AiSettingsRecord): TxStep {
    return Tx.put({ ...Keys.aiSettings(), type: 'aiSettings', ...record });
  },

  /** The tokens counted in a month (0 before the first call). */
  async used(month: string): Promise<number> {
    const item = await getItem<{ tokens?: number }>(Keys.aiUsage(month));
    return Number(item?.tokens ?? 0);
  },
  /** Adds a call's tokens to the month's counter, atomically (two calls at once both count); answers the new total. */
  async addTokens(month: string, tokens: number): Promise<number> {
    const out = await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: Keys.aiUsage(month),
        UpdateExpression: 'ADD tokens :n, calls :one SET #type = :type, #month = :month',
        ExpressionAttributeNames: { '#type': 'type', '#month': 'month' },
        ExpressionAttributeValues: { ':n': tokens, ':one': 1, ':type': 'aiUsage', ':month': month },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(out.Attributes?.tokens ?? tokens);
  },

  suggestion(id: string): Promise<AiSuggestionRecord | undefined> {
    return getItem<AiSuggestionRecord>(Keys.aiSuggestion(id));
  },
  createStep(record: AiSuggestionRecord): TxStep {
    return Tx.putNew({ ...Keys.aiSuggestion(record.id), type: 'aiSuggestion', ...record });
  },
  /**
   * The acceptance's claim: on the condition that nobody accepted it before (two at once: one wins,
   * the other 409), or, with `staleBefore`, that a draft's claim older than it never got its draft
   * (the server stopped between the claim and the draft: the user may accept again).
   */
  acceptStep(id: string, at: string, by: string, text: string | null, staleBefore?: string): TxStep {
    return Tx.update(
      Keys.aiSuggestion(id),
      {
        UpdateExpression: 'SET acceptedAt = :at, acceptedBy = :by, acceptedText = :text',
        ConditionExpression: staleBefore ? 'attribute_exists(pk) AND (acceptedAt = :none OR (draftId = :none AND acceptedAt < :stale))' : 'attribute_exists(pk) AND acceptedAt = :none',
        ExpressionAttributeValues: { ':at': at, ':by': by, ':text': text, ':none': null, ...(staleBefore ? { ':stale': staleBefore } : {}) },
      },
      used,
    );
  },
  /** The sales draft made for an accepted draft suggestion. */
  draftStep(id: string, draftId: string): TxStep {
    return Tx.update(Keys.aiSuggestion(id), { UpdateExpression: 'SET draftId = :d', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':d': draftId } });
  },
  /** The claim given back when the sales draft could not be made (the user may accept again). */
  releaseStep(id: string, at: string): TxStep {
    return Tx.update(Keys.aiSuggestion(id), {
      UpdateExpression: 'SET acceptedAt = :none, acceptedBy = :none, acceptedText = :none',
      ConditionExpression: 'acceptedAt = :at',
      ExpressionAttributeValues: { ':at': at, ':none': null },
    });
  },
};
