import { Auth } from '@ev/core/auth';
import { Clients } from '@ev/core/clients';
import { clientsDashboard } from '@ev/core/clients/dashboard';
import { Financial } from '@ev/core/clients/financial';
import { runAs } from '@ev/core/context';
import { Inventory } from '@ev/core/inventory/index';
import { Scope } from '@ev/core/scope';
import { Users } from '@ev/core/users';
import { UsersRepository } from '@ev/core/users/repository';
import { Messages } from '@ev/shared/messages';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { makeWorld, type World } from '../testing/world';

/**
 * The one record scope (packages/core/src/scope.ts): the clients choose the partitions they read
 * and check each record with it, and a request resolves it once however many records it touches.
 * Then the permission rule of docs/decisions.md: every service function a request reaches checks
 * its subject itself, so a caller that skips the route still gets the 403.
 */
const api = checkedCall;

let w: World;
const t = {} as Record<'admin' | 'supervisor' | 'salesman' | 'otherSalesman' | 'employee', string>;
const ids = {} as Record<'own' | 'team' | 'outside', string>;

beforeAll(async () => {
  w = await makeWorld('Escopo');
  const logins = await Promise.all([w.admin, w.supervisor, w.salesman, w.otherSalesman, w.employee].map((u) => w.login(u.email)));
  [t.admin, t.supervisor, t.salesman, t.otherSalesman, t.employee] = logins.map((l) => l.accessToken) as [string, string, string, string, string];
  const create = async (token: string, name: string) => {
    const res = await api('POST', '/api/clients', { token, body: { name, birthDate: '1990-05-17' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  [ids.own, ids.team, ids.outside] = await Promise.all([
    create(t.supervisor, 'Cliente do Supervisor'),
    create(t.salesman, 'Cliente da Equipe'),
    create(t.otherSalesman, 'Cliente de Fora'),
  ]);
});

afterEach(() => vi.restoreAllMocks());

const listed = async (token: string) => ((await api('GET', '/api/clients?limit=100', { token })).body.items as { id: string }[]).map((c) => c.id).sort();

describe('clients on the shared record scope', () => {
  it('a supervisor lists and opens his and his team’s clients; another salesman’s is absent and a 404', async () => {
    expect(await listed(t.supervisor)).toEqual([ids.own, ids.team].sort());
    expect((await api('GET', `/api/clients/${ids.team}`, { token: t.supervisor })).status).toBe(200);
    expect((await api('GET', `/api/clients/${ids.outside}`, { token: t.supervisor })).status).toBe(404);
  });

  it('takes both the partitions a list reads and the check of one record from the shared scope', async () => {
    // The shared piece answers another scope (only the outside salesman's records): the clients follow it in both places.
    const current = vi.spyOn(Scope, 'current').mockResolvedValue({ kind: 'owners', ids: [w.otherSalesman.id], supervisor: false });
    expect(await listed(t.supervisor)).toEqual([ids.outside]);
    expect((await api('GET', `/api/clients/${ids.outside}`, { token: t.supervisor })).status).toBe(200);
    expect((await api('GET', `/api/clients/${ids.team}`, { token: t.supervisor })).status).toBe(404);
    expect((await api('GET', `/api/clients/${ids.team}/financial`, { token: t.supervisor })).status).toBe(404);
    expect(current).toHaveBeenCalled();
  });

  it('is resolved once per request: one read of the team for a request that touches several records and lists', async () => {
    const team = vi.spyOn(UsersRepository, 'team');
    const dashboard = await api('GET', '/api/clients/dashboard', { token: t.supervisor });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.total).toBe(2);
    expect(team).toHaveBeenCalledTimes(1);

    // One request's worth of work (as a future order reads a client, its position and lists): still one read.
    team.mockClear();
    const actor = await Auth.authenticate(t.supervisor);
    await runAs(actor, async () => {
      const page = await Clients.list({ limit: 100 });
      expect(page.items.map((c) => c.id).sort()).toEqual([ids.own, ids.team].sort());
      await Promise.all([Clients.get(ids.own), Clients.get(ids.team), Financial.position(ids.team), clientsDashboard()]);
      await expect(Clients.get(ids.outside)).rejects.toMatchObject({ code: 'not_found' });
      // The users module asks the same piece under its own rule and shares the team read.
      expect((await Users.list({ limit: 100 })).items.map((u) => u.id).sort()).toEqual([w.supervisor.id, w.salesman.id].sort());
    });
    expect(team).toHaveBeenCalledTimes(1);

    // A second request resolves it again: nothing outlives the request.
    await runAs(await Auth.authenticate(t.supervisor), () => Clients.get(ids.team));
    expect(team).toHaveBeenCalledTimes(2);
  });

  it('a salesman’s scope is his own records, with no read of any team', async () => {
    const team = vi.spyOn(UsersRepository, 'team');
    expect(await listed(t.salesman)).toEqual([ids.team]);
    expect((await api('GET', `/api/clients/${ids.own}`, { token: t.salesman })).status).toBe(404);
    expect(team).not.toHaveBeenCalled();
  });
});

describe('permissions are checked by every service function a request reaches', () => {
  it('calling the service directly without the ability is the 403 of the route', async () => {
    const employee = await Auth.authenticate(t.employee);
    const forbidden = { code: 'forbidden', kind: 'forbidden', message: Messages.forbidden };
    await runAs(employee, async () => {
      // The employee reads clients (the service answers: none, it has no allowed branch) but may not create or change them.
      expect((await Clients.list({ limit: 1 })).items).toEqual([]);
      await expect(Clients.create({ name: 'Sem Permissão', birthDate: '1990-05-17' })).rejects.toMatchObject(forbidden);
      await expect(Clients.update(ids.team, { name: 'Sem Permissão', version: 1 })).rejects.toMatchObject(forbidden);
      await expect(Financial.upsert(ids.team, [])).rejects.toMatchObject(forbidden);
      await expect(Users.create({ email: 'x@x.test', password: 'senha-forte-123', name: 'X', profileId: w.profiles.employee.id, branchIds: [] })).rejects.toMatchObject(forbidden);
    });
    const salesman = await Auth.authenticate(t.salesman);
    await runAs(salesman, async () => {
      await expect(Inventory.post({ productId: w.admin.id, branchId: w.branches[0]!.id, kind: 'adjustment', quantity: '1', reason: 'x' })).rejects.toMatchObject(forbidden);
    });
    // Through the API, the route's guard answers first with the same 403.
    const res = await api('POST', '/api/clients', { token: t.employee, body: { name: 'Sem Permissão', birthDate: '1990-05-17' } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(Messages.forbidden);
  });
});
