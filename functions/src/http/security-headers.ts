import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The security headers of every response of the product, one definition for both ways it is
 * served: CloudFront's response headers policy (infra/web.ts) and the local server (`npm start`,
 * functions/src/local/server.ts). A host the web app reaches is named here, never `https:`.
 */

const WEB_SHELL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/index.html');

/**
 * The `'sha256-…'` sources of the shell's inline scripts (the display preferences applied before
 * the first paint, web/index.html), which Vite copies unchanged into the build: allowed by hash,
 * never by `'unsafe-inline'`.
 */
export function inlineScriptHashes(html: string = fs.readFileSync(WEB_SHELL, 'utf8')): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) hashes.push(`'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
  return hashes;
}

/** The map's style, tiles, sprites and glyphs (MapTiler, web/src/features/schedulings/.../route-geometry.ts). */
export const MAP_ORIGINS = ['https://api.maptiler.com'] as const;

export interface SecurityHeaderOptions {
  /** The files bucket's origin (`https://<bucket>.s3.<region>.amazonaws.com`): uploads and downloads by presigned URL. Locally the API serves the files itself. */
  filesOrigin?: string | null;
}

/** What the SPA may load: itself, the map's host, and (on AWS) the files bucket by presigned URL. */
export function contentSecurityPolicy(opts: SecurityHeaderOptions = {}): string {
  const files = opts.filesOrigin ? [opts.filesOrigin] : [];
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...inlineScriptHashes()].join(' '),
    // Radix and ECharts position and colour elements with inline styles.
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', ...MAP_ORIGINS, ...files].join(' '),
    "font-src 'self' data:",
    ['connect-src', "'self'", ...MAP_ORIGINS, ...files].join(' '),
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Two years, subdomains included, on the preload list's terms. */
export const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const FRAME_OPTIONS = 'DENY';

/** The headers as name and value (the local server sets them on every response). */
export function securityHeaders(opts: SecurityHeaderOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(opts),
    'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`,
    'X-Frame-Options': FRAME_OPTIONS,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': REFERRER_POLICY,
  };
}
