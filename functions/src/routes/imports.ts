import { Imports } from '@ev/core/imports/index';
import { DeclarationParams, ImportInfo, ImportStartBody, ImportUpload, Job, JobParams } from '@ev/shared/schemas/jobs';
import { body, errors, json } from '../http/openapi';
import { defineRoute } from '../http/route';
import { router } from '../http/router';

/**
 * CSV imports as jobs (docs/jobs.md): announce the file (a signed PUT URL comes back: the file goes
 * straight to the file store, never through the API), then check it (dry run) and run it, each a
 * job polled at GET /api/jobs/{id}.
 */
const tags = ['jobs'];
const user = { permission: 'authenticated' } as const;

const info = defineRoute({
  method: 'get',
  path: '/imports/{name}',
  tags,
  summary: 'As colunas que o arquivo da importação pode trazer, e os limites (tamanho, linhas)',
  guard: user,
  request: { params: DeclarationParams },
  responses: { 200: json(ImportInfo, 'A importação'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

const start = defineRoute({
  method: 'post',
  path: '/imports/{name}',
  tags,
  summary: 'Iniciar uma importação: responde o link assinado (PUT, 15 minutos, Content-Type text/csv) para enviar o arquivo CSV de até 20 MB',
  guard: user,
  request: { params: DeclarationParams, ...body(ImportStartBody) },
  responses: { 201: json(ImportUpload, 'A importação e o link de envio'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

const check = defineRoute({
  method: 'post',
  path: '/imports/{id}/check',
  tags,
  summary: 'Conferir o arquivo enviado (nada é gravado): cada linha recusada com o número e o motivo',
  guard: user,
  request: { params: JobParams },
  responses: { 202: json(Job, 'O trabalho, na fila'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});

const run = defineRoute({
  method: 'post',
  path: '/imports/{id}/run',
  tags,
  summary: 'Importar as linhas aceitas do arquivo enviado (idempotente: importar de novo o mesmo arquivo não muda nada)',
  guard: user,
  request: { params: JobParams },
  responses: { 202: json(Job, 'O trabalho, na fila'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});

export const importsRoutes = router()
  .openapi(info, async (c) => c.json(Imports.info(c.req.valid('param').name), 200))
  .openapi(start, async (c) => c.json(await Imports.start(c.req.valid('param').name, c.req.valid('json')), 201))
  .openapi(check, async (c) => c.json(await Imports.check(c.req.valid('param').id), 202))
  .openapi(run, async (c) => c.json(await Imports.run(c.req.valid('param').id), 202));
