import { Auth } from '@ev/core/auth';
import { runAs, type Actor } from '@ev/core/context';
import { Products } from '@ev/core/products/index';
import { Messages } from '@ev/shared/messages';
import { withCheckDigit } from '@ev/shared/gtin';
import { ProductMessages } from '@ev/shared/schemas/products';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { makeWorld, type World } from '../testing/world';

const englishMessages = () => JSON.parse(readFileSync(join(__dirname, '../../../web/src/locales/en/messages.json'), 'utf8')) as Record<string, Record<string, string>>;

const api = checkedCall;

let w: World;
let other: World;
const t = {} as Record<'admin' | 'salesman' | 'employee' | 'otherAdmin', string>;
let adminActor: Actor;

/** Registry records of the test company: two units, three groups, two product companies, a size. */
const r = {} as Record<'un' | 'cx' | 'bebidas' | 'limpeza' | 'frios' | 'alfa' | 'beta' | 'p', string>;

async function registry(token: string, name: string, body: Record<string, unknown>) {
  const res = await api('POST', `/api/${name}`, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  [w, other] = await Promise.all([makeWorld('Produtos'), makeWorld('ProdutosOutra')]);
  const logins = await Promise.all([w.login(w.admin.email), w.login(w.salesman.email), w.login(w.employee.email), other.login(other.admin.email)]);
  [t.admin, t.salesman, t.employee, t.otherAdmin] = logins.map((l) => l.accessToken) as [string, string, string, string];
  adminActor = await Auth.authenticate(t.admin);
  [r.un, r.cx, r.bebidas, r.limpeza, r.frios, r.alfa, r.beta, r.p] = await Promise.all([
    registry(t.admin, 'units', { name: 'UN' }),
    registry(t.admin, 'units', { name: 'CX' }),
    registry(t.admin, 'product-groups', { name: 'Bebidas' }),
    registry(t.admin, 'product-groups', { name: 'Limpeza' }),
    registry(t.admin, 'product-groups', { name: 'Frios' }),
    registry(t.admin, 'product-companies', { name: 'Alfa Distribuição' }),
    registry(t.admin, 'product-companies', { name: 'Beta Alimentos' }),
    registry(t.admin, 'sizes', { name: 'P' }),
  ]);
}, 60_000);

let seq = 0;
/** A fresh valid EAN-13 each call. */
const ean = () => withCheckDigit(`789${String(100_000_000 + ++seq * 7919).slice(0, 9)}`);

function body(extra: Record<string, unknown> = {}) {
  seq += 1;
  return { ref: `REF-${seq}`, name: `Produto Teste ${seq}`, unitId: r.un, ...extra };
}
async function create(extra: Record<string, unknown> = {}, token = t.admin) {
  const res = await api('POST', '/api/products', { token, body: body(extra) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; ref: string; name: string; version: number; barcode: string | null } & Record<string, unknown>;
}
const fieldsOf = (res: { body: { fields?: { field: string; message: string }[] } }) => Object.fromEntries((res.body.fields ?? []).map((f) => [f.field, f.message]));

describe('POST /api/products', () => {
  it('creates a product with every field, answering it with the unit name and normalised values', async () => {
    const barcode = ean();
    const res = await api('POST', '/api/products', {
      token: t.admin,
      body: {
        ref: '  AGUA-500 ',
        name: 'Água Mineral sem Gás 500ml',
        barcode: ` ${barcode.slice(0, 4)} ${barcode.slice(4)} `,
        maker: 'Fonte Boa',
        package: 'CX 12X500ML',
        unitId: r.cx,
        groupId: r.bebidas,
        productCompanyId: r.alfa,
        sizeId: r.p,
        minimumPrice: '12,5',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      ref: 'AGUA-500',
      name: 'Água Mineral sem Gás 500ml',
      barcode,
      maker: 'Fonte Boa',
      package: 'CX 12X500ML',
      unitId: r.cx,
      unitName: 'CX',
      groupId: r.bebidas,
      productCompanyId: r.alfa,
      sizeId: r.p,
      status: 'active',
      minimumPrice: '12.5000',
      version: 1,
    });
    const got = await api('GET', `/api/products/${res.body.id}`, { token: t.salesman });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it('answers each rule with its field and Portuguese reason, and saves nothing', async () => {
    const res = await api('POST', '/api/products', {
      token: t.admin,
      body: { ref: '', name: 'x'.repeat(121), barcode: '7891000100104', minimumPrice: '-1', status: 'gone' },
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual({
      ref: 'O campo Referência é obrigatório.',
      name: 'O campo Nome deve ter no máximo 120 caracteres.',
      barcode: ProductMessages.barcode,
      unitId: 'O campo Unidade é obrigatório.',
      minimumPrice: 'O campo Preço mínimo deve ser um número com até 4 casas decimais.',
      status: 'Escolha uma opção válida para o campo Situação.',
    });
    const tooLong = await api('POST', '/api/products', { token: t.admin, body: body({ ref: 'R'.repeat(31), minimumPrice: '1,23456', unitId: 'abc' }) });
    expect(fieldsOf(tooLong)).toEqual({
      ref: 'O campo Referência deve ter no máximo 30 caracteres.',
      minimumPrice: 'O campo Preço mínimo deve ser um número com até 4 casas decimais.',
      unitId: Messages.invalidId,
    });
    const search = await api('GET', '/api/products?q=xxxxxxxx', { token: t.admin });
    expect(search.body.items).toEqual([]);
  });

  it('accepts GTIN-8, 12, 13 and 14 by their check digit', async () => {
    for (const code of ['96385074', '036000291452', '7891000100103', '17891000100100']) {
      const p = await create({ barcode: code });
      expect(p.barcode).toBe(code);
    }
    const bad = await api('POST', '/api/products', { token: t.admin, body: body({ barcode: '96385075' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(ProductMessages.barcode);
  });

  it('refuses an unknown unit, group, company or size on its field', async () => {
    const ghost = '0190a0b0-0000-7000-8000-000000000000';
    const res = await api('POST', '/api/products', { token: t.admin, body: body({ unitId: ghost, groupId: ghost, productCompanyId: ghost, sizeId: ghost }) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('reference.missing');
    expect(fieldsOf(res)).toEqual({
      unitId: ProductMessages.unitMissing,
      groupId: ProductMessages.groupMissing,
      productCompanyId: ProductMessages.companyMissing,
      sizeId: ProductMessages.sizeMissing,
    });
    // Another company's unit does not exist here.
    const theirUnit = await registry(t.otherAdmin, 'units', { name: 'KG' });
    const cross = await api('POST', '/api/products', { token: t.admin, body: body({ unitId: theirUnit }) });
    expect(cross.status).toBe(400);
    expect(fieldsOf(cross)).toEqual({ unitId: ProductMessages.unitMissing });
    // Keyed (docs/texts.md): the web renders the user's language from the key, which English has too.
    expect(cross.body).toMatchObject({ message: ProductMessages.unitMissing, key: 'products.unitMissing', fieldTexts: [{ field: 'unitId', key: 'products.unitMissing' }] });
    expect(englishMessages().products?.unitMissing).toBeTruthy();
  });

  it('keeps the reference unique per company, ignoring case and accents (409 naming the product)', async () => {
    const first = await create({ ref: 'Pão-01', name: 'Pão de Forma' });
    const dup = await api('POST', '/api/products', { token: t.admin, body: body({ ref: 'PAO-01' }) });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('products.ref_taken');
    expect(fieldsOf(dup)).toEqual({ ref: ProductMessages.refTaken('Pão-01', 'Pão de Forma') });
    // Another company may use the same reference.
    const theirs = await api('POST', '/api/products', { token: t.otherAdmin, body: { ref: 'PAO-01', name: 'Pão de B', unitId: await registry(t.otherAdmin, 'units', { name: 'UN' }) } });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    // Editing a product may keep its own reference, in another case.
    const edit = await api('PUT', `/api/products/${first.id}`, { token: t.admin, body: { ...body({ ref: 'pão-01', name: 'Pão de Forma' }), version: 1 } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.ref).toBe('pão-01');
  });

  it('keeps the barcode unique per company (409), and frees it when a product changes it', async () => {
    const code = ean();
    const first = await create({ barcode: code });
    const dup = await api('POST', '/api/products', { token: t.admin, body: body({ barcode: code }) });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('products.barcode_taken');
    expect(dup.body.message).toBe(ProductMessages.barcodeTaken(`${first.ref} ${first.name}`));
    const moved = await api('PUT', `/api/products/${first.id}`, { token: t.admin, body: { ...body({ ref: first.ref, name: first.name, barcode: null }), version: 1 } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.barcode).toBeNull();
    await create({ barcode: code });
  });
});

describe('PUT /api/products/{id}', () => {
  it('answers 409 to a stale version and keeps the newer edit', async () => {
    const p = await create();
    const one = await api('PUT', `/api/products/${p.id}`, { token: t.admin, body: { ...body({ ref: p.ref, name: 'Primeira edição' }), version: 1 } });
    expect(one.status).toBe(200);
    const stale = await api('PUT', `/api/products/${p.id}`, { token: t.admin, body: { ...body({ ref: p.ref, name: 'Edição velha' }), version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('conflict.version');
    expect((await api('GET', `/api/products/${p.id}`, { token: t.admin })).body).toMatchObject({ name: 'Primeira edição', version: 2 });
  });

  it('moves the product between lists and search words when its group, status and name change', async () => {
    const p = await create({ name: 'Detergente Limão Xyzzy', groupId: r.limpeza });
    const upd = await api('PUT', `/api/products/${p.id}`, {
      token: t.admin,
      body: { ref: p.ref, name: 'Detergente Neutro Plugh', unitId: r.un, groupId: r.frios, status: 'inactive', version: 1 },
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const ids = async (qs: string) => (await api('GET', `/api/products?limit=100&${qs}`, { token: t.admin })).body.items.map((i: { id: string }) => i.id);
    expect(await ids(`groupIds=${r.limpeza}`)).not.toContain(p.id);
    expect(await ids(`groupIds=${r.frios}`)).toContain(p.id);
    expect(await ids(`groupIds=${r.frios}&status=active`)).not.toContain(p.id);
    expect(await ids(`groupIds=${r.frios}&status=inactive`)).toContain(p.id);
    expect(await ids('q=xyzzy')).toEqual([]);
    expect(await ids('q=plugh')).toEqual([p.id]);
  });
});

describe('GET /api/products: search and filters', () => {
  let catalogue: { id: string; ref: string; name: string; barcode: string; groupId: string | null; productCompanyId: string | null; status: string }[];

  beforeAll(async () => {
    const rows: [string, string, string | null, string | null, string][] = [
      ['CERV-LAT-350', 'Cerveja Lager Lata 350ml', r.bebidas, r.alfa, 'active'],
      ['REFRI-COLA-2L', 'Refrigerante Cola 2 Litros', r.bebidas, r.beta, 'active'],
      ['SUCO-UVA-1L', 'Suco de Uva Integral 1 Litro', r.bebidas, null, 'inactive'],
      ['DET-NEUTRO', 'Detergente Líquido Neutro 500ml', r.limpeza, r.alfa, 'active'],
      ['SAB-PO-1KG', 'Sabão em Pó 1kg', r.limpeza, r.beta, 'inactive'],
      ['QUEIJO-MUS', 'Queijo Muçarela Fatiado', r.frios, r.beta, 'active'],
      ['PRES-COZ', 'Presunto Cozido Fatiado', r.frios, r.alfa, 'active'],
      ['AVULSO-1', 'Item Avulso Sem Grupo', null, null, 'active'],
    ];
    catalogue = [];
    for (const [ref, name, groupId, productCompanyId, status] of rows) {
      const p = await create({ ref, name, groupId, productCompanyId, status, barcode: ean() });
      catalogue.push(p as never);
    }
  });

  const names = async (qs: string, token = t.admin) => {
    const res = await api('GET', `/api/products?limit=100&${qs}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items.map((i: { name: string }) => i.name) as string[];
  };
  const mine = (list: string[]) => list.filter((n) => catalogue.some((c) => c.name === n));

  it('finds by reference (whole or its beginning, any case), by name words, and by barcode', async () => {
    expect(await names('q=refri-cola-2l')).toEqual(['Refrigerante Cola 2 Litros']);
    expect(await names('q=CERV-LAT')).toEqual(['Cerveja Lager Lata 350ml']);
    // A search answers by the word matched, then creation order.
    expect((await names('q=fatiado')).sort()).toEqual(['Presunto Cozido Fatiado', 'Queijo Muçarela Fatiado']);
    expect(await names('q=mucarela fat')).toEqual(['Queijo Muçarela Fatiado']);
    const sabao = catalogue.find((c) => c.ref === 'SAB-PO-1KG')!;
    expect(await names(`q=${sabao.barcode}`)).toEqual(['Sabão em Pó 1kg']);
    expect(await names(`q=${sabao.barcode.slice(0, 3)}`)).toContain('Sabão em Pó 1kg');
    const hit = (await api('GET', `/api/products?q=${sabao.barcode}`, { token: t.admin })).body.items[0];
    expect(hit).toMatchObject({ id: sabao.id, ref: 'SAB-PO-1KG', unitName: 'UN', status: 'inactive' });
  });

  it('lists by name and filters by several groups, several companies and status', async () => {
    const bebidasLimpeza = mine(await names(`groupIds=${r.bebidas}&groupIds=${r.limpeza}`));
    expect(bebidasLimpeza).toEqual(['Cerveja Lager Lata 350ml', 'Detergente Líquido Neutro 500ml', 'Refrigerante Cola 2 Litros', 'Sabão em Pó 1kg', 'Suco de Uva Integral 1 Litro']);
    expect(mine(await names(`groupIds=${r.bebidas},${r.limpeza}&status=active`))).toEqual(['Cerveja Lager Lata 350ml', 'Detergente Líquido Neutro 500ml', 'Refrigerante Cola 2 Litros']);
    expect(mine(await names(`productCompanyIds=${r.beta}`))).toEqual(['Queijo Muçarela Fatiado', 'Refrigerante Cola 2 Litros', 'Sabão em Pó 1kg']);
    expect(mine(await names(`productCompanyIds=${r.alfa}&productCompanyIds=${r.beta}&groupIds=${r.frios}`))).toEqual(['Presunto Cozido Fatiado', 'Queijo Muçarela Fatiado']);
    expect(mine(await names(`productCompanyIds=${r.beta}&groupIds=${r.frios}&groupIds=${r.limpeza}&status=inactive`))).toEqual(['Sabão em Pó 1kg']);
    expect(mine(await names('status=inactive'))).toEqual(['Sabão em Pó 1kg', 'Suco de Uva Integral 1 Litro']);
    expect(mine(await names(`q=fatiado&productCompanyIds=${r.alfa}`))).toEqual(['Presunto Cozido Fatiado']);
    const all = await names('');
    expect(mine(all)).toEqual([...catalogue.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'pt-BR')));
  });

  it('refuses a malformed filter with its message', async () => {
    const res = await api('GET', '/api/products?groupIds=abc&status=x&limit=101', { token: t.admin });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toMatchObject({ 'groupIds.0': Messages.invalidId, status: ProductMessages.status, limit: 'O limite deve estar entre 1 e 100.' });
  });

  it('pages with a cursor bound to its query', async () => {
    const qs = `groupIds=${r.bebidas}&groupIds=${r.limpeza}`;
    const whole = await names(qs);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await api('GET', `/api/products?limit=2&${qs}${cursor ? `&cursor=${cursor}` : ''}`, { token: t.admin });
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      paged.push(...res.body.items.map((i: { name: string }) => i.name));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(paged).toEqual(whole);
    const first = await api('GET', `/api/products?limit=2&${qs}`, { token: t.admin });
    const elsewhere = await api('GET', `/api/products?limit=2&groupIds=${r.frios}&cursor=${first.body.nextCursor}`, { token: t.admin });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.code).toBe('cursor.invalid');
  });
});

describe('reading what a page returns (invariant 2)', () => {
  it('reads about the limit per page on a list, a group and a search', async () => {
    const w2 = await makeWorld('ProdutosVolume');
    const token = (await w2.login(w2.admin.email)).accessToken;
    const actor = await Auth.authenticate(token);
    const unit = await registry(token, 'units', { name: 'UN' });
    const group = await registry(token, 'product-groups', { name: 'Mercearia' });
    await runAs(actor, async () => {
      for (let i = 0; i < 120; i += 20) {
        await Promise.all(
          Array.from({ length: 20 }, (_, k) => i + k).map((n) =>
            Products.create({ ref: `V${String(n).padStart(3, '0')}`, name: `Arroz Tipo ${n % 2 ? 'Um' : 'Dois'} ${n}`, unitId: unit, groupId: n % 3 === 0 ? group : null }),
          ),
        );
      }
    });
    const walk = async (query: Record<string, unknown>, limit: number, factor: number) => {
      let cursor: string | undefined;
      let count = 0;
      for (let pages = 0; pages < 100; pages++) {
        const page = await runAs(actor, () => Products.list({ ...query, limit, cursor } as never));
        expect(page.scanned, JSON.stringify(query)).toBeLessThanOrEqual(factor * limit);
        count += page.items.length;
        if (!page.nextCursor) return count;
        cursor = page.nextCursor;
      }
      throw new Error('too many pages');
    };
    expect(await walk({}, 20, 1)).toBe(120);
    expect(await walk({ groupIds: [group] }, 10, 1)).toBe(40);
    // Further terms are checked on the items read: such a page reads up to twice its size.
    expect(await walk({ q: 'arroz um' }, 10, 2)).toBe(60);
    expect(await walk({ q: 'v1' }, 10, 1)).toBe(20);
  }, 120_000);
});

describe('permissions', () => {
  it('lets a salesman read but not write (403)', async () => {
    const p = await create();
    expect((await api('GET', '/api/products', { token: t.salesman })).status).toBe(200);
    expect((await api('GET', `/api/products/${p.id}`, { token: t.salesman })).status).toBe(200);
    const post = await api('POST', '/api/products', { token: t.salesman, body: body() });
    expect(post.status).toBe(403);
    expect(post.body.message).toBe(Messages.forbidden);
    expect((await api('PUT', `/api/products/${p.id}`, { token: t.salesman, body: { ...body({ ref: p.ref }), version: 1 } })).status).toBe(403);
    expect((await api('POST', `/api/products/${p.id}/revalidate`, { token: t.salesman })).status).toBe(403);
    expect((await api('GET', `/api/products/${p.id}`, { token: t.admin })).body.version).toBe(1);
  });

  it('checks the subject in the service too (no caller reaches around the route)', async () => {
    const salesman = await Auth.authenticate(t.salesman);
    await expect(runAs(salesman, () => Products.create(body()))).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('keeps products to their company (404 to another company)', async () => {
    const p = await create({ name: 'Exclusivo Da Empresa Produtos' });
    expect((await api('GET', `/api/products/${p.id}`, { token: t.otherAdmin })).status).toBe(404);
    expect((await api('GET', '/api/products?q=exclusivo', { token: t.otherAdmin })).body.items).toEqual([]);
    expect((await api('PUT', `/api/products/${p.id}`, { token: t.otherAdmin, body: { ...body({ ref: p.ref }), version: 1 } })).status).toBe(404);
    expect((await api('POST', `/api/products/${p.id}/revalidate`, { token: t.otherAdmin })).status).toBe(404);
  });
});

describe('references and revalidation', () => {
  it('refuses to delete a unit or group in use, naming the product, and allows it once unused', async () => {
    const unit = await registry(t.admin, 'units', { name: 'FD' });
    const p = await create({ unitId: unit, groupId: r.frios, name: 'Fardo de Teste' });
    const del = await api('DELETE', `/api/units/${unit}`, { token: t.admin });
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('reference.in_use');
    expect(del.body.message).toContain(`Produto ${p.ref} Fardo de Teste`);
    expect((await api('DELETE', `/api/product-groups/${r.frios}`, { token: t.admin })).status).toBe(409);
    const moved = await api('PUT', `/api/products/${p.id}`, { token: t.admin, body: { ref: p.ref, name: p.name, unitId: r.un, groupId: r.frios, version: 1 } });
    expect(moved.status).toBe(200);
    expect((await api('DELETE', `/api/units/${unit}`, { token: t.admin })).status).toBe(200);
  });

  it('revalidate takes the unit\'s new name without moving the version', async () => {
    const unit = await registry(t.admin, 'units', { name: 'PCT' });
    const p = await create({ unitId: unit });
    const u = await api('GET', `/api/units/${unit}`, { token: t.admin });
    expect((await api('PUT', `/api/units/${unit}`, { token: t.admin, body: { name: 'Pacote', version: u.body.version } })).status).toBe(200);
    const res = await api('POST', `/api/products/${p.id}/revalidate`, { token: t.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ unitName: 'Pacote', version: 1 });
    const hit = (await api('GET', `/api/products?q=${encodeURIComponent(p.ref)}`, { token: t.admin })).body.items[0];
    expect(hit.unitName).toBe('Pacote');
  });

  it('has no delete route: a product leaves use by status', async () => {
    const p = await create();
    expect((await api('DELETE', `/api/products/${p.id}`, { token: t.admin })).status).toBe(404);
  });
});

describe('the exports other modules call', () => {
  it('getMany keeps the order asked and leaves the missing out; findByRef ignores case; page binds the caller\'s tag', async () => {
    const [a, b] = [await create({ ref: 'GM-A' }), await create({ ref: 'GM-B' })];
    await runAs(adminActor, async () => {
      const many = await Products.getMany([b.id, '0190a0b0-0000-7000-8000-000000000001', a.id]);
      expect(many.map((p) => p.id)).toEqual([b.id, a.id]);
      expect((await Products.findByRef('gm-a'))?.id).toBe(a.id);
      expect(await Products.findByRef('GM-Z')).toBeUndefined();
      const first = await Products.page({ groupIds: [r.bebidas, r.limpeza] }, undefined, 1, 'price-chart');
      expect(first.items).toHaveLength(1);
      expect(first.items[0]).toEqual(expect.objectContaining({ ref: expect.any(String), unitName: expect.any(String), groupId: expect.any(String) }));
      await expect(Products.page({ groupIds: [r.bebidas, r.limpeza] }, first.nextCursor!, 1, 'inventory')).rejects.toMatchObject({ code: 'cursor.invalid' });
      const second = await Products.page({ groupIds: [r.bebidas, r.limpeza] }, first.nextCursor!, 1, 'price-chart');
      expect(second.items[0]!.name.localeCompare(first.items[0]!.name, 'pt-BR')).toBeGreaterThan(0);
    });
  });
});
