import { z } from 'zod';
import { Exports } from '@ev/core/exports/index';
import { writeExport } from '@ev/core/exports/write';
import { DeclarationParams, ExportBody } from '@ev/shared/schemas/jobs';
import { answers, body } from '../http/openapi';
import { routes, signedIn } from '../http/route';
import { queued } from '../http/route-sets';
import { router } from '../http/router';

/**
 * Exports as jobs (docs/jobs.md): the declaration's subject is checked in core (403), its query
 * validated (400 with `query.<field>`), then the job is queued and answered (202); the web polls
 * GET /api/jobs/{id} and downloads the file. A few records' CSV or text (the declaration's
 * `atOnce`) are written in the request: the job answered is already done.
 */
const Export = ExportBody.extend({ query: z.record(z.string(), z.unknown()).optional() });
const start = routes('jobs')('post', '/exports/{name}', signedIn, 'Exportar em CSV, PDF ou texto (um trabalho em segundo plano): responde o trabalho, para acompanhar em /jobs/{id}; poucos registros em CSV ou texto respondem o trabalho já concluído',
  answers(queued, 400, 401, 403, 404), { params: DeclarationParams, ...body(Export) });

export const exportsRoutes = router().openapi(start, async (c) => {
  const { name } = c.req.valid('param');
  return c.json(await Exports.start(name, c.req.valid('json'), { run: writeExport }), 202);
});
