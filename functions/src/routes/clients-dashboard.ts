import { clientsDashboard } from '@ev/core/clients/dashboard';
import { ClientsDashboardQuery, ClientsDashboardSchema } from '@ev/shared/schemas/clients-dashboard';
import { answers, json } from '../http/openapi';
import { can, routes } from '../http/route';
import { router } from '../http/router';

const dashboard = routes('clients')('get', '/clients/dashboard', can('dashboard', 'clientes'), 'Dashboard de clientes do seu escopo: por situação, status, segmento e região, novos por mês e sem compra há N dias',
  answers(json(ClientsDashboardSchema, 'Os números do escopo'), 400, 401, 403), { query: ClientsDashboardQuery });

export const clientsDashboardRoutes = router().openapi(dashboard, async (c) => c.json(await clientsDashboard({ days: c.req.valid('query').days }), 200));
