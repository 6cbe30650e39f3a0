import { isCpfOrCnpj } from './br';
import type { CLIENT_SITUATIONS, CLIENT_STATUSES } from './schemas/choices';

/**
 * What the sales module asks of a client before it may buy (spec section 4), apart from the
 * client's schemas: the order entry reads it without building them. `schemas/clients` re-exports it.
 */

/** A client without name, nickname, e-mail or a valid CPF/CNPJ: it cannot buy until completed. */
export function isIncomplete(c: { name?: string | null; nickname?: string | null; email?: string | null; document?: string | null }): boolean {
  return !c.name || !c.nickname || !c.email || !c.document || !isCpfOrCnpj(c.document);
}
/** Situation analysis or problem: cannot be selected nor buy. */
export function isBlockedSituation(situation: (typeof CLIENT_SITUATIONS)[number]): boolean {
  return situation === 'analysis' || situation === 'problem';
}
/** The sales module's gate: active, not in analysis or problem, and complete. */
export function canBuy(c: { status: (typeof CLIENT_STATUSES)[number]; situation: (typeof CLIENT_SITUATIONS)[number]; incomplete: boolean }): boolean {
  return c.status === 'active' && !isBlockedSituation(c.situation) && !c.incomplete;
}
