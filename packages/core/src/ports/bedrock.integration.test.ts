import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetEnv } from '../env';
import { BedrockModel, modelFromEnv } from './bedrock';
import { ModelError, type ModelRequest } from './model';
import { BEDROCK_ERROR_STATUS, fail, raw, say, startBedrock, useTool, type BedrockErrorType, type BedrockServer } from './testing/bedrock-server';

/**
 * The Bedrock adapter against a local server that answers as the Converse API documents it
 * (./testing/bedrock-server.ts): it checks each request's SigV4 signature by AWS's algorithm with
 * the test's secret, refuses a request not in Converse's shape (ValidationException), records what
 * it received, and answers from the test's script.
 */
const CREDENTIALS = { accessKeyId: 'AKIAEXEMPLOTESTE0001', secretAccessKey: 'segredo-de-teste-do-bedrock/0123456789abcdefghij' };
const MODEL_ID = 'global.anthropic.claude-haiku-4-5-20251001-v1:0';

let bedrock: BedrockServer;

beforeAll(async () => {
  bedrock = await startBedrock({ credentials: CREDENTIALS });
});

afterAll(() => bedrock.close());

afterEach(() => bedrock.reset());

const model = (over: { timeoutMs?: number; credentials?: typeof CREDENTIALS; region?: string } = {}) =>
  new BedrockModel({ modelId: MODEL_ID, region: over.region ?? 'sa-east-1', endpoint: bedrock.url, credentials: over.credentials ?? CREDENTIALS, timeoutMs: over.timeoutMs ?? 2000, throttleRetryMs: 0 });

const CATALOGUE_TOOL = {
  name: 'buscar_produtos',
  description: 'Procura produtos do catálogo da empresa pelo nome.',
  inputSchema: { type: 'object', properties: { termo: { type: 'string' } }, required: ['termo'] },
};

const request = (over: Partial<ModelRequest> = {}): ModelRequest => ({
  system: 'Você ajuda o vendedor da Distribuidora Exemplo a responder clientes.',
  messages: [{ role: 'user', content: [{ text: 'manda 10 caixas de água 500ml' }] }],
  tools: [CATALOGUE_TOOL],
  maxTokens: 800,
  ...over,
});

describe('the Bedrock adapter: answers', () => {
  it('sends Converse’s request to the model’s path, signed, and reads a text answer with its usage', async () => {
    bedrock.answer(say('Bom dia! Separo as 10 caixas de água 500ml.', { inputTokens: 312, outputTokens: 18, totalTokens: 330 }));
    const answer = await model().converse(request());

    expect(answer).toEqual({
      message: { role: 'assistant', content: [{ text: 'Bom dia! Separo as 10 caixas de água 500ml.' }] },
      stopReason: 'end_turn',
      usage: { inputTokens: 312, outputTokens: 18, totalTokens: 330 },
    });
    expect(bedrock.seen).toHaveLength(1);
    const seen = bedrock.seen[0]!;
    // The id once encoded in the path, as the SDK sends it.
    expect(seen.path).toBe('/model/global.anthropic.claude-haiku-4-5-20251001-v1%3A0/converse');
    expect(seen.modelId).toBe(MODEL_ID);
    expect(seen.body).toEqual({
      system: [{ text: 'Você ajuda o vendedor da Distribuidora Exemplo a responder clientes.' }],
      messages: [{ role: 'user', content: [{ text: 'manda 10 caixas de água 500ml' }] }],
      toolConfig: { tools: [{ toolSpec: { name: 'buscar_produtos', description: 'Procura produtos do catálogo da empresa pelo nome.', inputSchema: { json: CATALOGUE_TOOL.inputSchema } } }] },
      inferenceConfig: { maxTokens: 800 },
    });
    // SigV4 (the server checked the signature itself with the secret): the key, the day, the region, the service.
    expect(seen.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAEXEMPLOTESTE0001\/\d{8}\/sa-east-1\/bedrock\/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$/);
    expect(seen.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(seen.headers['content-type']).toBe('application/json');
  });

  it('sends no toolConfig when the request has no tools (Converse refuses an empty list)', async () => {
    await model().converse(request({ tools: [] }));
    expect(bedrock.seen[0]!.body).not.toHaveProperty('toolConfig');
  });

  it('runs a tool round: the toolUse answered, then its toolResult sent back in the next request in Converse’s shape', async () => {
    bedrock.answer(
      useTool('buscar_produtos', { termo: 'água 500ml' }, { toolUseId: 'tooluse_agua_1', text: 'Vou procurar no catálogo.', usage: { inputTokens: 300, outputTokens: 40, totalTokens: 340 } }),
      say('Água Mineral 500ml, caixa com 12: R$ 18,90 a caixa.', { inputTokens: 420, outputTokens: 25, totalTokens: 445 }),
    );
    const m = model();
    const first = await m.converse(request());
    expect(first.stopReason).toBe('tool_use');
    expect(first.message).toEqual({
      role: 'assistant',
      content: [{ text: 'Vou procurar no catálogo.' }, { toolUse: { toolUseId: 'tooluse_agua_1', name: 'buscar_produtos', input: { termo: 'água 500ml' } } }],
    });
    expect(first.usage.totalTokens).toBe(340);

    const result = { produtos: [{ codigo: 'AG500', nome: 'Água Mineral 500ml cx 12', preco: '18.90' }] };
    const next = request({
      messages: [
        ...request().messages,
        first.message,
        { role: 'user', content: [{ toolResult: { toolUseId: 'tooluse_agua_1', content: [{ json: result }], status: 'success' } }] },
      ],
    });
    const second = await m.converse(next);
    expect(second).toMatchObject({ stopReason: 'end_turn', message: { content: [{ text: 'Água Mineral 500ml, caixa com 12: R$ 18,90 a caixa.' }] }, usage: { totalTokens: 445 } });

    expect(bedrock.seen).toHaveLength(2);
    expect(bedrock.seen[1]!.body.messages).toEqual([
      { role: 'user', content: [{ text: 'manda 10 caixas de água 500ml' }] },
      { role: 'assistant', content: [{ text: 'Vou procurar no catálogo.' }, { toolUse: { toolUseId: 'tooluse_agua_1', name: 'buscar_produtos', input: { termo: 'água 500ml' } } }] },
      { role: 'user', content: [{ toolResult: { toolUseId: 'tooluse_agua_1', content: [{ json: result }], status: 'success' } }] },
    ]);
  });

  it('leaves out content blocks it does not know, and reads a full context window as max_tokens', async () => {
    bedrock.answer(
      raw(
        JSON.stringify({
          output: { message: { role: 'assistant', content: [{ reasoningContent: { reasoningText: { text: '…' } } }, { text: 'Resumo do cliente.' }] } },
          stopReason: 'model_context_window_exceeded',
          usage: { inputTokens: 1000, outputTokens: 5, totalTokens: 1005, cacheReadInputTokens: 0 },
          metrics: { latencyMs: 900 },
        }),
      ),
    );
    expect(await model().converse(request())).toEqual({
      message: { role: 'assistant', content: [{ text: 'Resumo do cliente.' }] },
      stopReason: 'max_tokens',
      usage: { inputTokens: 1000, outputTokens: 5, totalTokens: 1005 },
    });
  });
});

describe('the Bedrock adapter: errors', () => {
  const cases: Array<[BedrockErrorType, boolean]> = [
    ['ServiceUnavailableException', true],
    ['ModelTimeoutException', true],
    ['ModelNotReadyException', true],
    ['InternalServerException', true],
    ['ValidationException', false],
    ['AccessDeniedException', false],
    ['ResourceNotFoundException', false],
  ];
  it.each(cases)('%s is a ModelError, retryable %s, asked once', async (type, retryable) => {
    bedrock.answer(fail(type, { message: `scripted ${type}` }));
    const error = await model().converse(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ code: type, retryable });
    expect((error as Error).message).toContain(`scripted ${type}`);
    expect(BEDROCK_ERROR_STATUS[type]).toBeGreaterThanOrEqual(400);
    // Never asked again by itself: tokens cost money.
    expect(bedrock.seen).toHaveLength(1);
  });

  it('reads the type from the body’s __type when the header has none', async () => {
    bedrock.answer(fail('AccessDeniedException', { typeIn: 'body', message: 'You don’t have access to the model with the specified model ID.' }));
    await expect(model().converse(request())).rejects.toMatchObject({ name: 'ModelError', code: 'AccessDeniedException', retryable: false });
  });

  it('asks a throttled call once more (nothing was counted), and no more', async () => {
    bedrock.answer(fail('ThrottlingException'), say('Pronto.'));
    expect((await model().converse(request())).message.content).toEqual([{ text: 'Pronto.' }]);
    expect(bedrock.seen).toHaveLength(2);
    expect(bedrock.seen[1]!.raw).toBe(bedrock.seen[0]!.raw);

    bedrock.reset();
    bedrock.answer(fail('ThrottlingException'), fail('ThrottlingException'), say('nunca pedido'));
    await expect(model().converse(request())).rejects.toMatchObject({ name: 'ModelError', code: 'ThrottlingException', retryable: true });
    expect(bedrock.seen).toHaveLength(2);
  });

  it('is a retryable ModelError when no answer comes within the deadline, and when nothing answers at all', async () => {
    bedrock.answer({ ...say('tarde demais'), delayMs: 1500 });
    await expect(model({ timeoutMs: 200 }).converse(request())).rejects.toMatchObject({ name: 'ModelError', code: 'Timeout', retryable: true });
    expect(bedrock.seen).toHaveLength(1);

    const closed = await startBedrock({ credentials: CREDENTIALS });
    const url = closed.url;
    await closed.close();
    const unreachable = new BedrockModel({ modelId: MODEL_ID, region: 'sa-east-1', endpoint: url, credentials: CREDENTIALS, timeoutMs: 2000 });
    await expect(unreachable.converse(request())).rejects.toMatchObject({ name: 'ModelError', code: 'Unreachable', retryable: true });
  });

  it('is a ModelError, not a crash, for an answer of another shape', async () => {
    const bodies = [
      'isto não é JSON',
      JSON.stringify({ output: { message: { role: 'assistant', content: [{ text: 'oi' }] } }, stopReason: 'end_turn' }),
      JSON.stringify({ output: { message: { role: 'assistant', content: [{ text: 42 }] } }, stopReason: 'end_turn', usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } }),
      JSON.stringify({ output: { message: { role: 'assistant', content: [{ toolUse: { name: 'buscar_produtos', input: {} } }] } }, stopReason: 'tool_use', usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } }),
      JSON.stringify({ output: { message: { role: 'assistant', content: [] } }, stopReason: 'malformed_tool_use', usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } }),
    ];
    for (const body of bodies) {
      bedrock.answer(raw(body));
      await expect(model().converse(request()), body).rejects.toMatchObject({ name: 'ModelError', code: 'MalformedAnswer', retryable: false });
    }
    expect(bedrock.seen).toHaveLength(bodies.length);
  });

  it('is a ModelError, not retryable, when the credentials chain has none to give (nothing is sent)', async () => {
    const unsigned = new BedrockModel({ modelId: MODEL_ID, region: 'sa-east-1', endpoint: bedrock.url, credentials: () => Promise.reject(new Error('Could not load credentials from any providers')) });
    await expect(unsigned.converse(request())).rejects.toMatchObject({ name: 'ModelError', code: 'Credentials', retryable: false });
    expect(bedrock.seen).toHaveLength(0);
  });

  it('is refused by the server when signed with another secret or for another region (the signature is checked, not just present)', async () => {
    await expect(model({ credentials: { ...CREDENTIALS, secretAccessKey: 'outro-segredo' } }).converse(request())).rejects.toMatchObject({ code: 'InvalidSignatureException', retryable: false });
    await expect(model({ region: 'us-east-1' }).converse(request())).rejects.toMatchObject({ code: 'InvalidSignatureException', retryable: false });
    expect(bedrock.seen).toHaveLength(0);
  });
});

describe('modelFromEnv', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of ['AI_MODEL', 'BEDROCK_MODEL_ID', 'BEDROCK_REGION', 'BEDROCK_ENDPOINT', 'BEDROCK_TIMEOUT_MS', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN']) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    resetEnv();
  });

  it('is null unless AI_MODEL is bedrock (the local adapter’s turn)', () => {
    delete process.env.AI_MODEL;
    resetEnv();
    expect(modelFromEnv()).toBeNull();
    process.env.AI_MODEL = 'local';
    resetEnv();
    expect(modelFromEnv()).toBeNull();
  });

  it('is Bedrock with the stage’s model and region, signed with the default chain’s credentials (here the environment’s, with a session token)', async () => {
    Object.assign(process.env, {
      AI_MODEL: 'bedrock',
      BEDROCK_MODEL_ID: 'anthropic.claude-3-haiku-20240307-v1:0',
      BEDROCK_REGION: 'sa-east-1',
      BEDROCK_ENDPOINT: bedrock.url,
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      AWS_SESSION_TOKEN: 'token-da-sessao-do-lambda',
    });
    resetEnv();
    const m = modelFromEnv()!;
    expect(m).toMatchObject({ kind: 'bedrock', modelId: 'anthropic.claude-3-haiku-20240307-v1:0' });
    bedrock.answer(say('Olá.'));
    expect((await m.converse(request())).message.content).toEqual([{ text: 'Olá.' }]);
    expect(bedrock.seen[0]!.path).toBe('/model/anthropic.claude-3-haiku-20240307-v1%3A0/converse');
    // A role's temporary credentials: the token goes along, signed.
    expect(bedrock.seen[0]!.headers['x-amz-security-token']).toBe('token-da-sessao-do-lambda');
    expect(bedrock.seen[0]!.headers.authorization).toMatch(/SignedHeaders=[a-z0-9;-]*x-amz-security-token/);
  });
});
