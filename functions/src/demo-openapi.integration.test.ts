import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REGISTRIES } from '@ev/shared/registries/index';
import { addDays } from '@ev/shared/calendar';
import { Clock } from '@ev/core/clock';
import { seedClients } from '@ev/core/clients/demo-data';
import { runAs } from '@ev/core/context';
import { newId } from '@ev/core/ids';
import { seedStock } from '@ev/core/inventory/demo-data';
import { seedMessaging } from '@ev/core/messages/demo-data';
import { DEMO_CEPS, seedDemoCeps } from '@ev/core/ports/cep-demo';
import { seedPrices } from '@ev/core/prices/demo-data';
import { seedProducts } from '@ev/core/products/demo-data';
import { seedRegistries } from '@ev/core/registries/demo-data';
import { seedCampaigns, seedSalesHistory } from '@ev/core/sales/demo-data';
import { seedFieldWork } from '@ev/core/schedulings/demo-data';
import { Provisioning } from '@ev/core/provisioning/index';
import { openApiContract } from './testing/openapi-contract';
import { call } from './testing/world';

/**
 * Every kind of record the demo seeds, read through the API as its administrator reads them and
 * checked against the OpenAPI document the API publishes: the demo's records answer within the
 * API's contract like the ones a user writes. The demo is the first `npm start`'s (demo/index.ts),
 * each module's seed called as it calls them, at a smaller size (demo/demo.integration.test.ts
 * proves the whole demo's figures): the records are of the same kinds, written by the same code.
 */
const PASSWORD = 'demo1234';
let token: string;
let check: Awaited<ReturnType<typeof openApiContract>>;
const problems: string[] = [];

beforeAll(async () => {
  const tag = newId().slice(-8);
  const { tenant, branches, profiles, admin } = await Provisioning.provision({
    company: { name: `Exemplo ${tag} Ltda`, nickname: 'Exemplo', group: 'Exemplo', module: 'Distribuição', taxRegime: 'Simples Nacional' },
    branches: [
      { name: 'Matriz', nickname: 'Matriz', header: 'Exemplo - Matriz' },
      { name: 'Filial Bauru', nickname: 'Bauru', header: 'Exemplo - Filial Bauru', consignmentDays: 30, consignmentDiscount: '3.00' },
    ],
    admin: { email: `admin-${tag}@exemplo.test`, password: PASSWORD, name: 'Ana Administradora', nickname: 'Ana' },
  });
  const branchIds = branches.map((b) => b.id);
  const supervisor = await Provisioning.addUser(tenant.id, { email: `sup-${tag}@exemplo.test`, password: PASSWORD, name: 'Sérgio Supervisor', nickname: 'Sérgio', profileId: profiles.manager.id, branchIds, supervisor: true });
  const salesman = await Provisioning.addUser(tenant.id, { email: `ven-${tag}@exemplo.test`, password: PASSWORD, name: 'Vera Vendedora', nickname: 'Vera', profileId: profiles.salesman.id, branchIds, salesman: true, supervisorId: supervisor.id });
  await Provisioning.addUser(tenant.id, { email: `fun-${tag}@exemplo.test`, password: PASSWORD, name: 'Fábio Funcionário', nickname: 'Fábio', profileId: profiles.employee.id, branchIds: [branchIds[0]!], employee: true });
  await seedDemoCeps();
  await runAs({ tenantId: tenant.id }, async () => {
    await seedRegistries();
    const clientIds = await seedClients([salesman.id, salesman.id, supervisor.id], 40);
    await seedFieldWork(clientIds, { salesmen: [{ id: salesman.id, name: salesman.name }, { id: supervisor.id, name: supervisor.name }], createdBy: admin.id, pastDays: 3, nextDays: 3, perDay: 3 });
    await seedMessaging(clientIds, { adminId: admin.id, adminName: 'Ana', salesmen: [{ id: salesman.id, name: 'Vera' }, { id: supervisor.id, name: 'Sérgio' }] });
    await seedProducts({ every: 12 });
    await seedPrices();
    await seedStock(branchIds);
    await seedCampaigns();
    await seedSalesHistory(clientIds, { salesmen: [{ id: salesman.id, supervisorId: supervisor.id }, { id: supervisor.id, supervisorId: null }], authorizerId: admin.id, officeId: admin.id }, { orders: 25, days: 20, drafts: 2 });
  });
  token = (await call('POST', '/api/login', { body: { email: `admin-${tag}@exemplo.test`, password: PASSWORD } })).body.data.accessToken;
  check = await openApiContract();
}, 240_000);

beforeEach(() => {
  problems.length = 0;
});

/** A GET as the administrator, its answer checked against the document; answers the body. */
async function read<T = any>(url: string): Promise<T> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await call('GET', `/api${url}`, { token });
  if (res.status !== 200) problems.push(`GET ${url}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  problems.push(...check('GET', `/api${url}`, res));
  return res.body as T;
}

/** Every page of a list, each page checked. */
async function everyPage<T = any>(url: string): Promise<T[]> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const all: T[] = [];
  let cursor: string | null | undefined;
  do {
    const page = await read<{ items: T[]; nextCursor?: string | null }>(`${url}${url.includes('?') ? '&' : '?'}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    all.push(...(page.items ?? []));
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

/** `read` of each id under `base`, with each of `tails` after it (the record itself by default). */
async function eachOf(ids: string[], base: string, tails: string[] = ['']) {
  for (const id of ids) for (const tail of tails) await read(`${base}/${id}${tail}`);
}

describe('the demo’s records read through the API', () => {
  it('answer within the OpenAPI document: the company, its branches, users, profiles, sessions and logs', async () => {
    await read('/company');
    await read('/company/history');
    await read('/auth/me');
    await read('/auth/sessions');
    await eachOf((await everyPage<{ id: string }>('/branches')).map((b) => b.id), '/branches', ['', '/history']);
    await eachOf((await everyPage<{ id: string }>('/users')).map((u) => u.id), '/users', ['', '/history']);
    await eachOf((await everyPage<{ id: string }>('/profiles')).map((p) => p.id), '/profiles', ['', '/history']);
    expect((await everyPage('/logs')).length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  }, 120_000);

  it('answer within the OpenAPI document: every registry, its records one by one', async () => {
    for (const def of REGISTRIES) {
      const items = await everyPage<{ id: string }>(`/${def.name}`);
      expect(items.length, def.name).toBeGreaterThan(0);
      await eachOf(items.map((r) => r.id), `/${def.name}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('answer within the OpenAPI document: the clients, each with its financial position and products bought, and the dashboard', async () => {
    const clients = await everyPage<{ id: string }>('/clients');
    expect(clients.length).toBeGreaterThan(30);
    await eachOf(clients.map((c) => c.id), '/clients');
    await eachOf(clients.slice(0, 8).map((c) => c.id), '/clients', ['/financial', '/scrap', '/punctuality']);
    await eachOf(clients.slice(0, 8).map((c) => c.id), '/sales/client-products');
    await read('/clients/dashboard');
    await read(`/cep/${DEMO_CEPS[0]!.cep}`);
    expect(problems).toEqual([]);
  }, 120_000);

  it('answer within the OpenAPI document: the products, their prices and the chart, the stock and its movements', async () => {
    const products = await everyPage<{ id: string }>('/products');
    expect(products.length).toBeGreaterThan(10);
    await eachOf(products.map((p) => p.id), '/products');
    await eachOf(products.slice(0, 8).map((p) => p.id), '/products', ['/prices']);
    await everyPage('/price-chart');
    const stock = await everyPage<{ productId: string }>('/inventory');
    expect(stock.length).toBeGreaterThan(0);
    await eachOf([...new Set(stock.map((s) => s.productId))].slice(0, 8), '/inventory/products', ['/movements', '/balances']);
    expect(problems).toEqual([]);
  }, 120_000);

  it('answer within the OpenAPI document: the sales, drafts and closed ones in every status', async () => {
    const sales = await everyPage<{ id: string; status: string }>('/sales');
    expect(new Set(sales.map((s) => s.status)).size).toBeGreaterThan(1);
    await eachOf(sales.map((s) => s.id), '/sales');
    expect(problems).toEqual([]);
  }, 120_000);

  it('answer within the OpenAPI document: the schedulings done and to do, the itineraries of the days around today', async () => {
    const today = Clock.today('America/Sao_Paulo');
    const schedulings = [...(await everyPage<{ id: string }>('/schedulings?list=pending')), ...(await everyPage<{ id: string }>('/schedulings?list=completed'))];
    expect(schedulings.length).toBeGreaterThan(10);
    await eachOf(schedulings.map((s) => s.id), '/schedulings');
    await read('/schedulings/active');
    for (let d = -4; d <= 4; d++) {
      const day = await read<{ items: { id: string }[] }>(`/schedulings/itineraries?date=${addDays(today, d)}`);
      await eachOf(day.items.map((i) => i.id), '/schedulings/itineraries');
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('answer within the OpenAPI document: the geolocation map of the last weeks, the sales where they were closed and the visits where they were checked in', async () => {
    const today = Clock.today('America/Sao_Paulo');
    const map = await read<{ points: { kind: string; accuracy: number | null }[]; withoutGeolocation: { sales: number } }>(`/management/geolocation?from=${addDays(today, -20)}&until=${today}`);
    const kinds = new Set(map.points.map((p) => p.kind));
    expect([...kinds].sort()).toEqual(['sale', 'visit']);
    expect(map.points.every((p) => p.accuracy !== null && p.accuracy > 0)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('answer within the OpenAPI document: the WhatsApp account, templates, sends with their recipients, conversations, contacts, the assistant’s summaries', async () => {
    await read('/messages/account');
    await read('/messages/state');
    await eachOf((await everyPage<{ id: string }>('/messages/templates')).map((t) => t.id), '/messages/templates');
    const batches = [...(await everyPage<{ id: string }>('/messages/batches?state=sent')), ...(await everyPage<{ id: string }>('/messages/batches?state=pending'))];
    expect(batches.length).toBeGreaterThan(0);
    await eachOf(batches.map((b) => b.id), '/messages/batches', ['', '/recipients']);
    const chats = [...(await everyPage<{ phone: string }>('/messages/replies?kind=known')), ...(await everyPage<{ phone: string }>('/messages/replies?kind=unknown'))];
    expect(chats.length).toBeGreaterThan(0);
    await eachOf(chats.map((c) => c.phone), '/messages/replies');
    // The contacts: the same numbers, in their lists.
    const contacts = [...(await everyPage<{ phone: string }>('/messages/contacts?status=linked')), ...(await everyPage<{ phone: string }>('/messages/contacts?status=review'))];
    expect(contacts.map((c) => c.phone).sort()).toEqual(chats.map((c) => c.phone).sort());
    // The AI area: the month's tokens, and the assistant's summary of each client's conversation.
    await read('/ai/usage');
    await eachOf((await everyPage<{ phone: string }>('/messages/replies?kind=known')).map((c) => c.phone), '/ai/conversations', ['/summary']);
    expect(problems).toEqual([]);
  }, 120_000);
});
