import { catalogue } from './catalogue';
import { campaignOffers, campaignResults } from './campaigns';
import { clientProducts, productsOfClient } from './client-products';
import { close, finishInterrupted } from './close';
import { clone, closedUnder, createDraft, dropReplaced, removeDraft, updateDraft } from './drafts';
import { confirmDelivery, deliveryLink, deliveryPreview } from './delivery';
import { edit, save } from './edit';
import { move, settle } from './moves';
import { get, list, ofClient, oneOfClient, pageOfClient, totals } from './reading';
import { homeFigures } from './home';
import { dashboard } from './dashboard';
import { managementDashboard } from './management';
import { placesInPeriod } from './places';
import { keyedOrder, quote, rules, storeOrder } from './store-orders';
import { eventDone, eventSeen, expireDue, expireEverywhere, expirePix, payPix, reopen, saleOfCharge, setPix } from './store-payments';

/**
 * Sales orders and drafts (issue 13, docs/sales.md). A draft is a sale in status `typing`, saved
 * whole as the user types (its version guards two tabs); the figures are computed here with the
 * shared `saleTotals`, whatever the browser sent. Scope: the platform's record scope under the
 * "owned" rule (a salesman his own sales, a supervisor his team's, staff the company's); a sale
 * outside it is a 404. Entry (draft saves) is guarded by create on `vendas`, reading by read,
 * draft deletion by delete.
 *
 * The module's public face; each use case has its file: `drafts.ts` (begin, save, delete, clone),
 * `close.ts` (the close and the sweep of interrupted ones), `moves.ts` (status moves, the
 * consignment's settlement), `reading.ts` (one sale, the list), `access.ts` (what they share).
 * Every function here is reached by a request and checks its subject:
 * `createDraft` and `updateDraft` (entry: create on `vendas`), `get`, `list` and `totals` (read),
 * `removeDraft` (delete), `close` and `clone` (entry: create), `save` and `edit` (a draft's save, or a
 * pending sale's correction: update), `move` (read, then the move's own ability: docs/sales.md "Who
 * moves a sale"), `settle` (update), `deliveryLink` (read: a sale's signed delivery link, for its
 * page, its PDF's QR code and its message). `finishInterrupted` is system work for the start.
 * `deliveryPreview` and `confirmDelivery` are the public delivery confirmation: no user, the
 * link's signature is the check (`delivery.ts`, docs/sales.md "The delivery confirmation").
 * `placesInPeriod` is a read for the management map (`places.ts`): its caller checks its own subject.
 * `pageOfClient` and `oneOfClient` are the store's "Meus pedidos": its caller proved the client.
 * `productsOfClient` is the assistant's (the ai module): its caller proved the user sees the client.
 * `store` is the store's purchase and payment (`store-orders.ts`, `store-payments.ts`): its caller
 * (the store module) proved the client, or the processor's signature.
 */
export const Sales = { keyedOrder, dropReplaced, closedUnder, store: { quote, rules, order: storeOrder, setPix, eventSeen, eventDone, saleOfCharge, payPix, expirePix, expireDue, expireEverywhere, reopen }, ofClient, pageOfClient, oneOfClient, catalogue, clientProducts, productsOfClient, campaignOffers, campaignResults, createDraft, updateDraft, edit, save, removeDraft, get, list, totals, homeFigures, dashboard, managementDashboard, close, move, clone, settle, finishInterrupted, deliveryLink, deliveryPreview, confirmDelivery, placesInPeriod };
export type { DeliveryCaller } from './delivery';
