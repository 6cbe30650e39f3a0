import { afterEach, describe, expect, it } from 'vitest';
import { weekday } from '@ev/shared/calendar';
import { Auth } from '../auth';
import { Clock } from '../clock';
import { seedClients } from '../clients/demo-data';
import { runAs } from '../context';
import { newId } from '../ids';
import { seedRegistries } from '../registries/demo-data';
import { Provisioning } from '../provisioning';
import { seedFieldWork } from './demo-data';
import { Itineraries, Schedulings } from './index';

/**
 * The demo's field work seeded on any day of the week (docs/schedulings.md "Demo"): the next working
 * day's itineraries are already in sequence, whether the demo is seeded on a weekday or on a
 * Saturday or a Sunday (when today is no working day at all).
 */
afterEach(() => Clock.reset());

const SEEDED_ON = {
  // 2026-12-05 is a Saturday, 2026-12-06 a Sunday, 2026-12-07 the Monday after; noon in São Paulo.
  'a Saturday': '2026-12-05T15:00:00Z',
  'a Sunday': '2026-12-06T15:00:00Z',
  'a Friday': '2026-12-04T15:00:00Z',
} as const;

/** One company with its registries and clients, a salesman for each day the field work is seeded on. */
let company: Promise<{ tenantId: string; adminId: string; email: string; clientIds: string[]; salesmen: Record<string, { id: string; name: string }> }> | undefined;
function demoCompany() {
  company ??= (async () => {
    const tag = newId().slice(-8);
    const { tenant, branches, profiles, admin } = await Provisioning.provision({
      company: { name: `Campo ${tag} Ltda` },
      branches: [{ name: 'Matriz' }],
      admin: { email: `admin-${tag}@campo.test`, password: 'demo1234', name: 'Ana Admin' },
    });
    const branchIds = branches.map((b) => b.id);
    const salesmen: Record<string, { id: string; name: string }> = {};
    for (const [k, day] of Object.keys(SEEDED_ON).entries()) {
      const user = await Provisioning.addUser(tenant.id, { email: `ven${k}-${tag}@campo.test`, password: 'demo1234', name: `Vendedor ${k}`, profileId: profiles.salesman.id, branchIds, salesman: true });
      salesmen[day] = { id: user.id, name: user.name };
    }
    const clientIds = await runAs({ tenantId: tenant.id }, async () => {
      await seedRegistries();
      return seedClients(Object.values(salesmen).map((s) => s.id), 45);
    });
    return { tenantId: tenant.id, adminId: admin.id, email: `admin-${tag}@campo.test`, clientIds, salesmen };
  })();
  return company;
}

/** The salesman's field work seeded with the clock at `at`; his itineraries of `day` as the administrator reads them. */
async function seededOn(on: keyof typeof SEEDED_ON, day: string) {
  const { tenantId, adminId, email, clientIds, salesmen } = await demoCompany();
  const salesman = salesmen[on]!;
  Clock.set(() => Date.parse(SEEDED_ON[on]));
  await runAs({ tenantId }, () => seedFieldWork(clientIds, { salesmen: [salesman], createdBy: adminId, pastDays: 2, nextDays: 2, perDay: 4 }));
  const actor = await Auth.authenticate((await Auth.login({ email, password: 'demo1234' }, null)).accessToken);
  return runAs(actor, async () => {
    const { items } = await Itineraries.listDay({ date: day, salesmanId: salesman.id });
    // The bulk seed keeps the schedulings' figures as one by one: the visits done equal the completed list's.
    const done = await Schedulings.list({ list: 'completed', salesmanId: salesman.id, limit: 100 });
    expect(done.nextCursor).toBeNull();
    const months = [...new Set(done.items.map((s) => s.date.slice(0, 7)))];
    const recount = Object.fromEntries(months.map((m) => [m, done.items.filter((s) => s.date.startsWith(m) && s.status === 'completed' && s.contactMode === 'visit').length]));
    expect(Object.values(recount).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(await Schedulings.visitsDone([salesman.id], months)).toEqual(recount);
    return Promise.all(items.map((i) => Itineraries.get(i.id)));
  });
}

describe('the demo field work', () => {
  it.each(Object.keys(SEEDED_ON) as (keyof typeof SEEDED_ON)[])('seeded on %s, has the next working day’s stops in sequence 1…n', async (on) => {
    expect(weekday('2026-12-07')).toBe(1);
    const itineraries = await seededOn(on, '2026-12-07');
    expect(itineraries).toHaveLength(1);
    for (const it of itineraries) {
      expect(it.stops.length).toBeGreaterThan(0);
      expect(it.stops.map((s) => s.sequence)).toEqual(it.stops.map((_s, k) => k + 1));
      expect(it.stops.map((s) => s.returnSequence)).toEqual(it.stops.map((_s, k) => it.stops.length - k));
    }
  }, 90_000);
});
