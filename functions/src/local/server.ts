import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { registerJobHandlers } from '@ev/core/wiring/worker';
import { registerDemoJob } from '../jobs-demo';
import { createApp, notFoundJson } from '../app';
import { PRERENDERED_PAGES, prerenderedFile } from '../../../web/src/prerendered-pages';
import { securityHeaders } from '../http/security-headers';

/**
 * The local server: the API under /api and the SPA (when built) on one port, and the jobs consumer
 * (exports, imports, with pdfmake) for the in-process queue. The client's address for login
 * throttling comes from the socket; a copy sent by the client is dropped.
 */
export function createLocalServer(opts: { port: number; webDist: string | null; hostname?: string }): Promise<ServerType> {
  registerJobHandlers();
  registerDemoJob();
  const root = new Hono();
  // The headers CloudFront adds on AWS, from the same definition, on every answer (API and files).
  const headers = Object.entries(securityHeaders());
  root.use('*', async (c, next) => {
    await next();
    for (const [name, value] of headers) c.res.headers.set(name, value);
  });
  root.route('/', createApp());
  root.notFound(notFoundJson);
  const dist = opts.webDist;
  if (dist && fs.existsSync(path.join(dist, 'index.html'))) {
    const relative = path.relative(process.cwd(), dist) || '.';
    // Vite names every file under /assets by its content hash: a browser may keep it for good, and
    // a second page load (a reload, a new tab, a login) reads it from its cache instead of the network.
    root.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    });
    // No page is kept (the shell, a prerendered page): a new build's pages name its new assets.
    root.use('/*', async (c, next) => {
      await next();
      if (c.res.headers.get('content-type')?.startsWith('text/html')) c.header('Cache-Control', 'no-cache');
    });
    // Text files as the build compressed them (brotli or gzip, as the browser accepts), as
    // CloudFront serves them on AWS: the pages prerendered at build time (web/scripts/prerender.ts)
    // for their paths (a store's, whatever its address: /vendas/<slug>), as CloudFront's fallback
    // sends them, then any file by its path.
    const pages = new Map(Object.values(PRERENDERED_PAGES).map((file) => [file, serveStatic({ root: relative, path: file, precompressed: true })]));
    root.get('/*', async (c, next) => {
      const file = prerenderedFile(c.req.path);
      return file ? pages.get(file)!(c, next) : next();
    });
    root.use('/*', serveStatic({ root: relative, precompressed: true }));
    // Client-side routes: any other GET outside /api gets the SPA shell.
    const shell = serveStatic({ root: relative, path: 'index.html', precompressed: true });
    root.get('*', async (c, next) => (c.req.path.startsWith('/api/') ? c.notFound() : ((await shell(c, next)) ?? c.notFound())));
  }
  return new Promise((resolve, reject) => {
    const server = serve(
      {
        fetch: (req, env: { incoming?: { socket?: { remoteAddress?: string } } }) => {
          const headers = new Headers(req.headers);
          headers.delete('x-ev-client-address');
          headers.delete('cloudfront-viewer-address');
          const address = env.incoming?.socket?.remoteAddress;
          if (address) headers.set('x-ev-client-address', address);
          return root.fetch(new Request(req, { headers }), env);
        },
        port: opts.port,
        hostname: opts.hostname ?? '0.0.0.0',
      },
      () => resolve(server),
    );
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(e.code === 'EADDRINUSE' ? new Error(`Port ${opts.port} is already in use: stop what uses it, or start with PORT=<another port>.`) : e),
    );
  });
}

export function portOf(server: ServerType): number {
  return (server.address() as AddressInfo).port;
}
