import { ApiTexts } from '@ev/shared/messages';
import { pixAmount, pixTxid } from '@ev/shared/pix/brcode';
import { paymentsConditions } from '@ev/shared/registries/payments-conditions';
import { canBuy } from '@ev/shared/schemas/clients';
import { SaleDraftCreate, SaleTexts, type Sale, type SaleStore } from '@ev/shared/schemas/sales';
import { Decimal, formatDecimalAtLeast } from '@ev/shared/money';
import { StoreCart, StorePricesInput, StoreProductsQuery, StoreTexts, type StorePrices, type StoreProductsPage, type StoreQuote, type StoreSale } from '@ev/shared/schemas/store';
import { splitInstallments } from '@ev/shared/sales/totals';
import { campaignUnitPrice, coversProduct } from '@ev/shared/sales/campaigns';
import { Clients, type ClientRecord } from '../clients';
import { Clock, timestamp } from '../clock';
import { readCursor, signCursor } from '../db/cursor';
import { currentActor, runAs } from '../context';
import { DomainError, fieldError, type FieldError } from '../errors';
import { Reservations } from '../inventory';
import { Logs } from '../logs';
import { Ports } from '../ports';
import type { PaymentProcessor } from '../ports/payments';
import { Prices } from '../prices';
import { Products } from '../products';
import { Registries } from '../registries';
import { Sales } from '../sales';
import { Tenants } from '../tenants';
import { parseInput } from '../validation';
import { StorePayments } from './payments-account';
import { clientIdOf, storeSale } from './view';

/**
 * The store's new purchase (issue 44 item 3, docs/store.md "The purchase"): the catalogue's public
 * page (no price, no stock: cached at the CDN), the prices and stock for the client signed in, the
 * cart figured by the order entry's own pieces, and the purchase closed through the one close.
 */

/** The cursor of the catalogue's pages: the products' own, and how many the store has shown (its product limit), signed as every cursor. */
function readPosition(raw: string | undefined, query: string): { c: string | undefined; n: number } {
  const v = readCursor(raw, query) as { c?: unknown; n?: unknown } | undefined;
  return v && typeof v.c === 'string' && typeof v.n === 'number' ? { c: v.c, n: v.n } : { c: undefined, n: 0 };
}

/**
 * GET /store/{slug}/products: a page of the active products, by name (a search: by name, reference
 * or barcode), with their product company and group, up to the store's product limit; no price and
 * no stock (those are the client's: `prices`). Anyone may read it: the CDN caches it.
 */
async function products(slug: string, raw: unknown): Promise<StoreProductsPage> {
  const q = parseInput(StoreProductsQuery, raw);
  const store = await Tenants.publicStore(slug);
  return runAs({ tenantId: store.tenantId }, async () => {
    const { tenant } = await Tenants.company();
    const max = tenant.settings.further.virtualStoreProductLimit;
    const query = `store-products|${q.q ?? ''}`;
    const at = readPosition(q.cursor, query);
    const room = max - at.n;
    if (room <= 0) return { items: [], nextCursor: null, limited: true };
    const page = await Products.page({ q: q.q, status: 'active' }, at.c, Math.min(q.limit, room), 'store');
    const ids = (field: 'groupId' | 'productCompanyId') => [...new Set(page.items.flatMap((p) => (p[field] ? [p[field]!] : [])))];
    const [groups, companies] = await Promise.all([Registries.names('product-groups', ids('groupId')), Registries.names('product-companies', ids('productCompanyId'))]);
    const shown = at.n + page.items.length;
    const limited = !!page.nextCursor && shown >= max;
    return {
      items: page.items.map((p) => ({
        id: p.id,
        ref: p.ref,
        name: p.name,
        barcode: p.barcode ?? null,
        unitName: p.unitName ?? null,
        package: p.package ?? null,
        productCompany: p.productCompanyId ? (companies.get(p.productCompanyId) ?? null) : null,
        group: p.groupId ? (groups.get(p.groupId) ?? null) : null,
      })),
      nextCursor: page.nextCursor && !limited ? signCursor({ c: page.nextCursor, n: shown }, query) : null,
      limited,
    };
  });
}

/**
 * Where the store sells from: the client's own branch (its result center) where it issues sales,
 * else the company's first active branch that does (docs/store.md "The purchase").
 */
async function storeBranch(client: ClientRecord): Promise<string> {
  const usable = (await Tenants.branches()).filter((b) => b.active && b.issuesSales);
  const branch = usable.find((b) => b.id === client.branchId) ?? usable[0];
  if (!branch) throw new DomainError('sales.no_branch', ApiTexts.noBranches(), 'validation');
  return branch.id;
}

/** Runs `fn` as the store's client in the branch the store sells from. */
async function asBuyer<T>(fn: (client: ClientRecord) => Promise<T>): Promise<T> {
  const client = await Clients.find(clientIdOf());
  const branchId = await storeBranch(client);
  return runAs({ ...currentActor(), branchId }, () => fn(client));
}

/** POST /store/{slug}/prices: each product's price for the client (its table's, or a campaign's in force for it, named) and its stock; one it cannot buy left out. */
async function prices(raw: unknown): Promise<StorePrices> {
  const { productIds } = parseInput(StorePricesInput, raw);
  return asBuyer(async (client) => {
    const { branch, decimals } = await Tenants.company();
    const ids = [...new Set(productIds)];
    const [resolved, stock, offered, offers] = await Promise.all([
      Prices.resolve({ clientId: client.id, productIds: ids, tableId: null }),
      Reservations.available(ids.map((productId) => ({ productId, branchId: branch!.id }))),
      Products.getMany(ids),
      // The campaigns in force for the client, as the entry offers them (the cart prices its lines by them).
      Sales.campaignOffers(client.id),
    ]);
    const inForce = offers.enabled ? offers.items : [];
    const byId = new Map(offered.filter((p) => p.status === 'active').map((p) => [p.id, p]));
    const items = ids.flatMap((id) => {
      const r = resolved.get(id);
      const product = byId.get(id);
      if (!product || !r || r.price === null) return [];
      const campaign = inForce.find((c) => coversProduct(c, product));
      // A campaign's unit shows where it holds from the first unit; one with a minimum quantity shows its name, the cart its price.
      const price = campaign && !(campaign.minimumQuantity && new Decimal(campaign.minimumQuantity).gt(1)) ? (campaignUnitPrice(campaign, r.price)?.toFixed(4) ?? r.price) : r.price;
      return [{ productId: id, price, listPrice: r.price, campaign: campaign?.name ?? null, available: stock.get(`${id}|${branch!.id}`) ?? '0' }];
    });
    return { decimals, items };
  });
}

/** The client's main address (or its first): where an order goes unless it chooses another. */
const mainAddress = (client: ClientRecord) => (client.addresses.find((a) => a.main) ?? client.addresses[0])?.id ?? null;

/** The cart as a draft of the store's client: its lines at the company's prices (the entry's `build` sets them), its condition, its address, its note. */
function draftOf(cart: ReturnType<typeof StoreCart.parse>, client: ClientRecord, costing: number) {
  if (cart.shippingAddressId && !client.addresses.some((a) => a.id === cart.shippingAddressId)) {
    throw new DomainError('validation', StoreTexts.addressMissing(), 'validation', { fields: [fieldError('shippingAddressId', StoreTexts.addressMissing())] });
  }
  return parseInput(SaleDraftCreate, {
    clientId: client.id,
    paymentType: cart.paymentMethod === 'pix' ? 'pix' : (client.paymentType ?? null),
    paymentConditionId: cart.paymentConditionId,
    shippingAddressId: cart.shippingAddressId ?? mainAddress(client),
    // The company's default freight (spec: transport costing 1): the client chooses no carrier.
    transport: { costing },
    observations: { invoice: cart.note ?? null },
    items: cart.items.map((i) => ({ productId: i.productId, quantity: i.quantity, unitPrice: '0' })),
  });
}

/** The conditions the client may choose: its record's, or the company's active ones when it names none (the entry's rule). */
async function conditionsOf(client: ClientRecord) {
  const all = client.paymentConditionIds.length ? [...(await Registries.records(client.paymentConditionIds.map((id) => ({ registry: paymentsConditions.name, id })))).values()] : await Registries.all(paymentsConditions, 100, { status: 'active' });
  return all
    .filter((c) => c.status === undefined || c.status === 'active')
    .map((c) => ({ id: String(c.id), name: String(c.name ?? c.id), terms: (c.terms as number[] | undefined) ?? [], minimumInvoice: (c.minimumInvoice as string | null | undefined) ?? null }));
}

/** The Pix pays at once: its condition must have one installment. */
function pixProblem(cart: { paymentMethod: string }, condition: { terms: number[] } | undefined): FieldError | null {
  return cart.paymentMethod === 'pix' && condition && condition.terms.length > 1 ? fieldError('paymentConditionId', StoreTexts.pixSingle()) : null;
}

/**
 * POST /store/{slug}/cart: the cart figured as its close will figure it (the entry's `build`: the
 * company's prices and campaigns, the one totals function), the installments of its condition, and
 * what would refuse its close, each on its field (the order's rules of the close itself, the stock
 * as it is now), so the cart says it before the client presses "Fechar pedido".
 */
async function cart(raw: unknown): Promise<StoreQuote> {
  const input = parseInput(StoreCart, raw);
  return asBuyer(async (client) => {
    const { tenant, branch, timezone } = await Tenants.company();
    const conditions = await conditionsOf(client);
    const chosen = conditions.find((c) => c.id === input.paymentConditionId);
    const draft = draftOf({ ...input, paymentConditionId: chosen?.id ?? null }, client, tenant.settings.sales.defaultTransportCosting);
    const sale = await Sales.store.quote(draft);
    const problems: FieldError[] = [];
    if (!canBuy(client)) problems.push(fieldError('clientId', StoreTexts.cannotBuy()));
    if (!sale.items.length) problems.push(fieldError('items', StoreTexts.cartEmpty()));
    const pix = pixProblem(input, chosen);
    if (pix) problems.push(pix);
    const pixAvailable = !!(await StorePayments.processorOf());
    if (input.paymentMethod === 'pix' && !pixAvailable) problems.push(fieldError('paymentMethod', StoreTexts.pixUnavailable()));
    // The close's own rules (minimum invoice, the condition, a price below its minimum): its first refusal, as the close would say it.
    if (sale.items.length && canBuy(client)) {
      await Sales.store.rules(sale).catch((e: unknown) => {
        if (!(e instanceof DomainError) || (e.kind !== 'validation' && e.kind !== 'conflict')) throw e;
        problems.push(...(e.extra.fields?.length ? e.extra.fields : [{ field: 'items', message: e.message, ...(e.text ? { key: e.text.key, ...(e.text.params ? { params: e.text.params } : {}) } : {}) }]));
      });
    }
    const ids = sale.items.map((i) => i.productId);
    const stock = ids.length ? await Reservations.available(ids.map((productId) => ({ productId, branchId: branch!.id }))) : new Map<string, string>();
    const lines = sale.items.map((i) => {
      const available = stock.get(`${i.productId}|${branch!.id}`) ?? '0';
      if (tenant.settings.sales.checkStock && Number(available) < Number(i.quantity)) problems.push(fieldError(`items.${i.index}.quantity`, SaleTexts.stockInsufficient({ name: i.name, available: formatDecimalAtLeast(new Decimal(available).toFixed()) })));
      return { productId: i.productId, ref: i.ref, name: i.name, quantity: i.quantity, unitPrice: i.unitPrice, total: i.total, campaign: i.campaign?.name ?? null, available };
    });
    return {
      decimals: sale.decimals,
      lines,
      totals: sale.totals,
      conditions: conditions.map((c) => ({ id: c.id, name: c.name, installments: Math.max(1, c.terms.length), minimumInvoice: c.minimumInvoice })),
      paymentConditionId: chosen?.id ?? null,
      installments: chosen ? splitInstallments(sale.totals.total, chosen.terms, Clock.today(timezone), sale.decimals).map((p) => ({ installment: p.installment, dueDate: p.dueDate, value: p.value })) : [],
      addresses: client.addresses.map((a) => ({ id: a.id, label: [a.nickname, [a.street, a.number].filter(Boolean).join(', '), a.city && a.state ? `${a.city}/${a.state}` : a.city].filter(Boolean).join(' · ') })),
      shippingAddressId: sale.shippingAddressId,
      pixAvailable,
      problems: problems.map((p) => ({ field: p.field, message: p.message, ...(p.key ? { key: p.key } : {}), ...(p.params ? { params: p.params } : {}) })),
    };
  });
}

/**
 * POST /store/{slug}/orders (Idempotency-Key): the purchase, once per key, through the one close
 * (marked as a store order with the buyer's address and browser), its Pix issued when it waits one.
 * A client that may not buy, a Pix on a condition of several installments: refused, nothing made.
 */
async function purchase(raw: unknown, key: string | null, buyer: { address: string | null; userAgent: string | null }): Promise<StoreSale> {
  if (!key?.trim()) throw new DomainError('validation', StoreTexts.keyRequired(), 'validation', { fields: [fieldError('Idempotency-Key', StoreTexts.keyRequired())] });
  const input = parseInput(StoreCart, raw);
  const slug = currentActor().storeSlug!;
  return asBuyer(async (client) => {
    if (!canBuy(client)) throw new DomainError('store.cannot_buy', StoreTexts.cannotBuy(), 'conflict', { fields: [fieldError('clientId', StoreTexts.cannotBuy())] });
    if (!input.items.length) throw new DomainError('validation', StoreTexts.cartEmpty(), 'validation', { fields: [fieldError('items', StoreTexts.cartEmpty())] });
    const { tenant } = await Tenants.company();
    const conditions = await conditionsOf(client);
    if (input.paymentConditionId && !conditions.some((c) => c.id === input.paymentConditionId)) {
      throw new DomainError('validation', StoreTexts.conditionNotYours(), 'validation', { fields: [fieldError('paymentConditionId', StoreTexts.conditionNotYours())] });
    }
    const pix = pixProblem(input, conditions.find((c) => c.id === input.paymentConditionId));
    if (pix) throw new DomainError('validation', StoreTexts.pixSingle(), 'validation', { fields: [pix] });
    // A Pix purchase where the store takes none is refused before anything is made; its processor, read once, issues it.
    const processor = input.paymentMethod === 'pix' ? await pixProcessor() : undefined;
    const store: SaleStore = {
      slug,
      status: 'payment',
      paymentMethod: input.paymentMethod,
      processor: null,
      paymentId: null,
      buyerIp: buyer.address,
      details: { userAgent: buyer.userAgent?.slice(0, 500) ?? null, pix: null, review: null, paidAt: null },
    };
    const sale = await Sales.store.order(draftOf(input, client, tenant.settings.sales.defaultTransportCosting), store, key.trim(), tenant.settings.further.storeApproval);
    if (processor && sale.status === 'pending' && sale.store?.status === 'payment' && !sale.store.details.pix) {
      // The order is made whatever the processor says: a Pix it could not issue now is asked again from "Meus pedidos".
      return storeSale(await issuePix(sale, key.trim(), client, processor).catch((e: unknown) => (e instanceof DomainError && e.code === 'store.processor_failed' ? sale : Promise.reject(e))));
    }
    return storeSale(sale);
  });
}

/** The company's processor of a Pix, or the refusal that the store takes none (docs/store.md "Payment"). */
async function pixProcessor(): Promise<PaymentProcessor> {
  const processor = await StorePayments.processorOf();
  if (!processor) throw new DomainError('store.pix_unavailable', StoreTexts.pixUnavailable(), 'conflict', { fields: [fieldError('paymentMethod', StoreTexts.pixUnavailable())] });
  return processor;
}

/**
 * A Pix issued for an order waiting one, by the company's processor (the sandbox until it sets
 * Mercado Pago), valid the company's minutes. A processor that fails or does not answer leaves the
 * order made and waiting (the client asks for the Pix again from "Meus pedidos"): never a second order.
 */
async function issuePix(sale: Sale, key: string, client: ClientRecord, processor: PaymentProcessor): Promise<Sale> {
  const { tenant } = await Tenants.company();
  const minutes = tenant.settings.further.storePixMinutes;
  const expiresAt = timestamp(Clock.now() + minutes * 60_000);
  const amount = pixAmount(sale.totals.total);
  let charge: { id: string; code: string };
  try {
    charge = await processor.createPix(
      {
        amount,
        txid: pixTxid(`PED${sale.number}${key.replace(/[^A-Za-z0-9]/g, '').slice(-8)}`),
        description: `Pedido ${sale.number}`,
        expiresAt,
        merchant: { name: tenant.nickname || tenant.name, city: (await storeCity()) || 'SAO PAULO', key: pixKey(tenant) },
        ...(client.email ? { payer: { email: client.email, name: client.name } } : {}),
      },
      `${sale.id}:${key}`,
    );
  } catch (e) {
    Logs.warn('store.pix_failed', { saleId: sale.id, processor: processor.name, error: (e as Error).message });
    throw new DomainError('store.processor_failed', StoreTexts.processorFailed(), 'unavailable');
  }
  const written = await Sales.store.setPix(sale.id, { processor: processor.name, paymentId: charge.id, pix: { code: charge.code, amount, expiresAt, txid: charge.id } });
  return Sales.get(written.id).catch(() => written as Sale);
}

/** The city the Pix names: the store's branch's. */
async function storeCity(): Promise<string | null> {
  const { branch } = await Tenants.company();
  return (branch as { city?: string | null } | null)?.city ?? null;
}

/** The company's Pix key in the sandbox: its CNPJ's digits, or its e-mail. */
function pixKey(tenant: { document?: string | null; email?: string | null; id: string }): string {
  const digits = (tenant.document ?? '').replace(/\D/g, '');
  return digits.length === 14 || digits.length === 11 ? digits : (tenant.email ?? `loja-${tenant.id.slice(0, 8)}@sandbox.invalid`);
}

/**
 * POST /store/{slug}/sales/{id}/pix: a new Pix on the client's order, from "Meus pedidos": one whose
 * Pix expired gets its stock again (or is refused, "faça um novo pedido"), one approved by the staff
 * gets its first; the Pix in force, while it is, is answered as it is.
 */
async function newPix(id: string): Promise<StoreSale> {
  return asBuyer(async (client) => {
    const sale = await Sales.oneOfClient(id, clientIdOf());
    if (!sale.store || sale.store.paymentMethod !== 'pix' || sale.status !== 'pending') throw new DomainError('store.payment_closed', StoreTexts.paymentOpen(), 'conflict');
    // A Pix whose time ran out is expired first (its stock released), as the sweep would.
    await Sales.store.expirePix(sale.id);
    const now = await Sales.oneOfClient(id, clientIdOf());
    const pix = now.store?.details.pix;
    if (now.store?.status === 'payment' && pix && pix.expiresAt > timestamp()) return storeSale(now);
    await Sales.store.reopen(sale.id);
    return storeSale(await issuePix(await Sales.oneOfClient(id, clientIdOf()), `renew-${Clock.now()}`, client, await pixProcessor()));
  });
}

/**
 * POST /payments/{processor}/{company}/webhook: a processor's notice (a trigger, not the truth): its
 * signature checked (forged: 401, nothing read), the charge read back from the processor, the event
 * kept once (a duplicate changes nothing), then the sale paid only for the whole amount it waits.
 */
async function webhook(processorName: string, tenantId: string, headers: Record<string, string | undefined>, rawBody: string): Promise<{ received: boolean }> {
  const tenant = await Tenants.tenant(tenantId).catch(() => undefined);
  if (!tenant) throw new DomainError('store.webhook_signature', StoreTexts.webhookSignature(), 'unauthenticated');
  return runAs({ tenantId }, async () => {
    const processor = await StorePayments.processorNamed(processorName);
    const proof = processor?.verify(headers, rawBody);
    if (!processor || !proof) throw new DomainError('store.webhook_signature', StoreTexts.webhookSignature(), 'unauthenticated');
    if (await Sales.store.eventSeen(processor.name, proof.eventId)) return { received: false };
    const charge = await processor.charge(proof.chargeId);
    const saleId = charge ? await Sales.store.saleOfCharge(processor.name, charge.id) : undefined;
    if (charge && saleId && charge.status === 'approved' && charge.paidAmount) {
      await Sales.store.payPix(saleId, { processor: processor.name, paymentId: charge.id, amount: charge.paidAmount, at: charge.paidAt ?? timestamp() });
    } else {
      Logs.info('store.webhook_ignored', { processor: processor.name, chargeId: proof.chargeId, status: charge?.status ?? 'unknown' });
    }
    await Sales.store.eventDone(processor.name, proof.eventId);
    return { received: true };
  });
}

/**
 * POST /store/{slug}/sales/{id}/sandbox-pay: the sandbox's "Simular pagamento" (only where the
 * order's Pix is the sandbox's): the charge paid, and its signed webhook delivered through the
 * same handler a processor's would reach.
 */
async function sandboxPay(id: string): Promise<StoreSale> {
  const clientId = clientIdOf();
  if (!StorePayments.sandboxOn()) throw new DomainError('store.sandbox_off', StoreTexts.sandboxOff(), 'forbidden');
  const sale = await Sales.oneOfClient(id, clientId);
  if (sale.store?.processor !== 'sandbox' || !sale.store.paymentId) throw new DomainError('store.payment_closed', StoreTexts.paymentOpen(), 'conflict');
  const hook = await Ports.sandbox().pay(sale.store.paymentId);
  if (hook) await webhook('sandbox', currentActor().tenantId, hook.headers, hook.body);
  return storeSale(await Sales.oneOfClient(id, clientId));
}

export const Purchase = { products, prices, cart, purchase, newPix, webhook, sandboxPay };
