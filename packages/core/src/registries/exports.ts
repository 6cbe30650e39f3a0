import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { defineExport, type ExportDefinition } from '../exports/index';
import { Registries } from './index';

const byDefinition = new WeakMap<RegistryDefinition, ExportDefinition>();

/**
 * A registry's CSV (POST /api/exports/registry-<name>, the registry's read permission) through the
 * export engine (docs/jobs.md): every row of the list's filter (search, status, sort), cells as the
 * list shows them, dates in the user's `formatoData`. The file is `<name>-<yyyy-MM-dd>.csv`. One
 * declaration per registry declaration (the same object for the same registry).
 */
export function registryExport(def: RegistryDefinition): ExportDefinition {
  let found = byDefinition.get(def);
  if (!found) {
    found = defineExport({
      name: def.exportName,
      subject: def.subject,
      action: 'read',
      title: def.title,
      query: def.exportQuery,
      columns: () => def.csv.map((c) => ({ key: c.field, header: c.header })),
      rows: (query, ctx) => Registries.csvRows(def, query, { dateFormat: ctx.user.dateFormat }),
      fileName: () => def.name,
      stamp: 'day',
    });
    byDefinition.set(def, found);
  }
  return found;
}
