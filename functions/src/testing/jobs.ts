import { expect } from 'vitest';
import { z } from 'zod';
import { currentActor } from '@ev/core/context';
import { defineExport, registerExports } from '@ev/core/exports/index';
import { defineImport, registerImports } from '@ev/core/imports/index';
import { registerJobHandlers } from '@ev/core/wiring/worker';
import { Ports } from '@ev/core/ports';
import type { LocalQueue } from '@ev/core/ports/local-queue';
import { call } from './world';

// The exports and imports job handlers, with the catalogue, consumed by the local queue.
registerJobHandlers();

/**
 * Cross-tenant cases of the jobs, exports and imports routes for functions/src/openapi.integration.test.ts,
 * with throwaway declarations whose rows name the company that reads them.
 */
registerExports([defineExport({
  name: 'test-tenant-rows',
  subject: 'clientes',
  action: 'read',
  title: 'Empresa (teste)',
  query: z.object({}),
  columns: () => [{ key: 'tenant', header: 'Empresa' }],
  async *rows() {
    yield [{ tenant: currentActor().tenantId }];
  },
})]);

registerImports([defineImport<{ ref: string }>({
  name: 'test-tenant-lines',
  subject: 'produtos',
  action: 'update',
  title: 'Importar (teste)',
  columns: [{ key: 'ref', header: 'Referência', required: true }],
  check: ({ cells }) => ({ value: { ref: cells.ref! } }),
  apply: async () => ({}),
})]);

type Case = () => Promise<void>;
interface Side {
  tenantId: string;
  token: string;
}

export function jobsCrossTenantCases(sides: () => { a: Side; b: Side }): Record<string, Case> {
  const drain = () => (Ports.queue() as LocalQueue).drain();
  let exportOfA: Promise<string> | undefined;
  let importOfA: Promise<string> | undefined;
  const jobOfA = () =>
    (exportOfA ??= (async () => {
      const res = await call('POST', '/api/exports/test-tenant-rows', { token: sides().a.token, body: { format: 'csv', query: {} } });
      expect(res.status).toBe(202);
      await drain();
      return res.body.id as string;
    })());
  const uploadOfA = () =>
    (importOfA ??= (async () => {
      const res = await call('POST', '/api/imports/test-tenant-lines', { token: sides().a.token, body: { fileName: 'a.csv', size: 10 } });
      expect(res.status).toBe(201);
      return res.body.job.id as string;
    })());
  const stillUploading = async () => {
    const res = await call('GET', `/api/jobs/${await uploadOfA()}`, { token: sides().a.token });
    expect(res.body).toMatchObject({ status: 'uploading', phase: 'upload' });
  };

  return {
    'GET /jobs': async () => {
      const id = await jobOfA();
      const res = await call('GET', '/api/jobs', { token: sides().b.token });
      expect(res.status).toBe(200);
      expect(res.body.items.map((j: { id: string }) => j.id)).not.toContain(id);
    },
    'GET /jobs/{id}': async () => {
      expect((await call('GET', `/api/jobs/${await jobOfA()}`, { token: sides().b.token })).status).toBe(404);
    },
    'GET /jobs/{id}/download': async () => {
      expect((await call('GET', `/api/jobs/${await jobOfA()}/download`, { token: sides().b.token })).status).toBe(404);
    },
    'POST /exports/{name}': async () => {
      // B's export reads B's company only.
      const { a, b } = sides();
      const res = await call('POST', '/api/exports/test-tenant-rows', { token: b.token, body: { format: 'csv', query: {} } });
      expect(res.status).toBe(202);
      await drain();
      const link = await call('GET', `/api/jobs/${res.body.id}/download`, { token: b.token });
      const url = new URL(link.body.url);
      expect(url.pathname).toContain(b.tenantId);
      const file = await call('GET', `${url.pathname}${url.search}`);
      expect(file.text).toContain(b.tenantId);
      expect(file.text).not.toContain(a.tenantId);
    },
    'GET /imports/{name}': async () => {
      const res = await call('GET', '/api/imports/test-tenant-lines', { token: sides().b.token });
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(sides().a.tenantId);
    },
    'POST /imports/{name}': async () => {
      const { a, b } = sides();
      const res = await call('POST', '/api/imports/test-tenant-lines', { token: b.token, body: { fileName: 'b.csv', size: 10 } });
      expect(res.status).toBe(201);
      expect(decodeURIComponent(res.body.uploadUrl)).toContain(`uploads/${b.tenantId}/`);
      expect(res.text).not.toContain(a.tenantId);
    },
    'POST /imports/{id}/check': async () => {
      expect((await call('POST', `/api/imports/${await uploadOfA()}/check`, { token: sides().b.token })).status).toBe(404);
      await stillUploading();
    },
    'POST /imports/{id}/run': async () => {
      expect((await call('POST', `/api/imports/${await uploadOfA()}/run`, { token: sides().b.token })).status).toBe(404);
      await stillUploading();
    },
  };
}
