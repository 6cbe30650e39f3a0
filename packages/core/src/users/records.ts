import type { User } from '@ev/shared/schemas/users';
import { withoutKeys } from '../db/records';

/** A user as stored: the public record plus credentials and bookkeeping never sent to a client. */
export interface UserRecord extends User {
  passwordHash: string;
  /** A pending temporary password (forgot-password): never replaces passwordHash. */
  temp?: { hash: string; issuedAt: number; expiresAt: number; usedAt?: number } | null;
  ix?: string[];
  refCount?: number;
  /** The access before the last one: what the user's own session shows as its "Último acesso" (the last one is this session's). */
  previousAccessAt?: string | null;
}

const PRIVATE = ['pk', 'sk', 'passwordHash', 'temp', 'ix', 'refCount', 'type', 'gsi1pk', 'gsi1sk', 'previousAccessAt'] as const;

export function publicUser(record: UserRecord): User {
  // Users stored before the user-level authorizer flag read it as false.
  return { ...withoutKeys(record, PRIVATE), financialReleaseAuthorizer: record.financialReleaseAuthorizer ?? false };
}
