import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { Messages } from '@ev/shared/messages';
import type { AppEnv } from './http/env';
import { envelope, onError } from './http/errors';
import { router } from './http/router';
import { authRoutes } from './routes/auth';
import { filesRoutes } from './routes/files';
import { healthRoutes } from './routes/health';
import { profilesRoutes } from './routes/profiles';
import { usersRoutes } from './routes/users';

/** The API: one Hono app, the same locally and on Lambda. Mounted under /api by `createApp`. */
export function createApi() {
  const api = router();
  api.use('*', requestId());
  api.use('*', bodyLimit({ maxSize: 1024 * 1024, onError: (c) => c.json(envelope('payload_too_large', 'O corpo da requisição é grande demais (máximo 1 MB).'), 413) }));
  const routes = api
    .route('/', healthRoutes)
    .route('/', authRoutes)
    .route('/', usersRoutes)
    .route('/', profilesRoutes)
    .route('/', filesRoutes);
  routes.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Escritório Virtual API', version: '0.1.0', description: 'Back office de distribuidoras. Mensagens em português.' },
    servers: [{ url: '/api' }],
  });
  routes.notFound((c) => c.json(envelope('route_not_found', Messages.routeNotFound), 404));
  routes.onError(onError);
  return routes;
}

export function createApp() {
  const app = new Hono<AppEnv>();
  app.route('/api', createApi());
  app.onError(onError);
  return app;
}
