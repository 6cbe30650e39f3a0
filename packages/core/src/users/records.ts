import type { User } from '@ev/shared/schemas/users';

/** A user as stored: the public record plus credentials and bookkeeping never sent to a client. */
export interface UserRecord extends User {
  passwordHash: string;
  /** A pending temporary password (forgot-password): never replaces passwordHash. */
  temp?: { hash: string; issuedAt: number; expiresAt: number; usedAt?: number } | null;
  ix?: string[];
  refCount?: number;
}

const PRIVATE = ['pk', 'sk', 'passwordHash', 'temp', 'ix', 'refCount', 'type', 'gsi1pk', 'gsi1sk'] as const;

export function publicUser(record: UserRecord): User {
  const out: Record<string, unknown> = { ...record };
  for (const k of PRIVATE) delete out[k];
  return out as unknown as User;
}
