import { isGtin } from '@ev/shared/gtin';
import { REGISTRIES } from '@ev/shared/registries/index';
import { segments } from '@ev/shared/registries/segments';
import { units } from '@ev/shared/registries/units';
import { Product } from '@ev/shared/schemas/products';
import { beforeAll, describe, expect, it } from 'vitest';
import { Auth } from '../auth';
import { Clients } from '../clients';
import { runAs } from '../context';
import { recompute } from '../inventory/ledger';
import { InventoryRepository } from '../inventory/repository';
import { seedStock } from '../inventory/demo-data';
import { priceChart } from '../prices/chart';
import { seedPrices } from '../prices/demo-data';
import { PricesRepository } from '../prices/repository';
import { seedProducts } from '../products/demo-data';
import { Products } from '../products/index';
import { seedRegistries } from '../registries/demo-data';
import { Registries } from '../registries/index';
import { Messages } from '../messages/index';
import { Sales } from '../sales/index';
import { Loyalty } from '../clients/loyalty';
import { DEMO_LOGINS, DEMO_PASSWORD, DEMO_STORE, seedDemo, type DemoLater } from './index';
import { Purchase, Store } from '../store';
import { Tenants } from '../tenants';

/**
 * The demo company as the first `npm start` seeds it (`seedDemo`, the same call main.ts makes),
 * seeded once here in the run's DynamoDB Local and read as its users and its modules read it. The
 * test that starts the product as a process (tests/local-runtime.integration.test.ts) seeds only
 * the logins; this file is where the whole demo is proved. Each module's seed is also run a second
 * time here: it finds its records and adds nothing. The older weeks of sales (`later`) are proved
 * whole on a smaller history in sales/demo-data.integration.test.ts; here, their stop.
 */

let tenantId: string;
/** The demo store's client (README): the first client of Vera's that may buy, pay at once and has an e-mail. */
const DEMO_STORE_CLIENT = 'compras1@cliente-demo.com.br';
let later: DemoLater | undefined;

beforeAll(async () => {
  const seeded = await seedDemo();
  expect(seeded.created).toBe(true);
  tenantId = seeded.tenantId;
  later = seeded.later;
}, 240_000);

const inDemo = <T>(fn: () => Promise<T>) => runAs({ tenantId }, fn);

/** A demo login's actor, as a request of that user has it. */
const signedIn = async (email: string) => Auth.authenticate((await Auth.login({ email, password: DEMO_PASSWORD }, null)).accessToken);

/** Every page of a cursor listing. */
async function everyPage<T>(page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string | null }>): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const p = await page(cursor);
    all.push(...p.items);
    cursor = p.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

describe('the demo company', () => {
  it('has its four logins, each with its role; a second seed finds the company and adds nothing', async () => {
    const roles: Record<string, unknown> = {};
    for (const [role, email] of Object.entries(DEMO_LOGINS)) {
      const actor = await signedIn(email);
      expect(actor.tenantId).toBe(tenantId);
      roles[role] = { salesman: actor.salesman, supervisor: actor.supervisor, employee: actor.employee };
    }
    expect(roles).toMatchObject({ salesman: { salesman: true }, supervisor: { supervisor: true }, employee: { employee: true } });
    expect(await seedDemo()).toEqual({ created: false, tenantId });
    expect(later).toEqual(expect.any(Function));
  });

  it('fills every registry with valid records, once', () =>
    inDemo(async () => {
      for (const def of REGISTRIES) {
        const page = await Registries.list(def, { limit: 100 });
        expect(page.items.length, def.name).toBeGreaterThanOrEqual(3);
        for (const item of page.items) expect(def.record.safeParse(item).error, `${def.name} ${String(item.name)}`).toBeUndefined();
      }
      const bearers = REGISTRIES.find((r) => r.name === 'bearers')!;
      expect((await Registries.list(bearers, { q: 'carteira', limit: 10 })).items).toEqual([expect.objectContaining({ name: 'Carteira / dinheiro', code: null, bankName: null })]);
      expect((await Registries.list(bearers, { limit: 100 })).items.find((b) => b.code === '001')).toMatchObject({ bankName: 'Banco do Brasil S.A.' });
      const conditions = REGISTRIES.find((r) => r.name === 'payments-conditions')!;
      expect((await Registries.list(conditions, { q: 'vista', limit: 10 })).items).toEqual([expect.objectContaining({ name: 'À vista', terms: [0], installments: 1 })]);
      const natures = REGISTRIES.find((r) => r.name === 'natures')!;
      expect((await Registries.list(natures, { status: 'inactive', limit: 10 })).items.map((n) => n.cfop)).toEqual(['5103']);

      const again = await seedRegistries();
      expect(again.created).toBe(0);
      expect(again.skipped).toBeGreaterThan(80);
    }));

  it('has about 300 valid products in six groups and two product companies, once', () =>
    inDemo(async () => {
      const listed = await everyPage((cursor) => Products.page({}, cursor, 100, 'demo-test'));
      const all: Product[] = await Products.getMany(listed.map((i) => i.id));
      expect(all).toHaveLength(listed.length);
      expect(all.length).toBeGreaterThanOrEqual(280);
      for (const p of all) {
        expect(Product.safeParse(p).error, p.ref).toBeUndefined();
        expect(isGtin(p.barcode!), p.ref).toBe(true);
        expect(p.unitName, p.ref).toBeTruthy();
      }
      expect(new Set(all.map((p) => p.groupId)).size).toBe(6);
      expect(new Set(all.map((p) => p.productCompanyId)).size).toBe(2);
      expect(all.some((p) => p.status === 'inactive')).toBe(true);
      expect(all.some((p) => p.sizeId)).toBe(true);
      expect(all.some((p) => p.minimumPrice)).toBe(true);
      // The bulk path records references as a create does: a unit in use cannot be deleted.
      const fd = all.find((p) => p.unitName === 'FD')!;
      await expect(Registries.remove(units, fd.unitId)).rejects.toMatchObject({ code: 'reference.in_use' });
      const found = await Products.page({ q: 'refrigerante cola' }, undefined, 20, 'demo-test');
      expect(found.items.map((i) => i.name)).toContain('Refrigerante Cola Lata 350ml');

      expect(await seedProducts()).toEqual({ created: 0, skipped: all.length });
    }));

  it('prices every product in Varejo (the default), most in Atacado, and points Supermercado to Atacado', () =>
    inDemo(async () => {
      const tables = await PricesRepository.allTables();
      const byName = Object.fromEntries(tables.map((t) => [t.name, t]));
      expect(byName.Varejo!.isDefault).toBe(true);
      expect(byName.Atacado).toMatchObject({ isDefault: false, validFrom: '2026-01-01', validUntil: '2030-12-31' });

      // The chart of the default table: every row priced; Atacado: some rows without price.
      const retail = await everyPage((cursor) => priceChart({ limit: 100, cursor }));
      for (const r of retail) expect(r.price, r.ref).not.toBeNull();
      expect(retail.length).toBeGreaterThan(250);
      const wholesale = await priceChart({ limit: 100, tableId: byName.Atacado!.id });
      expect(wholesale.items.some((r) => r.price === null)).toBe(true);
      expect(wholesale.items.filter((r) => r.price !== null).length).toBeGreaterThan(50);

      const supermarket = (await Registries.list(segments, { q: 'supermercado', limit: 5 })).items[0]!;
      expect(supermarket.priceTableId).toBe(byName.Atacado!.id);

      // Running it again changes nothing that matters: the same prices, the segment already set.
      const again = await seedPrices();
      expect(again.prices).toBeGreaterThan(500);
      expect((await seedPrices()).prices).toBe(again.prices);
      expect((await everyPage((cursor) => priceChart({ limit: 100, cursor }))).map((r) => [r.ref, r.price])).toEqual(retail.map((r) => [r.ref, r.price]));
    }));

  it('holds stock in both branches, posted through the ledger (some low, some zero, a few consigned), once', () =>
    inDemo(async () => {
      const branches = (await Tenants.branches()).map((b) => b.id);
      expect(branches).toHaveLength(2);
      const ids = (await everyPage((cursor) => Products.page({}, cursor, 100, 'demo-stock-test'))).map((p) => p.id);
      const balances = await InventoryRepository.balances(ids.flatMap((productId) => branches.map((branchId) => ({ productId, branchId }))));
      for (const branchId of branches) {
        const here = balances.filter((b) => b.branchId === branchId);
        // Some products have nothing in this branch, some are low, most have plenty.
        expect(here.length).toBeLessThan(ids.length);
        expect(here.filter((b) => b.physical.lessThanOrEqualTo(3)).length).toBeGreaterThan(10);
        expect(here.filter((b) => b.physical.greaterThan(20)).length).toBeGreaterThan(100);
        expect(here.every((b) => !b.available.isNegative() && !b.physical.isNegative())).toBe(true);
      }
      expect(balances.filter((b) => b.lent.greaterThan(0)).length).toBeGreaterThanOrEqual(5);
      expect(balances.filter((b) => b.bought.greaterThan(0)).length).toBeGreaterThanOrEqual(10);
      expect(balances.some((b) => !b.physical.isInteger())).toBe(true);
      // Every balance equals its ledger, the demo's recent sales' reservations included.
      const checks = (await Promise.all(ids.slice(0, 120).map((id) => recompute(id)))).flat();
      expect(checks.filter((c) => !c.matches)).toEqual([]);
      // Idempotent: a second run finds every stocked product and posts nothing.
      expect(await seedStock(branches)).toEqual({ products: expect.any(Number), movements: 0 });
    }));

  it('has about 300 clients, two thirds of them Vera’s, and the last days of sales; the older weeks stop when the product stops', async () => {
    const admin = await signedIn(DEMO_LOGINS.admin);
    const users = await runAs(admin, async () => ({
      clients: await everyPage((cursor) => Clients.list({ limit: 100, cursor })),
      sales: await everyPage((cursor) => Sales.list({ limit: 100, cursor })),
    }));
    expect(users.clients.length).toBeGreaterThanOrEqual(280);
    const vera = await signedIn(DEMO_LOGINS.salesman);
    const own = await runAs(vera, () => everyPage((cursor) => Clients.list({ limit: 100, cursor })));
    expect(own.length / users.clients.length).toBeGreaterThan(0.55);
    expect(own.length / users.clients.length).toBeLessThan(0.75);
    // Sales of the last days (the older weeks come after the start answers), in more than one
    // status, each with a number of its own.
    expect(users.sales.length).toBeGreaterThan(10);
    expect(new Set(users.sales.map((s) => s.status)).size).toBeGreaterThan(1);
    expect(new Set(users.sales.map((s) => s.number)).size).toBe(users.sales.length);
    expect(users.sales.every((s) => s.number! > 0)).toBe(true);

    // The older weeks, which main.ts writes once the product answers, stop between two orders when
    // the product stops (its signal aborts): here after three, each written whole.
    let asked = 0;
    const stopsAfterThree = { get aborted() { return ++asked > 3; } } as AbortSignal;
    const part = await later!(stopsAfterThree);
    expect(part.sales + part.skipped).toBe(3);
    const after = await runAs(admin, () => everyPage((cursor) => Sales.list({ limit: 100, cursor })));
    expect(after.length).toBe(users.sales.length + part.sales);
  });

  it('gives cashback and points: the sales released since credit their clients, whose balances the company owes', async () => {
    const admin = await signedIn(DEMO_LOGINS.admin);
    const owed = await runAs(admin, () => Loyalty.owed({ limit: 100 }));
    expect(owed.enabled).toEqual({ cashback: true, points: true });
    expect(owed.items.length).toBeGreaterThanOrEqual(1);
    expect(Number(owed.cashback)).toBeGreaterThan(0);
    const [first] = owed.items;
    const ledger = await runAs(admin, () => Loyalty.ledger(first!.clientId, { limit: 10 }));
    expect(ledger.balance.cashback).toBe(first!.cashback);
    expect(ledger.entries[0]).toMatchObject({ kind: 'credit', saleNumber: expect.any(Number) });
  });
});

describe('the demo company’s store', () => {
  it('is on at /vendas/exemplo, a client of Vera’s signs in with the demo password and sees priced products', async () => {
    const store = await Tenants.publicStore(DEMO_STORE);
    expect(store).toMatchObject({ slug: DEMO_STORE, name: 'Exemplo' });
    const page = await Purchase.products(DEMO_STORE, { limit: 20 });
    expect(page.items.length).toBe(20);
    const session = await Store.login(DEMO_STORE, { email: DEMO_STORE_CLIENT, password: DEMO_PASSWORD }, null);
    expect(session.client).toMatchObject({ email: DEMO_STORE_CLIENT, canBuy: true });
    const actor = { ...(await Store.authenticate(session.token, DEMO_STORE)) };
    const prices = await runAs(actor, () => Purchase.prices({ productIds: page.items.map((p) => p.id) }));
    expect(prices.items.length).toBeGreaterThan(10);
  });
});

describe('the demo company’s WhatsApp', () => {
  it('is on the sandbox, with templates approved, pending and rejected, the last weeks’ sends with mixed statuses, and replies', async () => {
    const admin = await signedIn(DEMO_LOGINS.admin);
    const seen = await runAs(admin, async () => ({
      state: await Messages.state(),
      templates: (await Messages.templates({})).items,
      sent: (await Messages.batches({ state: 'sent', limit: 20 })).items,
      known: (await Messages.conversations({ kind: 'known', limit: 50 })).items,
      unknown: (await Messages.conversations({ kind: 'unknown', limit: 50 })).items,
    }));
    expect(seen.state).toEqual({ configured: true, provider: 'sandbox', dailyLimit: 2000 });
    expect(new Set(seen.templates.map((t) => t.status))).toEqual(new Set(['approved', 'pending', 'rejected']));
    expect(seen.templates.find((t) => t.status === 'rejected')?.rejectedReason).toBe('TAG_CONTENT_MISMATCH');
    expect(seen.sent.length).toBeGreaterThanOrEqual(3);
    const statuses = seen.sent.reduce((all, b) => ({ read: all.read + b.counts.read, delivered: all.delivered + b.counts.delivered, failed: all.failed + b.counts.failed + b.counts.undelivered }), { read: 0, delivered: 0, failed: 0 });
    expect(statuses.read).toBeGreaterThan(statuses.delivered);
    expect(statuses.delivered).toBeGreaterThan(0);
    expect(statuses.failed).toBeGreaterThan(0);
    expect(seen.sent.some((b) => b.skipped.some((s) => s.reason === 'noOptIn'))).toBe(true);
    // Every recipient of a send is one of its clients, with the message's values in place.
    const recipients = await runAs(admin, () => Messages.recipients(seen.sent[0]!.id));
    expect(recipients.items.length).toBe(seen.sent[0]!.total);
    expect(seen.known.length).toBeGreaterThan(0);
    expect(seen.known.every((c) => c.clientName)).toBe(true);
    expect(seen.unknown.map((c) => c.contactName).sort()).toEqual(['Dona Cida', 'Ricardo']);
    // The AI area's month: clients' threads with orders as they are written, answered or waiting (unread).
    expect(seen.known.filter((c) => c.unread > 0).length).toBeGreaterThanOrEqual(3);
    const order = seen.known.find((c) => c.lastText === 'Manda tbm 3 cx de óleo de soja e 2 fardos de arroz 5kg');
    expect(order?.unread).toBe(1);
    expect(seen.known.find((c) => c.lastText === 'O caminhão passa que horas? Fecho às 18h')?.unread).toBe(2);
    const thread = await runAs(admin, () => Messages.conversation(order!.phone));
    // A client who answered a send: the send's message first, with its status.
    const answered = seen.known.find((c) => c.lastText === 'Obrigado! Pode me mandar o catálogo novo?');
    const before = (await runAs(admin, () => Messages.conversation(answered!.phone))).messages.slice(-2);
    expect(before.map((m) => [m.direction, m.status])).toEqual([['out', expect.stringMatching(/^(read|delivered)$/)], ['in', null]]);
    expect(before[0]!.text).toMatch(/^Olá /);
    expect(thread.messages.map((m) => [m.direction, m.text]).slice(-3)).toEqual([
      ['in', 'Bom dia! manda 10 cx de água 500ml e 5 fardos de açúcar pra amanhã'],
      ['out', 'Bom dia! Anotado, sai amanhã cedo. Precisa de mais alguma coisa?'],
      ['in', 'Manda tbm 3 cx de óleo de soja e 2 fardos de arroz 5kg'],
    ]);
    // Vera answers her clients in the AI area (the demo's salesman profile reads and answers
    // messages, docs/ai.md): her own clients' conversations, not Sérgio's, and no unknown number.
    const vera = await signedIn(DEMO_LOGINS.salesman);
    const hers = await runAs(vera, async () => ({ known: (await Messages.conversations({ kind: 'known', limit: 50 })).items, unknown: (await Messages.conversations({ kind: 'unknown', limit: 50 })).items }));
    expect(hers.unknown).toEqual([]);
    expect(hers.known.length).toBeGreaterThan(0);
    expect(hers.known.length).toBeLessThan(seen.known.length);
    const owners = await runAs(admin, () => Promise.all(hers.known.map(async (c) => (await Clients.get(c.clientId!)).salesmanId)));
    expect(new Set(owners)).toEqual(new Set([vera.userId]));
    // Her AI area opens on an order as a client writes it.
    expect(hers.known.some((c) => c.lastText === 'Manda tbm 3 cx de óleo de soja e 2 fardos de arroz 5kg')).toBe(true);
  });
});
