import { z } from 'zod';
import { Exports } from '@ev/core/exports/index';
import { DeclarationParams, ExportBody, Job } from '@ev/shared/schemas/jobs';
import { body, errors, json } from '../http/openapi';
import { defineRoute } from '../http/route';
import { router } from '../http/router';

/**
 * Exports as jobs (docs/jobs.md): the declaration's subject is checked in core (403), its query
 * validated (400 with `query.<field>`), then the job is queued and answered (202); the web polls
 * GET /api/jobs/{id} and downloads the file.
 */
const tags = ['jobs'];

const start = defineRoute({
  method: 'post',
  path: '/exports/{name}',
  tags,
  summary: 'Exportar em CSV ou PDF (um trabalho em segundo plano): responde o trabalho, a acompanhar em /jobs/{id}',
  guard: { permission: 'authenticated' },
  request: { params: DeclarationParams, ...body(ExportBody.extend({ query: z.record(z.string(), z.unknown()).optional() })) },
  responses: { 202: json(Job, 'O trabalho, na fila'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

export const exportsRoutes = router().openapi(start, async (c) => {
  const { name } = c.req.valid('param');
  return c.json(await Exports.start(name, c.req.valid('json')), 202);
});
