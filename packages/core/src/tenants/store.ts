import { StoreTexts, type StorePublic } from '@ev/shared/schemas/store';
import { STORE_SLUG } from '@ev/shared/schemas/settings';
import { DomainError } from '../errors';
import { TenantsRepository } from './repository';

/**
 * A store's address, read by anyone (the store's pages before a client logs in; docs/store.md): the
 * company it opens, only while that company is active and its self-checkout is on with this same
 * address. Anything else (no such address, a company gone, suspended or with the store off, an
 * address it gave up) is the same plain 404: nothing of any company is answered.
 */
export async function publicStore(slug: string): Promise<StorePublic & { tenantId: string }> {
  const gone = () => new DomainError('store.not_found', StoreTexts.notFound(), 'not_found');
  if (!STORE_SLUG.test(slug)) throw gone();
  const tenantId = await TenantsRepository.storeTenant(slug);
  const tenant = tenantId ? await TenantsRepository.tenant(tenantId) : undefined;
  const further = tenant?.settings?.further;
  if (!tenant || tenant.active === false || tenant.suspendedAt || tenant.erasureAt || !further?.selfCheckout || further.storeSlug !== slug) throw gone();
  return { tenantId: tenant.id, slug, name: tenant.nickname || tenant.name };
}
