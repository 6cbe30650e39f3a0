/**
 * The model port (issue 46, docs/ai.md "The model port"): one turn of a conversation with a
 * language model that may ask for tools, in the shapes of Amazon Bedrock's Converse API (messages of
 * content blocks: text, toolUse, toolResult; a tool configuration of JSON schemas; a stop reason and
 * the tokens used). The assistant (core module `ai`) runs the loop: it sends the request, runs the
 * tools the model asks for in the asking user's scope, and sends their results back.
 *
 * Two adapters: `BedrockModel` (`ports/bedrock.ts`, the Converse API on AWS, signed with SigV4) and
 * `LocalModel` (`ports/model-local.ts`, for `npm start`, demos and tests: no model; it answers the
 * same requests by rules, asking for the same tools, and is labelled as local wherever it shows).
 */

/** A tool the model may ask for: its name, what it does, and its input's JSON schema. */
export interface ModelTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export type ModelContent =
  | { text: string }
  | { toolUse: { toolUseId: string; name: string; input: unknown } }
  | { toolResult: { toolUseId: string; content: Array<{ json: unknown } | { text: string }>; status?: 'success' | 'error' } };

export interface ModelMessage {
  role: 'user' | 'assistant';
  content: ModelContent[];
}

export interface ModelRequest {
  /** The instructions (Converse's `system`). */
  system: string;
  messages: ModelMessage[];
  tools: ModelTool[];
  /** The most tokens of the answer (Converse's `inferenceConfig.maxTokens`). */
  maxTokens: number;
}

export type ModelStopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'guardrail_intervened' | 'content_filtered';

export interface ModelAnswer {
  message: ModelMessage;
  stopReason: ModelStopReason;
  /** The tokens the call counted (the local adapter's: an estimate, a token per 4 characters), counted against the company's budget. */
  usage: { inputTokens: number; outputTokens: number; totalTokens: number };
}

export interface ModelPort {
  readonly kind: 'bedrock' | 'local';
  /** Bedrock's model id; null for the local adapter. */
  readonly modelId: string | null;
  converse(request: ModelRequest): Promise<ModelAnswer>;
}

/**
 * The model did not answer usefully. `retryable`: throttled, unavailable, timed out or unreachable
 * (try again later); otherwise the request's fault (a validation error: a bug here, logged).
 */
export class ModelError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'ModelError';
  }
}
