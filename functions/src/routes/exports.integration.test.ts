import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Clients } from '@ev/core/clients';
import { currentUserActor } from '@ev/core/context';
import { defineExport, registerExports } from '@ev/core/exports/index';
import { registerJobHandlers } from '@ev/core/wiring/worker';
import { Ports } from '@ev/core/ports';
import type { LocalQueue } from '@ev/core/ports/local-queue';
import { Messages } from '@ev/shared/messages';
import { JobsMessages } from '@ev/shared/schemas/jobs';
import { checkedCall } from '../testing/checked-call';
import { pdfText } from '../testing/pdf-text';
import { call, makeWorld, type World } from '../testing/world';

// The exports and imports job handlers, with the catalogue, consumed by the local queue.
registerJobHandlers();

/**
 * The export engine end to end through the local queue: a declared source, POST /api/exports, the
 * job polled, the file downloaded through its signed URL and read.
 */
const api = checkedCall;
const drain = () => (Ports.queue() as LocalQueue).drain();

// Throwaway declarations (the real ones come with products, prices and inventory).
registerExports([defineExport({
  name: 'test-clients',
  subject: 'clientes',
  action: 'read',
  title: 'Clientes (teste)',
  query: z.object({ q: z.string().max(50, { error: 'A busca deve ter no máximo 50 caracteres.' }).optional() }),
  columns: () => [
    { key: 'name', header: 'Nome' },
    { key: 'note', header: 'Observação' },
    { key: 'who', header: 'Exportado por' },
  ],
  // The clients the user sees, through the same service as GET /api/clients.
  async *rows(query) {
    let cursor: string | undefined;
    do {
      const page = await Clients.list({ limit: 100, cursor, ...(query.q ? { q: query.q } : {}) });
      yield page.items.map((c) => ({ name: c.name, note: c.name.includes('Fórmula') ? '=SOMA(A1:A9)' : '-12,50', who: currentUserActor().userId }));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  },
})]);

registerExports([defineExport({
  name: 'test-numbers',
  subject: 'clientes',
  action: 'read',
  title: 'Números (teste)',
  query: z.object({ count: z.number({ error: 'Informe a quantidade.' }).int().min(0, { error: 'A quantidade não pode ser negativa.' }).max(3000) }),
  columns: () => [
    { key: 'ref', header: 'Referência' },
    { key: 'name', header: 'Descrição', width: '*' },
    { key: 'price', header: 'Preço', align: 'right' },
  ],
  total: (q) => q.count,
  filters: (q, ctx) => [
    { label: 'Quantidade', value: String(q.count) },
    { label: 'Filial', value: ctx.branch?.name ?? '-' },
  ],
  fileName: () => 'numeros',
  async *rows(q) {
    for (let i = 0; i < q.count; i += 250) {
      yield Array.from({ length: Math.min(250, q.count - i) }, (_, k) => ({ ref: `REF-${i + k + 1}`, name: `Item ${i + k + 1} ação`, price: `${i + k + 1},50` }));
    }
  },
})]);

registerExports([defineExport({
  name: 'test-permissions',
  subject: 'permissões',
  action: 'read',
  title: 'Perfis (teste)',
  query: z.object({}),
  columns: () => [{ key: 'x', header: 'X' }],
  async *rows() {
    yield [{ x: 'segredo' }];
  },
})]);

let w: World;
let other: World;
const t = {} as Record<'admin' | 'salesman' | 'otherSalesman' | 'employee' | 'otherAdmin', string>;

beforeAll(async () => {
  [w, other] = await Promise.all([makeWorld('Exportar'), makeWorld('ExportarOutra')]);
  const logins = await Promise.all([w.login(w.admin.email), w.login(w.salesman.email), w.login(w.otherSalesman.email), w.login(w.employee.email), other.login(other.admin.email)]);
  [t.admin, t.salesman, t.otherSalesman, t.employee, t.otherAdmin] = logins.map((l) => l.accessToken) as [string, string, string, string, string];
  for (const [token, name] of [
    [t.salesman, 'Mercado da Vera'],
    [t.salesman, 'Fórmula da Vera'],
    [t.otherSalesman, 'Padaria do Otávio'],
  ] as const) {
    const res = await api('POST', '/api/clients', { token, body: { name, birthDate: '1990-05-17' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
});

async function exportAndWait(token: string, name: string, format: 'csv' | 'pdf', query: unknown) {
  const res = await api('POST', `/api/exports/${name}`, { token, body: { format, query } });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body).toMatchObject({ kind: 'export', name, format, status: 'queued', processed: 0 });
  await drain();
  const job = await api('GET', `/api/jobs/${res.body.id}`, { token });
  expect(job.status).toBe(200);
  return job.body;
}

/** Downloads an export's file the way the browser does: the signed URL from /download. */
async function download(token: string, id: string) {
  const res = await api('GET', `/api/jobs/${id}/download`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const url = new URL(res.body.url);
  const file = await call('GET', `${url.pathname}${url.search}`);
  expect(file.status).toBe(200);
  return { ...file, fileName: res.body.fileName as string };
}

describe('CSV export through the queue', () => {
  it('writes ; separated UTF-8 with BOM, Portuguese headers and escaped formulas; done with processed = total', async () => {
    const job = await exportAndWait(t.admin, 'test-clients', 'csv', {});
    expect(job).toMatchObject({ status: 'done', error: null, processed: 3, total: 3, title: 'Clientes (teste)' });
    expect(job.fileName).toMatch(/^test-clients-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    const file = await download(t.admin, job.id);
    expect(file.fileName).toBe(job.fileName);
    expect(file.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(file.text.startsWith('\uFEFFNome;Observação;Exportado por\r\n')).toBe(true);
    const lines = file.text.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(4);
    // A formula is escaped; a plain negative number is not.
    expect(lines.find((l) => l.startsWith('Fórmula da Vera'))).toBe(`Fórmula da Vera;"'=SOMA(A1:A9)";${w.admin.id}`);
    expect(lines.find((l) => l.startsWith('Mercado da Vera'))).toBe(`Mercado da Vera;-12,50;${w.admin.id}`);
  });

  it("reads the rows under the user's actor: a salesman's file holds only that salesman's clients", async () => {
    const job = await exportAndWait(t.salesman, 'test-clients', 'csv', {});
    expect(job).toMatchObject({ status: 'done', processed: 2, total: 2 });
    const { text } = await download(t.salesman, job.id);
    expect(text).toContain('Mercado da Vera');
    expect(text).toContain('Fórmula da Vera');
    expect(text).not.toContain('Padaria do Otávio');
    expect(text).toContain(w.salesman.id);
  });

  it('reports progress up to the total for a larger source', async () => {
    const job = await exportAndWait(t.employee, 'test-numbers', 'csv', { count: 1200 });
    expect(job).toMatchObject({ status: 'done', processed: 1200, total: 1200 });
    expect(job.fileName).toMatch(/^numeros-.*\.csv$/);
    const { text } = await download(t.employee, job.id);
    expect(text.trim().split('\r\n')).toHaveLength(1201);
    expect(text).toContain('REF-1200;Item 1200 ação;1200,50');
  });
});

describe('PDF export through the queue', () => {
  it('writes an A4 landscape PDF with the title, company, filters, rows and page numbers', async () => {
    const job = await exportAndWait(t.admin, 'test-numbers', 'pdf', { count: 60 });
    expect(job).toMatchObject({ status: 'done', processed: 60, total: 60, format: 'pdf' });
    expect(job.fileName).toMatch(/^numeros-.*\.pdf$/);
    const file = await download(t.admin, job.id);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(file.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    // A4 landscape: 841.89 x 595.28 points.
    expect(Buffer.from(file.bytes).toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    const { pages, text } = pdfText(file.bytes);
    const flat = text.replace(/\s+/g, ' ');
    expect(pages.length).toBeGreaterThan(1);
    expect(flat).toContain('Números (teste)');
    expect(flat).toContain(w.tenant.name);
    expect(flat).toContain('Quantidade: 60');
    expect(flat).toContain('Filial: Matriz');
    expect(flat).toMatch(/Gerado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    for (const cell of ['Referência', 'Descrição', 'Preço', 'REF-1 ', 'REF-60 ', 'Item 60 ação', '60,50']) expect(flat).toContain(cell);
    expect(flat).toContain(`Página 1 de ${pages.length}`);
    expect(flat).toContain(`Página ${pages.length} de ${pages.length}`);
  });
});

describe('permissions and validation', () => {
  it('refuses a user without the subject (403) and records no job', async () => {
    const before = (await api('GET', '/api/jobs', { token: t.salesman })).body.items.length;
    const res = await api('POST', '/api/exports/test-permissions', { token: t.salesman, body: { format: 'csv', query: {} } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(Messages.forbidden);
    expect((await api('GET', '/api/jobs', { token: t.salesman })).body.items).toHaveLength(before);
  });

  it('answers 400 with each field in Portuguese for a bad query or format', async () => {
    const bad = await api('POST', '/api/exports/test-numbers', { token: t.admin, body: { format: 'csv', query: { count: -1 } } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ field: 'query.count', message: 'A quantidade não pode ser negativa.' }]);
    const missing = await api('POST', '/api/exports/test-numbers', { token: t.admin, body: { format: 'csv', query: {} } });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([{ field: 'query.count', message: 'Informe a quantidade.' }]);
    const format = await api('POST', '/api/exports/test-numbers', { token: t.admin, body: { format: 'xlsx', query: { count: 1 } } });
    expect(format.status).toBe(400);
    expect(format.body.fields).toEqual([{ field: 'format', message: JobsMessages.formatInvalid }]);
  });

  it('answers 404 for an export nobody declared, 401 without a session', async () => {
    expect((await api('POST', '/api/exports/nao-existe', { token: t.admin, body: { format: 'csv', query: {} } })).body.message).toBe(JobsMessages.exportNotFound);
    expect((await api('POST', '/api/exports/test-numbers', { body: { format: 'csv', query: { count: 1 } } })).status).toBe(401);
  });
});

describe('job status', () => {
  it("is the starting user's alone: another user of the company or another company gets 404", async () => {
    const job = await exportAndWait(t.admin, 'test-numbers', 'csv', { count: 3 });
    for (const token of [t.salesman, t.employee, t.otherAdmin]) {
      expect((await api('GET', `/api/jobs/${job.id}`, { token })).status).toBe(404);
      expect((await api('GET', `/api/jobs/${job.id}/download`, { token })).status).toBe(404);
      expect((await api('GET', '/api/jobs', { token })).body.items.map((j: { id: string }) => j.id)).not.toContain(job.id);
    }
    expect((await api('GET', `/api/jobs/${job.id}`, { token: t.admin })).status).toBe(200);
  });

  it("lists the user's recent jobs, newest first", async () => {
    const first = await exportAndWait(t.otherSalesman, 'test-numbers', 'csv', { count: 1 });
    const second = await exportAndWait(t.otherSalesman, 'test-numbers', 'pdf', { count: 1 });
    const list = await api('GET', '/api/jobs', { token: t.otherSalesman });
    expect(list.body.items.map((j: { id: string }) => j.id).slice(0, 2)).toEqual([second.id, first.id]);
  });

  it('has no file to download until the export is done, and rejects an id that is not a UUID', async () => {
    const res = await api('POST', '/api/exports/test-numbers', { token: t.admin, body: { format: 'csv', query: { count: 2 } } });
    const early = await api('GET', `/api/jobs/${res.body.id}/download`, { token: t.admin });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(JobsMessages.notReady);
    await drain();
    expect((await api('GET', `/api/jobs/${res.body.id}/download`, { token: t.admin })).status).toBe(200);
    expect((await api('GET', '/api/jobs/nao-e-uuid', { token: t.admin })).status).toBe(400);
  });
});
