import { isPermissionsAdmin, PRESETS } from '@ev/shared/permissions';
import { ProfileTexts } from '@ev/shared/schemas/profiles';
import { UserTexts } from '@ev/shared/schemas/users';
import { describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { call, makeWorld, PASSWORD, type World } from '../testing/world';

/**
 * The last-administrator guard under concurrency: two administrators, each removing the other at
 * the same moment (deactivating the user, moving it to another profile, taking the abilities from
 * its profile, deactivating its profile), must leave the company with one. One request answers
 * 200; the other 409 with the guard's text, having changed nothing. Each case runs several times,
 * on a company of its own, so the two requests really meet.
 */
const api = checkedCall;
const ROUNDS = 3;
/** Each case builds `ROUNDS` companies. */
const TIMEOUT = 120_000;

interface Pair {
  w: World;
  alice: { id: string; token: string; profileId: string };
  bia: { id: string; token: string; profileId: string };
}

/** The world's administrator (Alice, on the administrator profile) and Bia, on a copy of that profile. */
async function twoAdministrators(label: string): Promise<Pair> {
  const w = await makeWorld(label);
  const aliceToken = (await w.login(w.admin.email)).accessToken;
  const copy = await api('POST', `/api/profiles/${w.profiles.administrator.id}/copy`, { token: aliceToken, body: { name: 'Administração (cópia)' } });
  expect(copy.status, JSON.stringify(copy.body)).toBe(201);
  const email = `bia@${w.domain}`;
  const bia = await api('POST', '/api/users', { token: aliceToken, body: { email, password: PASSWORD, name: 'Bia Segunda', profileId: copy.body.id, branchIds: [w.branches[0]!.id] } });
  expect(bia.status, JSON.stringify(bia.body)).toBe(201);
  return {
    w,
    alice: { id: w.admin.id, token: aliceToken, profileId: w.profiles.administrator.id },
    bia: { id: bia.body.id, token: (await w.login(email)).accessToken, profileId: copy.body.id },
  };
}

/** Who may still change permissions: each of the two signs in and opens the permissions. */
async function administrators(p: Pair): Promise<string[]> {
  const out: string[] = [];
  for (const [name, email] of [['alice', p.w.admin.email], ['bia', `bia@${p.w.domain}`]] as const) {
    const login = await call('POST', '/api/login', { body: { email, password: PASSWORD }, headers: { 'x-ev-client-address': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });
    if (login.status !== 200) continue;
    const profiles = await api('GET', '/api/profiles', { token: login.body.data.accessToken });
    if (profiles.status === 200 && isPermissionsAdmin((profiles.body.items as { id: string; active: boolean; rules: never }[]).find((x) => x.id === (name === 'alice' ? p.alice.profileId : p.bia.profileId) && x.active)?.rules ?? [])) out.push(name);
  }
  return out;
}

/** The two users and their profiles as an administrator reads them (what the guard is about, and the version). */
async function records(p: Pair, token: string) {
  const read = (path: string) => api('GET', path, { token }).then((r) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  });
  const users = await Promise.all([p.alice, p.bia].map((u) => read(`/api/users/${u.id}`)));
  const profiles = await Promise.all([p.alice, p.bia].map((u) => read(`/api/profiles/${u.profileId}`)));
  return {
    users: Object.fromEntries(users.map((u) => [u.id, { active: u.active, profileId: u.profileId, version: u.version }])),
    profiles: Object.fromEntries(profiles.map((x) => [x.id, { active: x.active, rules: x.rules, version: x.version }])),
  };
}

/**
 * Runs the two requests at once, `ROUNDS` times on fresh companies: one wins, the other is the
 * guard's 409 (`code`, `message`), and the company keeps exactly one administrator, the winner's
 * target record changed and the loser's target untouched.
 */
async function race(label: string, requests: (p: Pair) => [Promise<{ status: number; body: Record<string, unknown> }>, Promise<{ status: number; body: Record<string, unknown> }>], refusal: (p: Pair, loser: 'alice' | 'bia') => { code: string; message: string }) {
  for (let round = 0; round < ROUNDS; round++) {
    const p = await twoAdministrators(`${label}${round}`);
    const before = await records(p, p.alice.token);
    const [fromAlice, fromBia] = await Promise.all(requests(p));
    const statuses = [fromAlice.status, fromBia.status];
    // The loser met the guard (409); or, on a busy machine, the winner's whole request ended before
    // the loser's was authorized, and the loser was no longer an administrator (403). Either way one wins.
    expect(statuses.sort(), JSON.stringify([fromAlice.body, fromBia.body])).toSatisfy((s: number[]) => s[0] === 200 && (s[1] === 409 || s[1] === 403));
    const loser = fromAlice.status === 200 ? 'bia' : 'alice';
    const lost = loser === 'alice' ? fromAlice : fromBia;
    expect(lost.body).toMatchObject(lost.status === 409 ? refusal(p, loser) : { code: 'forbidden' });
    const winner = loser === 'alice' ? p.bia : p.alice;
    const after = await records(p, winner.token);
    // The loser aimed at the winner (its user or its profile): both as they were.
    expect(after.users[winner.id]).toEqual(before.users[winner.id]);
    expect(after.profiles[winner.profileId]).toEqual(before.profiles[winner.profileId]);
    // The winner removed the loser as an administrator; the loser removed nobody.
    expect(await administrators(p)).toEqual([loser === 'alice' ? 'bia' : 'alice']);
  }
}

const lastAdmin = (p: Pair, loser: 'alice' | 'bia') => ({ code: 'users.last_admin', message: UserTexts.lastAdmin({ name: loser === 'alice' ? 'Bia Segunda' : p.w.admin.name }).message });
const lastAdminProfile = (p: Pair, loser: 'alice' | 'bia') => ({ code: 'users.last_admin', message: UserTexts.lastAdminProfile({ name: loser === 'alice' ? 'Bia Segunda' : p.w.admin.name }).message });
const profileLastAdmin = () => ({ code: 'profiles.last_admin', message: ProfileTexts.lastAdmin().message });

describe('the last administrator, two administrators removing each other at once', () => {
  it('deactivating each other: one is deactivated, the other request is refused and changes nothing', async () => {
    await race('DesativamUm', (p) => [api('DELETE', `/api/users/${p.bia.id}`, { token: p.alice.token }), api('DELETE', `/api/users/${p.alice.id}`, { token: p.bia.token })], lastAdmin);
  }, TIMEOUT);

  it('moving each other to a profile without permissions', async () => {
    await race('TrocamPerfil', (p) => {
      const move = async (who: Pair['alice'], target: Pair['alice']) => {
        const user = (await api('GET', `/api/users/${target.id}`, { token: who.token })).body;
        return api('PUT', `/api/users/${target.id}`, { token: who.token, body: { ...user, profileId: p.w.profiles.salesman.id } });
      };
      return [move(p.alice, p.bia), move(p.bia, p.alice)];
    }, lastAdminProfile);
  }, TIMEOUT);

  it('taking the abilities from each other\'s profile', async () => {
    await race('TiramPermissao', (p) => {
      const strip = async (who: Pair['alice'], target: Pair['alice']) => {
        const profile = (await api('GET', `/api/profiles/${target.profileId}`, { token: who.token })).body;
        return api('PUT', `/api/profiles/${target.profileId}`, { token: who.token, body: { name: profile.name, rules: PRESETS.salesman.rules, financialReleaseAuthorizer: false, version: profile.version } });
      };
      return [strip(p.alice, p.bia), strip(p.bia, p.alice)];
    }, profileLastAdmin);
  }, TIMEOUT);

  it('deactivating each other\'s profile', async () => {
    await race('DesativamPerfil', (p) => [
      api('POST', `/api/profiles/${p.bia.profileId}/deactivate`, { token: p.alice.token, body: { version: 1 } }),
      api('POST', `/api/profiles/${p.alice.profileId}/deactivate`, { token: p.bia.token, body: { version: 1 } }),
    ], profileLastAdmin);
  }, TIMEOUT);

  it('one deactivating the other\'s user while the other deactivates the first\'s profile', async () => {
    await race('Cruzado', (p) => [
      api('DELETE', `/api/users/${p.bia.id}`, { token: p.alice.token }),
      api('POST', `/api/profiles/${p.alice.profileId}/deactivate`, { token: p.bia.token, body: { version: 1 } }),
    ], (pair, loser) => (loser === 'alice' ? lastAdmin(pair, loser) : profileLastAdmin()));
  }, TIMEOUT);
});
