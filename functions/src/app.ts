import type { OpenAPIHono } from '@hono/zod-openapi';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import { wireCore } from '@ev/core/wiring/index';
import { Messages } from '@ev/shared/messages';
import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { REGISTRIES } from '@ev/shared/registries/index';
import type { AppEnv } from './http/env';
import { envelope, onError } from './http/errors';
import { router } from './http/router';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { clientsRoutes } from './routes/clients';
import { companyRoutes } from './routes/company';
import { clientsFinancialRoutes } from './routes/clients-financial';
import { clientsDashboardRoutes } from './routes/clients-dashboard';
import { cepRoutes } from './routes/cep';
import { filesRoutes } from './routes/files';
import { healthRoutes } from './routes/health';
import { exportsRoutes } from './routes/exports';
import { importsRoutes } from './routes/imports';
import { inventoryRoutes } from './routes/inventory';
import { jobsRoutes } from './routes/jobs';
import { productsRoutes } from './routes/products';
import { pricesRoutes } from './routes/prices';
import { managementRoutes } from './routes/management';
import { offlineRoutes } from './routes/offline';
import { storeRoutes } from './routes/store';
import { salesRoutes } from './routes/sales';
import { salesDeliveryRoutes } from './routes/sales-delivery';
import { schedulingsRoutes } from './routes/schedulings';
import { logsRoutes } from './routes/logs';
import { messagesRoutes } from './routes/messages';
import { aiRoutes } from './routes/ai';
import { profilesRoutes } from './routes/profiles';
import { registryRoutes } from './routes/registries';
import { usersRoutes } from './routes/users';

/**
 * Every route file of the API, in the order they are mounted: the one list (no route file mounts
 * itself). Order matters where a literal path and an `{id}` path share a prefix: the literal one is
 * mounted first (`/clients/dashboard` before `/clients/{id}`), and app.test.ts fails on a literal
 * path that an earlier `{id}` route would take. The registries' routes come last (generated from
 * their declarations, see `createApi`).
 */
export const ROUTES = [
  healthRoutes,
  authRoutes,
  adminRoutes,
  usersRoutes,
  profilesRoutes,
  logsRoutes,
  companyRoutes,
  filesRoutes,
  cepRoutes,
  clientsDashboardRoutes,
  clientsFinancialRoutes,
  clientsRoutes,
  jobsRoutes,
  exportsRoutes,
  importsRoutes,
  inventoryRoutes,
  productsRoutes,
  pricesRoutes,
  salesDeliveryRoutes,
  salesRoutes,
  schedulingsRoutes,
  messagesRoutes,
  aiRoutes,
  managementRoutes,
  storeRoutes,
  offlineRoutes,
] as const;

export interface ApiOptions {
  /** The registries served (default: every declaration of `@ev/shared/registries`); tests add their own. */
  registries?: readonly RegistryDefinition[];
}

/** The API: one Hono app, the same locally and on Lambda. Mounted under /api by `createApp`. */
export function createApi(options: ApiOptions = {}) {
  // The exports and imports the API starts (the jobs consumer registers the same list).
  wireCore();
  const api = router();
  api.use('*', requestId());
  // The answers gzipped (over 1 kB, as the client accepts), the same on Lambda (hono's adapter
  // sends them base64, as API Gateway wants) and locally: CloudFront compresses no answer of
  // /api/* under its caching-disabled policy, and a phone's first offline sync is a few hundred kB
  // of JSON that compresses about tenfold (docs/offline.md, docs/benchmarks.md "Offline sync").
  api.use('*', compress({ encoding: 'gzip' }));
  // 1 MB for every request but the installments import, a CSV of up to 5 MB (checked again in core).
  const tooLarge = (mb: number) => bodyLimit({ maxSize: mb * 1024 * 1024, onError: (c) => c.json(envelope('payload_too_large', `O corpo da requisição é grande demais (máximo ${mb} MB).`), 413) });
  // The local twin of S3's signed PUT takes import files of up to 20 MB (docs/jobs.md).
  const [oneMb, fiveMb, uploadMb] = [tooLarge(1), tooLarge(5), tooLarge(21)];
  api.use('*', (c, next) =>
    c.req.method === 'POST' && c.req.path.endsWith('/clients/installments/import')
      ? fiveMb(c, next)
      : c.req.method === 'PUT' && /^(\/api)?\/files\//.test(c.req.path)
        ? uploadMb(c, next)
        : oneMb(c, next),
  );
  // Typed as a plain OpenAPIHono: merged route types would grow past what TypeScript can represent
  // (TS2590) once mounted under /api, and nothing reads them (the web has its own client).
  const routes: OpenAPIHono<AppEnv> = api;
  for (const group of [...ROUTES, registryRoutes(options.registries ?? REGISTRIES)]) routes.route('/', group);
  routes.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Escritório Virtual API', version: '0.1.0', description: 'Back office de distribuidoras. Mensagens em português.' },
    servers: [{ url: '/api' }],
  });
  routes.onError(onError);
  return routes;
}

/** An unknown path answers the JSON envelope too (Hono asks the parent app, not the /api sub-app). */
export const notFoundJson = (c: Context) => c.json(envelope('route_not_found', Messages.routeNotFound), 404);

export function createApp(options: ApiOptions = {}) {
  const app = new Hono<AppEnv>();
  app.route('/api', createApi(options));
  app.notFound(notFoundJson);
  app.onError(onError);
  return app;
}
