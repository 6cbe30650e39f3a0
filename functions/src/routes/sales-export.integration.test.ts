import { renderPdf } from '@ev/core/exports/pdf';
import { PAYMENT_TYPE_NAMES, saleDocumentContent, SLIP_LABELS_PT } from '@ev/core/sales/document';
import { Ports } from '@ev/core/ports';
import type { LocalQueue } from '@ev/core/ports/local-queue';
import { JobsMessages } from '@ev/shared/schemas/jobs';
import type { Sale } from '@ev/shared/schemas/sales';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportAndWait } from '../testing/exports';
import { pdfText } from '../testing/pdf-text';
import { salesWorld, type SaleBody } from '../testing/sales';

/**
 * The sales export (POST /api/exports/sales, docs/sales.md "Exports of sales"): the selected sales
 * as CSV (a line per item, the sale's columns repeated; or a line per sale), as one PDF (each sale
 * from its own page: the company's CNPJ, the client, the items with a cancelled line marked and
 * not counted, the totals, the installments, the signature, the delivery QR code when given) and
 * as text (the printed slip); read in the user's record scope: another salesman's sale and another
 * company's are never exported; no sale selected is a 400 with the spec's text.
 */

let s: Awaited<ReturnType<typeof salesWorld>>;
let other: Awaited<ReturnType<typeof salesWorld>>;
let a: SaleBody;
let b: SaleBody;
let foreign: SaleBody;
const CNPJ = '11.222.333/0001-81';

const line = (productId: string, quantity: string, unitPrice: string, extra: Record<string, unknown> = {}) => ({ productId, quantity, unitPrice, ...extra });
const br = (date: string) => date.split('-').reverse().join('/');

beforeAll(async () => {
  [s, other] = await Promise.all([salesWorld('Exportação de Vendas'), salesWorld('Exportação Outra')]);
  const company = (await s.api('GET', '/api/company', { token: s.tokens.admin })).body;
  const { name, nickname, observations, taxRegime, settings, version } = company;
  const put = await s.api('PUT', '/api/company', { token: s.tokens.admin, body: { name, nickname, document: CNPJ, observations, taxRegime, settings, version } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const [arroz, oleo, cafe, foreignProduct] = await Promise.all([
    s.product('Arroz Tipo 1 5kg', '24.90', '100'),
    s.product('Óleo de Soja 900ml', '7.20', '40'),
    s.product('Café Torrado 500g', '15.00', '20'),
    other.product('Feijão Carioca 1kg', '8.50', '20'),
  ]);
  const [clientA, clientB, clientForeign] = await Promise.all([s.client('Mercado Exporta Ltda'), s.client('Empório Bauru'), other.client('Mercado de Outra Empresa')]);
  const closedA = await s.closed(clientA, [line(arroz, '3', '24.90', { discountPercent: '10' }), line(oleo, '4', '7.20')]);
  // The óleo line is cancelled by a correction: it stays on the sale and counts nowhere.
  const edited = await s.api('PUT', `/api/sales/${closedA.id}`, {
    token: s.tokens.admin,
    body: {
      version: closedA.version,
      clientId: closedA.clientId,
      natureId: closedA.natureId,
      paymentConditionId: closedA.paymentConditionId,
      paymentType: closedA.paymentType,
      transport: closedA.transport,
      observations: { invoice: 'Entregar pela manhã', internal: null },
      items: [line(arroz, '3', '24.90', { index: 0, discountPercent: '10' }), line(oleo, '4', '7.20', { index: 1, cancelled: true, cancelReason: 'Cliente já tinha' })],
    },
  });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  [a, b, foreign] = await Promise.all([s.read(closedA.id), s.closed(clientB, [line(cafe, '2', '15.00')]).then((x) => s.read(x.id)), other.closed(clientForeign, [line(foreignProduct, '1', '8.50')])]);
}, 120_000);

const lines = (text: string) => text.replace(/^\uFEFF/, '').trim().split('\r\n');

describe('the sales CSV', () => {
  it('a line per item, the sale repeated; the cancelled line marked and its figures kept; money with a comma; in the order selected', async () => {
    expect(a.totals.total).toBe('67.23');
    expect(a.installments.map((i: { value: string }) => i.value)).toEqual(['22.41', '22.41', '22.41']);
    const { started, job, file, fileName } = await exportAndWait('sales', s.tokens.salesman, 'csv', { ids: [a.id, b.id] });
    // Two sales answer at once: the job comes back finished, its file already written.
    expect(started).toMatchObject({ status: 'done', fileName });
    expect(job).toMatchObject({ title: 'Vendas', processed: 3, total: 3 });
    expect(fileName).toMatch(/^vendas-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    expect(file.text.startsWith('\uFEFF')).toBe(true);
    const condition = `0/30/60 ${s.tag} · Boleto`;
    const refOf = (sale: SaleBody, n: number) => sale.items[n].ref as string;
    expect(lines(file.text)).toEqual([
      'Número;Data;Cliente;CPF/CNPJ;Vendedor;Status;Condição de pagamento;Referência;Produto;Quantidade;Preço unitário;Desconto %;Campanha;Total da linha;Cancelado',
      // 3 × 24,90 − 10 % = 67,23
      `${a.number};${br(a.orderDate)};Mercado Exporta Ltda;${a.clientDocument.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4')};Vera Vendedora;Pendente;${condition};${refOf(a, 0)};Arroz Tipo 1 5kg;3;24,90;10;;67,23;Não`,
      `${a.number};${br(a.orderDate)};Mercado Exporta Ltda;${a.clientDocument.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4')};Vera Vendedora;Pendente;${condition};${refOf(a, 1)};Óleo de Soja 900ml;4;7,20;;;28,80;Sim`,
      `${b.number};${br(b.orderDate)};Empório Bauru;${b.clientDocument.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4')};Vera Vendedora;Pendente;${condition};${refOf(b, 0)};Café Torrado 500g;2;15,00;;;30,00;Não`,
    ]);
  });

  it("lines: 'sales': a line per sale with its counted items, totals and installments' count", async () => {
    const { file, fileName } = await exportAndWait('sales', s.tokens.admin, 'csv', { ids: [b.id, a.id], lines: 'sales' });
    expect(fileName).toMatch(/^vendas-resumo-.*\.csv$/);
    const rows = lines(file.text).map((l) => l.split(';'));
    expect(rows[0]).toEqual(['Número', 'Data', 'Cliente', 'CPF/CNPJ', 'Vendedor', 'Status', 'Condição de pagamento', 'Itens', 'Valor dos itens', 'Descontos', 'Acréscimos', 'Total', 'Parcelas']);
    expect(rows.slice(1).map((r) => [r[0], r[2], ...r.slice(7)])).toEqual([
      [String(b.number), 'Empório Bauru', '1', '30,00', '0,00', '0,00', '30,00', '3'],
      // The cancelled line counts nowhere: one item, 74,70 of items, 7,47 of discount.
      [String(a.number), 'Mercado Exporta Ltda', '1', '74,70', '7,47', '0,00', '67,23', '3'],
    ]);
  });
});

describe('the sales PDF', () => {
  it('each sale from its own page: the CNPJ, the client, the items (the cancelled one marked), totals, installments, observations, signature, its delivery link', async () => {
    const { file, fileName } = await exportAndWait('sales', s.tokens.salesman, 'pdf', { ids: [a.id, b.id] });
    expect(fileName).toMatch(/^vendas-.*\.pdf$/);
    expect(file.text.startsWith('%PDF-')).toBe(true);
    const { pages } = pdfText(file.bytes);
    expect(pages).toHaveLength(2);
    const [first, second] = pages.map((p) => p.replace(/\s+/g, ' ')) as [string, string];
    for (const part of [
      `CNPJ ${CNPJ}`,
      'Confirme a entrega',
      `Pedido ${a.number}`,
      `Data ${br(a.orderDate)} · Pendente`,
      'Cliente: Mercado Exporta Ltda',
      'Vendedor: Vera Vendedora',
      `Pagamento: 0/30/60 ${s.tag} · Boleto`,
      'Arroz Tipo 1 5kg',
      'R$ 67,23',
      'Óleo de Soja 900ml',
      'cancelado',
      'Itens R$ 74,70',
      'Total do pedido R$ 67,23',
      'Parcelas',
      `1/3 ${br(a.installments[0].dueDate)} R$ 22,41`,
      `3/3 ${br(a.installments[2].dueDate)} R$ 22,41`,
      'Observações: Entregar pela manhã',
    ])
      expect(first).toContain(part);
    expect(first).toMatch(/Descontos -\s?R\$ 7,47/);
    // The cancelled line's total is not shown as money: 28,80 appears nowhere.
    expect(first).not.toContain('28,80');
    expect(second).toContain(`Pedido ${b.number}`);
    expect(second).toContain('Café Torrado 500g');
    expect(second).toContain('Total do pedido R$ 30,00');
    expect(second).not.toContain('Arroz');
    // Each page's delivery confirmation link (its QR code and the caption linking to it), signed for its own sale.
    const links = [...new Set([...file.text.matchAll(/\/URI \(([^)]*)\)/g)].map((m) => m[1]!))];
    expect(links).toHaveLength(2);
    const saleOf = (link: string) => {
      expect(link).toMatch(/^https?:\/\/[^/]+\/sales\/delivery#[\w-]{82}$/);
      const raw = Buffer.from(link.split('#')[1]!, 'base64url').subarray(17, 33).toString('hex');
      return `${raw.slice(0, 8)}-${raw.slice(8, 12)}-${raw.slice(12, 16)}-${raw.slice(16, 20)}-${raw.slice(20)}`;
    };
    expect(links.map(saleOf).sort()).toEqual([a.id, b.id].sort());
  });

  it('a sale with nothing left to deliver (cancelled) prints no delivery link', async () => {
    const made = await s.closed(await s.client('Mercado Desistente'), [{ productId: a.items[0].productId, quantity: '1', unitPrice: '24.90' }]);
    const cancelled = await s.api('POST', `/api/sales/${made.id}/status`, { token: s.tokens.admin, body: { version: made.version, to: 'cancelled', reason: 'Cliente desistiu' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const { file } = await exportAndWait('sales', s.tokens.admin, 'pdf', { ids: [made.id] });
    const text = pdfText(file.bytes).text.replace(/\s+/g, ' ');
    expect(text).toContain(`Pedido ${made.number}`);
    expect(text).toContain('Cancelado');
    expect(text).not.toContain('Confirme a entrega');
    expect(file.text).not.toContain('/URI');
  });

  it('draws the delivery link given for a sale as a QR code below the signature line, its caption a link', async () => {
    const url = 'https://app.example.com.br/sales/delivery?t=abc123';
    const options = { dateFormat: 'dd/MM/yyyy' };
    const content = saleDocumentContent([{ sale: a as unknown as Sale, deliveryUrl: url }, { sale: b as unknown as Sale }], options);
    const json = JSON.stringify(content);
    expect(json.match(/"qr":/g)).toHaveLength(1);
    // Below the signature: the signature's stack ends with the QR and its caption.
    const firstSale = (content[0] as { stack: { stack?: unknown[] }[] }).stack;
    const signature = firstSale.at(-1)!.stack!;
    expect(signature.slice(-2)).toEqual([expect.objectContaining({ qr: url }), expect.objectContaining({ link: url })]);
    const pdf = await renderPdf({ title: 'Vendas', companyName: 'Empresa Teste', generatedAt: '29/11/2026 10:00', document: { content, count: 2 } });
    const source = Buffer.from(pdf).toString('latin1');
    expect(source).toContain(`/URI (${url})`);
    // The caption's words link to it (one annotation a word); nothing links elsewhere.
    expect(new Set(source.match(/\/URI \([^)]*\)/g))).toEqual(new Set([`/URI (${url})`]));
    expect(source.match(/\/Type \/Page\b/g)).toHaveLength(2);
  });
});

describe('the sales text', () => {
  it('the printed slip of each sale at the company\'s print columns, UTF-8 with BOM and CRLF', async () => {
    const { file, fileName } = await exportAndWait('sales', s.tokens.salesman, 'txt', { ids: [a.id, b.id] });
    expect(fileName).toMatch(/^vendas-.*\.txt$/);
    expect(file.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(file.text.startsWith('\uFEFF')).toBe(true);
    const text = file.text.slice(1);
    expect(text).not.toMatch(/[^\r]\n/);
    const rows = text.split('\r\n');
    expect(Math.max(...rows.map((r) => r.length))).toBeLessThanOrEqual(80);
    expect(rows).toContain(' '.repeat(Math.floor((80 - CNPJ.length - 5) / 2)) + `CNPJ ${CNPJ}`);
    expect(text).toContain(`${SLIP_LABELS_PT.order} ${a.number}`);
    expect(text).toContain(`${SLIP_LABELS_PT.order} ${b.number}`);
    expect(text).toMatch(/Óleo de Soja 900ml +7,20 +cancelado/);
    expect(text).toContain('='.repeat(80));
  });
});

describe('who exports what', () => {
  const drain = () => (Ports.queue() as LocalQueue).drain();
  const start = (token: string, format: string, query: unknown) => s.api('POST', '/api/exports/sales', { token, body: { format, query } });

  it("another salesman's sale is never exported: alone, the job fails saying none was found (at once, and as a job)", async () => {
    const res = await start(s.tokens.other, 'csv', { ids: [a.id] });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'failed', error: 'Nenhuma das vendas selecionadas foi encontrada.', errorText: { key: 'sales.exportNoneFound' } });
    const queued = await start(s.tokens.other, 'pdf', { ids: [a.id] });
    expect(queued.body.status).toBe('queued');
    await drain();
    const job = await s.api('GET', `/api/jobs/${queued.body.id}`, { token: s.tokens.other });
    expect(job.body).toMatchObject({ status: 'failed', error: 'Nenhuma das vendas selecionadas foi encontrada.', errorText: { key: 'sales.exportNoneFound' } });
  });

  it('more than 10 sales, or any PDF, go through the queue: the answer is the job queued', async () => {
    const eleven = [a.id, b.id, ...Array.from({ length: 9 }, () => randomUUID())];
    for (const [format, ids] of [['csv', eleven], ['txt', eleven], ['pdf', [b.id]]] as const) {
      const res = await start(s.tokens.admin, format, { ids });
      expect(res.status).toBe(202);
      expect(res.body, format).toMatchObject({ status: 'queued', fileName: null });
    }
    // Ten (an id twice counts once) still answer at once.
    const ten = await start(s.tokens.admin, 'txt', { ids: [...eleven.slice(0, 10), a.id] });
    expect(ten.body).toMatchObject({ status: 'done', processed: 2 });
    await drain();
  });

  it("another company's sale among the selected is left out: only the user's own are in the file", async () => {
    const { file, job } = await exportAndWait('sales', s.tokens.salesman, 'csv', { ids: [foreign.id, b.id], lines: 'sales' });
    expect(job).toMatchObject({ processed: 1 });
    const rows = lines(file.text);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('Empório Bauru');
    expect(file.text).not.toContain('Mercado de Outra Empresa');
  });

  it('no sale selected: 400 on query.ids with the spec\'s text, nothing queued; a format the export lacks is refused', async () => {
    for (const query of [{ ids: [] }, {}]) {
      const res = await start(s.tokens.salesman, 'pdf', query);
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual([{ field: 'query.ids', message: 'Nenhuma venda selecionada. Selecione ao menos uma venda para exportar.' }]);
    }
    const many = await start(s.tokens.salesman, 'csv', { ids: Array.from({ length: 501 }, () => a.id) });
    expect(many.status).toBe(400);
    expect(many.body.fields).toEqual([{ field: 'query.ids', message: 'Selecione no máximo 500 vendas por exportação.' }]);
    const jobs = await s.api('GET', '/api/jobs', { token: s.tokens.salesman });
    expect(jobs.body.items.every((j: { status: string }) => j.status === 'done')).toBe(true);
    const txt = await s.api('POST', '/api/exports/price-chart', { token: s.tokens.salesman, body: { format: 'txt', query: {} } });
    expect(txt.status).toBe(400);
    expect(txt.body.fields).toEqual([{ field: 'format', message: JobsMessages.formatUnavailable }]);
  });
});

describe('the texts', () => {
  it("the PDF's and text's Portuguese words are the web's catalogue's", () => {
    const web = JSON.parse(readFileSync(new URL('../../../web/src/locales/pt/sales.json', import.meta.url), 'utf8'));
    expect(SLIP_LABELS_PT).toEqual(web.print.labels);
    expect(PAYMENT_TYPE_NAMES).toEqual(web.entry.paymentTypes);
  });
});
