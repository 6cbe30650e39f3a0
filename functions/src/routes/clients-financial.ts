import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { Financial } from '@ev/core/clients/financial';
import { InstallmentsImport } from '@ev/core/clients/installments-import';
import { Scrap } from '@ev/core/clients/scrap';
import { Loyalty } from '@ev/core/clients/loyalty';
import { LoyaltyLedger, LoyaltyOwed, LoyaltyOwedQuery, LoyaltyQuery } from '@ev/shared/schemas/loyalty';
import { IdParams } from '@ev/shared/schemas/common';
import { FinancialPosition, FinancialQuery, ImportQuery, ImportReport, InstallmentsUpsert, MAX_IMPORT_BYTES, Punctuality, ScrapEntry, ScrapEntryInput, ScrapLedger, ScrapQuery, UpsertResult } from '@ev/shared/schemas/financial';
import type { AppEnv } from '../http/env';
import { answers, body, json } from '../http/openapi';
import { can, routes } from '../http/route';
import { router } from '../http/router';

/**
 * A client's financial position, its installments (integration upsert and CSV import), its scrap
 * ledger and the one-client dashboard. Mounted before the clients' routes.
 */
const route = routes('clients');
const read = can('read', 'clientes');
const update = can('update', 'clientes');

const position = route('get', '/clients/{id}/financial', read, 'Posição financeira do cliente: parcelas com situação e dias de atraso (calculados hoje, no fuso da empresa), totais e crédito',
  answers(json(FinancialPosition, 'A posição financeira'), 400, 401, 403, 404), { params: IdParams, query: FinancialQuery });

const upsert = route('put', '/clients/{id}/installments', update, 'Gravar até 100 parcelas do cliente (integrações): idempotente, pela chave documento + parcela (+ filial)',
  answers(json(UpsertResult, 'Parcelas gravadas'), 400, 401, 403, 404, 409), { params: IdParams, ...body(InstallmentsUpsert) });

const csv = { content: { 'text/csv': { schema: z.string().max(MAX_IMPORT_BYTES) } }, required: true };
const importCsv = route('post', '/clients/installments/import', update, 'Importar parcelas de um CSV (separador ;, UTF-8 com ou sem BOM, vírgula decimal, datas dd/mm/aaaa, até 5 MB e 20.000 linhas). dryRun=true só confere; dryRun=false grava as linhas aceitas. Somente quem vê todos os clientes da empresa.',
  answers(json(ImportReport, 'O relatório, linha a linha'), 400, 401, 403, 409), { query: ImportQuery, body: csv });

const scrapLedger = route('get', '/clients/{id}/scrap', read, 'Sucata do cliente: saldo (kg) e lançamentos, do mais novo ao mais antigo, cada um com o saldo após ele',
  answers(json(ScrapLedger, 'O razão de sucata'), 400, 401, 403, 404), { params: IdParams, query: ScrapQuery });

const ScrapAdded = z.object({ balance: z.string().max(24), entry: ScrapEntry });
const scrapAdd = route('post', '/clients/{id}/scrap', update, 'Lançar crédito ou débito de sucata (kg) para o cliente',
  answers({ 201: json(ScrapAdded, 'Lançado, com o novo saldo') }, 400, 401, 403, 404, 409), { params: IdParams, ...body(ScrapEntryInput) });

const loyaltyLedger = route('get', '/clients/{id}/loyalty', read, 'Cashback e pontos do cliente: o saldo de hoje (pontos expirados já descontados), a próxima expiração e os lançamentos (créditos, usos, expirações, estornos, devoluções), do mais novo ao mais antigo',
  answers(json(LoyaltyLedger, 'O saldo e os lançamentos'), 400, 401, 403, 404, 409), { params: IdParams, query: LoyaltyQuery });

const loyaltyOwed = route('get', '/clients/loyalty-balances', read, 'Saldos de cashback e pontos que a empresa deve: o total da empresa e cada cliente com saldo. Somente quem vê todos os clientes da empresa.',
  answers(json(LoyaltyOwed, 'O total e os clientes'), 400, 401, 403), { query: LoyaltyOwedQuery });

const punctuality = route('get', '/clients/{id}/punctuality', read, 'Painel de um cliente: por mês de vencimento dos últimos 12 (fuso da empresa), valores em aberto e em atraso e pagamentos em dia e com atraso',
  answers(json(Punctuality, 'Os 12 meses e os totais'), 400, 401, 403, 404), { params: IdParams });

/** Typed as a plain router: the chained schema types would make the app's type too complex for tsc. */
export const clientsFinancialRoutes: OpenAPIHono<AppEnv> = router()
  .openapi(importCsv, async (c) => {
    const { dryRun } = c.req.valid('query');
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return c.json(await InstallmentsImport.importCsv(bytes, { dryRun: dryRun === 'true' }), 200);
  })
  .openapi(loyaltyOwed, async (c) => c.json(await Loyalty.owed(c.req.valid('query')), 200))
  .openapi(loyaltyLedger, async (c) => c.json(await Loyalty.ledger(c.req.valid('param').id, c.req.valid('query')), 200))
  .openapi(position, async (c) => c.json(await Financial.position(c.req.valid('param').id, c.req.valid('query')), 200))
  .openapi(upsert, async (c) => c.json(await Financial.upsert(c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(scrapLedger, async (c) => c.json(await Scrap.ledger(c.req.valid('param').id, c.req.valid('query')), 200))
  .openapi(scrapAdd, async (c) => c.json(await Scrap.add(c.req.valid('param').id, c.req.valid('json')), 201))
  .openapi(punctuality, async (c) => c.json(await Financial.punctuality(c.req.valid('param').id), 200));
