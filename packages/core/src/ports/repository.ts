import { runAs } from '../context';
import { Keys, tenantPrefix, type Key } from '../db/keys';
import { getItem } from '../db/records';
import { Tx, transact } from '../db/tx';

export type { Key } from '../db/keys';

/**
 * Runs `fn` as the job's company (or as the platform, for null): a company's keys come from the
 * actor in context (invariant 1), so both a job's handler and the ports' own keys run under it.
 */
export function inTenant<T>(tenantId: string | null, fn: () => T): T {
  return tenantId ? runAs({ tenantId }, fn) : fn();
}

/**
 * The keys of the ports' own items: a job's idempotency claim and the dead letters (per company, or
 * of the platform for work without one), the CEP cache and the geocoding cache.
 */
export const PortKeys = {
  /** Throws unless `tenantId` is a well-formed tenant id. */
  checkTenant(tenantId: string): void {
    tenantPrefix(tenantId);
  },
  claim(tenantId: string | null, idempotencyKey: string): Key {
    return inTenant(tenantId, () => (tenantId ? Keys.job(idempotencyKey) : Keys.platformJob(idempotencyKey)));
  },
  deadLetters(tenantId: string | null): string {
    return inTenant(tenantId, () => (tenantId ? Keys.deadLetters() : Keys.platformDeadLetters()));
  },
  cep(cep: string): Key {
    return Keys.cache('cep', cep);
  },
  /** A geocoded address line (folded), platform-wide as the CEPs. */
  geocode(line: string): Key {
    return Keys.cache('geo', line.slice(0, 900));
  },
};

/** The sandbox processor's charges (ports/payments.ts), in the company's partition. */
export const SandboxRepository = {
  charge: <T>(id: string) => getItem<T>(Keys.sandboxCharge(id)),
  async putCharge(id: string, charge: Record<string, unknown>): Promise<void> {
    await transact([Tx.put({ ...Keys.sandboxCharge(id), type: 'sandboxCharge', ...charge })]);
  },
};
