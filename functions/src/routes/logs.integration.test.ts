import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '@ev/core/clock';
import { runAs } from '@ev/core/context';
import { Logs } from '@ev/core/logs';
import { injectFailure } from '@ev/core/db/testing/failure';
import { checkedCall } from '../testing/checked-call';
import { exportAndWait } from '../testing/exports';
import { makeWorld, PASSWORD, tokensFor, type World } from '../testing/world';

/**
 * GET /logs (issue 14 item 4): the company's entries in a period of the user's own calendar, by
 * level and words, newest first and paged; read on `logs` only; never a password or a token.
 */
const api = checkedCall;
let w: World;
let t: Record<'admin' | 'salesman', string>;

/** An entry written as the service writes it, at a given UTC instant, by the world's administrator. */
async function entryAt(iso: string, level: 'audit' | 'warn' | 'error', message: string, metadata: Record<string, unknown> = {}) {
  Clock.set(() => Date.parse(iso));
  try {
    runAs({ tenantId: w.tenant.id, userId: w.admin.id }, () => Logs[level](message, metadata));
  } finally {
    Clock.reset();
  }
  await Logs.flush();
}

const list = (query: Record<string, string | number>, token = t.admin) => api('GET', `/api/logs?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, { token });

beforeAll(async () => {
  w = await makeWorld('Logs');
  t = await tokensFor({ admin: [w, w.admin], salesman: [w, w.salesman] });
  // The administrator's calendar is São Paulo's (UTC−3): 02:30 UTC on the 10th is 23:30 on the 9th there.
  await entryAt('2026-03-10T02:30:00Z', 'audit', 'users.update', { userId: w.salesman.id, fields: ['nickname'] });
  await entryAt('2026-03-10T12:00:00Z', 'warn', 'imports.line_rejected', { line: 7, reason: 'CNPJ inválido' });
  await entryAt('2026-03-10T15:00:00Z', 'error', 'jobs.failed', { job: 'exports', error: 'timeout' });
  await entryAt('2026-03-11T09:00:00Z', 'audit', 'settings.update', { group: 'sales', key: 'checkStock' });
});

afterEach(() => Clock.reset());

describe('GET /logs', () => {
  it('answers the period of the user’s own calendar, newest first, with who did it', async () => {
    const ninth = await list({ from: '2026-03-09', until: '2026-03-09' });
    expect(ninth.status, JSON.stringify(ninth.body)).toBe(200);
    expect(ninth.body.items.map((e: { message: string }) => e.message)).toEqual(['users.update']);
    expect(ninth.body.items[0]).toMatchObject({ at: '2026-03-10 02:30:00', level: 'audit', userId: w.admin.id, userName: w.admin.name, metadata: { userId: w.salesman.id, fields: ['nickname'] } });

    const tenth = await list({ from: '2026-03-10', until: '2026-03-11' });
    expect(tenth.body.items.map((e: { message: string }) => e.message)).toEqual(['settings.update', 'jobs.failed', 'imports.line_rejected']);
  });

  it('filters by level and by words of the message and the metadata; pages with a cursor', async () => {
    const period = { from: '2026-03-09', until: '2026-03-11' };
    expect((await list({ ...period, level: 'error' })).body.items.map((e: { message: string }) => e.message)).toEqual(['jobs.failed']);
    expect((await list({ ...period, level: 'audit' })).body.items.map((e: { message: string }) => e.message)).toEqual(['settings.update', 'users.update']);
    expect((await list({ ...period, q: 'cnpj' })).body.items.map((e: { message: string }) => e.message)).toEqual(['imports.line_rejected']);
    expect((await list({ ...period, q: 'jobs' })).body.items.map((e: { message: string }) => e.message)).toEqual(['jobs.failed']);
    // A message is found as it is shown, whole or by its parts, split as the stored text is.
    const found: Record<string, string[]> = {
      'users.update': ['users.update'],
      'users.upd': ['users.update'],
      'users update': ['users.update'],
      update: ['settings.update', 'users.update'],
      'imports.line_rejected': ['imports.line_rejected'],
      'line_rej': ['imports.line_rejected'],
      rejected: ['imports.line_rejected'],
    };
    for (const [q, messages] of Object.entries(found)) {
      expect((await list({ ...period, q })).body.items.map((e: { message: string }) => e.message), q).toEqual(messages);
    }
    // The logins of this run (the tokens above), as the logs screen shows them.
    for (const q of ['auth.login', 'auth login', 'login']) {
      const logins = (await list({ q })).body.items.map((e: { message: string }) => e.message);
      expect(logins.length, q).toBeGreaterThanOrEqual(2);
      expect(new Set(logins), q).toEqual(new Set(['auth.login']));
    }

    const first = await list({ ...period, limit: 3 });
    expect(first.body.items).toHaveLength(3);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await list({ ...period, limit: 3, cursor: first.body.nextCursor });
    expect(second.body.items.map((e: { message: string }) => e.message)).toEqual(['users.update']);
    expect(second.body.nextCursor).toBeNull();
    // A cursor belongs to its filters.
    expect((await list({ ...period, level: 'audit', limit: 3, cursor: first.body.nextCursor })).status).toBe(400);
  });

  it('without a period shows the last 7 days: today’s changes are there, those of March are not', async () => {
    await api('PUT', `/api/users/${w.salesman.id}`, { token: t.admin, body: { ...(await api('GET', `/api/users/${w.salesman.id}`, { token: t.admin })).body, nickname: 'Verinha' } });
    await Logs.flush();
    const res = await list({});
    expect(res.status).toBe(200);
    expect(res.body.items.map((e: { message: string }) => e.message)).toContain('users.update');
    // Made through the API: the entry names the session that made it (the spec's token column), not a token.
    const made = res.body.items.find((e: { message: string }) => e.message === 'users.update');
    expect(made.sessionId).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(res.body.items.every((e: { at: string }) => e.at > '2026-04-01')).toBe(true);
  });

  it('exports the filtered entries as CSV, times in the user’s time zone; a salesman may not', async () => {
    const { file, fileName } = await exportAndWait('logs', t.admin, 'csv', { from: '2026-03-09', until: '2026-03-10', level: 'audit' });
    expect(fileName).toMatch(/^logs-.*\.csv$/);
    const lines = file.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Data e hora;Nível;Mensagem;Usuário;Sessão;Metadados');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^09\/03\/2026 23:30:00;Auditoria;users\.update;Alice Admin;;/);
    const refused = await api('POST', '/api/exports/logs', { token: t.salesman, body: { format: 'csv', query: {} } });
    expect(refused.status).toBe(403);
  });

  it('answers Portuguese 400s naming the field, and 403 to a salesman', async () => {
    const level = await list({ level: 'debug' });
    expect(level.status).toBe(400);
    expect(level.body.fields[0]).toMatchObject({ field: 'level', message: 'Nível inválido: use auditoria, aviso ou erro.' });
    const period = await list({ from: '2026-03-11', until: '2026-03-10' });
    expect(period.body.fields[0]).toMatchObject({ field: 'until', message: 'A data final do período deve ser igual ou posterior à inicial.' });
    const long = await list({ from: '2026-01-01', until: '2026-06-30' });
    expect(long.body.fields[0]).toMatchObject({ field: 'from', message: 'O período pode ter no máximo 90 dias: os logs são guardados por 90 dias.' });
    const salesman = await list({}, t.salesman);
    expect(salesman.status).toBe(403);
  });

  it('never holds a password or a token: a user created with a password and a login leave none in the entries', async () => {
    const email = `novo-${Date.now()}@${w.domain}`;
    const created = await api('POST', '/api/users', { token: t.admin, body: { email, name: 'Nova Vendedora', password: PASSWORD, profileId: w.profiles.salesman.id, branchIds: [w.branches[0]!.id], salesman: true } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await w.login(email);
    await Logs.flush();
    const res = await list({});
    expect(res.body.items.some((e: { message: string }) => e.message === 'users.create')).toBe(true);
    expect(res.text).not.toContain(PASSWORD);
    expect(res.text).not.toContain(t.admin);
    expect(res.text).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
  });
});

describe('a failed request in the log', () => {
  it('is logged with the request id its answer carries (the code the error screen shows, for support to look up)', async () => {
    // The clients' list read fails below the service: an unexpected error, answered as a plain 500.
    const failure = injectFailure({ command: 'Query', when: (input) => JSON.stringify(input).includes(w.tenant.id), times: 1 });
    let res;
    try {
      res = await api('GET', '/api/clients', { token: t.admin });
    } finally {
      failure.remove();
    }
    expect(res.status).toBe(500);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    await Logs.flush();
    const logged = await list({ level: 'error', q: 'unhandled' });
    expect(logged.body.items.map((e: { metadata: Record<string, unknown> }) => e.metadata.requestId)).toContain(requestId);
  });
});
