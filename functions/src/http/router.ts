import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './env';
import { validationEnvelope } from './errors';

/** Every resource router answers invalid input the same way: 400 with each field and its reason. */
export function router() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(validationEnvelope(result.error, result.target), 400);
    },
  });
}
