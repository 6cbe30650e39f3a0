import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/**
 * A local server that answers as Amazon Bedrock's Converse API documents it (for the adapter's
 * tests and the assistant's): `POST /model/{modelId}/converse`, SigV4-signed. It checks the
 * signature as AWS does, by its own reckoning (canonical request, string to sign, derived key:
 * not the adapter's signer), so a request the adapter signs wrong is refused here as Bedrock would
 * refuse it; it checks the request's shape (Converse's ValidationException otherwise, a toolResult
 * without its toolUse included); it records every request, so a test reads the prompt exactly as
 * it left; and it answers from the test's script, one step per request: a text, a tool use, an
 * error of Bedrock's types, a body of another shape, each after an optional delay.
 */
export type BedrockUsage = { inputTokens: number; outputTokens: number; totalTokens: number };

/** Bedrock's error types with the status it answers them with (the Converse API reference). */
export const BEDROCK_ERROR_STATUS = {
  ThrottlingException: 429,
  ServiceUnavailableException: 503,
  ModelTimeoutException: 408,
  ModelNotReadyException: 429,
  InternalServerException: 500,
  ModelErrorException: 424,
  ValidationException: 400,
  AccessDeniedException: 403,
  ResourceNotFoundException: 404,
} as const;
export type BedrockErrorType = keyof typeof BEDROCK_ERROR_STATUS;

export type BedrockStep = { delayMs?: number } & (
  | { kind: 'text'; text: string; usage?: BedrockUsage; stopReason?: string }
  | { kind: 'toolUse'; name: string; input: unknown; toolUseId?: string; text?: string; usage?: BedrockUsage }
  | { kind: 'error'; type: BedrockErrorType; message?: string; /** Where the type goes: the `x-amzn-ErrorType` header (AWS's way) or `__type` in the body only. */ typeIn?: 'header' | 'body' }
  | { kind: 'raw'; status: number; body: string }
);

/** Script steps, as a test writes them. */
export const say = (text: string, usage?: BedrockUsage): BedrockStep => ({ kind: 'text', text, ...(usage && { usage }) });
export const useTool = (name: string, input: unknown, opts: { toolUseId?: string; text?: string; usage?: BedrockUsage } = {}): BedrockStep => ({ kind: 'toolUse', name, input, ...opts });
export const fail = (type: BedrockErrorType, opts: { message?: string; typeIn?: 'header' | 'body' } = {}): BedrockStep => ({ kind: 'error', type, ...opts });
export const raw = (body: string, status = 200): BedrockStep => ({ kind: 'raw', status, body });

/** A request as the server received it: the model id from the path, the headers, the body (parsed). */
export type SeenConverse = { modelId: string; path: string; headers: http.IncomingHttpHeaders; body: ConverseRequest; raw: string };

// Converse's request, as its reference gives it (only the fields this product sends are allowed).
const Json = z.unknown();
const ToolResultContent = z.union([z.object({ json: Json }).strict(), z.object({ text: z.string() }).strict()]);
const ContentBlock = z.union([
  z.object({ text: z.string().min(1) }).strict(),
  z.object({ toolUse: z.object({ toolUseId: z.string().min(1).max(64), name: z.string().min(1).max(64), input: Json }).strict() }).strict(),
  z.object({ toolResult: z.object({ toolUseId: z.string().min(1).max(64), content: z.array(ToolResultContent).min(1), status: z.enum(['success', 'error']).optional() }).strict() }).strict(),
]);
const ConverseRequest = z
  .object({
    system: z.array(z.object({ text: z.string().min(1) }).strict()).optional(),
    messages: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.array(ContentBlock).min(1) }).strict()).min(1),
    toolConfig: z
      .object({
        tools: z
          .array(
            z
              .object({
                toolSpec: z
                  .object({ name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/), description: z.string().min(1).optional(), inputSchema: z.object({ json: z.record(z.string(), z.unknown()) }).strict() })
                  .strict(),
              })
              .strict(),
          )
          .min(1),
      })
      .strict()
      .optional(),
    inferenceConfig: z.object({ maxTokens: z.number().int().min(1).optional() }).strict().optional(),
  })
  .strict();
export type ConverseRequest = z.output<typeof ConverseRequest>;

/** What Converse refuses beyond the shape: a conversation not opened by the user, a toolResult whose toolUse the previous message did not ask. */
function conversationProblem(request: ConverseRequest): string | null {
  if (request.messages[0]!.role !== 'user') return 'A conversation must start with a user message.';
  for (let i = 1; i < request.messages.length; i++) {
    const message = request.messages[i]!;
    if (message.role === request.messages[i - 1]!.role) return 'A conversation must alternate between user and assistant roles.';
    const asked = new Set(request.messages[i - 1]!.content.flatMap((b) => ('toolUse' in b ? [b.toolUse.toolUseId] : [])));
    for (const block of message.content) {
      if ('toolResult' in block && !asked.has(block.toolResult.toolUseId)) return `The toolResult ${block.toolResult.toolUseId} has no toolUse in the previous message.`;
    }
  }
  for (const block of request.messages[0]!.content) if ('toolResult' in block) return 'The first message cannot carry a toolResult.';
  return null;
}

/** The SigV4 encoding of a path segment or query part (RFC 3986 unreserved kept). */
const uriEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256Hex = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^/\s]+)\/(\d{8})\/([a-z0-9-]+)\/([a-z0-9-]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/**
 * The signature's faults, as AWS names them (null: it is right). Checked against `credentials`
 * (the secret the test handed the adapter) and `region`, by AWS's documented algorithm.
 */
function signatureProblem(req: http.IncomingMessage, raw: string, credentials: { accessKeyId: string; secretAccessKey: string }, region: string): { type: string; status: number; message: string } | null {
  const authorization = req.headers.authorization;
  if (!authorization) return { type: 'MissingAuthenticationTokenException', status: 403, message: 'Missing Authentication Token' };
  const match = AUTHORIZATION.exec(authorization);
  const amzDate = req.headers['x-amz-date'];
  if (!match || typeof amzDate !== 'string' || !/^\d{8}T\d{6}Z$/.test(amzDate)) return { type: 'IncompleteSignatureException', status: 400, message: `Authorization header requires the SigV4 parts: ${authorization}` };
  const [, accessKeyId, date, scopeRegion, service, signedHeaders, signature] = match as unknown as string[];
  if (accessKeyId !== credentials.accessKeyId) return { type: 'UnrecognizedClientException', status: 403, message: 'The security token included in the request is invalid.' };
  if (service !== 'bedrock' || scopeRegion !== region || date !== amzDate.slice(0, 8)) return { type: 'InvalidSignatureException', status: 403, message: `Credential should be scoped to a valid region and service: ${date}/${scopeRegion}/${service}` };
  const names = signedHeaders!.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return { type: 'InvalidSignatureException', status: 403, message: 'Signed headers must include host and x-amz-date.' };
  const url = new URL(req.url ?? '/', 'http://x');
  const canonical = [
    req.method ?? '',
    // Not S3: each segment of the path as sent, encoded once more.
    url.pathname.split('/').map(uriEncode).join('/'),
    [...url.searchParams].map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`).sort().join('&'),
    ...names.map((n) => `${n}:${String(req.headers[n] ?? '').trim().replace(/\s+/g, ' ')}`),
    '',
    signedHeaders,
    sha256Hex(raw),
  ].join('\n');
  const scope = `${date}/${region}/bedrock/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date!), region), 'bedrock'), 'aws4_request');
  const expected = createHmac('sha256', key).update(toSign).digest('hex');
  if (expected !== signature) return { type: 'InvalidSignatureException', status: 403, message: 'The request signature we calculated does not match the signature you provided.' };
  return null;
}

const estimate = (text: string) => Math.max(1, Math.ceil(text.length / 4));

export async function startBedrock(opts: { credentials: { accessKeyId: string; secretAccessKey: string }; region?: string }) {
  const region = opts.region ?? 'sa-east-1';
  const seen: SeenConverse[] = [];
  /** The answers to come, one per request, in order; with none left the server answers a short text. */
  const script: BedrockStep[] = [];
  let nextToolUse = 1;

  const send = (res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-requestid': `req-${seen.length}`, ...headers });
    res.end(body);
  };
  const error = (res: http.ServerResponse, type: string, status: number, message: string, typeIn: 'header' | 'body' = 'header') =>
    typeIn === 'header'
      ? send(res, status, JSON.stringify({ message }), { 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/` })
      : send(res, status, JSON.stringify({ __type: `com.amazon.bedrock#${type}`, message }));

  function answer(res: http.ServerResponse, step: BedrockStep, raw: string) {
    const ok = (content: unknown[], stopReason: string, usage: BedrockUsage | undefined, outText: string) => {
      const counted = usage ?? { inputTokens: estimate(raw), outputTokens: estimate(outText), totalTokens: estimate(raw) + estimate(outText) };
      send(res, 200, JSON.stringify({ output: { message: { role: 'assistant', content } }, stopReason, usage: counted, metrics: { latencyMs: 412 } }));
    };
    switch (step.kind) {
      case 'text':
        return ok([{ text: step.text }], step.stopReason ?? 'end_turn', step.usage, step.text);
      case 'toolUse': {
        const toolUseId = step.toolUseId ?? `tooluse_${String(nextToolUse++).padStart(4, '0')}`;
        const content = [...(step.text ? [{ text: step.text }] : []), { toolUse: { toolUseId, name: step.name, input: step.input } }];
        return ok(content, 'tool_use', step.usage, JSON.stringify(content));
      }
      case 'error':
        return error(res, step.type, BEDROCK_ERROR_STATUS[step.type], step.message ?? `${step.type} (scripted)`, step.typeIn);
      case 'raw':
        return send(res, step.status, step.body);
    }
  }

  function handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x');
    const route = /^\/model\/([^/]+)\/converse$/.exec(url.pathname);
    if (req.method !== 'POST' || !route) return error(res, 'UnknownOperationException', 404, `No operation at ${req.method} ${url.pathname}`);
    const signature = signatureProblem(req, raw, opts.credentials, region);
    if (signature) return error(res, signature.type, signature.status, signature.message);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return error(res, 'SerializationException', 400, 'The request body is no JSON.');
    }
    const parsed = ConverseRequest.safeParse(body);
    const problem = parsed.success ? conversationProblem(parsed.data) : `${parsed.error.issues[0]!.path.join('.')}: ${parsed.error.issues[0]!.message}`;
    seen.push({ modelId: decodeURIComponent(route[1]!), path: url.pathname, headers: req.headers, body: (parsed.success ? parsed.data : body) as ConverseRequest, raw });
    if (problem) return error(res, 'ValidationException', 400, problem);
    const step = script.shift() ?? say('Certo.');
    if (step.delayMs) setTimeout(() => answer(res, step, raw), step.delayMs);
    else answer(res, step, raw);
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (raw += d));
    req.on('end', () => handle(req, raw, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    region,
    seen,
    script,
    /** The steps of the next requests, in order. */
    answer(...steps: BedrockStep[]) {
      script.push(...steps);
    },
    reset() {
      seen.length = 0;
      script.length = 0;
      nextToolUse = 1;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type BedrockServer = Awaited<ReturnType<typeof startBedrock>>;
