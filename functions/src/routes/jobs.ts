import { JobStatuses, publicJob } from '@ev/core/jobs/index';
import { Job, JobDownload, JobList, JobParams } from '@ev/shared/schemas/jobs';
import { answers, json } from '../http/openapi';
import { routes, signedIn } from '../http/route';
import { router } from '../http/router';

/**
 * The background jobs a user started (exports, imports): each job is read only by that user
 * (another user's or company's id: 404). docs/jobs.md.
 */
const route = routes('jobs');
const list = route('get', '/jobs', signedIn, 'Os trabalhos recentes do usuário (exportações e importações), do mais novo ao mais antigo',
  answers(json(JobList, 'Os trabalhos'), 401));

const get = route('get', '/jobs/{id}', signedIn, 'Situação de um trabalho: status, progresso (processados/total), arquivo, erro, resultado',
  answers(json(Job, 'O trabalho'), 400, 401, 404), { params: JobParams });

const download = route('get', '/jobs/{id}/download', signedIn, 'Link assinado (5 minutos) para baixar o arquivo de uma exportação concluída',
  answers(json(JobDownload, 'O link'), 400, 401, 403, 404, 409), { params: JobParams });

export const jobsRoutes = router()
  .openapi(list, async (c) => c.json({ items: (await JobStatuses.list()).map(publicJob) }, 200))
  .openapi(get, async (c) => c.json(publicJob(await JobStatuses.get(c.req.valid('param').id)), 200))
  .openapi(download, async (c) => c.json(await JobStatuses.download(c.req.valid('param').id), 200));
