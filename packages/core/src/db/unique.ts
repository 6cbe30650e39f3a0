import type { DomainError } from '../errors';
import { Keys } from './keys';
import { Tx, type TxStep } from './tx';

/**
 * Uniqueness guards (invariant 5): an item per unique value, written in the same transaction as
 * the record, so two writers cannot both take a value.
 */
export const Unique = {
  claim(entity: string, field: string, value: string, ownerId: string, onTaken: () => DomainError): TxStep {
    return Tx.put(
      { ...Keys.unique(entity, field, value), ownerId, entity, field },
      { ConditionExpression: 'attribute_not_exists(pk) OR ownerId = :owner', ExpressionAttributeValues: { ':owner': ownerId } },
      onTaken,
    );
  },
  release(entity: string, field: string, value: string, ownerId: string): TxStep {
    return Tx.delete(Keys.unique(entity, field, value), {
      ConditionExpression: 'attribute_not_exists(pk) OR ownerId = :owner',
      ExpressionAttributeValues: { ':owner': ownerId },
    });
  },
  /** The steps for changing a unique value from `before` to `after` (either may be empty). */
  change(entity: string, field: string, before: string | null | undefined, after: string | null | undefined, ownerId: string, onTaken: () => DomainError): TxStep[] {
    if (before === after) return [];
    const steps: TxStep[] = [];
    if (before) steps.push(Unique.release(entity, field, before, ownerId));
    if (after) steps.push(Unique.claim(entity, field, after, ownerId, onTaken));
    return steps;
  },
};
