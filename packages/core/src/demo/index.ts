import { buildAbility, PRESETS } from '@ev/shared/permissions';
import { runAs } from '../context';
import { seedClients } from '../clients/demo-data';
import { seedStock } from '../inventory/demo-data';
import { seedMessaging } from '../messages/demo-data';
import { seedDemoCeps } from '../ports/cep-demo';
import { seedPrices } from '../prices/demo-data';
import { seedProducts } from '../products/demo-data';
import { seedRegistries } from '../registries/demo-data';
import { DEMO_RECENT_DAYS, seedCampaigns, seedLoyalty, seedSalesHistory } from '../sales/demo-data';
import { seedFieldWork } from '../schedulings/demo-data';
import { seedStoreClient } from '../store/demo-data';
import { Operators } from '../operators';
import { Profiles } from '../profiles';
import { Provisioning } from '../provisioning';
import { Tenants } from '../tenants';
import { Users } from '../users';
import { wireCore } from '../wiring';

export const DEMO_PASSWORD = 'demo1234';
/** The demo company's store address: /vendas/exemplo. */
export const DEMO_STORE = 'exemplo';
/**
 * The local demo's operator (the admin area at /admin, docs/admin.md): made on a start whose data
 * has no operator yet, with the demo's password. A deployed stage has none until `npm run operator`.
 */
export const DEMO_OPERATOR = { email: 'operador@exemplo.com.br', name: 'Otávio Operador' } as const;

/** The demo operator, when the data holds no operator at all (a second start adds nothing). */
export async function seedDemoOperator(): Promise<boolean> {
  if ((await Operators.list()).length) return false;
  await Operators.create({ ...DEMO_OPERATOR, password: DEMO_PASSWORD });
  return true;
}
export const DEMO_LOGINS = {
  admin: 'admin@exemplo.com.br',
  supervisor: 'supervisor@exemplo.com.br',
  salesman: 'vendedor@exemplo.com.br',
  employee: 'funcionario@exemplo.com.br',
} as const;

/** The older part of the demo's sales, to write once the product answers (see seedSalesHistory's `recentDays`). */
export type DemoLater = (signal?: AbortSignal) => Promise<{ sales: number; skipped: number; clients: number }>;

/**
 * The demo company, seeded once: a second run finds the administrator's e-mail pointer and adds
 * nothing. Returns whether it created the company. Its registries (Cadastros Gerais) come from
 * `registries/demo-data.ts`, its clients from `clients/demo-data.ts`, and the CEPs of their
 * addresses are put in the CEP cache so the demo works offline. `later`, on a first seed, writes the
 * sales' older weeks (see seedSalesHistory's `recentDays`).
 */
export async function seedDemo(options: { records?: boolean } = {}): Promise<{ created: boolean; tenantId: string; later?: DemoLater }> {
  // The seed writes through the services before the API is made (the local start seeds first): what
  // they need from higher floors (the campaigns' products and branches) is handed in now.
  wireCore();
  await seedDemoOperator();
  const existing = await Users.pointer(DEMO_LOGINS.admin);
  if (existing) return { created: false, tenantId: existing.tenantId };
  const { tenant, branches, profiles, admin } = await Provisioning.provision({
    company: { name: 'Distribuidora Exemplo Ltda', nickname: 'Exemplo', group: 'Exemplo', module: 'Distribuição', taxRegime: 'Simples Nacional' },
    branches: [
      { name: 'Matriz', nickname: 'Matriz', header: 'Distribuidora Exemplo Ltda - Matriz' },
      // Bauru consigns (docs/sales.md "Consigned sales"): 30 days, 3 % off.
      { name: 'Filial Bauru', nickname: 'Bauru', header: 'Distribuidora Exemplo Ltda - Filial Bauru', consignmentDays: 30, consignmentDiscount: '3.00' },
    ],
    admin: { email: DEMO_LOGINS.admin, password: DEMO_PASSWORD, name: 'Ana Administradora', nickname: 'Ana' },
    // A distributor that keeps its clients with cashback and points (docs/loyalty.md), and its
    // clients' store at /vendas/exemplo (docs/store.md "Demo").
    settings: { further: { cashback: true, points: true, selfCheckout: true, storeSlug: DEMO_STORE } },
  });
  const branchIds = branches.map((b) => b.id);
  const supervisor = await Provisioning.addUser(tenant.id, {
    email: DEMO_LOGINS.supervisor,
    password: DEMO_PASSWORD,
    name: 'Sérgio Supervisor',
    nickname: 'Sérgio',
    profileId: profiles.manager.id,
    branchIds,
    supervisor: true,
  });
  const salesman = await Provisioning.addUser(tenant.id, {
    email: DEMO_LOGINS.salesman,
    password: DEMO_PASSWORD,
    name: 'Vera Vendedora',
    nickname: 'Vera',
    profileId: profiles.salesman.id,
    branchIds,
    salesman: true,
    supervisorId: supervisor.id,
  });
  await Provisioning.addUser(tenant.id, {
    email: DEMO_LOGINS.employee,
    password: DEMO_PASSWORD,
    name: 'Fábio Funcionário',
    nickname: 'Fábio',
    profileId: profiles.employee.id,
    branchIds: [branchIds[0]!],
    employee: true,
  });
  // Vera answers her clients on WhatsApp in the AI area (docs/ai.md "Who may use it"): the company's
  // salesman profile, edited as an administrator would in the permissions, reads and answers messages.
  await runAs({ tenantId: tenant.id, userId: admin.id, ability: buildAbility(PRESETS.administrator.rules) }, async () => {
    const profile = (await Tenants.profile(profiles.salesman.id))!;
    await Profiles.update(profile.id, { name: profile.name, rules: [...profile.rules, { action: ['read', 'create'], subject: 'mensagens' }], financialReleaseAuthorizer: profile.financialReleaseAuthorizer ?? false, version: profile.version });
  });
  // `records: false` (EV_DEMO=logins): the company and its logins only, for tests that start the product.
  if (options.records === false) return { created: true, tenantId: tenant.id };
  await seedDemoCeps();
  const later = await runAs({ tenantId: tenant.id }, async () => {
    await seedRegistries();
    // Vera owns two thirds of the clients and Sérgio (her supervisor) a third; some have no salesman.
    const clientIds = await seedClients([salesman.id, salesman.id, supervisor.id]);
    // Three working weeks of visits, calls and e-mails done by Vera and Sérgio, and the next two
    // weeks to do, a day's stops an itinerary (schedulings/demo-data.ts).
    await seedFieldWork(clientIds, { salesmen: [{ id: salesman.id, name: salesman.name }, { id: supervisor.id, name: supervisor.name }], createdBy: admin.id });
    // WhatsApp on the sandbox: templates, the last weeks' sends with their statuses, the replies.
    await seedMessaging(clientIds, { adminId: admin.id, adminName: admin.nickname || admin.name, salesmen: [{ id: salesman.id, name: salesman.nickname || salesman.name }, { id: supervisor.id, name: supervisor.nickname || supervisor.name }] });
    // The catalogue (about 300 products of two product companies); prices and stock build on it.
    await seedProducts();
    // Prices in the demo tables (Varejo, the default; Atacado for the segment Supermercado; Promoção de Natal).
    await seedPrices();
    // Stock in both branches, posted through the ledger (some low, some zero, a few consignments).
    await seedStock(branchIds);
    // This month's campaigns for some segments, next month's and last month's (docs/campaigns.md).
    await seedCampaigns();
    // About 90 days of sales by Vera and Sérgio (drafts, every status, their stock and installments),
    // written in bulk; the clients' last purchases follow from them. The last days now, the older
    // weeks by `later`.
    const history = await seedSalesHistory(clientIds, {
      salesmen: [
        { id: salesman.id, supervisorId: supervisor.id },
        { id: supervisor.id, supervisorId: null },
      ],
      authorizerId: admin.id,
      officeId: admin.id,
    }, { recentDays: DEMO_RECENT_DAYS });
    // Cashback and points began this week: the oldest pending sales released now credit their clients.
    await seedLoyalty(admin.id);
    // A client of Vera's with store access (docs/store.md "Demo").
    await seedStoreClient(clientIds, salesman.id, DEMO_PASSWORD);
    return history.later;
  });
  return { created: true, tenantId: tenant.id, ...(later ? { later: (signal?: AbortSignal) => runAs({ tenantId: tenant.id }, () => later(signal)) } : {}) };
}

/**
 * Demo data in a company an operator opened with "dados de demonstração" (docs/admin.md): the demo's
 * registries, about 300 clients of the Bauru area (its salesmen's, when it has any), the catalogue,
 * the price tables and stock in every branch, through the same services as the demo company's.
 * No sales: they need the company's salesmen, which an operator does not make. Runs as the
 * `platform.company-demo` job (registered by the entries that carry this module: the local server
 * and the platform's consumer).
 */
export async function seedCompanyDemo(tenantId: string): Promise<{ clients: number; products: number }> {
  wireCore();
  await seedDemoCeps();
  return runAs({ tenantId }, async () => {
    const [branches, users] = await Promise.all([Tenants.branches(), Users.summaries()]);
    // Its salesmen, if any (a company just opened has none: its clients then have no salesman).
    const salesmen = users.filter((u) => u.active && u.salesman).map((u) => u.id);
    await seedRegistries();
    const clientIds = await seedClients(salesmen);
    const products = await seedProducts();
    await seedPrices();
    await seedStock(branches.filter((b) => b.active).map((b) => b.id));
    await seedCampaigns();
    return { clients: clientIds.length, products: products.created };
  });
}
