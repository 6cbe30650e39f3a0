import { beforeAll, describe, expect, it } from 'vitest';
import { currentUserActor } from '@ev/core/context';
import { defineImport, registerImports } from '@ev/core/imports/index';
import { registerJobHandlers } from '@ev/core/wiring/worker';
import { Ports } from '@ev/core/ports';
import type { LocalQueue } from '@ev/core/ports/local-queue';
import { Messages } from '@ev/shared/messages';
import { JobsMessages, MAX_IMPORT_FILE_BYTES } from '@ev/shared/schemas/jobs';
import { checkedCall } from '../testing/checked-call';
import { createApp } from '../app';
import { makeWorld, type World } from '../testing/world';

// The exports and imports job handlers, with the catalogue, consumed by the local queue.
registerJobHandlers();

/**
 * The import engine end to end through the local queue: announce, PUT the file to its signed URL,
 * check (dry run), run, with a throwaway importer that keeps its items in memory per company.
 */
const api = checkedCall;
const drain = () => (Ports.queue() as LocalQueue).drain();
const app = createApp();

interface Item {
  ref: string;
  name: string;
  unit: string;
  price: string;
}
/** The importer's "table": items by company and ref. */
const stored = new Map<string, Map<string, Item>>();
const storeOf = (tenantId: string) => stored.get(tenantId) ?? stored.set(tenantId, new Map()).get(tenantId)!;
/** When set, the next check waits here (to see a job still running). */
let gate: Promise<void> | null = null;

registerImports([defineImport<Item, { units: Set<string> }>({
  name: 'test-items',
  subject: 'produtos',
  action: 'update',
  title: 'Importar itens (teste)',
  columns: [
    { key: 'ref', header: 'Referência', aliases: ['Código', 'Cod'], required: true },
    { key: 'name', header: 'Descrição', aliases: ['Nome'], required: true },
    { key: 'unit', header: 'Unidade', required: true },
    { key: 'price', header: 'Preço' },
  ],
  maxLines: 50,
  batchSize: 2,
  async prepare() {
    if (gate) await gate;
    return { units: new Set(['UN', 'CX', 'KG']) };
  },
  check({ cells }, ctx) {
    const unit = cells.unit!.toUpperCase();
    if (!ctx.prepared.units.has(unit)) return { error: `Unidade não encontrada: ${cells.unit}.` };
    const price = cells.price || '0';
    if (!/^\d+(,\d{1,2})?$/.test(price)) return { error: `Preço inválido: "${price}". Use vírgula decimal, por exemplo 12,50.` };
    return { value: { ref: cells.ref!, name: cells.name!, unit, price } };
  },
  fileCheck(accepted) {
    const first = new Map<string, number>();
    const out: { line: number; error: string }[] = [];
    for (const a of accepted) {
      const seen = first.get(a.value.ref);
      if (seen) out.push({ line: a.line, error: `Referência repetida no arquivo: já está na linha ${seen}.` });
      else first.set(a.value.ref, a.line);
    }
    return out;
  },
  async apply(values) {
    const store = storeOf(currentUserActor().tenantId);
    const counts = { created: 0, updated: 0, unchanged: 0 };
    for (const v of values) {
      const before = store.get(v.ref);
      if (!before) counts.created++;
      else if (JSON.stringify(before) === JSON.stringify(v)) counts.unchanged++;
      else counts.updated++;
      store.set(v.ref, v);
    }
    return counts;
  },
})]);

let w: World;
let other: World;
const t = {} as Record<'admin' | 'salesman' | 'supervisor' | 'otherAdmin', string>;

beforeAll(async () => {
  [w, other] = await Promise.all([makeWorld('Importar'), makeWorld('ImportarOutra')]);
  const logins = await Promise.all([w.login(w.admin.email), w.login(w.salesman.email), w.login(w.supervisor.email), other.login(other.admin.email)]);
  [t.admin, t.salesman, t.supervisor, t.otherAdmin] = logins.map((l) => l.accessToken) as [string, string, string, string];
});

/** Announces a file and PUTs it to the signed URL, as the browser does. */
async function upload(token: string, content: Uint8Array | string, fileName = 'itens.csv') {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  const res = await api('POST', '/api/imports/test-items', { token, body: { fileName, size: bytes.byteLength } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.job).toMatchObject({ kind: 'import', phase: 'upload', status: 'uploading', fileName });
  expect(res.body.maxBytes).toBe(MAX_IMPORT_FILE_BYTES);
  const url = new URL(res.body.uploadUrl);
  const put = await app.request(`${url.pathname}${url.search}`, { method: 'PUT', headers: res.body.uploadHeaders, body: bytes as Uint8Array<ArrayBuffer> });
  expect(put.status).toBe(204);
  return res.body.job.id as string;
}

async function step(token: string, id: string, which: 'check' | 'run') {
  const res = await api('POST', `/api/imports/${id}/${which}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body).toMatchObject({ id, phase: which, status: 'queued' });
  await drain();
  return (await api('GET', `/api/jobs/${id}`, { token })).body;
}

/** Windows-1252 bytes of a text (the characters used here are all in Latin-1). */
const cp1252 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));

const HEADER = 'Referência;Descrição;Unidade;Preço';

describe('reading the file', () => {
  it('reads Windows-1252 with ç and ã, and UTF-8 with a BOM, to the same values', async () => {
    const text = `${HEADER}\r\nA1;Ação de graças;UN;1,50\r\nA2;Pão de queijo;KG;12,00\r\n`;
    const latin = await upload(t.admin, cp1252(text), 'latin.csv');
    const checked = await step(t.admin, latin, 'check');
    expect(checked).toMatchObject({ status: 'done', result: { lines: 2, accepted: 2, rejectedCount: 0, rejected: [] } });
    const ran = await step(t.admin, latin, 'run');
    expect(ran).toMatchObject({ status: 'done', processed: 2, total: 2, result: { created: 2 } });
    expect(storeOf(w.tenant.id).get('A1')?.name).toBe('Ação de graças');
    expect(storeOf(w.tenant.id).get('A2')?.name).toBe('Pão de queijo');

    const utf8 = await upload(t.admin, `\uFEFF${text}`, 'utf8.csv');
    const again = await step(t.admin, utf8, 'run');
    expect(again.result).toMatchObject({ accepted: 2, created: 0, updated: 0, unchanged: 2 });
  });

  it('takes , as the delimiter when the header has it, and headers by alias, any case and accents', async () => {
    const id = await upload(t.admin, 'codigo,NOME,unidade\nC1,"Café, torrado",cx\nC2,Chá,un\n');
    const ran = await step(t.admin, id, 'run');
    expect(ran).toMatchObject({ status: 'done', result: { lines: 2, accepted: 2, created: 2 } });
    expect(storeOf(w.tenant.id).get('C1')).toEqual({ ref: 'C1', name: 'Café, torrado', unit: 'CX', price: '0' });
  });

  it('fails the whole file with a clear message: empty, missing required column, too many lines', async () => {
    const empty = await step(t.admin, await upload(t.admin, `${HEADER}\r\n\r\n`), 'check');
    expect(empty).toMatchObject({ status: 'failed', error: JobsMessages.fileEmpty, result: null });
    const missing = await step(t.admin, await upload(t.admin, 'Referência;Preço\nX;1\n'), 'check');
    expect(missing).toMatchObject({ status: 'failed', error: JobsMessages.missingColumns(['Descrição', 'Unidade']) });
    const lines = Array.from({ length: 51 }, (_, i) => `L${i};Item;UN;1`).join('\n');
    const many = await step(t.admin, await upload(t.admin, `${HEADER}\n${lines}\n`), 'check');
    expect(many).toMatchObject({ status: 'failed', error: JobsMessages.tooManyLines(50) });
  });
});

describe('dry run and run', () => {
  const file = [
    HEADER,
    'B1;Biscoito;UN;2,50',
    'B2;Bolacha;XX;1,00',
    '',
    'B3;Bala;UN;-1',
    'B1;Biscoito repetido;UN;3,00',
    ';Sem referência;UN;1,00',
    '"B4;Aspas sem fim;UN;1',
  ].join('\r\n');

  it('lists every rejected line by number with its reason, and writes nothing', async () => {
    const id = await upload(t.admin, file);
    const before = storeOf(w.tenant.id).size;
    const job = await step(t.admin, id, 'check');
    expect(job.status).toBe('done');
    expect(job.processed).toBe(job.total);
    expect(job.result).toEqual({
      lines: 6,
      accepted: 1,
      rejectedCount: 5,
      rejected: [
        { line: 3, reason: 'Unidade não encontrada: XX.' },
        { line: 5, reason: 'Preço inválido: "-1". Use vírgula decimal, por exemplo 12,50.' },
        { line: 6, reason: 'Referência repetida no arquivo: já está na linha 2.' },
        { line: 7, reason: 'Falta o valor da coluna Referência.', texts: [{ key: 'jobs.missingValue', params: { column: 'Referência' } }] },
        { line: 8, reason: 'Linha com aspas sem fechamento ou mal formada.', texts: [{ key: 'jobs.malformedLine' }] },
      ],
    });
    expect(storeOf(w.tenant.id).size).toBe(before);
  });

  it('applies the accepted lines with progress, and importing the same file again changes nothing', async () => {
    const lines = Array.from({ length: 7 }, (_, i) => `R${i};Produto ${i};UN;${i},00`);
    const content = [HEADER, ...lines, 'R9;Ruim;ZZ;1'].join('\n');
    const id = await upload(t.admin, content);
    const checked = await step(t.admin, id, 'check');
    expect(checked.result).toMatchObject({ lines: 8, accepted: 7, rejectedCount: 1 });
    const ran = await step(t.admin, id, 'run');
    expect(ran).toMatchObject({ status: 'done', processed: 7, total: 7, error: null });
    expect(ran.result).toMatchObject({ lines: 8, accepted: 7, rejectedCount: 1, created: 7, updated: 0, unchanged: 0, rejected: [{ line: 9, reason: 'Unidade não encontrada: ZZ.' }] });
    const snapshot = JSON.stringify([...storeOf(w.tenant.id).entries()]);

    const again = await step(t.admin, await upload(t.admin, content), 'run');
    expect(again.result).toMatchObject({ accepted: 7, created: 0, updated: 0, unchanged: 7 });
    expect(JSON.stringify([...storeOf(w.tenant.id).entries()])).toBe(snapshot);
    // The other company's store was never touched.
    expect(storeOf(other.tenant.id).size).toBe(0);
  });

  it('refuses a second check or run while one is queued or running (409)', async () => {
    const id = await upload(t.admin, `${HEADER}\nG1;Gate;UN;1\n`);
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const first = await api('POST', `/api/imports/${id}/check`, { token: t.admin });
    expect(first.status).toBe(202);
    const second = await api('POST', `/api/imports/${id}/run`, { token: t.admin });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(JobsMessages.busy);
    gate = null;
    open();
    await drain();
    expect((await api('GET', `/api/jobs/${id}`, { token: t.admin })).body).toMatchObject({ status: 'done', phase: 'check' });
  });
});

describe('uploads, permissions and isolation', () => {
  it('refuses a file announced over 20 MB, or not a CSV, with the reason in Portuguese', async () => {
    const big = await api('POST', '/api/imports/test-items', { token: t.admin, body: { fileName: 'grande.csv', size: MAX_IMPORT_FILE_BYTES + 1 } });
    expect(big.status).toBe(400);
    expect(big.body.fields).toEqual([{ field: 'size', message: JobsMessages.fileTooLarge }]);
    const xlsx = await api('POST', '/api/imports/test-items', { token: t.admin, body: { fileName: 'planilha.xlsx', size: 10 } });
    expect(xlsx.body.fields).toEqual([{ field: 'fileName', message: JobsMessages.fileNotCsv }]);
  });

  it('fails the check of an import whose file was never uploaded', async () => {
    const res = await api('POST', '/api/imports/test-items', { token: t.admin, body: { fileName: 'sumiu.csv', size: 100 } });
    const job = await step(t.admin, res.body.job.id, 'check');
    expect(job).toMatchObject({ status: 'failed', error: JobsMessages.notUploaded });
  });

  it('lets only the user who started it see or continue an import (404 for others, any company)', async () => {
    const id = await upload(t.admin, `${HEADER}\nZ1;Zeta;UN;1\n`);
    for (const token of [t.supervisor, t.otherAdmin]) {
      expect((await api('GET', `/api/jobs/${id}`, { token })).status).toBe(404);
      expect((await api('POST', `/api/imports/${id}/check`, { token })).status).toBe(404);
      expect((await api('POST', `/api/imports/${id}/run`, { token })).status).toBe(404);
    }
    expect((await api('GET', `/api/jobs/${id}`, { token: t.admin })).body.status).toBe('uploading');
  });

  it('refuses users without the subject (403), and an import nobody declared (404)', async () => {
    const res = await api('POST', '/api/imports/test-items', { token: t.salesman, body: { fileName: 'x.csv', size: 10 } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(Messages.forbidden);
    expect((await api('GET', '/api/imports/test-items', { token: t.salesman })).status).toBe(403);
    expect((await api('POST', '/api/imports/nao-existe', { token: t.admin, body: { fileName: 'x.csv', size: 10 } })).body.message).toBe(JobsMessages.importNotFound);
  });

  it('describes the columns the file may carry', async () => {
    const res = await api('GET', '/api/imports/test-items', { token: t.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'test-items', title: 'Importar itens (teste)', maxBytes: MAX_IMPORT_FILE_BYTES, maxLines: 50 });
    expect(res.body.columns[0]).toEqual({ key: 'ref', header: 'Referência', aliases: ['Código', 'Cod'], required: true });
  });
});
