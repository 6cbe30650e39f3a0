import { z } from 'zod';
import { defineExport, registerExports } from '@ev/core/exports/index';

/**
 * A small export for infra/jobs-bundle.test.ts, declared in the bundled jobs handler (through
 * ./jobs-bundle-entry.ts) and in the test process (which records the job through the API).
 */
registerExports([defineExport({
  name: 'bundle-test',
  subject: 'clientes',
  action: 'read',
  title: 'Tabela do pacote',
  query: z.object({ rows: z.number().int().min(1).max(100) }),
  columns: () => [
    { key: 'ref', header: 'Referência' },
    { key: 'name', header: 'Descrição', width: '*' },
    { key: 'price', header: 'Preço', align: 'right' },
  ],
  filters: (q) => [{ label: 'Linhas', value: String(q.rows) }],
  async *rows(q, ctx) {
    yield Array.from({ length: q.rows }, (_, i) => ({ ref: `P-${i + 1}`, name: `Sabão em pó ${i + 1} (${ctx.company.name})`, price: `${i + 1},90` }));
  },
})]);
