import { z } from 'zod';
import { IdParams, page } from '@ev/shared/schemas/common';
import type { Action, Subject } from '@ev/shared/permissions';
import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { REGISTRIES } from '@ev/shared/registries/index';
import { registerExports } from '@ev/core/exports/index';
import { Registries } from '@ev/core/registries';
import { registryExport } from '@ev/core/registries/exports';
import { body, errors, json } from '../http/openapi';
import { defineRoute } from '../http/route';
import { router } from '../http/router';

const guard = (action: Action, subject: Subject) => ({ permission: { action, subject } });

/**
 * The registries' routes (Cadastros Gerais), generated from the declarations: for each one a list
 * with search, filter, sort and cursor, the CSV export of the whole filter, one record, create,
 * update with version, delete, and the revalidation of a record's derived data. Each route carries
 * its subject's permission, so the OpenAPI document lists it with `x-permission`. A registry has no
 * route file of its own; `registryRoutes` serves any list of declarations (tests add their own) and
 * registers each one's CSV export on the job engine (the catalogue lists the product's; docs/jobs.md).
 */
export function registryRoutes(definitions: readonly RegistryDefinition[] = REGISTRIES) {
  const app = router();
  registerExports(definitions.map(registryExport));
  for (const def of definitions) mount(app, def);
  return app;
}

function mount(app: ReturnType<typeof router>, def: RegistryDefinition) {
  const base = `/${def.name}`;
  const tags = [def.name];
  const one = def.singular.toLowerCase();
  const article = def.gender === 'f' ? 'uma' : 'um';

  const list = defineRoute({
    method: 'get',
    path: base,
    tags,
    summary: `${def.title}: lista (ordem por nome ou mais recentes) e busca pelo início das palavras`,
    guard: guard('read', def.subject),
    request: { query: def.listQuery },
    responses: { 200: json(page(def.record), 'Uma página'), 400: errors[400], 401: errors[401], 403: errors[403] },
  });

  const exportCsv = defineRoute({
    method: 'get',
    path: `${base}/export.csv`,
    tags,
    summary: `${def.title}: CSV de todas as linhas do filtro (separador ;, UTF-8 com BOM, cabeçalhos em português). Obsoleta: use POST /exports/${def.exportName}`,
    deprecated: true,
    guard: guard('read', def.subject),
    request: { query: def.exportQuery },
    responses: {
      200: { content: { 'text/csv': { schema: z.string().max(50_000_000) } }, description: 'O arquivo CSV' },
      400: errors[400],
      401: errors[401],
      403: errors[403],
    },
  });

  const get = defineRoute({
    method: 'get',
    path: `${base}/{id}`,
    tags,
    summary: `${article === 'uma' ? 'Uma' : 'Um'} ${one}`,
    guard: guard('read', def.detailSubject),
    request: { params: IdParams },
    responses: { 200: json(def.record, 'O registro'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
  });

  const create = defineRoute({
    method: 'post',
    path: base,
    tags,
    summary: `Cadastrar ${article} ${one}`,
    guard: guard('create', def.subject),
    request: body(def.input),
    responses: { 201: json(def.record, 'Cadastrado'), 400: errors[400], 401: errors[401], 403: errors[403], 409: errors[409] },
  });

  const update = defineRoute({
    method: 'put',
    path: `${base}/{id}`,
    tags,
    summary: `Alterar ${article} ${one} (com a versão lida)`,
    guard: guard('update', def.subject),
    request: { params: IdParams, ...body(def.update) },
    responses: { 200: json(def.record, 'Alterado'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  });

  const remove = defineRoute({
    method: 'delete',
    path: `${base}/{id}`,
    tags,
    summary: `Remover ${article} ${one} (recusado enquanto outro registro o usa)`,
    guard: guard('delete', def.subject),
    request: { params: IdParams },
    responses: { 200: json(def.record, 'Removido'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  });

  const revalidate = defineRoute({
    method: 'post',
    path: `${base}/{id}/revalidate`,
    tags,
    summary: `Revalidar o cache de ${article} ${one}: recalcula os campos derivados e os itens de lista e busca`,
    guard: guard('update', def.subject),
    request: { params: IdParams },
    responses: { 200: json(def.record, 'Revalidado'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
  });

  // The export is mounted before `/{id}`, which would otherwise take "export.csv" for an id.
  app.openapi(exportCsv, async (c) => {
    const { filename, content } = await Registries.exportCsv(def, c.req.valid('query'));
    return c.body(content, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    }) as never;
  });
  app.openapi(list, async (c) => {
    const { items, nextCursor } = await Registries.list(def, c.req.valid('query'));
    return c.json({ items, nextCursor }, 200) as never;
  });
  app.openapi(get, async (c) => c.json(await Registries.get(def, c.req.valid('param').id), 200) as never);
  app.openapi(create, async (c) => c.json(await Registries.create(def, c.req.valid('json')), 201) as never);
  app.openapi(update, async (c) => c.json(await Registries.update(def, c.req.valid('param').id, c.req.valid('json')), 200) as never);
  app.openapi(remove, async (c) => c.json(await Registries.remove(def, c.req.valid('param').id), 200) as never);
  app.openapi(revalidate, async (c) => c.json(await Registries.revalidate(def, c.req.valid('param').id), 200) as never);
}
