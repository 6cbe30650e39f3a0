import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { runAs } from '@ev/core/context';
import { dynamoClient, tableName } from '@ev/core/db/client';
import { Keys } from '@ev/core/db/keys';
import { Logs } from '@ev/core/logs';
import { Messages } from '@ev/shared/messages';
import { defineRegistry, nameField, observationsField, STATUS_OPTIONS } from '@ev/shared/registries/definition';
import { decimal, reference, select, yesNo } from '@ev/shared/registries/fields';
import { REGISTRIES } from '@ev/shared/registries/index';
import { timestamp } from '@ev/core/clock';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { caller, makeWorld, type World } from '../testing/world';

/**
 * The engine serves any declaration: a throwaway registry declared here, with a reference to the
 * regions, a status, a select, a decimal and a flag, is driven through the generic router.
 */
const gadgets = defineRegistry({
  name: 'gadgets',
  subject: 'sorteios',
  title: 'Engenhocas',
  singular: 'Engenhoca',
  gender: 'f',
  fields: {
    name: nameField(),
    regionId: reference('Região', 'regions'),
    size: select('Porte', [
      { value: 'small', label: 'Pequeno' },
      { value: 'large', label: 'Grande' },
    ], { defaultValue: 'small' }),
    status: select('Situação', STATUS_OPTIONS, { defaultValue: 'active' }),
    price: decimal('Preço', { scale: 2 }),
    fragile: yesNo('Frágil'),
    observations: observationsField(),
  },
  columns: ['name', 'size', 'status'],
});

const call = caller(createApp({ registries: [...REGISTRIES, gadgets] }));
let w: World;
let token: string;

beforeAll(async () => {
  w = await makeWorld('Engenhocas');
  token = (await w.login(w.admin.email)).accessToken;
});

async function api(method: string, path: string, body?: unknown) {
  const res = await call(method, `/api${path}`, { token, body });
  if (res.status >= 400) expect(res.body).toMatchObject({ status: 'error', code: expect.any(String), message: expect.any(String) });
  return res;
}

async function create(body: Record<string, unknown>) {
  const res = await api('POST', '/gadgets', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string; version: number; [k: string]: unknown };
}

/** Every page of a list, checking that no id repeats. */
async function all(query: string, limit = 2): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const res = await api('GET', `/gadgets?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(limit);
    names.push(...res.body.items.map((g: { name: string }) => g.name));
    cursor = res.body.nextCursor;
    if (!cursor) return names;
  }
  throw new Error('too many pages');
}

describe('a registry declared in a test, served by the generic router', () => {
  const names = ['Parafusadeira Elétrica', 'Alicate de Pressão', 'Martelo Pena', 'Esmerilhadeira Angular'];
  let created: Awaited<ReturnType<typeof create>>[] = [];

  beforeAll(async () => {
    created = [];
    for (const name of names) created.push(await create({ name, price: '10,5', status: name.startsWith('Martelo') ? 'inactive' : 'active' }));
  });

  it('answers what it stored, normalised, with version 1', async () => {
    const res = await api('GET', `/gadgets/${created[0]!.id}`);
    expect(res.body).toMatchObject({ id: created[0]!.id, name: names[0], price: '10.50', size: 'small', status: 'active', fragile: false, regionId: null, observations: null, version: 1 });
  });

  it('lists by name (both ways) and newest first, page by page', async () => {
    expect(await all('')).toEqual(['Alicate de Pressão', 'Esmerilhadeira Angular', 'Martelo Pena', 'Parafusadeira Elétrica']);
    expect(await all('sort=-name', 3)).toEqual(['Parafusadeira Elétrica', 'Martelo Pena', 'Esmerilhadeira Angular', 'Alicate de Pressão']);
    expect(await all('sort=newest', 1)).toEqual([...names].reverse());
  });

  it('filters by status', async () => {
    expect(await all('status=inactive')).toEqual(['Martelo Pena']);
    expect(await all('status=active&sort=newest')).toEqual(['Esmerilhadeira Angular', 'Alicate de Pressão', 'Parafusadeira Elétrica']);
    expect((await api('GET', '/gadgets?status=talvez')).status).toBe(400);
  });

  it('searches by the beginning of any word, accent and case insensitive, several words meaning AND', async () => {
    expect(await all('q=eletr')).toEqual(['Parafusadeira Elétrica']);
    expect(await all('q=PRESS')).toEqual(['Alicate de Pressão']);
    expect((await all('q=a', 1)).sort()).toEqual(['Alicate de Pressão', 'Esmerilhadeira Angular']);
    expect(await all('q=ang esm')).toEqual(['Esmerilhadeira Angular']);
    expect(await all('q=ang pena')).toEqual([]);
    expect(await all('q=pena&status=inactive')).toEqual(['Martelo Pena']);
    expect(await all('q=pena&status=active')).toEqual([]);
  });

  it('refuses a duplicate natural key, whatever its case and accents', async () => {
    const res = await api('POST', '/gadgets', { name: '  alicate DE pressao ' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'registry.duplicate', message: 'Já existe uma engenhoca com este nome.', fields: [{ field: 'name' }] });
  });

  it('updates with the version read, answers 409 to a stale one, and moves the natural key', async () => {
    const g = created[2]!;
    const ok = await api('PUT', `/gadgets/${g.id}`, { name: 'Martelo Unha', status: 'active', size: 'large', version: 1 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Martelo Unha', size: 'large', status: 'active', version: 2, price: null });
    const stale = await api('PUT', `/gadgets/${g.id}`, { name: 'Martelo Borracha', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'conflict.version', message: Messages.versionConflict });
    expect((await api('GET', `/gadgets/${g.id}`)).body.name).toBe('Martelo Unha');
    // The old name is free again, the new one taken; the lists and the search follow.
    expect(await all('q=pena')).toEqual([]);
    expect(await all('q=unha')).toEqual(['Martelo Unha']);
    expect(await all('status=inactive')).toEqual([]);
    const other = await create({ name: 'Martelo Pena' });
    expect((await api('PUT', `/gadgets/${other.id}`, { name: 'MARTELO UNHA', version: 1 })).status).toBe(409);
    expect((await api('DELETE', `/gadgets/${other.id}`)).status).toBe(200);
  });

  it('records references: a referenced region cannot be deleted and the answer names what uses it', async () => {
    const region = (await api('POST', '/regions', { name: 'Região das Engenhocas' })).body;
    const missing = await api('POST', '/gadgets', { name: 'Sem Região', regionId: '0190a0a0-0000-7000-8000-000000000000' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'reference.missing', fields: [{ field: 'regionId' }] });

    const g = await create({ name: 'Furadeira de Bancada', regionId: region.id });
    const refused = await api('DELETE', `/regions/${region.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('reference.in_use');
    expect(refused.body.message).toBe(`${Messages.referenced}: Engenhoca Furadeira de Bancada.`);
    expect(refused.body.details.usedBy).toEqual([{ source: 'gadgets', sourceId: g.id, label: 'Engenhoca Furadeira de Bancada' }]);

    // Pointing elsewhere releases it; deleting the gadget releases what it pointed to.
    expect((await api('PUT', `/gadgets/${g.id}`, { name: 'Furadeira de Bancada', regionId: null, version: 1 })).status).toBe(200);
    expect((await api('DELETE', `/regions/${region.id}`)).status).toBe(200);
    const region2 = (await api('POST', '/regions', { name: 'Outra Região das Engenhocas' })).body;
    expect((await api('PUT', `/gadgets/${g.id}`, { name: 'Furadeira de Bancada', regionId: region2.id, version: 2 })).status).toBe(200);
    expect((await api('DELETE', `/regions/${region2.id}`)).status).toBe(409);
    expect((await api('DELETE', `/gadgets/${g.id}`)).status).toBe(200);
    expect((await api('DELETE', `/regions/${region2.id}`)).status).toBe(200);
  });

  it('deletes hard, keeping what was deleted in the audit log', async () => {
    const g = await create({ name: 'Serrote Descartável', observations: 'apagar' });
    const res = await api('DELETE', `/gadgets/${g.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: g.id, name: 'Serrote Descartável' });
    expect((await api('GET', `/gadgets/${g.id}`)).status).toBe(404);
    expect((await api('DELETE', `/gadgets/${g.id}`)).status).toBe(404);
    expect(await all('q=serrote')).toEqual([]);
    // The name is free again.
    const again = await create({ name: 'Serrote Descartável' });
    await api('DELETE', `/gadgets/${again.id}`);

    await Logs.flush();
    const logs = await runAs({ tenantId: w.tenant.id }, () =>
      dynamoClient().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': Keys.logs(timestamp().slice(0, 10)) } })),
    );
    const entry = (logs.Items ?? []).find((l) => l.message === 'registries.delete' && l.metadata?.id === g.id);
    expect(entry?.metadata).toMatchObject({ registry: 'gadgets', record: { id: g.id, name: 'Serrote Descartável', observations: 'apagar' } });
  });

  it('revalidates a record: the same record, its version unchanged, its items written again', async () => {
    const g = created[0]!;
    const res = await api('POST', `/gadgets/${g.id}/revalidate`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: g.id, name: names[0], version: 1 });
    expect(await all('q=parafus')).toEqual([names[0]]);
  });

  it('exports every row of the filter as CSV: BOM, `;`, Portuguese headers and values', async () => {
    const res = await call('GET', '/api/gadgets/export.csv?q=a&sort=-name', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="gadgets.csv"');
    expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.text.charCodeAt(0)).toBe(0xfeff);
    const lines = res.text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Nome;Região;Porte;Situação;Preço;Frágil;Observações');
    const rows = Papa.parse<string[]>(res.text.slice(1).trim(), { delimiter: ';' }).data.slice(1);
    expect(rows.map((r) => r[0]).sort()).toEqual(['Alicate de Pressão', 'Esmerilhadeira Angular']);
    expect(rows.find((r) => r[0] === 'Alicate de Pressão')).toEqual(['Alicate de Pressão', '', 'Pequeno', 'Ativo', '10,50', 'Não', '']);
    const everything = await call('GET', '/api/gadgets/export.csv', { token });
    expect(everything.text.trim().split('\r\n')).toHaveLength(1 + 4);
  });

  it('escapes cells a spreadsheet would run as a formula', async () => {
    const g = await create({ name: '=HYPERLINK("http://x")' });
    const res = await call('GET', '/api/gadgets/export.csv?q=hyperlink', { token });
    expect(res.text).toContain(`'=HYPERLINK`);
    await api('DELETE', `/gadgets/${g.id}`);
  });

  it('answers 400 with the spec message to an id that is not a UUID, and 404 to an unknown one', async () => {
    const bad = await api('GET', '/gadgets/123');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(Messages.invalidId);
    expect((await api('GET', '/gadgets/0190a0a0-0000-7000-8000-000000000000')).status).toBe(404);
  });

  it('is in the OpenAPI document with its permissions', async () => {
    const doc = (await call('GET', '/api/openapi.json')).body;
    expect(doc.paths['/gadgets'].get['x-permission']).toBe('read sorteios');
    expect(doc.paths['/gadgets'].post['x-permission']).toBe('create sorteios');
    expect(doc.paths['/gadgets/{id}'].put['x-permission']).toBe('update sorteios');
    expect(doc.paths['/gadgets/{id}'].delete['x-permission']).toBe('delete sorteios');
    expect(doc.paths['/gadgets/{id}/revalidate'].post['x-permission']).toBe('update sorteios');
    expect(doc.paths['/gadgets/export.csv'].get['x-permission']).toBe('read sorteios');
  });
});
