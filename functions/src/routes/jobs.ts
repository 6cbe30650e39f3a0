import { JobStatuses, publicJob } from '@ev/core/jobs/index';
import { Job, JobDownload, JobList, JobParams } from '@ev/shared/schemas/jobs';
import { errors, json } from '../http/openapi';
import { defineRoute } from '../http/route';
import { router } from '../http/router';

/**
 * The background jobs a user started (exports, imports): each job is read only by that user
 * (another user's or company's id: 404). docs/jobs.md.
 */
const tags = ['jobs'];
const mine = { permission: 'authenticated' } as const;

const list = defineRoute({
  method: 'get',
  path: '/jobs',
  tags,
  summary: 'Os trabalhos recentes do usuário (exportações e importações), do mais novo ao mais antigo',
  guard: mine,
  responses: { 200: json(JobList, 'Os trabalhos'), 401: errors[401] },
});

const get = defineRoute({
  method: 'get',
  path: '/jobs/{id}',
  tags,
  summary: 'Situação de um trabalho: status, progresso (processados/total), arquivo, erro, resultado',
  guard: mine,
  request: { params: JobParams },
  responses: { 200: json(Job, 'O trabalho'), 400: errors[400], 401: errors[401], 404: errors[404] },
});

const download = defineRoute({
  method: 'get',
  path: '/jobs/{id}/download',
  tags,
  summary: 'Link assinado (5 minutos) para baixar o arquivo de uma exportação concluída',
  guard: mine,
  request: { params: JobParams },
  responses: { 200: json(JobDownload, 'O link'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});

export const jobsRoutes = router()
  .openapi(list, async (c) => c.json({ items: (await JobStatuses.list()).map(publicJob) }, 200))
  .openapi(get, async (c) => c.json(publicJob(await JobStatuses.get(c.req.valid('param').id)), 200))
  .openapi(download, async (c) => c.json(await JobStatuses.download(c.req.valid('param').id), 200));
