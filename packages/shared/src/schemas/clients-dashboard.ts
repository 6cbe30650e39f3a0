import { z } from '../zod';
import { CLIENT_SITUATIONS, CLIENT_STATUSES } from './clients';

/**
 * `GET /api/clients/dashboard`: its query and its answer, one schema for the route (validation and
 * OpenAPI), the domain (the type it returns) and the web (the type it reads).
 */

/** "Clients without purchase for N days": N by default, and its bounds. */
export const DASHBOARD_DAYS = { default: 90, min: 1, max: 3650 } as const;

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

export type ClientsDashboard = z.infer<typeof ClientsDashboardSchema>;
export type NamedCount = z.infer<typeof NamedCount>;
