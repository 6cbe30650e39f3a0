import { z } from 'zod';
import { clientsDashboard, DASHBOARD_DAYS } from '@ev/core/clients/dashboard';
import { CLIENT_SITUATIONS, CLIENT_STATUSES } from '@ev/shared/schemas/clients';
import { errors, json } from '../http/openapi';
import { defineRoute } from '../http/route';
import { router } from '../http/router';

const daysMessage = `Informe um número inteiro de dias entre ${DASHBOARD_DAYS.min} e ${DASHBOARD_DAYS.max}.`;

export const ClientsDashboardQuery = z.object({
  days: z.coerce
    .number({ error: daysMessage })
    .int({ error: daysMessage })
    .min(DASHBOARD_DAYS.min, { error: daysMessage })
    .max(DASHBOARD_DAYS.max, { error: daysMessage })
    .default(DASHBOARD_DAYS.default)
    .describe('Clientes sem compra há N dias (padrão 90)'),
});

const Count = z.number().int().min(0);
const NamedCount = z.object({ id: z.string().nullable().describe('null: clientes sem o cadastro'), name: z.string(), count: Count });
const Month = z.string().regex(/^\d{4}-\d{2}$/);
const BusinessDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ClientsDashboardSchema = z.object({
    scope: z.enum(['all', 'team', 'own']).describe('all: a empresa; team: a equipe do supervisor; own: os clientes do vendedor'),
    today: BusinessDate.describe('Data de referência no fuso da empresa'),
    total: Count,
    bySituation: z.array(z.object({ situation: z.enum(CLIENT_SITUATIONS), count: Count })),
    byStatus: z.array(z.object({ status: z.enum(CLIENT_STATUSES), count: Count })),
    bySegment: z.array(NamedCount).describe('Segmentos com clientes (sem segmento: id null, "Sem segmento")'),
    byRegion: z.array(NamedCount).describe('Regiões com clientes (sem região: id null, "Sem região")'),
    newPerMonth: z.array(z.object({ month: Month, count: Count })).describe('Os últimos 12 meses, do mais antigo ao atual'),
    withoutPurchase: z
      .object({ days: z.number().int(), since: BusinessDate, count: Count })
      .describe('Clientes cuja última compra é anterior a `since` (hoje − N dias) ou que nunca compraram'),
  });

const dashboard = defineRoute({
  method: 'get',
  path: '/clients/dashboard',
  tags: ['clients'],
  summary: 'Dashboard de clientes do seu escopo: por situação, status, segmento e região, novos por mês e sem compra há N dias',
  guard: { permission: { action: 'dashboard', subject: 'clientes' } },
  request: { query: ClientsDashboardQuery },
  responses: { 200: json(ClientsDashboardSchema, 'Os números do escopo'), 400: errors[400], 401: errors[401], 403: errors[403] },
});

export const clientsDashboardRoutes = router().openapi(dashboard, async (c) => c.json(await clientsDashboard({ days: c.req.valid('query').days }), 200));
