import { clientsDashboard } from '@ev/core/clients/dashboard';
import { ClientsDashboardQuery, ClientsDashboardSchema } from '@ev/shared/schemas/clients-dashboard';
import { errors, json } from '../http/openapi';
import { defineRoute } from '../http/route';
import { router } from '../http/router';

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
