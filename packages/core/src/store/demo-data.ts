import { canBuy } from '@ev/shared/schemas/clients';
import { paymentsConditions } from '@ev/shared/registries/payments-conditions';
import { Clients } from '../clients';
import { timestamp } from '../clock';
import { hashPassword } from '../password';
import { Registries } from '../registries';
import { StoreRepository } from './repository';

/**
 * The demo store (docs/store.md "Demo"): the demo company's store is on at `/vendas/exemplo` (its
 * settings, given at provisioning); here, the first client of `salesmanId` that may buy, has an
 * e-mail and may pay "À vista" (so its Pix works), given access with `password`. Answers its e-mail.
 */
export async function seedStoreClient(clientIds: string[], salesmanId: string, password: string): Promise<string | null> {
  const cash = (await Registries.all(paymentsConditions, 100)).find((c) => c.name === 'À vista');
  const byId = new Map((await Clients.findMany(clientIds.slice(0, 60))).map((c) => [c.id, c]));
  const clients = clientIds.slice(0, 60).flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const chosen = clients.find((c) => c.salesmanId === salesmanId && c.email && canBuy(c) && (!c.paymentConditionIds.length || (cash && c.paymentConditionIds.includes(cash.id))));
  if (!chosen?.email) return null;
  await StoreRepository.setLogin({ clientId: chosen.id, email: chosen.email, passwordHash: await hashPassword(password), updatedAt: timestamp(), updatedBy: null }, null);
  return chosen.email;
}
