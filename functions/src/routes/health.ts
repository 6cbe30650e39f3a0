import { router } from '../http/router';
import { z } from 'zod';
import { Health } from '@ev/core/health';
import { answers, json } from '../http/openapi';
import { open, routes } from '../http/route';

const HealthAnswer = z.object({
  status: z.enum(['healthy', 'unhealthy']),
  checks: z.object({ table: z.enum(['ok', 'failed']) }),
  time: z.string().max(19),
});

const health = routes('platform')('get', '/health', open, 'Saúde da API (verifica a tabela)',
  answers({ 200: json(HealthAnswer, 'Saudável'), 503: json(HealthAnswer, 'Sem resposta da tabela') }));

export const healthRoutes = router().openapi(health, async (c) => {
  const report = await Health.check();
  return c.json(report, report.status === 'healthy' ? 200 : 503);
});
