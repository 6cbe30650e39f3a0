import { z } from 'zod';

/**
 * The environment of the Lambda entries, set by infra (api.ts, jobs.ts there). Parsed once at cold
 * start; a missing or malformed variable stops the function with a message that names it, so a
 * misconfigured deploy fails at its first invocation rather than on some later request.
 */
const jsonRecordOfUrls = z
  .string()
  .min(2)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string().regex(/^[a-z][a-z0-9-]*$/, 'family names are lower-case words'), z.url()).refine((r) => Object.keys(r).length > 0, 'needs at least one queue'));

const Common = z.object({
  TABLE_NAME: z.string().min(1),
  AWS_REGION: z.string().min(1),
  /** Secrets Manager id of the application secret (JWT, cursor and file-URL keys derive from it). */
  APP_SECRET_ARN: z.string().min(1),
  FILES_BUCKET: z.string().min(3),
  /** `{ "<job family>": "<queue URL>" }`: one queue per family (infra/jobs.ts). */
  QUEUE_URLS: jsonRecordOfUrls,
  /** The sender of e-mails, an address of the SES identity. */
  EMAIL_FROM: z.string().min(3).max(320),
});

export const ApiEnvSchema = Common.extend({
  /** Secrets Manager id of the value CloudFront sends in `x-ev-origin-verify`. */
  ORIGIN_VERIFY_SECRET_ARN: z.string().min(1),
});
export type ApiEnv = z.infer<typeof ApiEnvSchema>;

export const JobsEnvSchema = Common.extend({
  /** The queue's redrive count: on that delivery a failing job is recorded as a dead letter. */
  MAX_RECEIVE_COUNT: z.coerce.number().int().min(1).max(1000),
});
export type JobsEnv = z.infer<typeof JobsEnvSchema>;

export class LambdaEnvError extends Error {
  override name = 'LambdaEnvError';
}

export function parseLambdaEnv<S extends z.ZodType>(schema: S, source: Record<string, string | undefined>, entry: string): z.infer<S> {
  const parsed = schema.safeParse(source);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => {
    const name = String(i.path[0] ?? '?');
    return source[name] === undefined ? `${name} is missing` : `${name}: ${i.message}`;
  });
  throw new LambdaEnvError(`Invalid environment of the ${entry} Lambda: ${[...new Set(problems)].join('; ')}`);
}
