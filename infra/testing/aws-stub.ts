import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server playing the two AWS JSON contracts the bundled entries call at run time in the
 * acceptance test: Secrets Manager GetSecretValue (awsJson1.1, X-Amz-Target) and SES v2 SendEmail
 * (REST JSON, POST /v2/email/outbound-emails). The SDK reaches it through AWS_ENDPOINT_URL_<SERVICE>.
 */
export interface AwsStub {
  url: string;
  secretReads: string[];
  emails: { FromEmailAddress?: string; Destination?: { ToAddresses?: string[] }; Content?: { Simple?: { Subject?: { Data?: string } } } }[];
  close(): Promise<void>;
}

export async function startAwsStub(secrets: Record<string, string>): Promise<AwsStub> {
  const stub: Omit<AwsStub, 'url' | 'close'> = { secretReads: [], emails: [] };
  // Read at each request: a test rotates a secret by changing its value here.
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      const target = req.headers['x-amz-target'];
      if (target === 'secretsmanager.GetSecretValue') {
        const id = String(body.SecretId);
        stub.secretReads.push(id);
        // A version stage other than the current one is kept as `<id>#<stage>`.
        const stage = typeof body.VersionStage === 'string' && body.VersionStage !== 'AWSCURRENT' ? body.VersionStage : null;
        const value = secrets[stage ? `${id}#${stage}` : id];
        res.setHeader('content-type', 'application/x-amz-json-1.1');
        if (value === undefined) {
          res.statusCode = 400;
          res.end(JSON.stringify({ __type: 'ResourceNotFoundException', message: `Secrets Manager can't find the specified secret.` }));
          return;
        }
        res.end(JSON.stringify({ ARN: id, Name: id.split(':').pop(), SecretString: value, VersionId: 'v1', VersionStages: ['AWSCURRENT'], CreatedDate: 1.7e9 }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v2/email/outbound-emails') {
        stub.emails.push(body as AwsStub['emails'][number]);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ MessageId: `stub-${stub.emails.length}` }));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ message: `stub: unexpected ${req.method} ${req.url} ${String(target)}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { ...stub, url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}
