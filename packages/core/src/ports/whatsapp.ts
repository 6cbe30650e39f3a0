import type { DailyTier, TemplateButton, TemplateCategory, TemplateLanguage, TemplateStatus } from '@ev/shared/schemas/messages';
import { z } from 'zod';
import { env } from '../env';

/**
 * The messaging port (issue 16, docs/messages.md): what this product asks of Meta's WhatsApp Cloud
 * API. Two adapters: `CloudApiProvider` speaks Meta's Graph API over HTTP with the company's
 * credentials; the sandbox (`messages/sandbox.ts`) answers in process and plays back what Meta
 * would post to the webhook. Both throw `ProviderError` with Meta's code, which the messages module
 * reads into a reason in the user's language.
 */

/** A template as Meta receives it (text only, spec section 5). */
export interface TemplateSubmission {
  name: string;
  category: TemplateCategory;
  language: TemplateLanguage;
  header: string | null;
  headerExample: string | null;
  body: string;
  bodyExamples: string[];
  footer: string | null;
  buttons: TemplateButton[];
}

/** What "test the connection" reads of the phone number. */
export interface NumberCheck {
  phone: string;
  name: string;
  /** The account's daily tier of unique recipients; null when Meta names one this product does not know. */
  tier: DailyTier | null;
}

export interface TemplateValues {
  header?: string | null;
  body: readonly string[];
}

export interface MessagingProviderPort {
  check(): Promise<NumberCheck>;
  submitTemplate(template: TemplateSubmission): Promise<{ providerId: string; status: TemplateStatus }>;
  /** A new version of the template's content (Meta reviews it again); name, language and category stay. */
  editTemplate(providerId: string, template: TemplateSubmission): Promise<void>;
  deleteTemplate(providerId: string, name: string): Promise<void>;
  /** `to`: digits with the country code. Answers Meta's message id (`wamid....`). */
  sendTemplate(to: string, template: { name: string; language: TemplateLanguage }, values: TemplateValues): Promise<{ messageId: string }>;
  /** Free text, only inside the 24-hour window of the client's last message. */
  sendText(to: string, text: string): Promise<{ messageId: string }>;
  /** Called once the caller has written what it sent: the sandbox posts its playback then. */
  flush?(): Promise<void>;
}

/** Meta's error codes that mean "too many, try later": the queue sends these again. */
const RATE_LIMITED = new Set([4, 80007, 130429, 131048, 131056]);

/**
 * An error answered by the provider: Meta's code, title and message (null when it could not be
 * reached or answered something else), and whether trying again later may succeed.
 */
export class ProviderError extends Error {
  constructor(
    readonly code: number | null,
    readonly title: string,
    readonly httpStatus: number | null,
  ) {
    super(`WhatsApp provider error ${code ?? 'unreachable'}: ${title}`);
    this.name = 'ProviderError';
  }

  /** A rate limit, Meta's own failure or no answer at all: the same request may succeed later. */
  get retryable(): boolean {
    return this.code === null ? true : RATE_LIMITED.has(this.code) || (this.httpStatus !== null && this.httpStatus >= 500);
  }

  /** As the webhook's errors are read (`messages/webhook.ts` `failureOf`). */
  get metaError(): { code: number; title: string } | undefined {
    return this.code === null ? undefined : { code: this.code, title: this.title };
  }
}

export interface CloudApiCredentials {
  phoneNumberId: string;
  businessAccountId: string;
  accessToken: string;
}

const MetaErrorBody = z.object({
  error: z.object({
    code: z.number(),
    message: z.string().optional(),
    error_user_title: z.string().optional(),
    error_data: z.object({ details: z.string().optional() }).partial().optional(),
  }),
});

/** Meta's `messaging_limit_tier` names. TIER_50 (a new, unverified business) is under the lowest tier named here. */
const TIERS: Record<string, DailyTier> = {
  TIER_250: '250',
  TIER_1K: '2000',
  TIER_2K: '2000',
  TIER_10K: '10000',
  TIER_100K: '100000',
  TIER_UNLIMITED: 'unlimited',
};

const META_CATEGORY: Record<TemplateCategory, string> = { marketing: 'MARKETING', utility: 'UTILITY', authentication: 'AUTHENTICATION' };
const META_STATUS: Record<string, TemplateStatus> = { APPROVED: 'approved', REJECTED: 'rejected', PENDING: 'pending' };

/** A template's components as Meta's template API takes them, with the examples its review reads. */
export function templateComponents(t: TemplateSubmission): unknown[] {
  const components: unknown[] = [];
  if (t.header) components.push({ type: 'HEADER', format: 'TEXT', text: t.header, ...(t.header.includes('{{') && t.headerExample ? { example: { header_text: [t.headerExample] } } : {}) });
  components.push({ type: 'BODY', text: t.body, ...(t.bodyExamples.length ? { example: { body_text: [t.bodyExamples] } } : {}) });
  if (t.footer) components.push({ type: 'FOOTER', text: t.footer });
  if (t.buttons.length) {
    components.push({
      type: 'BUTTONS',
      buttons: t.buttons.map((b) =>
        b.type === 'url' ? { type: 'URL', text: b.text, url: b.url } : b.type === 'phone_number' ? { type: 'PHONE_NUMBER', text: b.text, phone_number: b.phone } : { type: 'QUICK_REPLY', text: b.text },
      ),
    });
  }
  return components;
}

/** The values of one send as Meta's message API takes them: a header parameter and the body's, in order. */
export function sendComponents(values: TemplateValues): unknown[] {
  const text = (v: string) => ({ type: 'text', text: v });
  return [...(values.header ? [{ type: 'header', parameters: [text(values.header)] }] : []), ...(values.body.length ? [{ type: 'body', parameters: values.body.map(text) }] : [])];
}

/** A successful answer read by its schema; one shaped otherwise is the provider's failure (tried again later). */
function answerOf<S extends z.ZodType>(schema: S, json: unknown): z.output<S> {
  const read = schema.safeParse(json);
  if (!read.success) throw new ProviderError(null, 'unexpected answer', null);
  return read.data;
}

/**
 * Meta's Graph API (`WHATSAPP_GRAPH_URL`, its version in the path): bearer token, JSON both ways,
 * errors as `{ error: { code, message, error_user_title } }`.
 */
export class CloudApiProvider implements MessagingProviderPort {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(
    private readonly credentials: CloudApiCredentials,
    opts: { baseUrl?: string; timeoutMs?: number } = {},
  ) {
    this.baseUrl = (opts.baseUrl ?? env().WHATSAPP_GRAPH_URL).replace(/\/+$/, '');
    this.timeoutMs = opts.timeoutMs ?? env().WHATSAPP_TIMEOUT_MS;
  }

  async check(): Promise<NumberCheck> {
    const answer = answerOf(
      z.object({ display_phone_number: z.string().optional(), verified_name: z.string().optional(), messaging_limit_tier: z.string().optional() }),
      await this.call('GET', `/${this.credentials.phoneNumberId}?fields=display_phone_number,verified_name,messaging_limit_tier`),
    );
    return { phone: answer.display_phone_number ?? '', name: answer.verified_name ?? '', tier: TIERS[answer.messaging_limit_tier ?? ''] ?? null };
  }

  async submitTemplate(t: TemplateSubmission): Promise<{ providerId: string; status: TemplateStatus }> {
    const answer = answerOf(
      z.object({ id: z.union([z.string(), z.number()]), status: z.string().optional() }),
      await this.call('POST', `/${this.credentials.businessAccountId}/message_templates`, { name: t.name, language: t.language, category: META_CATEGORY[t.category], components: templateComponents(t) }),
    );
    return { providerId: String(answer.id), status: META_STATUS[answer.status ?? ''] ?? 'pending' };
  }

  async editTemplate(providerId: string, t: TemplateSubmission): Promise<void> {
    await this.call('POST', `/${providerId}`, { components: templateComponents(t) });
  }

  async deleteTemplate(providerId: string, name: string): Promise<void> {
    await this.call('DELETE', `/${this.credentials.businessAccountId}/message_templates?${new URLSearchParams({ hsm_id: providerId, name }).toString()}`);
  }

  sendTemplate(to: string, template: { name: string; language: TemplateLanguage }, values: TemplateValues): Promise<{ messageId: string }> {
    return this.send({ to, type: 'template', template: { name: template.name, language: { code: template.language }, components: sendComponents(values) } });
  }

  sendText(to: string, text: string): Promise<{ messageId: string }> {
    return this.send({ to, type: 'text', text: { body: text, preview_url: false } });
  }

  private async send(message: Record<string, unknown>): Promise<{ messageId: string }> {
    const answer = answerOf(
      z.object({ messages: z.array(z.object({ id: z.string().min(1) })).min(1) }),
      await this.call('POST', `/${this.credentials.phoneNumberId}/messages`, { messaging_product: 'whatsapp', recipient_type: 'individual', ...message }),
    );
    return { messageId: answer.messages[0]!.id };
  }

  private async call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${this.credentials.accessToken}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new ProviderError(null, 'unreachable', null);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!res.ok) {
      const error = MetaErrorBody.safeParse(json);
      if (!error.success) throw new ProviderError(null, `HTTP ${res.status}`, res.status);
      const e = error.data.error;
      throw new ProviderError(e.code, e.error_user_title ?? e.error_data?.details ?? e.message ?? '', res.status);
    }
    return json;
  }
}
