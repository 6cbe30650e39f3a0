import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { addDays } from '@ev/shared/calendar';
import { Auth } from '../auth';
import { Clock } from '../clock';
import { Clients } from '../clients';
import { seedClients } from '../clients/demo-data';
import { runAs } from '../context';
import { Inventory } from '../inventory';
import { seedStock } from '../inventory/demo-data';
import { newId } from '../ids';
import { seedPrices } from '../prices/demo-data';
import { seedProducts } from '../products/demo-data';
import { seedRegistries } from '../registries/demo-data';
import { Provisioning } from '../provisioning';
import { seedSalesHistory } from './demo-data';
import { Sales } from './index';
import { SalesRepository } from './repository';

describe('the demo sales history', () => {
  it('shows up as a user sees it: the last weeks at once and the older ones after, sales in every status and drafts, stock that checks with its ledger, installments that add up, last purchases from the sales', async () => {
    const tag = newId().slice(-8);
    const { tenant, branches, profiles, admin } = await Provisioning.provision({
      company: { name: `Histórico ${tag} Ltda` },
      branches: [{ name: 'Matriz' }, { name: 'Filial' }],
      admin: { email: `admin-${tag}@historico.test`, password: 'demo1234', name: 'Ana Admin' },
    });
    const branchIds = branches.map((b) => b.id);
    const supervisor = await Provisioning.addUser(tenant.id, { email: `sup-${tag}@historico.test`, password: 'demo1234', name: 'Sérgio', profileId: profiles.manager.id, branchIds, supervisor: true });
    const salesman = await Provisioning.addUser(tenant.id, { email: `ven-${tag}@historico.test`, password: 'demo1234', name: 'Vera', profileId: profiles.salesman.id, branchIds, salesman: true, supervisorId: supervisor.id });
    const seeded = await runAs({ tenantId: tenant.id }, async () => {
      await seedRegistries();
      const clientIds = await seedClients([salesman.id, salesman.id, supervisor.id], 60);
      // A third of the demo's catalogue (about 100 products, in every group): the history's checks
      // need a catalogue with prices and stock, not the whole demo's (about 7,700 items written).
      await seedProducts({ every: 3 });
      await seedPrices();
      await seedStock(branchIds);
      const out = await seedSalesHistory(clientIds, { salesmen: [{ id: salesman.id, supervisorId: supervisor.id }, { id: supervisor.id, supervisorId: null }], authorizerId: admin.id, officeId: admin.id }, { orders: 150, drafts: 3, recentDays: 30 });
      return { ...out, clientIds };
    });
    expect(seeded.drafts).toBe(3);
    expect(seeded.later).not.toBeNull();

    const session = await Auth.login({ email: `admin-${tag}@historico.test`, password: 'demo1234' }, null);
    const actor = await Auth.authenticate(session.accessToken);
    const listAll = async () => {
      const all = [];
      let cursor: string | undefined;
      do {
        const page = await Sales.list({ limit: 100, cursor });
        all.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return all;
    };
    const ledgerOf = async (sales: { id: string }[]) => {
      const products = [...new Set((await Promise.all(sales.map((s) => Sales.get(s.id)))).flatMap((s) => s.items.map((i) => i.productId)))];
      return (await Promise.all(products.map((id) => Inventory.check(id)))).flat();
    };
    // Before the older weeks: the last 30 days, holding the highest numbers, their stock checking with its ledger.
    const later = await runAs(actor, async () => {
      const recent = await listAll();
      expect(recent).toHaveLength(seeded.sales);
      expect(recent.length).toBeGreaterThan(20);
      // A business date of the company (São Paulo), not UTC's: from 21:00 to midnight there they differ.
      const oldest = recent.at(-1)!.orderDate;
      expect(oldest >= addDays(Clock.today('America/Sao_Paulo'), -30), oldest).toBe(true);
      const checks = await ledgerOf(recent.slice(0, 15));
      expect(checks.filter((c) => !c.matches)).toEqual([]);
      return { count: recent.length, numbers: recent.map((s) => s.number!) };
    });
    const rest = await runAs({ tenantId: tenant.id }, () => seeded.later!());
    expect(rest.skipped).toBe(0);
    expect(seeded.sales + rest.sales).toBeGreaterThan(100);

    await runAs(actor, async () => {
      // The list, newest first, numbered from the company's counter without a gap; the last weeks
      // kept the numbers they had before the older ones came.
      const all = await listAll();
      expect(all).toHaveLength(seeded.sales + rest.sales);
      expect(all.map((s) => s.number).sort((a, b) => a! - b!)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
      expect(all.slice(0, later.count).map((s) => s.number)).toEqual(later.numbers);
      expect(Math.min(...later.numbers)).toBe(all.length - later.count + 1);
      expect(all.map((s) => s.orderDate)).toEqual([...all.map((s) => s.orderDate)].sort().reverse());
      const statuses = new Set(all.map((s) => s.status));
      for (const s of ['completed', 'delivered', 'cancelled']) expect(statuses).toContain(s);
      expect(statuses.size).toBeGreaterThanOrEqual(5);
      expect(new Set(all.map((s) => s.branchId)).size).toBe(2);
      // The drafts apart hold the drafts only: no closed sale of the history among them.
      const drafts = (await Sales.list({ limit: 100, drafts: 'true' })).items;
      expect(drafts.map((d) => [d.status, d.number])).toEqual(Array.from({ length: 3 }, () => ['typing', null]));
      for (const d of drafts) expect((await Sales.get(d.id)).status).toBe('typing');
      // A period is a key range of the list: exactly its sales, newest first, page after page.
      const period = { from: all[Math.floor(all.length / 2)]!.orderDate, until: all[Math.floor(all.length / 3)]!.orderDate };
      const inPeriod = all.filter((s) => s.orderDate >= period.from && s.orderDate <= period.until);
      const first = await Sales.list({ limit: 20, ...period });
      expect(first.items).toEqual(inPeriod.slice(0, 20));
      const everyInPeriod = [...first.items];
      for (let c = first.nextCursor; c; ) {
        const page = await Sales.list({ limit: 20, ...period, cursor: c });
        everyInPeriod.push(...page.items);
        c = page.nextCursor;
      }
      expect(everyInPeriod).toEqual(inPeriod);
      const completedInPeriod = await Sales.list({ limit: 100, status: 'completed', ...period });
      expect(completedInPeriod.items).toEqual(inPeriod.filter((s) => s.status === 'completed'));

      // The count and total the list shows, kept by the bulk history's own ADDs, equal a recount:
      // the whole, a status, a period across months, a branch with a status.
      const recount = (rows: typeof all, byStatus: boolean) => ({
        count: rows.length,
        total: rows.filter((s) => byStatus || (s.status !== 'cancelled' && s.status !== 'refunded')).reduce((n, s) => n.plus(s.total), new Decimal(0)).toFixed(),
      });
      const branch = all[0]!.branchId!;
      for (const [query, rows, byStatus] of [
        [{}, all, false],
        [{ status: 'completed' as const }, all.filter((s) => s.status === 'completed'), true],
        [period, inPeriod, false],
        [{ status: 'cancelled' as const, branchId: branch, ...period }, inPeriod.filter((s) => s.status === 'cancelled' && s.branchId === branch), true],
      ] as const) {
        expect(await Sales.totals(query), JSON.stringify(query)).toEqual({ ...recount(rows as typeof all, byStatus), exact: true, source: 'aggregates' });
      }

      // The products' figures (the sales dashboard's ranking), added directly by the bulk and
      // through each later order's outbox item, equal a recount of the sales' lines, month by month.
      const months = [...new Set(all.map((s) => s.orderDate.slice(0, 7)))];
      // The company's and each salesman's (the bulk adds the salesmen's items too).
      type Recount = Map<string, { count: number; quantity: Decimal; total: Decimal }>;
      const lines: Recount = new Map();
      const bySalesman = new Map<string, Recount>();
      for (const row of all) {
        if (row.status === 'cancelled' || row.status === 'refunded') continue;
        const sale = await Sales.get(row.id);
        const seen = new Set<string>();
        const his = sale.salesmanId ? (bySalesman.get(sale.salesmanId) ?? bySalesman.set(sale.salesmanId, new Map()).get(sale.salesmanId)!) : null;
        for (const i of sale.items) {
          if (i.cancelled) continue;
          for (const out of his ? [lines, his] : [lines]) {
            const acc = out.get(i.productId) ?? { count: 0, quantity: new Decimal(0), total: new Decimal(0) };
            out.set(i.productId, { count: acc.count + (seen.has(i.productId) ? 0 : 1), quantity: acc.quantity.plus(i.sold ?? i.quantity), total: acc.total.plus(i.total) });
          }
          seen.add(i.productId);
        }
      }
      const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
      const listed = (r: Recount) => [...r].map(([id, f]) => ({ id, count: f.count, quantity: f.quantity.toFixed(), total: f.total.toFixed() })).sort(byId);
      expect(lines.size).toBeGreaterThan(10);
      expect((await SalesRepository.productRanking(months, null, 100_000)).sort(byId)).toEqual(listed(lines));
      expect(bySalesman.size).toBeGreaterThan(1);
      for (const [salesmanId, his] of bySalesman) expect((await SalesRepository.productRanking(months, [salesmanId], 100_000)).sort(byId), salesmanId).toEqual(listed(his));

      // Old ones are mostly done; a status filter reads its own partition.
      const completed = await Sales.list({ limit: 100, status: 'completed' });
      expect(completed.items.length).toBeGreaterThan(all.length / 3);

      // A sale as the detail shows it: installments adding up to the total, its stock delivered.
      const done = await Sales.get(completed.items[0]!.id);
      if (done.installments.length) {
        expect(done.installments.reduce((n, i) => n.plus(i.value), new Decimal(0)).equals(done.totals.total)).toBe(true);
      }
      expect(done.history.map((h) => h.to)).toEqual(['pending', 'paid', 'processing', 'receipt', 'delivered', 'completed']);

      // A cancelled sale keeps no open installment, and its stock went back.
      const cancelled = await Sales.get(all.find((s) => s.status === 'cancelled')!.id);
      expect(cancelled.installments.filter((i) => i.status === 'pending' || i.status === 'overdue')).toEqual([]);
      expect(['none', 'cancelled', 'paid']).toContain(cancelled.payment);
      // The installments are the client's: a completed sale's are in its financial position, paid.
      if (done.installments.length) expect(done.installments.every((i) => i.status === 'paid' || i.status === 'pending' || i.status === 'overdue')).toBe(true);
      expect(cancelled.history.at(-1)?.reason).toBeTruthy();

      // Every balance the history moved, by the newest sales and by the oldest, checks with its ledger.
      const checks = await ledgerOf([...all.slice(0, 15), ...all.slice(-15)]);
      expect(checks.length).toBeGreaterThan(0);
      expect(checks.filter((c) => !c.matches)).toEqual([]);

      // A client's last purchase is the date of its latest sale that was not cancelled.
      const buyers = await Clients.findMany(seeded.clientIds);
      const latest = new Map<string, string>();
      for (const s of all) if (s.status !== 'cancelled' && s.orderDate > (latest.get(s.clientId!) ?? '')) latest.set(s.clientId!, s.orderDate);
      expect(latest.size).toBeGreaterThan(10);
      for (const c of buyers) expect(c.lastPurchaseDate ?? null).toBe(latest.get(c.id) ?? null);
    });
  }, 240_000);
});
