import { runAs } from '@ev/core/context';
import { Keys } from '@ev/core/db/keys';
import { References } from '@ev/core/db/references';
import { transact, Tx } from '@ev/core/db/tx';
import { newId } from '@ev/core/ids';
import { Registries } from '@ev/core/registries';
import { Provisioning } from '@ev/core/provisioning/index';
import { timestamp } from '@ev/core/clock';
import { formatPlate } from '@ev/shared/br';
import { Messages } from '@ev/shared/messages';
import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { REGISTRIES } from '@ev/shared/registries/index';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleInput } from '../testing/registries';
import { checkedCall } from '../testing/checked-call';
import { call, makeWorld, tokensFor, type Call, type World } from '../testing/world';

/**
 * Every registry through the API (ARCHITECTURE invariants 2, 3, 5, 6; spec sections 2 and 6): list
 * with cursor and each sort, search, the natural key, delete refused while referenced, tenant
 * isolation and the permission of its subject per preset. The same cases for all sixteen: they are
 * served by one engine, and a new declaration gets them by being listed.
 */
const api = (method: string, path: string, opts: Call = {}) => checkedCall(method, `/api${path}`, opts);

let a: World;
let b: World;
const tokens = {} as Record<'admin' | 'supervisor' | 'salesman' | 'employee' | 'adminB' | 'unitsOnly', string>;

beforeAll(async () => {
  [a, b] = await Promise.all([makeWorld('CadastrosA'), makeWorld('CadastrosB')]);
  // A profile that reads units but not clients: the units' detail is guarded by clientes (spec section 2).
  const profileId = newId();
  await runAs({ tenantId: a.tenant.id }, () =>
    transact([
      Tx.putNew({
        ...Keys.profile(profileId),
        type: 'profile',
        id: profileId,
        name: 'Só unidades',
        preset: null,
        active: true,
        rules: [{ action: 'read', subject: 'auth' }, { action: 'read', subject: 'usuarios' }, { action: 'read', subject: 'unidades' }],
        createdAt: timestamp(),
        updatedAt: timestamp(),
        version: 1,
      }),
    ]),
  );
  const unitsOnly = await Provisioning.addUser(a.tenant.id, { email: `unidades@${a.domain}`, password: 'senha-forte-123', name: 'Úrsula Unidades', profileId });
  Object.assign(
    tokens,
    await tokensFor({ admin: [a, a.admin], supervisor: [a, a.supervisor], salesman: [a, a.salesman], employee: [a, a.employee], adminB: [b, b.admin], unitsOnly: [a, unitsOnly] }),
  );
});

/** Names chosen so that name order, newest order and search differ. */
const NAMES = ['Beta Primeiro', 'Álvaro Segundo', 'Gama Terceiro Beta'];

/** The same natural key as typed differently: other case, accents, spaces (a plate with dash, lower case). */
function variantKey(def: RegistryDefinition, stored: string): string {
  if (def.fields[def.naturalKey.field]?.type === 'plate') return formatPlate(stored).toLowerCase();
  return `  ${stored.toUpperCase().replace('Á', 'A')}  `;
}

async function walk(def: RegistryDefinition, query: string, limit: number, token = tokens.admin): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 30; pages++) {
    const res = await api('GET', `/${def.name}?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(limit);
    ids.push(...res.body.items.map((r: { id: string }) => r.id));
    cursor = res.body.nextCursor;
    if (!cursor) {
      expect(new Set(ids).size).toBe(ids.length);
      return ids;
    }
  }
  throw new Error('too many pages');
}

for (const def of REGISTRIES) {
  describe(`/api/${def.name} (${def.title})`, () => {
    let records: { id: string; name: string; version: number; [k: string]: unknown }[] = [];

    beforeAll(async () => {
      records = [];
      for (const [i, name] of NAMES.entries()) {
        const res = await api('POST', `/${def.name}`, { token: tokens.admin, body: sampleInput(def, name, i + 1) });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        records.push(res.body);
      }
    });

    it('answers the record it stored, valid against its declared schema', async () => {
      const res = await api('GET', `/${def.name}/${records[0]!.id}`, { token: tokens.admin });
      expect(res.status).toBe(200);
      expect(def.record.safeParse(res.body).error).toBeUndefined();
      expect(res.body).toMatchObject({ id: records[0]!.id, name: NAMES[0], version: 1 });
    });

    it('lists page by page with a cursor: by name, both ways, and newest first', async () => {
      const [beta, alvaro, gama] = records.map((r) => r.id);
      expect(await walk(def, '', 1)).toEqual([alvaro, beta, gama]);
      expect(await walk(def, 'sort=-name', 2)).toEqual([gama, beta, alvaro]);
      expect(await walk(def, 'sort=newest', 2)).toEqual([gama, alvaro, beta]);
    });

    it('searches by the beginning of any word of the name, accent and case insensitive, words meaning AND', async () => {
      const [beta, alvaro, gama] = records.map((r) => r.id);
      expect((await walk(def, 'q=BETA', 1)).sort()).toEqual([beta, gama].sort());
      expect(await walk(def, 'q=alv', 5)).toEqual([alvaro]);
      expect(await walk(def, 'q=terc bet', 5)).toEqual([gama]);
      expect(await walk(def, 'q=segundo beta', 5)).toEqual([]);
      expect(await walk(def, 'q=eta', 5)).toEqual([]);
    });

    it('refuses a duplicate natural key (409), whatever its case and accents', async () => {
      const stored = String(records[1]![def.naturalKey.field]);
      const body = sampleInput(def, 'Nome Novo Qualquer', 2, { [def.naturalKey.field]: variantKey(def, stored) });
      const res = await api('POST', `/${def.name}`, { token: tokens.admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body).toMatchObject({ code: 'registry.duplicate', message: def.naturalKey.message, fields: [{ field: def.naturalKey.field, message: def.naturalKey.message }] });
      // Nor can another record take it by an update.
      const upd = await api('PUT', `/${def.name}/${records[0]!.id}`, { token: tokens.admin, body: { ...body, version: records[0]!.version } });
      expect(upd.status).toBe(409);
      expect(upd.body.code).toBe('registry.duplicate');
    });

    it('refuses to delete a record in use, naming what uses it; deletes it once released', async () => {
      const res = await api('POST', `/${def.name}`, { token: tokens.admin, body: sampleInput(def, 'Delta Em Uso', 9) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const target = { id: res.body.id as string };
      const source = { entity: 'clients', id: newId(), label: 'Cliente Exemplo Ltda' };
      const inA = <T>(fn: () => Promise<T>) => runAs({ tenantId: a.tenant.id }, fn);
      await inA(() => transact(References.add(source, Registries.target(def.name, target.id, 'someId'))));

      const refused = await api('DELETE', `/${def.name}/${target.id}`, { token: tokens.admin });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'reference.in_use', message: `${Messages.referenced}: Cliente Exemplo Ltda.` });
      expect((await api('GET', `/${def.name}/${target.id}`, { token: tokens.admin })).status).toBe(200);
      // An update keeps the count of references: still refused afterwards.
      const upd = await api('PUT', `/${def.name}/${target.id}`, { token: tokens.admin, body: { ...sampleInput(def, 'Delta Em Uso Alterado', 9), version: 1 } });
      expect(upd.status).toBe(200);
      expect((await api('DELETE', `/${def.name}/${target.id}`, { token: tokens.admin })).status).toBe(409);

      await inA(() => transact(References.remove(source, Registries.target(def.name, target.id, 'someId'))));
      const deleted = await api('DELETE', `/${def.name}/${target.id}`, { token: tokens.admin });
      expect(deleted.status).toBe(200);
      expect((await api('GET', `/${def.name}/${target.id}`, { token: tokens.admin })).status).toBe(404);
      expect(await walk(def, 'q=delta', 5)).toEqual([]);
    });

    it("keeps companies apart: another company's id is 404 and its lists exclude the record", async () => {
      const id = records[0]!.id;
      for (const [method, path, body] of [
        ['GET', `/${def.name}/${id}`],
        ['PUT', `/${def.name}/${id}`, { ...sampleInput(def, 'Invasor', 1), version: 1 }],
        ['DELETE', `/${def.name}/${id}`],
        ['POST', `/${def.name}/${id}/revalidate`],
      ] as const) {
        expect((await api(method, path, { token: tokens.adminB, body })).status, `${method} ${path}`).toBe(404);
      }
      expect(await walk(def, '', 100, tokens.adminB)).not.toContain(id);
      expect(await walk(def, 'q=beta', 100, tokens.adminB)).toEqual([]);
      const csv = await call('GET', `/api/${def.name}/export.csv`, { token: tokens.adminB });
      expect(csv.text).not.toContain('Beta Primeiro');
      expect((await api('GET', `/${def.name}/${id}`, { token: tokens.admin })).body.version).toBe(1);
    });

    it(`follows the permissions of ${def.subject}: salesman, supervisor and employee read; only the administrator writes`, async () => {
      const id = records[2]!.id;
      // The presets read every registry (and clients, which guard the units' detail).
      for (const token of [tokens.salesman, tokens.supervisor, tokens.employee]) {
        expect((await api('GET', `/${def.name}`, { token })).status).toBe(200);
        expect((await api('GET', `/${def.name}/${id}`, { token })).status).toBe(200);
        expect((await call('GET', `/api/${def.name}/export.csv`, { token })).status).toBe(200);
        for (const [method, path, body] of [
          ['POST', `/${def.name}`, sampleInput(def, 'Proibido', 4)],
          ['PUT', `/${def.name}/${id}`, { ...sampleInput(def, 'Proibido', 4), version: 1 }],
          ['DELETE', `/${def.name}/${id}`],
          ['POST', `/${def.name}/${id}/revalidate`],
        ] as const) {
          const res = await api(method, path, { token, body });
          expect(res.status, `${method} ${path}`).toBe(403);
          expect(res.body.message).toBe(Messages.forbidden);
        }
      }
      expect((await api('POST', `/${def.name}/${id}/revalidate`, { token: tokens.admin })).status).toBe(200);
      expect((await api('GET', `/${def.name}/${id}`, { token: tokens.admin })).body.version).toBe(1);
      // A profile with only `read unidades`: the units' list but not their detail (clientes); nothing else.
      const listOnly = await api('GET', `/${def.name}`, { token: tokens.unitsOnly });
      expect(listOnly.status).toBe(def.subject === 'unidades' ? 200 : 403);
      const detail = await api('GET', `/${def.name}/${id}`, { token: tokens.unitsOnly });
      expect(detail.status).toBe(403);
    });
  });
}
