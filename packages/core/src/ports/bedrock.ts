import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';
import { z } from 'zod';
import { env } from '../env';
import { ModelError, type ModelAnswer, type ModelContent, type ModelPort, type ModelRequest } from './model';

/**
 * The model port on AWS (docs/ai.md "The model port"): one call of Amazon Bedrock's Converse API,
 * `POST {endpoint}/model/{modelId}/converse`, signed with SigV4 (service `bedrock`) by the SDK's
 * own signer with the credentials of the SDK's default chain (on Lambda, its role's). Plain `fetch`
 * rather than `@aws-sdk/client-bedrock-runtime`: the request and the answer are a few JSON fields,
 * and the API bundle has no room for a client (docs/deploy.md "Bundle sizes").
 *
 * The answer is validated (zod): an answer of another shape is a ModelError, never a crash. Errors
 * are Bedrock's types (`x-amzn-ErrorType`, or `__type` in the body) sorted into retryable or not
 * (`BEDROCK_ERRORS`); a call that times out or reaches no server is retryable, one without
 * credentials to sign with is not. A call is never repeated by itself (tokens cost money), with
 * one exception: a ThrottlingException is asked once more after a pause (Bedrock refused it before
 * any inference, so nothing was counted), within the same deadline.
 */
export interface BedrockCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

export interface BedrockOptions {
  /** A foundation model's id (`anthropic.claude-…`) or a cross-Region inference profile's (`global.…`, `us.…`). */
  modelId: string;
  region: string;
  /** Default: the region's endpoint, `https://bedrock-runtime.<region>.amazonaws.com` (a stand-in in tests). */
  endpoint?: string;
  /** The whole call's deadline, the throttling's second try included. */
  timeoutMs?: number;
  /** The pause before asking a throttled call again. */
  throttleRetryMs?: number;
  /** Default: the SDK's default chain (environment, SSO, profile, container, instance). */
  credentials?: BedrockCredentials | (() => Promise<BedrockCredentials>);
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_THROTTLE_RETRY_MS = 1000;

/**
 * Bedrock's error types (the Converse API reference) and whether asking again later may answer.
 * A type not listed goes by its HTTP status: 408, 429 and 5xx retryable, the rest not.
 */
export const BEDROCK_ERRORS: Readonly<Record<string, boolean>> = {
  ThrottlingException: true,
  ServiceUnavailableException: true,
  ModelTimeoutException: true,
  ModelNotReadyException: true,
  InternalServerException: true,
  // The model failed on this request; another try may not.
  ModelErrorException: true,
  ValidationException: false,
  AccessDeniedException: false,
  ResourceNotFoundException: false,
  ServiceQuotaExceededException: false,
  UnrecognizedClientException: false,
  ExpiredTokenException: false,
};

const retryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;

/** The request as Converse takes it (the port's shapes are Converse's already, named as the API names them). */
export function converseBody(request: ModelRequest): Record<string, unknown> {
  return {
    system: [{ text: request.system }],
    messages: request.messages,
    ...(request.tools.length
      ? { toolConfig: { tools: request.tools.map((t) => ({ toolSpec: { name: t.name, description: t.description, inputSchema: { json: t.inputSchema } } })) } }
      : {}),
    inferenceConfig: { maxTokens: request.maxTokens },
  };
}

const Tokens = z.number().int().min(0);
/** The content blocks this port knows, checked when present; other blocks (reasoning, citations, images) are left out of the answer. */
const Block = z.object({
  text: z.string().optional(),
  toolUse: z.object({ toolUseId: z.string().min(1), name: z.string().min(1), input: z.unknown() }).optional(),
});
const Answer = z.object({
  output: z.object({ message: z.object({ role: z.literal('assistant'), content: z.array(Block) }) }),
  // A full context window is a kind of max_tokens for the assistant (the answer stopped short).
  stopReason: z.union([
    z.enum(['end_turn', 'tool_use', 'max_tokens', 'stop_sequence', 'guardrail_intervened', 'content_filtered']),
    z.literal('model_context_window_exceeded').transform(() => 'max_tokens' as const),
  ]),
  usage: z.object({ inputTokens: Tokens, outputTokens: Tokens, totalTokens: Tokens }),
});

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: SourceData): string | Uint8Array =>
  typeof data === 'string' ? data : data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

/** Node's SHA-256 (an HMAC when given a key) in the shape the signer takes. */
class Sha256 {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: SourceData) {
    this.hash = this.make();
  }
  private make(): Hash | Hmac {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(this.secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {
    this.hash = this.make();
  }
}

export class BedrockModel implements ModelPort {
  readonly kind = 'bedrock' as const;
  readonly modelId: string;
  private readonly url: URL;
  private readonly timeoutMs: number;
  private readonly throttleRetryMs: number;
  private readonly signer: SignatureV4;

  constructor(options: BedrockOptions) {
    if (!options.modelId.trim()) throw new Error('BedrockModel needs a model id');
    if (!options.region.trim()) throw new Error('BedrockModel needs a region');
    this.modelId = options.modelId;
    const endpoint = (options.endpoint ?? `https://bedrock-runtime.${options.region}.amazonaws.com`).replace(/\/+$/, '');
    // The id once encoded in the path (`:` as %3A), as the SDK sends it; the signer encodes the path again for its canonical request.
    this.url = new URL(`${endpoint}/model/${encodeURIComponent(options.modelId)}/converse`);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.throttleRetryMs = options.throttleRetryMs ?? DEFAULT_THROTTLE_RETRY_MS;
    this.signer = new SignatureV4({ service: 'bedrock', region: options.region, credentials: options.credentials ?? defaultProvider(), sha256: Sha256 });
  }

  async converse(request: ModelRequest): Promise<ModelAnswer> {
    const body = JSON.stringify(converseBody(request));
    const deadline = AbortSignal.timeout(this.timeoutMs);
    try {
      try {
        return await this.call(body, deadline);
      } catch (e) {
        if (!(e instanceof ModelError) || e.code !== 'ThrottlingException') throw e;
        await pause(this.throttleRetryMs, deadline);
        return await this.call(body, deadline);
      }
    } catch (e) {
      if (e instanceof ModelError) throw e;
      if (deadline.aborted) throw new ModelError(`Bedrock: no answer within ${this.timeoutMs} ms`, true, 'Timeout');
      throw new ModelError(`Bedrock: unreachable (${(e as Error).message})`, true, 'Unreachable');
    }
  }

  private async call(body: string, signal: AbortSignal): Promise<ModelAnswer> {
    let headers: Record<string, string>;
    try {
      headers = await this.sign(body);
    } catch (e) {
      // No credentials in the chain (a role missing, a profile not set): the deploy's fault, not the moment's.
      throw new ModelError(`Bedrock: no credentials to sign with (${(e as Error).message})`, false, 'Credentials');
    }
    const res = await fetch(this.url, { method: 'POST', headers, body, signal });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!res.ok) throw errorOf(res.status, res.headers.get('x-amzn-errortype'), json);
    const parsed = Answer.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ModelError(`Bedrock: an answer of another shape (${issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'not JSON'})`, false, 'MalformedAnswer');
    }
    const { output, stopReason, usage } = parsed.data;
    const content = output.message.content.flatMap((block): ModelContent[] => {
      if (block.text !== undefined) return [{ text: block.text }];
      if (block.toolUse) return [{ toolUse: { toolUseId: block.toolUse.toolUseId, name: block.toolUse.name, input: block.toolUse.input } }];
      return [];
    });
    return { message: { role: 'assistant', content }, stopReason, usage: { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, totalTokens: usage.totalTokens } };
  }

  /** The headers to send: SigV4's (`authorization`, `x-amz-date`, the session token's) over host, type and body. */
  private async sign(body: string): Promise<Record<string, string>> {
    const signed = await this.signer.sign({
      method: 'POST',
      protocol: this.url.protocol,
      hostname: this.url.hostname,
      ...(this.url.port ? { port: Number(this.url.port) } : {}),
      path: this.url.pathname,
      query: {},
      headers: { host: this.url.host, 'content-type': 'application/json', accept: 'application/json' },
      body,
    });
    // fetch sets Host itself, from the same URL.
    const { host: _host, ...headers } = signed.headers as Record<string, string>;
    return headers;
  }
}

function errorOf(status: number, headerType: string | null, json: unknown): ModelError {
  const body = (json && typeof json === 'object' ? json : {}) as { __type?: unknown; message?: unknown; Message?: unknown };
  // `ThrottlingException:http://internal.amazon.com/coral/…` in the header; `…#ThrottlingException` in some bodies.
  const raw = headerType ?? (typeof body.__type === 'string' ? body.__type : '');
  const type = raw.split(':')[0]!.split('#').pop()!.trim() || null;
  const message = typeof body.message === 'string' ? body.message : typeof body.Message === 'string' ? body.Message : `HTTP ${status}`;
  const retryable = type !== null && type in BEDROCK_ERRORS ? BEDROCK_ERRORS[type]! : retryableStatus(status);
  return new ModelError(`Bedrock: ${type ?? `HTTP ${status}`}: ${message}`, retryable, type ?? `HTTP ${status}`);
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

let chain: (() => Promise<BedrockCredentials>) | undefined;

/**
 * The stage's model when it is Bedrock (`AI_MODEL=bedrock`: its id, region, endpoint and deadline
 * from the environment, packages/core/src/env.ts), null otherwise (the local adapter's turn). The
 * credentials chain is made once and shared (it keeps and renews what it resolved).
 */
export function modelFromEnv(): ModelPort | null {
  const e = env();
  if (e.AI_MODEL !== 'bedrock') return null;
  return new BedrockModel({
    modelId: e.BEDROCK_MODEL_ID,
    region: e.BEDROCK_REGION ?? e.AWS_REGION,
    ...(e.BEDROCK_ENDPOINT ? { endpoint: e.BEDROCK_ENDPOINT } : {}),
    timeoutMs: e.BEDROCK_TIMEOUT_MS,
    credentials: (chain ??= defaultProvider()),
  });
}
