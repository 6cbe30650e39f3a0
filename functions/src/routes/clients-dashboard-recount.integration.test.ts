import { businessDate } from '@ev/shared/calendar';
import { Provisioning } from '@ev/core/provisioning/index';
import type { UserRecord } from '@ev/core/users/records';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { makeWorld, PASSWORD, type World } from '../testing/world';

/**
 * The clients dashboard's figures are kept on write by the aggregate primitive (db/aggregate.ts):
 * after a run of creates and edits through the API that moves clients between salesmen,
 * situations, statuses, segments and regions, every dashboard (company, a supervisor's team, a
 * salesman's own) equals a recount of the clients as the API answers them. Clients have no delete
 * (docs/clients.md); the primitive's deletes are covered by db/aggregate.integration.test.ts.
 */
const api = checkedCall;
const TZ = 'America/Sao_Paulo';

let w: World;
let inTeam: UserRecord;
let outside: UserRecord;
const t = {} as Record<'admin' | 'supervisor' | 'inTeam' | 'outside' | 'salesman', string>;

beforeAll(async () => {
  w = await makeWorld('Recontagem');
  // Salesmen whose profile (the manager preset) shows them the dashboard: one in the supervisor's team, one outside it.
  const salesman = (label: string, supervisorId?: string) =>
    Provisioning.addUser(w.tenant.id, {
      email: `${label}@${w.domain}`,
      password: PASSWORD,
      name: `Vendedor ${label}`,
      profileId: w.profiles.manager.id,
      branchIds: w.branches.map((b) => b.id),
      salesman: true,
      ...(supervisorId ? { supervisorId } : {}),
    });
  [inTeam, outside] = await Promise.all([salesman('equipe', w.supervisor.id), salesman('fora')]);
  const logins = await Promise.all([w.login(w.admin.email), w.login(w.supervisor.email), w.login(inTeam.email), w.login(outside.email), w.login(w.salesman.email)]);
  [t.admin, t.supervisor, t.inTeam, t.outside, t.salesman] = logins.map((l) => l.accessToken) as [string, string, string, string, string];
});

interface Client {
  id: string;
  name: string;
  version: number;
  salesmanId: string | null;
  situation: string;
  status: string;
  segmentId: string | null;
  regionId: string | null;
  createdAt: string;
}

type Dashboard = {
  total: number;
  bySituation: { situation: string; count: number }[];
  byStatus: { status: string; count: number }[];
  bySegment: { id: string | null; count: number }[];
  byRegion: { id: string | null; count: number }[];
  newPerMonth: { month: string; count: number }[];
  withoutPurchase: { count: number };
};

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

const SITUATIONS = ['normal', 'analysis', 'problem', 'closed'];
const STATUSES = ['active', 'inactive'];

describe('clients dashboard figures', () => {
  it('equal a recount of the clients after a mixed run of creates and edits through the API', async () => {
    const rnd = random(424242);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
    const registry = async (name: 'segments' | 'regions', label: string) =>
      (await api('POST', `/api/${name}`, { token: t.admin, body: { name: label } })).body.id as string;
    const segments = [null, await registry('segments', 'Varejo'), await registry('segments', 'Atacado')];
    const regions = [null, await registry('regions', 'Centro'), await registry('regions', 'Norte')];
    const salesmen = [null, w.salesman.id, inTeam.id, outside.id, w.otherSalesman.id];
    const fields = () => ({ situation: pick(SITUATIONS), status: pick(STATUSES), segmentId: pick(segments), regionId: pick(regions) });

    const clients = new Map<string, Client>();
    let n = 0;
    const create = async (token: string, body: Record<string, unknown>) => {
      const res = await api('POST', '/api/clients', { token, body: { name: `Cliente Recontagem ${++n}`, birthDate: '1990-05-17', ...body } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      clients.set(res.body.id, res.body as Client);
    };
    for (let i = 0; i < 12; i++) await create(t.admin, { salesmanId: pick(salesmen), ...fields() });
    // Salesmen create their own (the salesman is the creator).
    for (const token of [t.inTeam, t.outside, t.salesman]) await create(token, fields());

    for (let i = 0; i < 30; i++) {
      const c = pick([...clients.values()]);
      // Each edit changes some of what the figures count: salesman, situation, status, segment, region.
      const change = rnd();
      const next = {
        salesmanId: change < 0.4 ? pick(salesmen) : c.salesmanId,
        situation: change < 0.7 ? pick(SITUATIONS) : c.situation,
        status: rnd() < 0.5 ? pick(STATUSES) : c.status,
        segmentId: rnd() < 0.5 ? pick(segments) : c.segmentId,
        regionId: rnd() < 0.5 ? pick(regions) : c.regionId,
      };
      const res = await api('PUT', `/api/clients/${c.id}`, { token: t.admin, body: { name: c.name, birthDate: '1990-05-17', ...next, version: c.version } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      clients.set(c.id, res.body as Client);
    }

    // The records as the API answers them now, read one by one.
    const records: Client[] = [];
    for (const id of clients.keys()) {
      const res = await api('GET', `/api/clients/${id}`, { token: t.admin });
      expect(res.status).toBe(200);
      records.push(res.body as Client);
    }
    const month = (c: Client) => businessDate(TZ, Date.parse(`${c.createdAt.replace(' ', 'T')}Z`)).slice(0, 7);
    const countBy = (list: Client[], of: (c: Client) => string | null) => {
      const out: Record<string, number> = {};
      for (const c of list) out[String(of(c))] = (out[String(of(c))] ?? 0) + 1;
      return out;
    };
    const recount = (list: Client[]) => ({
      total: list.length,
      bySituation: Object.fromEntries(SITUATIONS.map((s) => [s, list.filter((c) => c.situation === s).length])),
      byStatus: Object.fromEntries(STATUSES.map((s) => [s, list.filter((c) => c.status === s).length])),
      bySegment: countBy(list, (c) => c.segmentId),
      byRegion: countBy(list, (c) => c.regionId),
      newPerMonth: countBy(list, month),
      withoutPurchase: list.length,
    });
    const read = async (token: string) => {
      const res = await api('GET', '/api/clients/dashboard', { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const d = res.body as Dashboard;
      return {
        total: d.total,
        bySituation: Object.fromEntries(d.bySituation.map((s) => [s.situation, s.count])),
        byStatus: Object.fromEntries(d.byStatus.map((s) => [s.status, s.count])),
        bySegment: Object.fromEntries(d.bySegment.map((s) => [String(s.id), s.count])),
        byRegion: Object.fromEntries(d.byRegion.map((s) => [String(s.id), s.count])),
        newPerMonth: Object.fromEntries(d.newPerMonth.filter((m) => m.count > 0).map((m) => [m.month, m.count])),
        withoutPurchase: d.withoutPurchase.count,
      };
    };
    const of = (ids: (string | null)[]) => records.filter((c) => ids.includes(c.salesmanId));

    expect(await read(t.admin), 'company').toEqual(recount(records));
    expect(await read(t.supervisor), 'team').toEqual(recount(of([w.supervisor.id, w.salesman.id, inTeam.id])));
    expect(await read(t.inTeam), 'own, in the team').toEqual(recount(of([inTeam.id])));
    expect(await read(t.outside), 'own, outside').toEqual(recount(of([outside.id])));
    // The run did move clients in and out of every scope.
    expect(new Set(records.map((c) => c.salesmanId)).size).toBeGreaterThan(2);
    expect(of([inTeam.id]).length).toBeGreaterThan(0);
  });
});
