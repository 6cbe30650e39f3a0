import { defineRegistry, nameField } from '@ev/shared/registries/definition';
import { date, yesNo } from '@ev/shared/registries/fields';
import { REGISTRIES } from '@ev/shared/registries/index';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { caller, makeWorld, type World } from '../testing/world';

/**
 * The engine's exclusive yes/no fields and cross-field checks, on throwaway declarations: a flag at
 * most one record holds (`at-most-one`), a flag exactly one record holds once there are records
 * (`one`, as the default price table), and a period whose end may not come before its start.
 */
const favourites = defineRegistry({
  name: 'favourites',
  subject: 'sorteios',
  title: 'Favoritos',
  singular: 'Favorito',
  gender: 'm',
  fields: { name: nameField(), pinned: yesNo('Fixado', { exclusive: 'at-most-one' }) },
  columns: ['name', 'pinned'],
});

const calendars = defineRegistry({
  name: 'calendars',
  subject: 'sorteios',
  title: 'Calendários',
  singular: 'Calendário',
  gender: 'm',
  fields: { name: nameField(), from: date('De'), until: date('Até'), main: yesNo('Principal', { exclusive: 'one' }) },
  checks: (v) => (v.from && v.until && v.until < v.from ? [{ field: 'until', message: 'O fim vem antes do início.' }] : []),
  columns: ['name', 'main'],
});

const call = caller(createApp({ registries: [...REGISTRIES, favourites, calendars] }));
let w: World;
let token: string;

beforeAll(async () => {
  w = await makeWorld('Exclusivos');
  token = (await w.login(w.admin.email)).accessToken;
});

async function api(method: string, path: string, body?: unknown) {
  const res = await call(method, `/api${path}`, { token, body });
  if (res.status >= 400) expect(res.body).toMatchObject({ status: 'error', code: expect.any(String), message: expect.any(String) });
  return res;
}

async function create(registry: string, body: Record<string, unknown>) {
  const res = await api('POST', `/${registry}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string; version: number; [k: string]: unknown };
}

async function get(registry: string, id: string) {
  const res = await api('GET', `/${registry}/${id}`);
  expect(res.status).toBe(200);
  return res.body as { id: string; version: number; [k: string]: unknown };
}

/** The flag as the list items carry it (they hold the whole record). */
async function listed(registry: string, field: string): Promise<Record<string, unknown>> {
  const res = await api('GET', `/${registry}?limit=100`);
  return Object.fromEntries(res.body.items.map((r: Record<string, unknown>) => [r.name, r[field]]));
}

describe('an at-most-one flag', () => {
  it('setting it on a record clears it on the previous holder, in the record, its list items and its version', async () => {
    const a = await create('favourites', { name: 'Alfa', pinned: true });
    const b = await create('favourites', { name: 'Beta', pinned: false });
    expect(a.pinned).toBe(true);
    const c = await create('favourites', { name: 'Gama', pinned: true });
    const aNow = await get('favourites', a.id);
    expect(aNow.pinned).toBe(false);
    expect(aNow.version).toBe(a.version + 1);
    expect(await listed('favourites', 'pinned')).toEqual({ Alfa: false, Beta: false, Gama: true });

    // An update moves it too.
    const res = await api('PUT', `/favourites/${b.id}`, { name: 'Beta', pinned: true, version: b.version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await get('favourites', c.id)).pinned).toBe(false);
    expect(await listed('favourites', 'pinned')).toEqual({ Alfa: false, Beta: true, Gama: false });
  });

  it('may be dropped (then nobody holds it) and its holder may be deleted', async () => {
    const d = await create('favourites', { name: 'Delta', pinned: true });
    const res = await api('PUT', `/favourites/${d.id}`, { name: 'Delta', pinned: false, version: d.version });
    expect(res.status).toBe(200);
    expect(Object.values(await listed('favourites', 'pinned')).filter(Boolean)).toHaveLength(0);
    const e = await create('favourites', { name: 'Épsilon', pinned: true });
    expect((await api('DELETE', `/favourites/${e.id}`)).status).toBe(200);
    // The pointer went with it: the next one takes the flag without clearing anybody.
    const f = await create('favourites', { name: 'Fi', pinned: true });
    expect(f.pinned).toBe(true);
    expect(Object.entries(await listed('favourites', 'pinned')).filter(([, v]) => v)).toEqual([['Fi', true]]);
  });

  it('concurrent saves that each take the flag leave exactly one holder (a lost race is a 409, never two holders)', async () => {
    await create('favourites', { name: 'Golfe', pinned: true });
    const answers = await Promise.all(['Hotel', 'Índia', 'Juliete', 'Quilo'].map((name) => api('POST', '/favourites', { name, pinned: true })));
    for (const a of answers) expect([201, 409]).toContain(a.status);
    expect(answers.some((a) => a.status === 201)).toBe(true);
    const holders = Object.entries(await listed('favourites', 'pinned')).filter(([, v]) => v);
    expect(holders).toHaveLength(1);
    // The holder is one of the saves that answered 201 (the later of them).
    const won = answers.filter((a) => a.status === 201).map((a) => a.body.name as string);
    expect(won).toContain(holders[0]![0]);
  });
});

describe('an exactly-one flag', () => {
  it('the first record takes it; a later one without it leaves it where it is', async () => {
    const first = await create('calendars', { name: 'Primeiro' });
    expect(first.main).toBe(true);
    const second = await create('calendars', { name: 'Segundo', main: false });
    expect(second.main).toBe(false);
    expect((await get('calendars', first.id)).main).toBe(true);
  });

  it('its holder cannot drop it (400 on the field) nor be deleted while others exist (409)', async () => {
    const holder = (await api('GET', '/calendars?limit=100')).body.items.find((r: { main: boolean }) => r.main) as { id: string; version: number; name: string };
    const drop = await api('PUT', `/calendars/${holder.id}`, { name: holder.name, main: false, version: holder.version });
    expect(drop.status).toBe(400);
    expect(drop.body.fields).toEqual([{ field: 'main', message: 'Marque outro calendário como "Principal" para trocar.' }]);
    const del = await api('DELETE', `/calendars/${holder.id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('O calendário marcado como "Principal" não pode ser removido. Marque outro como "Principal" antes.');
  });

  it('marking another moves it; then the old holder can go, and the last one too', async () => {
    const items = (await api('GET', '/calendars?limit=100')).body.items as { id: string; version: number; name: string; main: boolean }[];
    const old = items.find((r) => r.main)!;
    const next = items.find((r) => !r.main)!;
    expect((await api('PUT', `/calendars/${next.id}`, { name: next.name, main: true, version: next.version })).status).toBe(200);
    expect((await get('calendars', old.id)).main).toBe(false);
    expect((await api('DELETE', `/calendars/${old.id}`)).status).toBe(200);
    // The last record holds it and may go: nothing is left to hold it.
    expect((await api('DELETE', `/calendars/${next.id}`)).status).toBe(200);
    const again = await create('calendars', { name: 'Terceiro' });
    expect(again.main).toBe(true);
  });
});

describe('cross-field checks of a declaration', () => {
  it('answer 400 on the field, on create and update, and accept equal or open ends', async () => {
    const bad = await api('POST', '/calendars', { name: 'Invertido', from: '2026-05-10', until: '2026-05-09' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toContainEqual({ field: 'until', message: 'O fim vem antes do início.' });
    const ok = await create('calendars', { name: 'Um dia', from: '2026-05-10', until: '2026-05-10' });
    const open = await create('calendars', { name: 'Aberto', from: null, until: '2026-05-10' });
    expect(open.until).toBe('2026-05-10');
    const upd = await api('PUT', `/calendars/${ok.id}`, { name: 'Um dia', from: '2026-05-10', until: '2026-01-01', version: ok.version });
    expect(upd.status).toBe(400);
    expect(upd.body.fields).toContainEqual({ field: 'until', message: 'O fim vem antes do início.' });
  });
});
