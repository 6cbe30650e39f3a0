import { PRESETS } from '@ev/shared/permissions';
import { Provisioning } from '@ev/core/provisioning/index';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { exportAndWait } from '../testing/exports';
import { makeWorld, PASSWORD, type World } from '../testing/world';

/**
 * The clients' CSV (POST /api/exports/clients, docs/clients.md "Export"): its own ability, `export`
 * on `clientes` (high-risk in the permissions editor), which no preset but the administrator's has;
 * the list's filters; every client the user sees and no other.
 */
const api = checkedCall;
let w: World;
const t = {} as Record<'admin' | 'salesman' | 'exporter', string>;

beforeAll(async () => {
  w = await makeWorld('ClientesExport');
  [t.admin, t.salesman] = (await Promise.all([w.login(w.admin.email), w.login(w.salesman.email)])).map((l) => l.accessToken) as [string, string];
  // A salesman whose profile (a copy of the salesman's preset) may export clients.
  const profile = await api('POST', '/api/profiles', { token: t.admin, body: { name: 'Vendedor exportador', rules: [...PRESETS.salesman.rules, { action: 'export', subject: 'clientes' }] } });
  expect(profile.status, JSON.stringify(profile.body)).toBe(201);
  const user = await Provisioning.addUser(w.tenant.id, {
    email: `exportador@${w.domain}`, password: PASSWORD, name: 'Érica Exportadora', profileId: profile.body.id, branchIds: w.branches.map((b) => b.id), salesman: true,
  });
  t.exporter = (await w.login(user.email)).accessToken;
  const client = async (body: Record<string, unknown>) => {
    const res = await api('POST', '/api/clients', { token: t.admin, body: { birthDate: '1980-01-01', ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  await client({ name: 'Mercado Bom Preço', nickname: 'Bom Preço', document: '11.222.333/0001-81', phone1: '14991234567', email: 'compras@bompreco.com.br', salesmanId: w.salesman.id });
  await client({ name: 'Padaria Pão Quente', salesmanId: w.salesman.id, situation: 'analysis' });
  await client({ name: 'Supermercado do Otávio', salesmanId: w.otherSalesman.id });
  await client({ name: 'Empório da Érica', salesmanId: user.id });
});

const lines = (text: string) => text.slice(1).trim().split('\r\n');

describe('the clients export', () => {
  it('the administrator exports every client of the company, the list’s filters applied', async () => {
    const { job, file, fileName } = await exportAndWait('clients', t.admin, 'csv', {});
    expect(job).toMatchObject({ title: 'Clientes', processed: 4 });
    expect(fileName).toMatch(/^clientes-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    const [header, ...rows] = lines(file.text);
    expect(header).toBe('Nome/Razão social;Apelido/Nome fantasia;CPF/CNPJ;Telefone;E-mail;Cidade;UF;Status;Situação;Vendedor');
    expect(rows.sort()).toEqual([
      'Empório da Érica;;;;;;;Ativo;Normal;Érica Exportadora',
      'Mercado Bom Preço;Bom Preço;11.222.333/0001-81;(14) 99123-4567;compras@bompreco.com.br;;;Ativo;Normal;Vera Vendedora',
      'Padaria Pão Quente;;;;;;;Ativo;Em análise;Vera Vendedora',
      'Supermercado do Otávio;;;;;;;Ativo;Normal;Otávio Outro',
    ]);
    const filtered = await exportAndWait('clients', t.admin, 'csv', { situation: 'analysis' });
    expect(lines(filtered.file.text).slice(1)).toEqual(['Padaria Pão Quente;;;;;;;Ativo;Em análise;Vera Vendedora']);
  });

  it('needs its own ability: a salesman of the preset is refused; one whose profile has it exports his own clients only', async () => {
    const refused = await api('POST', '/api/exports/clients', { token: t.salesman, body: { format: 'csv', query: {} } });
    expect(refused.status).toBe(403);
    const mine = await exportAndWait('clients', t.exporter, 'csv', {});
    expect(lines(mine.file.text).slice(1)).toEqual(['Empório da Érica;;;;;;;Ativo;Normal;Érica Exportadora']);
  });
});
