import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { Financial } from '@ev/core/clients/financial';
import { InstallmentsImport } from '@ev/core/clients/installments-import';
import { Scrap } from '@ev/core/clients/scrap';
import { IdParams } from '@ev/shared/schemas/common';
import {
  FinancialPosition,
  FinancialQuery,
  ImportQuery,
  ImportReport,
  InstallmentsUpsert,
  MAX_IMPORT_BYTES,
  Punctuality,
  ScrapEntry,
  ScrapEntryInput,
  ScrapLedger,
  ScrapQuery,
  UpsertResult,
} from '@ev/shared/schemas/financial';
import type { AppEnv } from '../http/env';
import { body, errors, json } from '../http/openapi';
import { defineRoute } from '../http/route';
import { router } from '../http/router';

/**
 * A client's financial position, its installments (integration upsert and CSV import), its scrap
 * ledger and the one-client dashboard. Mounted before the clients' routes.
 */
const tags = ['clients'];
const read = { permission: { action: 'read', subject: 'clientes' } } as const;
const update = { permission: { action: 'update', subject: 'clientes' } } as const;

const position = defineRoute({
  method: 'get',
  path: '/clients/{id}/financial',
  tags,
  summary: 'Posição financeira do cliente: parcelas com situação e dias de atraso (calculados hoje, no fuso da empresa), totais e crédito',
  guard: read,
  request: { params: IdParams, query: FinancialQuery },
  responses: { 200: json(FinancialPosition, 'A posição financeira'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

const upsert = defineRoute({
  method: 'put',
  path: '/clients/{id}/installments',
  tags,
  summary: 'Gravar até 100 parcelas do cliente (integrações): idempotente, pela chave documento + parcela (+ filial)',
  guard: update,
  request: { params: IdParams, ...body(InstallmentsUpsert) },
  responses: { 200: json(UpsertResult, 'Parcelas gravadas'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});

const importCsv = defineRoute({
  method: 'post',
  path: '/clients/installments/import',
  tags,
  summary:
    'Importar parcelas de um CSV (separador ;, UTF-8 com ou sem BOM, vírgula decimal, datas dd/mm/aaaa, até 5 MB e 20.000 linhas). dryRun=true só confere; dryRun=false grava as linhas aceitas. Somente quem vê todos os clientes da empresa.',
  guard: update,
  request: {
    query: ImportQuery,
    body: { content: { 'text/csv': { schema: z.string().max(MAX_IMPORT_BYTES) } }, required: true },
  },
  responses: { 200: json(ImportReport, 'O relatório, linha a linha'), 400: errors[400], 401: errors[401], 403: errors[403], 409: errors[409] },
});

const scrapLedger = defineRoute({
  method: 'get',
  path: '/clients/{id}/scrap',
  tags,
  summary: 'Sucata do cliente: saldo (kg) e lançamentos, do mais novo ao mais antigo, cada um com o saldo após ele',
  guard: read,
  request: { params: IdParams, query: ScrapQuery },
  responses: { 200: json(ScrapLedger, 'O razão de sucata'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

const scrapAdd = defineRoute({
  method: 'post',
  path: '/clients/{id}/scrap',
  tags,
  summary: 'Lançar crédito ou débito de sucata (kg) para o cliente',
  guard: update,
  request: { params: IdParams, ...body(ScrapEntryInput) },
  responses: {
    201: json(z.object({ balance: z.string().max(24), entry: ScrapEntry }), 'Lançado, com o novo saldo'),
    400: errors[400],
    401: errors[401],
    403: errors[403],
    404: errors[404],
    409: errors[409],
  },
});

const punctuality = defineRoute({
  method: 'get',
  path: '/clients/{id}/punctuality',
  tags,
  summary: 'Painel de um cliente: por mês de vencimento dos últimos 12 (fuso da empresa), valores em aberto e em atraso e pagamentos em dia e com atraso',
  guard: read,
  request: { params: IdParams },
  responses: { 200: json(Punctuality, 'Os 12 meses e os totais'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

/** Typed as a plain router: the chained schema types would make the app's type too complex for tsc. */
export const clientsFinancialRoutes: OpenAPIHono<AppEnv> = router()
  .openapi(importCsv, async (c) => {
    const { dryRun } = c.req.valid('query');
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return c.json(await InstallmentsImport.importCsv(bytes, { dryRun: dryRun === 'true' }), 200);
  })
  .openapi(position, async (c) => c.json(await Financial.position(c.req.valid('param').id, c.req.valid('query')), 200))
  .openapi(upsert, async (c) => c.json(await Financial.upsert(c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(scrapLedger, async (c) => c.json(await Scrap.ledger(c.req.valid('param').id, c.req.valid('query')), 200))
  .openapi(scrapAdd, async (c) => c.json(await Scrap.add(c.req.valid('param').id, c.req.valid('json')), 201))
  .openapi(punctuality, async (c) => c.json(await Financial.punctuality(c.req.valid('param').id), 200));
