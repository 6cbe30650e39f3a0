import type { Said } from '@ev/shared/texts';
import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { currentActor, currentUserActor } from '../context';
import { notFound } from '../db/records';
import { DomainError, fieldError, type FieldError } from '../errors';
import { Registries, type RegistryRecord } from '../registries';
import { Scope, ScopeRules, type RecordScope } from '../scope';
import { Users } from '../users';
import { validationText } from '../validation';
import type { Sale, SaleAddress } from '@ev/shared/schemas/sales';
import { Clients, type ClientRecord } from '../clients';
import { installmentsOf } from './installments';
import { publicSale, SalesRepository, type SaleRecord } from './repository';

/** What the sales use cases share: the record scope, a visible sale, refusals on fields, registry records, the authorizer. */

export const invalid = (field: string, said: Said) => new DomainError('validation', said, 'validation', { fields: [fieldError(field, said)] });

export function scope(): Promise<RecordScope> {
  return Scope.current(ScopeRules.owned, 'vendas');
}

/**
 * Who enters an order: a user (with whether it sells), or a store's client buying for itself
 * (docs/store.md "The purchase"): no user, the client's own orders only, the company's prices.
 */
export function entrant(): { userId: string | null; sells: boolean; storeClientId: string | null } {
  const actor = currentActor();
  if (actor.storeClientId) return { userId: null, sells: false, storeClientId: actor.storeClientId };
  const user = currentUserActor();
  return { userId: user.userId, sells: !!(user.salesman || user.supervisor), storeClientId: null };
}

/** A sale the current user may see (a store's client: its own), or 404. */
export async function visible(id: string): Promise<SaleRecord> {
  const storeClientId = currentActor().storeClientId;
  if (storeClientId) {
    const sale = await SalesRepository.get(id);
    if (!sale || sale.clientId !== storeClientId) throw notFound();
    return sale;
  }
  const [sale, s] = await Promise.all([SalesRepository.get(id), scope()]);
  if (!sale || !Scope.includes(s, sale.salesmanId)) throw notFound();
  return sale;
}

/** A registry record by id (none given, or none found: null). */
export async function registryRecord(def: RegistryDefinition, id: string | null): Promise<RegistryRecord | null> {
  return id ? ((await Registries.record(def, id)) ?? null) : null;
}

/** Refused fields, all at once: the one field's text, or the general text with each field's. */
export function refused(fields: FieldError[]): DomainError {
  return new DomainError('validation', validationText(fields), 'validation', { fields });
}

/** An authorizer of financial release: the user's own flag or its profile's (one rule, in shared). */
export { isFinancialReleaseAuthorizer } from '@ev/shared/permissions';

/**
 * The sale as the API answers it: its installments read from the client's financial position,
 * where its payment stands, and the name of who made each change in its history (entries written
 * without one, as a status move's, are named from the users).
 */
export async function answer(s: SaleRecord): Promise<Sale> {
  const unnamed = [...new Set(s.history.flatMap((h) => (!h.userName && h.userId ? [h.userId] : [])))];
  const [{ installments, payment }, people] = await Promise.all([installmentsOf(s), unnamed.length ? Users.people(unnamed) : new Map<string, { name: string }>()]);
  const history = s.history.map((h) => (!h.userName && h.userId && people.has(h.userId) ? { ...h, userName: people.get(h.userId)!.name } : h));
  return { ...publicSale(s), history, installments, payment };
}

/**
 * What the management dashboard counts a sale by (docs/sales.md "Management dashboard"): its
 * client's segment, region and city (of its main address, 'Bauru/SP') as they are at the close.
 */
export function clientPlace(client: ClientRecord): Pick<SaleRecord, 'clientSegmentId' | 'clientRegionId' | 'clientCity'> {
  const { segmentId, regionId, city, state } = Clients.summary(client);
  const named = city?.trim().replace(/#/g, '');
  return { clientSegmentId: segmentId, clientRegionId: regionId, clientCity: named ? (state ? `${named}/${state}` : named) : null };
}

/**
 * The client's address `id` as a copy the sale keeps (docs/sales.md "The sale's page"): where the
 * goods went, whatever the client's record says later. None chosen, or no longer on the client: null.
 */
export function addressCopy(client: Pick<ClientRecord, 'addresses'>, id: string | null): SaleAddress | null {
  const a = id ? client.addresses.find((x) => x.id === id) : undefined;
  if (!a) return null;
  return {
    id: a.id,
    nickname: a.nickname ?? null,
    cep: a.cep ?? null,
    street: a.street ?? null,
    number: a.number ?? null,
    complement: a.complement ?? null,
    neighborhood: a.neighborhood ?? null,
    city: a.city ?? null,
    state: a.state ?? null,
    country: a.country ?? null,
    latitude: a.latitude ?? null,
    longitude: a.longitude ?? null,
  };
}
