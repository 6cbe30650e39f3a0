/**
 * What the parts of `npm run bench` start from: a company provisioned with its administrator, its
 * branches and its salesmen (all with the password `bench-1234`, at `<role>@<domain>.bench`), the
 * local HTTP server (the one `npm start` runs) with a login through it, and the plain-list floor: a
 * bare Query timed in the same run (no HTTP, no auth).
 * Core is imported here only when called: bench.ts starts DynamoDB Local and sets its endpoint first.
 */
import { performance } from 'node:perf_hooks';
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';

export const BENCH_PASSWORD = 'bench-1234';

/**
 * `<name> Ltda` with `admin@<domain>.bench` ('Admin <name>') and its branches; then, with
 * `supervisor`, `sup@<domain>.bench` (the manager profile, supervising), and `salesmen` salesmen
 * `v<i>@<domain>.bench` ('Vendedor <i>') in every branch, under the supervisor when there is one.
 */
export async function benchCompany(opts: { name: string; domain: string; branches?: string[]; salesmen?: number; supervisor?: boolean }) {
  const { Provisioning } = await import('../packages/core/src/provisioning');
  const p = await Provisioning.provision({
    company: { name: `${opts.name} Ltda` },
    branches: (opts.branches ?? ['Matriz']).map((name) => ({ name })),
    admin: { email: `admin@${opts.domain}.bench`, password: BENCH_PASSWORD, name: `Admin ${opts.name}` },
  });
  const branchIds = p.branches.map((b) => b.id);
  const supervisor = opts.supervisor
    ? await Provisioning.addUser(p.tenant.id, { email: `sup@${opts.domain}.bench`, password: BENCH_PASSWORD, name: 'Supervisor', profileId: p.profiles.manager.id, branchIds, supervisor: true })
    : null;
  const salesmen: { id: string; name: string }[] = [];
  for (let i = 0; i < (opts.salesmen ?? 0); i++) {
    salesmen.push(
      await Provisioning.addUser(p.tenant.id, {
        email: `v${i}@${opts.domain}.bench`, password: BENCH_PASSWORD, name: `Vendedor ${i}`, profileId: p.profiles.salesman.id, branchIds, salesman: true,
        ...(supervisor ? { supervisorId: supervisor.id } : {}),
      }),
    );
  }
  return { p, branchIds, supervisor, salesmen };
}

/** The local HTTP server on a free port, without the web app; `login` answers a user's access token. */
export async function benchServer() {
  const { createLocalServer, portOf } = await import('../functions/src/local/server');
  const server = await createLocalServer({ port: 0, webDist: null, hostname: '127.0.0.1' });
  const base = `http://127.0.0.1:${portOf(server)}`;
  const login = async (email: string) => {
    const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: BENCH_PASSWORD }) });
    return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
  };
  return { server, base, login };
}

/** The times of `rounds` bare Queries on core's table, as the company `tenantId` (`input` is read in its context: its keys carry the company). */
export async function timeRawQuery(tenantId: string, rounds: number, input: () => Omit<QueryCommandInput, 'TableName'>): Promise<number[]> {
  const { runAs } = await import('../packages/core/src/context');
  const { dynamoClient, tableName } = await import('../packages/core/src/db/client');
  return runAs({ tenantId }, async () => {
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const s = performance.now();
      await dynamoClient().send(new QueryCommand({ TableName: tableName(), ...input() }));
      times.push(performance.now() - s);
    }
    return times;
  });
}

/**
 * What a company's sales stand on, seeded as the demo does (under its actor: call inside `runAs`):
 * the registries, clients of `salesmanIds`, the catalogue, its prices and stock, and a count of
 * 1,000,000 of every product in every branch, enough stock for a year of sales. Answers the clients' ids.
 */
export async function seedSalesGround(branchIds: string[], salesmanIds: string[], label: string): Promise<string[]> {
  const { seedRegistries } = await import('../packages/core/src/registries/demo-data');
  const { seedClients } = await import('../packages/core/src/clients/demo-data');
  const { seedProducts } = await import('../packages/core/src/products/demo-data');
  const { seedPrices } = await import('../packages/core/src/prices/demo-data');
  const { seedStock } = await import('../packages/core/src/inventory/demo-data');
  const { Products } = await import('../packages/core/src/products');
  const { postMovements, LINES_PER_TX } = await import('../packages/core/src/inventory/ledger');
  await seedRegistries();
  const clientIds = await seedClients(salesmanIds);
  await seedProducts();
  await seedPrices();
  await seedStock(branchIds);
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await Products.page({}, cursor, 100, label);
    ids.push(...page.items.map((x) => x.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  const lines = ids.flatMap((productId) => branchIds.map((branchId) => ({ productId, branchId, kind: 'adjustment' as const, quantity: '1000000', reason: 'Inventário (bench)' })));
  for (let c = 0; c < lines.length; c += LINES_PER_TX) await postMovements(lines.slice(c, c + LINES_PER_TX));
  return clientIds;
}
