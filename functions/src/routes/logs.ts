import { Logs } from '@ev/core/logs';
import { page } from '@ev/shared/schemas/common';
import { LogEntry, LogsListQuery } from '@ev/shared/schemas/logs';
import { answers, json } from '../http/openapi';
import { can, routes } from '../http/route';
import { router } from '../http/router';

/** The company's structured logs (audit, warnings, errors), read on `logs` (docs/decisions.md "Logs"). */
const list = routes('logs')('get', '/logs', can('read', 'logs'),
  'Logs da empresa (auditoria, avisos, erros), mais recentes primeiro: período no fuso do usuário (padrão: os últimos 7 dias), nível e busca por palavras da mensagem e dos metadados',
  answers(json(page(LogEntry), 'Uma página'), 400, 401, 403), { query: LogsListQuery });

export const logsRoutes = router().openapi(list, async (c) => c.json(await Logs.list(c.req.valid('query')), 200));
