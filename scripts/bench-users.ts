/**
 * The users part of `npm run bench`: `users` users in one company, then, in process
 * (`app.request`), `GET /api/auth/me`, the users list's first page and two searches.
 */
import { performance } from 'node:perf_hooks';
import { pct } from './bench-stats';
import { BENCH_PASSWORD, benchCompany } from './bench-setup';
import type { Row } from './bench-clients';

const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Eduarda', 'Fábio', 'Gabriela', 'Heitor', 'Íris', 'João', 'Larissa', 'Márcio', 'Natália', 'Otávio', 'Paula', 'Rafael', 'Sílvia', 'Tiago', 'Úrsula', 'Vítor'];
const LAST = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Araújo'];

export async function benchUsers(opts: { users: number; rounds: number }): Promise<{ rows: Row[]; seeded: string }> {
  const { runAs } = await import('../packages/core/src/context');
  const { transact } = await import('../packages/core/src/db/tx');
  const { newId } = await import('../packages/core/src/ids');
  const { timestamp } = await import('../packages/core/src/clock');
  const { UsersRepository } = await import('../packages/core/src/users/repository');
  const { Auth } = await import('../packages/core/src/auth');
  const { Users } = await import('../packages/core/src/users');
  const { createApp } = await import('../functions/src/app');

  const { p } = await benchCompany({ name: 'Usuarios', domain: 'usuarios' });
  const t0 = performance.now();
  await runAs({ tenantId: p.tenant.id }, async () => {
    const hash = p.admin.passwordHash; // one scrypt hash for every seeded user: seeding measures writes, not hashing
    const batch: Promise<void>[] = [];
    for (let i = 0; i < opts.users; i++) {
      const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`;
      const now = timestamp();
      const record = {
        id: newId(), email: `u${i}@usuarios.bench`, name, nickname: null, birthday: null, document: null, stateRegistration: null, phones: [], avatar: null,
        timezone: 'America/Sao_Paulo', dateFormat: 'dd/MM/yyyy' as const, profileId: p.profiles.salesman.id, branchIds: [p.branches[0]!.id], defaultBranchId: p.branches[0]!.id,
        employee: false, salesman: true, supervisor: false, supervisorId: null, financialReleaseAuthorizer: false, active: true, lastAccessAt: null, createdAt: now, updatedAt: now, version: 1, passwordHash: hash,
      };
      batch.push(transact(UsersRepository.createSteps(record, p.tenant.id)));
      if (batch.length >= 16) await Promise.all(batch.splice(0));
    }
    await Promise.all(batch);
  });
  const seedSeconds = (performance.now() - t0) / 1000;

  const app = createApp();
  const login = await app.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@usuarios.bench', password: BENCH_PASSWORD }) });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const actor = await Auth.authenticate(token);

  const rows: Row[] = [];
  const measure = async (label: string, url: string, read: () => Promise<number | string>) => {
    const times: number[] = [];
    for (let i = 0; i < opts.rounds; i++) {
      const s = performance.now();
      const res = await app.request(url, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      times.push(performance.now() - s);
    }
    rows.push({ path: label, p50: pct(times, 50), p95: pct(times, 95), read: String(await read()) });
  };
  await measure('GET /api/auth/me', '/api/auth/me', async () => 'GetItem/BatchGet only');
  await measure('GET /api/users?limit=20', '/api/users?limit=20', () => runAs(actor, async () => (await Users.list({ limit: 20 })).scanned));
  await measure('GET /api/users?q=silva&limit=20', '/api/users?q=silva&limit=20', () => runAs(actor, async () => (await Users.list({ q: 'silva', limit: 20 })).scanned));
  await measure('GET /api/users?q=ana silva&limit=20', '/api/users?q=ana%20silva&limit=20', () => runAs(actor, async () => (await Users.list({ q: 'ana silva', limit: 20 })).scanned));
  return { rows, seeded: `Seeded ${opts.users} users in ${seedSeconds.toFixed(1)} s (${(opts.users / seedSeconds).toFixed(0)} users/s)` };
}
