/**
 * The clients part of `npm run bench`: 100,000 clients in one company beside a second company of
 * 10,000, then search by a name word, by document characters and a filtered list, as a salesman and
 * as staff, through the local HTTP server (the one `npm start` runs), next to a raw Query of the
 * same search partition measured in the same run. Figures only; the targets live in the issue.
 */
import { performance } from 'node:perf_hooks';
import { cnpj } from 'cpf-cnpj-validator';
import { ClientFields } from '../packages/shared/src/schemas/clients';
import { documentKey } from '../packages/shared/src/text';
import { pct } from './bench-stats';
import { benchCompany, benchServer, timeRawQuery } from './bench-setup';

const KINDS = ['Mercado', 'Padaria', 'Açougue', 'Farmácia', 'Bar', 'Lanchonete', 'Restaurante', 'Mercearia', 'Sorveteria', 'Papelaria'];
const NAMES = ['São Jorge', 'Bom Jesus', 'Santa Luzia', 'Central', 'Estrela', 'Nova Era', 'Primavera', 'Recanto', 'Aliança', 'Vitória', 'Progresso', 'Avenida'];
const OWNERS = ['Silva', 'Souza', 'Oliveira', 'Pereira', 'Lima', 'Carvalho', 'Ferreira', 'Rodrigues', 'Almeida', 'Gomes', 'Martins', 'Ribeiro'];


export interface Row {
  path: string;
  p50: number;
  p95: number;
  read: string;
}

export async function benchClients(opts: { clients: number; second: number; rounds: number }): Promise<{ rows: Row[]; seeded: string }> {
  const { runAs } = await import('../packages/core/src/context');
  const { newId } = await import('../packages/core/src/ids');
  const { timestamp } = await import('../packages/core/src/clock');
  const { Keys } = await import('../packages/core/src/db/keys');
  const { batchWrite } = await import('../packages/core/src/db/batch');
  const { Auth } = await import('../packages/core/src/auth');
  const { Clients } = await import('../packages/core/src/clients');
  const { ClientsRepository } = await import('../packages/core/src/clients/repository');
  const { Registries } = await import('../packages/core/src/registries');
  const { regions } = await import('../packages/shared/src/registries/regions');
  const { DomainError } = await import('../packages/core/src/errors');

  /** A company with `salesmen` salesmen and `count` clients written through the repository's own steps. */
  async function company(label: string, count: number, salesmen: number) {
    const { p, salesmen: sellers } = await benchCompany({ name: label, domain: label.toLowerCase(), salesmen });
    const documents: string[] = [];
    const regionIds = await runAs({ tenantId: p.tenant.id }, async () => {
      const ids: string[] = [];
      for (let r = 0; r < 10; r++) ids.push((await Registries.create(regions, { name: `Região ${r}` })).id);
      const now = timestamp();
      const items: Record<string, unknown>[] = [];
      // Every field of the schema empty (its defaults), then the bench's values.
      const blank = ClientFields.parse({ name: 'x' });
      for (let n = 0; n < count; n++) {
        const document = cnpj.format(cnpj.generate());
        if (n < 500) documents.push(document);
        const record = {
          ...blank,
          id: newId(),
          name: `${KINDS[n % KINDS.length]} ${NAMES[Math.floor(n / KINDS.length) % NAMES.length]} ${OWNERS[Math.floor(n / 120) % OWNERS.length]} ${n}`,
          nickname: null, document, stateRegistration: null, email: null,
          phone1: `149${String(n).padStart(8, '0')}`, phone2: null, phone3: null, phone4: null,
          status: n % 10 === 0 ? 'inactive' : 'active', situation: n % 7 === 0 ? 'analysis' : 'normal',
          salesmanId: sellers[n % sellers.length]!.id, branchId: null, regionId: ids[n % ids.length]!, routeId: null, segmentId: null, walletId: null,
          natureId: null, bearerId: null, paymentConditionIds: [], creditLimit: null, addresses: [], lastPurchaseDate: null,
          incomplete: true, blocked: n % 7 === 0, createdOn: now.slice(0, 10), createdAt: now, updatedAt: now, version: 1,
        } as const;
        // The record, its guard and its list and search items, by BatchWrite: seeding measures
        // nothing, and the counters and reference counts a transaction would move are not read here.
        for (const step of ClientsRepository.createSteps({ ...record, paymentConditionIds: [], addresses: [] }, () => new DomainError('taken', 'taken', 'conflict'))) {
          if (step.item.Put) items.push(step.item.Put.Item as Record<string, unknown>);
        }
        // A few hundred items a round: db/batch.ts writes them 25 a call, a few calls at once.
        if (items.length >= 400) await batchWrite(items.splice(0).map((item) => ({ put: item })));
      }
      await batchWrite(items.splice(0).map((item) => ({ put: item })));
      return ids;
    });
    return { p, sellers, documents, regionIds };
  }

  const t0 = performance.now();
  const big = await company('Grande', opts.clients, 50);
  await company('Segunda', opts.second, 10);
  const seedSeconds = (performance.now() - t0) / 1000;

  const { server, base, login } = await benchServer();
  const staff = await login('admin@grande.bench');
  const salesman = await login('v0@grande.bench');
  const actors = { staff: await Auth.authenticate(staff), salesman: await Auth.authenticate(salesman) };
  const tokens = { staff, salesman };

  const rows: Row[] = [];
  async function timed(fn: () => Promise<void>): Promise<number[]> {
    const times: number[] = [];
    for (let i = 0; i < opts.rounds; i++) {
      const s = performance.now();
      await fn();
      times.push(performance.now() - s);
    }
    return times;
  }
  async function measure(who: 'staff' | 'salesman', label: string, query: Record<string, string>) {
    const qs = new URLSearchParams({ limit: '20', ...query }).toString();
    const times = await timed(async () => {
      const res = await fetch(`${base}/api/clients?${qs}`, { headers: { authorization: `Bearer ${tokens[who]}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`/api/clients?${qs} answered ${res.status}`);
    });
    const page = await runAs(actors[who], () => Clients.list({ ...query, limit: 20 }));
    rows.push({ path: `${who}: ${label} (GET /api/clients?${decodeURIComponent(qs)})`, p50: pct(times, 50), p95: pct(times, 95), read: `${page.scanned} (returned ${page.items.length})` });
  }
  const doc = documentKey(big.documents[0]).slice(0, 8);
  const salesmanDoc = documentKey(big.documents[50]).slice(0, 8); // n = 50: salesman 0's client
  // The floor through the server: one indexed Query of one page, plus HTTP and authentication.
  await measure('staff', 'plain list, the API floor', {});
  await measure('staff', 'name word', { q: 'padaria' });
  await measure('staff', 'two words', { q: 'padaria silva' });
  await measure('staff', 'document', { q: doc });
  await measure('staff', 'filtered list (region + situation)', { regionId: big.regionIds[3]!, situation: 'normal' });
  await measure('salesman', 'name word', { q: 'mercado' }); // his clients are n % 50 = 0: all "Mercado ..."
  await measure('salesman', 'document', { q: salesmanDoc });
  await measure('salesman', 'filtered list (situation + region)', { situation: 'normal', regionId: big.regionIds[0]! });

  // The floor: the same search partition read by a bare Query of one page, in the same run.
  const raw = await timeRawQuery(big.p.tenant.id, opts.rounds, () => ({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :w AND :end',
    ExpressionAttributeValues: { ':pk': Keys.searchPartition('clients', 'all'), ':w': 'padaria', ':end': 'padaria\u{10FFFF}' },
    Limit: 20,
  }));
  rows.push({ path: 'raw Query, search partition, words from "padaria", Limit 20 (no HTTP, no auth)', p50: pct(raw, 50), p95: pct(raw, 95), read: '20' });
  const rawList = await timeRawQuery(big.p.tenant.id, opts.rounds, () => ({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': Keys.listPartition('clients', 'all') }, Limit: 20 }));
  rows.push({ path: 'raw Query, list partition, first 20 by name (no HTTP, no auth)', p50: pct(rawList, 50), p95: pct(rawList, 95), read: '20' });
  server.close();
  return { rows, seeded: `Seeded ${opts.clients} + ${opts.second} clients in ${seedSeconds.toFixed(0)} s (${((opts.clients + opts.second) / seedSeconds).toFixed(0)} clients/s)` };
}
