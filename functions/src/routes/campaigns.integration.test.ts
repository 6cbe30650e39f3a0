import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { exportAndWait } from '../testing/exports';
import { makeWorld, tokensFor, type World } from '../testing/world';

/**
 * The campaigns' registry (docs/campaigns.md) on the registries' engine: its lists of products,
 * groups, companies, branches, segments and regions; the registries among them counted as
 * references (a segment in a campaign cannot be deleted), products and branches checked to exist in
 * the company; the CSV naming them.
 */
const api = checkedCall;

let w: World;
let other: World;
let t: Record<'admin' | 'salesman' | 'otherAdmin', string>;
const r = {} as Record<'un' | 'bebidas' | 'alfa' | 'varejo' | 'interior' | 'agua' | 'suco' | 'otherProduct', string>;

async function created(token: string, path: string, body: Record<string, unknown>): Promise<string> {
  const res = await api('POST', path, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  [w, other] = await Promise.all([makeWorld('Campanhas'), makeWorld('CampanhasOutra')]);
  t = await tokensFor({ admin: [w, w.admin], salesman: [w, w.salesman], otherAdmin: [other, other.admin] });
  [r.un, r.bebidas, r.alfa, r.varejo, r.interior] = await Promise.all([
    created(t.admin, '/api/units', { name: 'UN' }),
    created(t.admin, '/api/product-groups', { name: 'Bebidas' }),
    created(t.admin, '/api/product-companies', { name: 'Alfa' }),
    created(t.admin, '/api/segments', { name: 'Varejo' }),
    created(t.admin, '/api/regions', { name: 'Interior' }),
  ]);
  [r.agua, r.suco] = await Promise.all([
    created(t.admin, '/api/products', { ref: 'AGUA', name: 'Água Mineral', unitId: r.un, groupId: r.bebidas, productCompanyId: r.alfa }),
    created(t.admin, '/api/products', { ref: 'SUCO', name: 'Suco de Uva', unitId: r.un, groupId: r.bebidas }),
  ]);
  const otherUnit = await created(t.otherAdmin, '/api/units', { name: 'UN' });
  r.otherProduct = await created(t.otherAdmin, '/api/products', { ref: 'AGUA', name: 'Água da Outra', unitId: otherUnit });
}, 60_000);

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Verão Bebidas',
  validFrom: '2026-12-01',
  validUntil: '2026-12-31',
  kind: 'discount',
  discountPercent: '5',
  minimumQuantity: '10',
  ...over,
});

describe('a campaign', () => {
  it('names products, groups, companies, branches, segments and regions, and answers them as saved', async () => {
    const res = await api('POST', '/api/campaigns', {
      token: t.admin,
      body: body({ productIds: [r.agua, r.suco, r.agua], productGroupIds: [r.bebidas], productCompanyIds: [r.alfa], branchIds: [w.branches[1]!.id], segmentIds: [r.varejo], regionIds: [r.interior] }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ productIds: [r.agua, r.suco], productGroupIds: [r.bebidas], branchIds: [w.branches[1]!.id], discountPercent: '5.0000', minimumQuantity: '10.0000', status: 'active' });
    const read = await api('GET', `/api/campaigns/${res.body.id}`, { token: t.salesman });
    expect(read.status).toBe(200);
    expect(read.body.segmentIds).toEqual([r.varejo]);
  });

  it("refuses a product or a branch of another company, or one that does not exist, on its field, and writes nothing", async () => {
    for (const over of [{ productIds: [r.agua, r.otherProduct] }, { branchIds: [other.branches[0]!.id] }]) {
      const field = Object.keys(over)[0]!;
      const res = await api('POST', '/api/campaigns', { token: t.admin, body: body({ name: `Recusada ${field}`, ...over }) });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.fields).toEqual([{ field, message: 'O registro referenciado não existe.' }]);
    }
    const list = await api('GET', '/api/campaigns?q=recusada', { token: t.admin });
    expect(list.body.items).toEqual([]);
    // Nor can another company point to this one's segment.
    const foreign = await api('POST', '/api/campaigns', { token: t.otherAdmin, body: body({ segmentIds: [r.varejo] }) });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields[0].field).toBe('segmentIds');
  });

  it('keeps a segment and a group it names from being deleted, and lets them go once it drops them', async () => {
    const segment = await created(t.admin, '/api/segments', { name: 'Atacarejo' });
    const group = await created(t.admin, '/api/product-groups', { name: 'Limpeza' });
    const c = await api('POST', '/api/campaigns', { token: t.admin, body: body({ name: 'Atacarejo Limpeza', segmentIds: [segment], productGroupIds: [group] }) });
    expect(c.status).toBe(201);
    const blocked = await api('DELETE', `/api/segments/${segment}`, { token: t.admin });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toContain('Campanha Atacarejo Limpeza');
    expect((await api('DELETE', `/api/product-groups/${group}`, { token: t.admin })).status).toBe(409);
    const updated = await api('PUT', `/api/campaigns/${c.body.id}`, { token: t.admin, body: { ...body({ name: 'Atacarejo Limpeza', productGroupIds: [group] }), version: c.body.version } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.segmentIds).toEqual([]);
    expect((await api('DELETE', `/api/segments/${segment}`, { token: t.admin })).status).toBe(200);
    expect((await api('DELETE', `/api/product-groups/${group}`, { token: t.admin })).status).toBe(409);
    expect((await api('DELETE', `/api/campaigns/${c.body.id}`, { token: t.admin })).status).toBe(200);
    expect((await api('DELETE', `/api/product-groups/${group}`, { token: t.admin })).status).toBe(200);
  });

  it('is written only by who may (a salesman reads it)', async () => {
    const res = await api('POST', '/api/campaigns', { token: t.salesman, body: body({ name: 'Do vendedor' }) });
    expect(res.status).toBe(403);
    expect((await api('GET', '/api/campaigns', { token: t.salesman })).status).toBe(200);
  });

  it('is exported with the names of what it points to', async () => {
    const { file } = await exportAndWait('registry-campaigns', t.admin, 'csv', { q: 'verão' });
    const rows = Papa.parse<string[]>(file.text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    const header = rows[0]!;
    const row = Object.fromEntries(header.map((h, i) => [h, rows[1]![i]]));
    expect(rows).toHaveLength(2);
    expect(row).toMatchObject({
      Nome: 'Verão Bebidas',
      'Válida de': '01/12/2026',
      'Válida até': '31/12/2026',
      Tipo: 'Desconto (%)',
      'Desconto (%)': '5,0000',
      Produtos: 'Água Mineral, Suco de Uva',
      'Grupos de produtos': 'Bebidas',
      'Empresas de produtos': 'Alfa',
      Filiais: 'Filial',
      'Segmentos de clientes': 'Varejo',
      Regiões: 'Interior',
    });
  });
});
