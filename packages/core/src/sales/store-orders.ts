import { SaleTexts, type Sale, type SaleDraftInput, type SaleStore } from '@ev/shared/schemas/sales';
import { Clock } from '../clock';
import { transact } from '../db/tx';
import { DomainError } from '../errors';
import { Logs } from '../logs';
import { answer, entrant } from './access';
import { close, orderRules } from './close';
import { build } from './drafts';
import { SalesRepository, StoreOrdersRepository, type SaleRecord } from './repository';

/**
 * The store's orders (docs/store.md "The purchase"): the store's client builds and closes an order
 * through the same pieces as the order entry (`build`: prices, campaigns, the client's conditions,
 * the one totals function; `close`: the order's rules, the stock, the number, the installments),
 * as itself (`entrant`): its own orders only, the company's prices, its salesman's sale.
 */

/** How long a purchase's Idempotency-Key finds its order again. */
const KEY_SECONDS = 7 * 24 * 3600;

/** The cart figured as its draft would be, nothing written (the store's cart page). */
export async function quote(input: SaleDraftInput): Promise<Sale> {
  return build(input, null);
}

/** The close's own rules on a cart (the minimum invoice, the condition, each price's minimum): its first refusal thrown, as the close would. */
export async function rules(sale: Sale): Promise<void> {
  await orderRules(sale, null);
}

function storeClientId(): string {
  const id = entrant().storeClientId;
  if (!id) throw new DomainError('internal.no_store_client', 'No store client in context', 'internal');
  return id;
}

/**
 * A purchase, once per Idempotency-Key (`keyedOrder` under the store's client), left for the
 * staff's approval where the company wants it.
 */
export async function storeOrder(input: SaleDraftInput, store: SaleStore, key: string, approval: boolean): Promise<Sale> {
  return keyedOrder(storeClientId(), input, key, { store: { ...store, status: approval ? 'approval' : store.status } });
}

/** What a keyed order carries besides the draft: the store's part, or the close's answers (an order closed offline). */
export interface KeyedOrderExtras {
  store?: SaleStore;
  acceptShortStock?: boolean;
  geolocation?: { latitude: number; longitude: number; accuracy: number } | null;
}

/**
 * An order made and closed once per key (a store's purchase; an order closed on a device without
 * signal, docs/offline.md), the key's `owner` its namespace (the store's client, or `user#<id>`):
 * the draft made with the key's pointer in one transaction (a retry, or a twin sent at the same
 * time, finds it), then closed through the one close under the same key (its own idempotency
 * answers a retried close), or left for the staff's approval. A close refused (stock, minimum
 * invoice, the client now blocked) takes the draft and the key away again: a refused order leaves
 * nothing, and what was typed stays with the caller.
 */
export async function keyedOrder(owner: string, input: SaleDraftInput, key: string, extras: KeyedOrderExtras = {}): Promise<Sale> {
  for (let round = 1; round <= 3; round++) {
    const pointer = await StoreOrdersRepository.keyed(owner, key);
    let draft: SaleRecord | undefined = pointer ? await SalesRepository.get(pointer.saleId) : undefined;
    if (!draft) {
      const built: SaleRecord = { ...(await build(input, null)), ...(extras.store ? { store: extras.store } : {}) };
      try {
        await transact([...SalesRepository.createSteps(built), StoreOrdersRepository.keyStep(owner, key, built.id, Clock.seconds() + KEY_SECONDS, () => new KeyTaken())]);
      } catch (e) {
        if (e instanceof KeyTaken) continue;
        throw e;
      }
      Logs.audit('sales.keyed_order', { saleId: built.id, store: !!extras.store, approval: extras.store?.status === 'approval' });
      draft = built;
    }
    // Closed already, or waiting the staff's approval (whatever the setting says now): answered as it is.
    if (draft.status !== 'typing' || (draft.store?.status === 'approval' && !draft.closing)) return answer(draft);
    try {
      return await close(draft.id, { version: draft.version, acceptShortStock: extras.acceptShortStock ?? false, geolocation: extras.geolocation ?? null }, key);
    } catch (e) {
      if (e instanceof DomainError && (e.kind === 'validation' || e.kind === 'conflict') && e.code !== 'sales.close_underway') await forget(draft, owner, key);
      throw e;
    }
  }
  throw new DomainError('sales.close_underway', SaleTexts.closeUnderway(), 'conflict');
}

class KeyTaken extends Error {}

/** A refused purchase's draft and key taken away (over the version read: one a twin closed meanwhile stays). */
async function forget(draft: SaleRecord, owner: string, key: string): Promise<void> {
  const now = await SalesRepository.get(draft.id);
  if (!now || now.status !== 'typing' || now.closing) return;
  await transact([...SalesRepository.deleteSteps(now), StoreOrdersRepository.keyDeleteStep(owner, key)]).catch((e: unknown) => Logs.warn('sales.store_forget_failed', { saleId: draft.id, error: (e as Error).message }));
}
