import { handle, type APIGatewayProxyResult, type LambdaContext, type LambdaEvent } from 'hono/aws-lambda';
import { Messages } from '@ev/shared/messages';
import { Logs } from '@ev/core/logs';
import { readSecretString } from '@ev/core/ports/aws/secrets';
import { createApp } from '../app';
import { envelope } from '../http/errors';
import { bootAws } from './boot';
import { ApiEnvSchema, parseLambdaEnv } from './env';
import { OriginSecrets, trustedHeaders } from './origin';

/**
 * The API on Lambda behind an HTTP API (payload 2.0) behind CloudFront: the same Hono app as
 * locally. Cold start: environment parsed (fails fast, naming the variable), secrets read once,
 * AWS adapters set. Every invocation waits for the logs it wrote before returning.
 */
const config = parseLambdaEnv(ApiEnvSchema, process.env, 'api');
const origin = new OriginSecrets((stage) => readSecretString(config.ORIGIN_VERIFY_SECRET_ARN, {}, stage));
await Promise.all([origin.load(), bootAws(config)]);
const app = createApp();
const serve = handle(app);

/** An HTTP API (API Gateway v2) event, payload format 2.0. */
export type HttpApiEvent = Extract<LambdaEvent, { routeKey: string; rawPath: string }>;

export async function handler(event: HttpApiEvent, context?: LambdaContext): Promise<APIGatewayProxyResult> {
  if (!(await origin.accepts(event.headers ?? {}))) {
    return {
      statusCode: 403,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(envelope('origin.forbidden', Messages.forbidden)),
      isBase64Encoded: false,
    };
  }
  try {
    return await serve({ ...event, headers: trustedHeaders(event.headers ?? {}) }, context);
  } finally {
    await Logs.flush();
  }
}
