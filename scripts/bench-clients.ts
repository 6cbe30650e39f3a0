/**
 * The clients part of `npm run bench`: 100,000 clients in one company beside a second company of
 * 10,000, then search by a name word, by document characters and a filtered list, as a salesman and
 * as staff, through the local HTTP server (the one `npm start` runs), next to a raw Query of the
 * same search partition measured in the same run. Figures only; the targets live in the issue.
 */
import fs from 'node:fs';
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

/**
 * A client's document: a CNPJ whose root (8 digits) is `n` scattered over the 10^8 roots (times an
 * odd number not a multiple of 5 is one-to-one modulo 10^8) and shifted per company, with its two
 * check digits. The same `n` makes the same document, so a seed can stop and go on.
 */
export function benchDocument(company: number, n: number): string {
  const root = String((Number((BigInt(n) * 48_271n + 12_345_679n + BigInt(company) * 7_919n) % 100_000_000n))).padStart(8, '0');
  const twelve = `${root}0001`;
  const thirteen = `${twelve}${cnpj.verifierDigit(twelve)}`;
  return cnpj.format(`${thirteen}${cnpj.verifierDigit(thirteen)}`);
}

/**
 * A client's id: a UUID v7 whose time is 2026-01-01 plus `n` milliseconds, with the company and
 * `n` in its random part, so a round written again after a stop writes the very same items.
 */
export function benchClientId(company: number, n: number): string {
  const time = (Date.UTC(2026, 0, 1) + n).toString(16).padStart(12, '0');
  const tail = n.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${company.toString(16).padStart(3, '0')}-8000-${tail}`;
}

/** Every field of the schema empty (its defaults), under the bench's values. */
const BLANK = ClientFields.parse({ name: 'x' });

/**
 * The bench's client number `n` of the company `company` (0 the big one) as the repository keeps
 * it, the salesmen and regions taken in turn. The same `n` makes the same record (its id and
 * document too), so a seed cut by a stop writes the same items again.
 */
export function benchClientRecord(company: number, n: number, sellerIds: string[], regionIds: string[], now: string) {
  return {
    ...BLANK,
    id: benchClientId(company, n),
    name: `${KINDS[n % KINDS.length]} ${NAMES[Math.floor(n / KINDS.length) % NAMES.length]} ${OWNERS[Math.floor(n / 120) % OWNERS.length]} ${n}`,
    nickname: null, document: benchDocument(company, n), stateRegistration: null, email: null,
    phone1: `149${String(n).padStart(8, '0')}`, phone2: null, phone3: null, phone4: null,
    status: n % 10 === 0 ? 'inactive' : 'active', situation: n % 7 === 0 ? 'analysis' : 'normal',
    salesmanId: sellerIds[n % sellerIds.length]!, branchId: null, regionId: regionIds[n % regionIds.length]!, routeId: null, segmentId: null, walletId: null,
    natureId: null, bearerId: null, paymentConditionIds: [], creditLimit: null, addresses: [], lastPurchaseDate: null,
    incomplete: true, blocked: n % 7 === 0, createdOn: now.slice(0, 10), createdAt: now, updatedAt: now, version: 1,
  } as const;
}

/** What a seed has done so far, kept beside DynamoDB Local's file when that file is kept (`stateFile`). */
interface SeedState {
  companies: Record<string, { tenantId: string; sellerIds: string[]; regionIds: string[]; done: number; seconds: number }>;
}

/**
 * How the clients' items get in: through DynamoDB Local's API (BatchWrite, `api`), or, with its file
 * on disk, straight into that file by the loader (`file`, scripts/bench-dynamo-file.ts) while
 * `whileStopped` keeps DynamoDB Local stopped.
 */
export type ClientsLoad = { path: 'api' } | { path: 'file'; dir: string; whileStopped: (between: () => Promise<void>) => Promise<void> };

export async function benchClients(opts: { clients: number; second: number; rounds: number; stateFile?: string | null; load?: ClientsLoad }): Promise<{ rows: Row[]; seeded: string }> {
  const { runAs } = await import('../packages/core/src/context');
  const { timestamp } = await import('../packages/core/src/clock');
  const { Keys } = await import('../packages/core/src/db/keys');
  const { batchWrite } = await import('../packages/core/src/db/batch');
  const { tableName } = await import('../packages/core/src/db/client');
  const { Auth } = await import('../packages/core/src/auth');
  const { Clients } = await import('../packages/core/src/clients');
  const { ClientsRepository } = await import('../packages/core/src/clients/repository');
  const { Registries } = await import('../packages/core/src/registries');
  const { regions } = await import('../packages/shared/src/registries/regions');
  const { DomainError } = await import('../packages/core/src/errors');
  const load = opts.load ?? { path: 'api' };

  const state: SeedState = opts.stateFile && fs.existsSync(opts.stateFile) ? JSON.parse(fs.readFileSync(opts.stateFile, 'utf8')) : { companies: {} };
  const save = () => opts.stateFile && fs.writeFileSync(opts.stateFile, JSON.stringify(state));
  const resumed = Object.values(state.companies).some((c) => c.done > 0);

  /** A company with `salesmen` salesmen and 10 regions, made through the services (or the one a kept folder holds). */
  async function company(label: string, salesmen: number) {
    let seeded = state.companies[label];
    if (!seeded) {
      const { p, salesmen: sellers } = await benchCompany({ name: label, domain: label.toLowerCase(), salesmen });
      const regionIds = await runAs({ tenantId: p.tenant.id }, async () => {
        const ids: string[] = [];
        for (let r = 0; r < 10; r++) ids.push((await Registries.create(regions, { name: `Região ${r}` })).id);
        return ids;
      });
      seeded = state.companies[label] = { tenantId: p.tenant.id, sellerIds: sellers.map((s) => s.id), regionIds, done: 0, seconds: 0 };
      save();
    }
    return seeded;
  }

  /**
   * The items of the company's clients `from` to `to` (excluded): the record, its guard and its
   * list and search items, the Puts of the repository's own create. The counters and reference
   * counts a transaction would move are not read here.
   */
  function clientItems(seeded: SeedState['companies'][string], index: number, from: number, to: number, now: string): Record<string, unknown>[] {
    const items: Record<string, unknown>[] = [];
    for (let n = from; n < to; n++) {
      const record = benchClientRecord(index, n, seeded.sellerIds, seeded.regionIds, now);
      for (const step of ClientsRepository.createSteps({ ...record, paymentConditionIds: [], addresses: [] }, () => new DomainError('taken', 'taken', 'conflict'))) {
        if (step.item.Put) items.push(step.item.Put.Item as Record<string, unknown>);
      }
    }
    return items;
  }

  /**
   * Through the API: a few hundred items a round by BatchWrite (db/batch.ts writes them 25 a call, a
   * few calls at once). What is done is counted after a round and kept every half minute: a round
   * cut by a stop is written again, the same items under the same keys.
   */
  async function seedByApi(label: string, index: number, count: number) {
    const seeded = state.companies[label]!;
    await runAs({ tenantId: seeded.tenantId }, async () => {
      const now = timestamp();
      let since = performance.now();
      while (seeded.done < count) {
        const to = Math.min(count, seeded.done + 14);
        await batchWrite(clientItems(seeded, index, seeded.done, to, now).map((item) => ({ put: item })));
        seeded.done = to;
        const t = performance.now();
        if (t - since > 30_000 || seeded.done === count) {
          seeded.seconds += (t - since) / 1000;
          since = t;
          save();
          if (opts.stateFile) console.info(`${label}: ${seeded.done} of ${count} clients, ${seeded.seconds.toFixed(0)} s`);
        }
      }
    });
  }

  /**
   * Into DynamoDB Local's file, DynamoDB Local stopped: 5,000 clients a transaction. Counted as
   * done only when the load ends (the indexes made again): a load cut by a stop is made again whole.
   * With `BENCH_LOAD_MINUTES`, the load ends after the transaction that passes that time and the
   * company is measured at the size it reached (the seeding line says so).
   */
  async function seedByFile(companies: [string, number, number][], dir: string, whileStopped: (between: () => Promise<void>) => Promise<void>) {
    const { openDynamoFile } = await import('./bench-dynamo-file');
    const budget = process.env.BENCH_LOAD_MINUTES ? Number(process.env.BENCH_LOAD_MINUTES) * 60_000 : Infinity;
    await whileStopped(async () => {
      const start = performance.now();
      const file = openDynamoFile(dir, tableName(), { cacheMiB: Number(process.env.BENCH_LOAD_CACHE_MIB ?? 3072) });
      let since = start;
      const reached = new Map<string, number>();
      for (const [label, index, count] of companies) {
        const seeded = state.companies[label]!;
        await runAs({ tenantId: seeded.tenantId }, async () => {
          const now = timestamp();
          let n = seeded.done;
          while (n < count && performance.now() - start < budget) {
            const to = Math.min(count, n + 5_000);
            file.write(clientItems(seeded, index, n, to, now));
            n = to;
            if (performance.now() - since > 60_000) {
              since = performance.now();
              console.info(`${label}: ${n} of ${count} clients in the file, ${file.rows} items, ${((since - start) / 1000).toFixed(0)} s`);
            }
          }
          reached.set(label, n);
        });
      }
      const indexing = performance.now();
      file.close();
      const end = performance.now();
      console.info(`File loaded: ${file.rows} items in ${((indexing - start) / 1000).toFixed(0)} s, its secondary indexes made in ${((end - indexing) / 1000).toFixed(0)} s`);
      // The load's time, shared by the companies loaded in proportion of their clients.
      const total = companies.reduce((sum, [label]) => sum + reached.get(label)! - state.companies[label]!.done, 0);
      for (const [label] of companies) {
        const seeded = state.companies[label]!;
        seeded.seconds += total ? ((end - start) / 1000) * ((reached.get(label)! - seeded.done) / total) : 0;
        seeded.done = reached.get(label)!;
      }
      save();
    });
  }

  const big = await company('Grande', 50);
  const second = await company('Segunda', 10);
  // The small company first: a load with a time limit cuts the big one.
  const plan: [string, number, number][] = [['Segunda', 1, opts.second], ['Grande', 0, opts.clients]];
  const waiting = plan.filter(([label, , count]) => state.companies[label]!.done < count);
  if (load.path === 'file' && waiting.length) await seedByFile(waiting, load.dir, load.whileStopped);
  else for (const [label, index, count] of waiting) await seedByApi(label, index, count);
  const seedSeconds = big.seconds + second.seconds;
  // What a load with a time limit reached (the whole company otherwise).
  const sizes = `${big.done}${big.done < opts.clients ? ` (of ${opts.clients} asked: the load's time limit)` : ''} + ${second.done}`;
  const how = load.path === 'file' ? "by the file loader, DynamoDB Local stopped (scripts/bench-dynamo-file.ts)" : "through DynamoDB Local's API (BatchWrite)";

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
  const doc = documentKey(benchDocument(0, 0)).slice(0, 8);
  const salesmanDoc = documentKey(benchDocument(0, 50)).slice(0, 8); // n = 50: salesman 0's client
  // The floor through the server: one indexed Query of one page, plus HTTP and authentication.
  await measure('staff', 'plain list, the API floor', {});
  await measure('staff', 'name word', { q: 'padaria' });
  await measure('staff', 'two words', { q: 'padaria silva' });
  await measure('staff', 'document', { q: doc });
  await measure('staff', 'filtered list (region + situation)', { regionId: big.regionIds[3]!, situation: 'normal' });
  // No "Padaria" is in region 3 (kinds and regions both follow n % 10): each page reads its cap and
  // finds none; the web follows at most 10 such pages an ask (web/src/components/list/follow.ts).
  await measure('staff', 'name word in a region none of them is in', { q: 'padaria', regionId: big.regionIds[3]! });
  await measure('salesman', 'name word', { q: 'mercado' }); // his clients are n % 50 = 0: all "Mercado ..."
  await measure('salesman', 'document', { q: salesmanDoc });
  await measure('salesman', 'filtered list (situation + region)', { situation: 'normal', regionId: big.regionIds[0]! });

  // The floor: the same search partition read by a bare Query of one page, in the same run.
  const raw = await timeRawQuery(big.tenantId, opts.rounds, () => ({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :w AND :end',
    ExpressionAttributeValues: { ':pk': Keys.searchPartition('clients', 'all'), ':w': 'padaria', ':end': 'padaria\u{10FFFF}' },
    Limit: 20,
  }));
  rows.push({ path: 'raw Query, search partition, words from "padaria", Limit 20 (no HTTP, no auth)', p50: pct(raw, 50), p95: pct(raw, 95), read: '20' });
  const rawList = await timeRawQuery(big.tenantId, opts.rounds, () => ({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': Keys.listPartition('clients', 'all') }, Limit: 20 }));
  rows.push({ path: 'raw Query, list partition, first 20 by name (no HTTP, no auth)', p50: pct(rawList, 50), p95: pct(rawList, 95), read: '20' });
  server.close();
  return { rows, seeded: `Seeded ${sizes} clients ${waiting.length ? how : '(an earlier run: the kept folder)'} in ${seedSeconds.toFixed(0)} s (${((big.done + second.done) / seedSeconds).toFixed(0)} clients/s${resumed && waiting.length ? ', over more than one run' : ''})` };
}
