import path from 'node:path';
import { z } from 'zod';

/**
 * The assistant's model on a stage unless its deploy names another (docs/deploy.md "The assistant's
 * model"): Claude Haiku 4.5 through Bedrock's global cross-Region inference profile, which São Paulo
 * (sa-east-1) may call; the model itself is not offered in that region alone.
 */
export const DEFAULT_BEDROCK_MODEL_ID = 'global.anthropic.claude-haiku-4-5-20251001-v1:0';

/**
 * Configuration, parsed once (CONVENTIONS 8). A missing or malformed variable stops the start with
 * a message naming it.
 */
const EnvSchema = z.object({
  TABLE_NAME: z.string().min(1).default('escritorio-virtual'),
  DYNAMODB_ENDPOINT: z.url().optional(),
  AWS_REGION: z.string().min(1).default('sa-east-1'),
  DATA_DIR: z.string().min(1).default('.data'),
  /** HMAC secret for JWTs, cursors and file URLs. Locally generated once into DATA_DIR. */
  APP_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(60 * 60 * 24 * 30),
  /** Window in which a rotated refresh token still gets its successor (two tabs refreshing). */
  REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).default(30),
  PUBLIC_URL: z.string().default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** ViaCEP, or a stand-in that answers its API (tests, a mirror). */
  CEP_BASE_URL: z.url().default('https://viacep.com.br'),
  /** A form waits on the CEP lookup: it gives up after this and the user types the address. */
  CEP_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(4000),
  /** MapTiler's API (geocoding with a company's maps token), or a stand-in that answers it (tests). */
  GEOCODING_BASE_URL: z.url().default('https://api.maptiler.com'),
  /**
   * The store's sandbox payment processor (docs/store.md "Payment"): on for `npm start`, tests, demos and
   * preview stages; off in production, where a company's store takes Pix only through its own processor.
   */
  STORE_SANDBOX: z.enum(['on', 'off']).default('on'),
  /** Mercado Pago's API (a company's store payments), or a stand-in that answers it (tests). */
  MERCADOPAGO_BASE_URL: z.url().default('https://api.mercadopago.com'),
  /** How long a call to Mercado Pago may take before the store gives up (the order stays made; its Pix is asked again). */
  MERCADOPAGO_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  GEOCODING_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(4000),
  /** Meta's Graph API with its version (WhatsApp Cloud API), or a stand-in that answers it (tests). */
  WHATSAPP_GRAPH_URL: z.url().default('https://graph.facebook.com/v23.0'),
  WHATSAPP_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  /** The pause between two sends of a batch's chunk (Meta's throughput; docs/messages.md); the tests run it at 0. */
  WHATSAPP_SEND_INTERVAL_MS: z.coerce.number().int().min(0).max(10_000).default(100),
  /**
   * The assistant's model (docs/ai.md "The model port"): `local` (rules, no model: `npm start`, demos,
   * tests) or `bedrock` (Amazon Bedrock's Converse API; the deployed stages, infra/api.ts).
   */
  AI_MODEL: z.enum(['local', 'bedrock']).default('local'),
  /** Bedrock's model: a foundation model's id or a cross-Region inference profile's (docs/deploy.md "The assistant's model"). */
  BEDROCK_MODEL_ID: z.string().regex(/^[a-z0-9][a-z0-9.:-]*$/, 'a Bedrock model or inference profile id').default(DEFAULT_BEDROCK_MODEL_ID),
  /** Bedrock's region; unset, the stage's (AWS_REGION). */
  BEDROCK_REGION: z.string().min(1).optional(),
  /** A stand-in that answers Converse (tests); unset, the region's endpoint. */
  BEDROCK_ENDPOINT: z.url().optional(),
  /** How long one call to the model may take, a throttled call's second try included. */
  BEDROCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  /** Requests a company may make in one window of the API (0: no limit; docs/decisions.md "Request limits"). */
  RATE_LIMIT_COMPANY: z.coerce.number().int().min(0).default(1000),
  /** Requests without a session one address may make in one window (0: no limit). */
  RATE_LIMIT_ADDRESS: z.coerce.number().int().min(0).default(300),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** The least time a forgot-password request takes, so a known and an unknown e-mail answer alike; the tests run it at 0. */
  AUTH_FORGOT_MIN_MS: z.coerce.number().int().min(0).max(10_000).default(400),
  /** A batch's first wait before sending a leftover again (db/batch.ts); the tests run it at 1 ms. */
  BATCH_RETRY_BASE_MS: z.coerce.number().int().min(1).max(1000).default(25),
});
export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = EnvSchema.safeParse(process.env);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new Error(`Invalid environment variable ${first?.path.join('.')}: ${first?.message}`);
    }
    cached = { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
  }
  return cached;
}

/** Tests change variables between files; this forgets the parsed copy. */
export function resetEnv(): void {
  cached = undefined;
}
