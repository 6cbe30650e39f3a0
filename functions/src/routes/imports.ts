import { Imports } from '@ev/core/imports/index';
import { DeclarationParams, ImportInfo, ImportStartBody, ImportUpload, JobParams } from '@ev/shared/schemas/jobs';
import { answers, body, json } from '../http/openapi';
import { routes, signedIn } from '../http/route';
import { queued } from '../http/route-sets';
import { router } from '../http/router';

/**
 * CSV imports as jobs (docs/jobs.md): announce the file (a signed PUT URL comes back: the file goes
 * straight to the file store, never through the API), then check it (dry run) and run it, each a
 * job polled at GET /api/jobs/{id}.
 */
const route = routes('jobs');
const info = route('get', '/imports/{name}', signedIn, 'As colunas que o arquivo da importação pode trazer, e os limites (tamanho, linhas)',
  answers(json(ImportInfo, 'A importação'), 400, 401, 403, 404), { params: DeclarationParams });

const start = route('post', '/imports/{name}', signedIn, 'Iniciar uma importação: responde o link assinado (PUT, 15 minutos, Content-Type text/csv) para enviar o arquivo CSV de até 20 MB',
  answers({ 201: json(ImportUpload, 'A importação e o link de envio') }, 400, 401, 403, 404), { params: DeclarationParams, ...body(ImportStartBody) });

/** A step on an announced import (`check` or `run`): a job on the file sent. */
const step = <S extends string>(name: S, summary: string) => route('post', `/imports/{id}/${name}` as const, signedIn, summary, answers(queued, 400, 401, 403, 404, 409), { params: JobParams });
const check = step('check', 'Conferir o arquivo enviado (nada é gravado): cada linha recusada com o número e o motivo');
const run = step('run', 'Importar as linhas aceitas do arquivo enviado (idempotente: importar de novo o mesmo arquivo não muda nada)');

export const importsRoutes = router()
  .openapi(info, async (c) => c.json(Imports.info(c.req.valid('param').name), 200))
  .openapi(start, async (c) => c.json(await Imports.start(c.req.valid('param').name, c.req.valid('json')), 201))
  .openapi(check, async (c) => c.json(await Imports.check(c.req.valid('param').id), 202))
  .openapi(run, async (c) => c.json(await Imports.run(c.req.valid('param').id), 202));
