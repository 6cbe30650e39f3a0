import type { Context } from 'hono';

/**
 * The caller's address, for login throttling. Behind CloudFront it is `CloudFront-Viewer-Address`
 * ("ip:port", set by CloudFront, not by the client); locally the entry point sets `x-ev-client-address`
 * from the socket and strips any copy the client sent.
 */
export function clientAddress(c: Context): string | null {
  const viewer = c.req.header('cloudfront-viewer-address');
  if (viewer) return viewer.replace(/:\d+$/, '');
  return c.req.header('x-ev-client-address') ?? null;
}
