import { registerJobHandlers } from '@ev/core/wiring/worker';
import { Ports } from '@ev/core/ports';
import type { LocalQueue } from '@ev/core/ports/local-queue';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { exportAndWait as exportChart } from '../testing/exports';
import { pdfText } from '../testing/pdf-text';
import { makeWorld, type World } from '../testing/world';

// The exports and imports job handlers, with the catalogue, consumed by the local queue.
registerJobHandlers();

/**
 * The price chart's CSV and PDF through the export engine (POST /api/exports/price-chart): the
 * chart's filter, every row, cells as a person in Brazil reads them, the condition columns; a
 * salesman may export it (vendas), another company's table is refused.
 */
const api = checkedCall;
const drain = () => (Ports.queue() as LocalQueue).drain();

let w: World;
let other: World;
const t = {} as Record<'admin' | 'salesman' | 'otherAdmin', string>;
const ids = {} as Record<'table' | 'group' | 'other', string>;

async function post(path: string, body: Record<string, unknown>) {
  const res = await api('POST', path, { token: t.admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  [w, other] = await Promise.all([makeWorld('PrecosExport'), makeWorld('PrecosExportOutra')]);
  const logins = await Promise.all([w.login(w.admin.email), w.login(w.salesman.email), other.login(other.admin.email)]);
  [t.admin, t.salesman, t.otherAdmin] = logins.map((l) => l.accessToken) as [string, string, string];
  const unit = await post('/api/units', { name: 'CX' });
  ids.group = await post('/api/product-groups', { name: 'Bebidas' });
  ids.other = await post('/api/product-groups', { name: 'Limpeza' });
  ids.table = await post('/api/price-tables', { name: 'Varejo' });
  await post('/api/payments-conditions', { name: '30/60', terms: ['030', '060'], surchargeRate: '2,5' });
  const cola = await post('/api/products', { ref: 'COLA-2L', name: 'Refrigerante Cola 2L', unitId: unit, groupId: ids.group, maker: 'Serra Azul', package: 'FD 6X2L' });
  await post('/api/products', { ref: 'AGUA-500', name: 'Água Mineral 500ml', unitId: unit, groupId: ids.group });
  const sabao = await post('/api/products', { ref: 'SABAO-1K', name: 'Sabão em Pó', unitId: unit, groupId: ids.other });
  for (const [product, price] of [[cola, '1234,5'], [sabao, '5']] as const) {
    expect((await api('PUT', `/api/products/${product}/prices/${ids.table}`, { token: t.admin, body: { price } })).status).toBe(200);
  }
});

const exportAndWait = (token: string, format: 'csv' | 'pdf', query: unknown) => exportChart('price-chart', token, format, query);

describe('the price chart export', () => {
  it('CSV: the filter\'s rows, headers in Portuguese, a column per condition, prices with a comma', async () => {
    const { job, file, fileName } = await exportAndWait(t.salesman, 'csv', { groupIds: [ids.group] });
    expect(job).toMatchObject({ processed: 2, total: 2, title: 'Tabela de preços' });
    expect(fileName).toMatch(/^tabela-de-precos-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    const lines = file.text.slice(1).trim().split('\r\n');
    expect(file.text.startsWith('\uFEFF')).toBe(true);
    expect(lines).toEqual([
      'Referência;Nome;Fabricante;Embalagem;Unidade;Preço de venda;30/60;Situação',
      'AGUA-500;Água Mineral 500ml;;;CX;;;Ativo',
      // 1.234,50 × 1,025 = 1.265,3625 → 1.265,36
      'COLA-2L;Refrigerante Cola 2L;Serra Azul;FD 6X2L;CX;1.234,50;1.265,36;Ativo',
    ]);
  });

  it('PDF: the title, the table and filters in words, "sem preço" where the table has none', async () => {
    const { file } = await exportAndWait(t.admin, 'pdf', { groupIds: [ids.group], tableId: ids.table });
    expect(file.text.startsWith('%PDF-')).toBe(true);
    const text = pdfText(file.bytes).text.replace(/\s+/g, ' ');
    expect(text).toContain('Tabela de preços');
    expect(text).toContain('Varejo (padrão)');
    expect(text).toContain('Bebidas');
    expect(text).toContain('Refrigerante Cola 2L');
    expect(text).toContain('1.234,50');
    expect(text).toContain('sem preço');
    expect(text).not.toContain('Sabão');
  });

  it('another company\'s table fails the job with the reason; a malformed query is a 400 on query.<field>', async () => {
    const res = await api('POST', '/api/exports/price-chart', { token: t.otherAdmin, body: { format: 'csv', query: { tableId: ids.table } } });
    // The query is valid in shape; the table is read when the job runs, in B's company: the job fails with the reason.
    expect(res.status).toBe(202);
    await drain();
    const job = await api('GET', `/api/jobs/${res.body.id}`, { token: t.otherAdmin });
    expect(job.body).toMatchObject({ status: 'failed', error: 'A tabela de preço informada não existe.' });
    const bad = await api('POST', '/api/exports/price-chart', { token: t.admin, body: { format: 'csv', query: { groupIds: ['x'] } } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toMatch(/^query\.groupIds/);
  });
});
