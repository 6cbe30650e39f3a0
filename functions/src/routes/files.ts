import { z } from 'zod';
import { ApiTexts } from '@ev/shared/messages';
import { DomainError } from '@ev/core/errors';
import { Ports } from '@ev/core/ports';
import { verifyFileSignature } from '@ev/core/ports/files';
import { answers } from '../http/openapi';
import { open, routes } from '../http/route';
import { router } from '../http/router';

const route = routes('files');
const FileParams = z.object({ key: z.string().min(1).max(512) });
const SignedQuery = z.object({
  method: z.enum(['GET', 'PUT']),
  expires: z.string().max(12),
  signature: z.string().max(100),
  contentType: z.string().max(200).optional(),
});

const refused = () => new DomainError('files.url_invalid', ApiTexts.fileUrlInvalid(), 'forbidden');

/** Local twin of S3's presigned URLs: the signature is the permission, bound to key, method and expiry. */
const signed = { params: FileParams, query: SignedQuery };
const download = route('get', '/files/{key}', open, 'Baixar um arquivo por link assinado (local)', answers({ 200: { description: 'O arquivo' } }, 400, 403, 404), signed);
const upload = route('put', '/files/{key}', open, 'Enviar um arquivo por link assinado (local)', answers({ 204: { description: 'Gravado' } }, 400, 403), signed);

export const filesRoutes = router()
  .openapi(download, async (c) => {
    const { key } = c.req.valid('param');
    const q = c.req.valid('query');
    if (q.method !== 'GET' || !verifyFileSignature({ key, ...q })) throw refused();
    const file = await Ports.files().get(key);
    if (!file) throw new DomainError('not_found', ApiTexts.notFound(), 'not_found');
    return c.body(new Uint8Array(file.body), 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${encodeURIComponent(key.split('/').pop() ?? 'arquivo')}"`,
      'Cache-Control': 'private, no-store',
    }) as never;
  })
  .openapi(upload, async (c) => {
    const { key } = c.req.valid('param');
    const q = c.req.valid('query');
    if (q.method !== 'PUT' || !verifyFileSignature({ key, ...q })) throw refused();
    const body = new Uint8Array(await c.req.arrayBuffer());
    await Ports.files().put(key, body, q.contentType ?? c.req.header('content-type') ?? 'application/octet-stream');
    return c.body(null, 204) as never;
  });
