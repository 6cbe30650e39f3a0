import { ApiTexts } from '@ev/shared/messages';
import { DomainError, fieldError } from '../errors';
import { Keys, type Key } from './keys';
import { Tx, type TxStep } from './tx';
import { dynamoClient, tableName } from './client';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';

/**
 * References between records (invariant 6). A record that points to another writes, in its own
 * transaction, a reference item under the target and increments the target's `refCount` with a
 * condition that the target exists; removing the pointer does the opposite. A target is deleted
 * only on the condition `refCount = 0`, so a reference added concurrently can never be lost, and
 * the refusal names what uses it.
 */
export interface Target {
  entity: string;
  id: string;
  key: Key;
  /** Field of the source record that points here, named in the 400 when the target is missing. */
  field: string;
}

export interface Source {
  entity: string;
  id: string;
  label: string;
}

export const References = {
  add(source: Source, target: Target): TxStep[] {
    return [
      Tx.update(
        target.key,
        {
          UpdateExpression: 'ADD refCount :one',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(active) OR active = :true)',
          ExpressionAttributeValues: { ':one': 1, ':true': true },
        },
        () =>
          new DomainError('reference.missing', ApiTexts.referenceMissingField({ field: target.field }), 'validation', {
            fields: [fieldError(target.field, ApiTexts.referenceMissingItem())],
          }),
      ),
      Tx.put({
        ...Keys.reference(target.entity, target.id, source.entity, source.id),
        source: source.entity,
        sourceId: source.id,
        label: source.label,
      }),
    ];
  },
  /** The count goes down only with the reference item it stands for, so a repeated removal cannot undercount. */
  remove(source: Pick<Source, 'entity' | 'id'>, target: Target): TxStep[] {
    return [
      Tx.update(target.key, { UpdateExpression: 'ADD refCount :minus', ExpressionAttributeValues: { ':minus': -1 } }),
      Tx.delete(Keys.reference(target.entity, target.id, source.entity, source.id), { ConditionExpression: 'attribute_exists(pk)' }),
    ];
  },
  /** Steps for a source whose targets change from `before` to `after` (matched by entity and id). */
  change(source: Source, before: Target[], after: Target[]): TxStep[] {
    const id = (t: Target) => `${t.entity}#${t.id}`;
    const was = new Set(before.map(id));
    const now = new Set(after.map(id));
    const steps: TxStep[] = [];
    for (const t of before) if (!now.has(id(t))) steps.push(...References.remove(source, t));
    for (const t of after) {
      if (was.has(id(t))) {
        // Unchanged pointer: the target must still exist, but no count changes.
        steps.push(
          Tx.check(t.key, 'attribute_exists(pk)', () =>
            new DomainError('reference.missing', ApiTexts.referenceMissingField({ field: t.field }), 'validation', {
              fields: [fieldError(t.field, ApiTexts.referenceMissingItem())],
            }),
          ),
        );
      } else steps.push(...References.add(source, t));
    }
    return steps;
  },
  /** The condition a target's delete carries, and the error that names up to five users of it. */
  guardDelete(key: Key): TxStep {
    return Tx.delete(key, {
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(refCount) OR refCount = :zero)',
      ExpressionAttributeValues: { ':zero': 0 },
    });
  },
  /** Up to `limit` records that point to a target. */
  async usersOf(entity: string, id: string, limit = 5): Promise<{ source: string; sourceId: string; label: string }[]> {
    const out = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': Keys.referencesOf(entity, id) },
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map((i) => ({ source: String(i.source), sourceId: String(i.sourceId), label: String(i.label) }));
  },
  /** The 409 answered when a delete meets references. */
  async inUseError(entity: string, id: string): Promise<DomainError> {
    const users = await References.usersOf(entity, id);
    const names = users.map((u) => u.label).join(', ');
    return new DomainError('reference.in_use', names ? ApiTexts.referencedBy({ names }) : ApiTexts.referencedAny(), 'conflict', {
      details: { usedBy: users },
    });
  },
};

