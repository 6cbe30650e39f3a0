import { z } from 'zod';
import { IdParams, page } from '@ev/shared/schemas/common';
import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { REGISTRIES } from '@ev/shared/registries/index';
import { registerExports } from '@ev/core/exports/index';
import { Registries } from '@ev/core/registries';
import { registryExport } from '@ev/core/registries/exports';
import { answers, json } from '../http/openapi';
import { can, routes } from '../http/route';
import { recordRoutes, revalidation } from '../http/route-sets';
import { router } from '../http/router';

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
  const route = routes(def.name);
  const one = def.singular.toLowerCase();
  const article = def.gender === 'f' ? 'uma' : 'um';

  const csv = { content: { 'text/csv': { schema: z.string().max(50_000_000) } }, description: 'O arquivo CSV' };
  const exportCsv = route('get', `${base}/export.csv`, can('read', def.subject),
    `${def.title}: CSV de todas as linhas do filtro (separador ;, UTF-8 com BOM, cabeçalhos em português). Obsoleta: use POST /exports/${def.exportName}`,
    answers(csv, 400, 401, 403), { query: def.exportQuery }, { deprecated: true });
  const { list, get, create, update } = recordRoutes(route, base, def.subject, def.record, {
    list: { summary: `${def.title}: lista (ordem por nome ou mais recentes) e busca pelo início das palavras`, query: def.listQuery, page: page(def.record) },
    get: { summary: `${article === 'uma' ? 'Uma' : 'Um'} ${one}`, description: 'O registro', subject: def.detailSubject },
    create: { summary: `Cadastrar ${article} ${one}`, input: def.input, description: 'Cadastrado' },
    update: { summary: `Alterar ${article} ${one} (com a versão lida)`, input: def.update },
  });
  const remove = route('delete', `${base}/{id}`, can('delete', def.subject), `Remover ${article} ${one} (recusado enquanto outro registro o usa)`,
    answers(json(def.record, 'Removido'), 400, 401, 403, 404, 409), { params: IdParams });
  const revalidate = revalidation(route, base, def.subject, def.record, `Revalidar o cache de ${article} ${one}: recalcula os campos derivados e os itens de lista e busca`);

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
