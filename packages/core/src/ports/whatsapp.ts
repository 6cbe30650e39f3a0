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

export interface SentMessage {
  messageId: string;
  waId: string | null;
}

export interface MessagingProviderPort {
  check(): Promise<NumberCheck>;
  submitTemplate(template: TemplateSubmission): Promise<{ providerId: string; status: TemplateStatus }>;
  /** A new version of the template's content (Meta reviews it again); name, language and category stay. */
  editTemplate(providerId: string, template: TemplateSubmission): Promise<void>;
  deleteTemplate(providerId: string, name: string): Promise<void>;
  /**
   * `to`: digits with the country code, or the WhatsApp ID Meta answered for the number. Answers
   * Meta's message id (`wamid....`) and the WhatsApp ID it sent to (`contacts[0].wa_id`: an older
   * Brazilian account's may lack the ninth digit), null when Meta names none.
   */
  sendTemplate(to: string, template: { name: string; language: TemplateLanguage }, values: TemplateValues): Promise<SentMessage>;
  /** Free text, only inside the 24-hour window of the client's last message. */
  sendText(to: string, text: string): Promise<SentMessage>;
  /** Called once the caller has written what it sent: the sandbox posts its playback then. */
  flush?(): Promise<void>;
}

/** Meta's error codes that mean "too many, try later": the queue sends these again. */
const RATE_LIMITED = new Set([4, 80007, 130429, 131048, 131056]);

/**
 * An error answered by the provider: Meta's code, title and message (null when it could not be
 * reached or answered something else), and whether trying again later may succeed.
 *
 * `unanswered`: the request left (Meta may have done it) and no answer in Meta's words came back:
 * the time ran out, the connection dropped after the request was written, or the answer was not
 * Meta's. What is not safe twice (a message, a template's creation) must not be repeated blindly
 * then. Its opposite, a connection refused or a name not resolved, reached nothing: safe to repeat.
 */
export class ProviderError extends Error {
  constructor(
    readonly code: number | null,
    readonly title: string,
    readonly httpStatus: number | null,
    readonly unanswered = false,
  ) {
    super(`WhatsApp provider error ${code ?? (unanswered ? 'unanswered' : 'unreachable')}: ${title}`);
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

/** A template as Meta's template API lists it. */
const HeldTemplate = z.object({ id: z.union([z.string(), z.number()]), name: z.string().optional(), language: z.string().optional(), status: z.string().optional(), components: z.array(z.unknown()).optional() });

/** The texts of a template's components (header, body, footer, buttons), compared to tell whether Meta holds this content. */
function contentKey(components: readonly unknown[] | undefined): string {
  return JSON.stringify(
    (components ?? []).map((c) => {
      const part = (c ?? {}) as { type?: string; text?: string; buttons?: { type?: string; text?: string }[] };
      return [String(part.type ?? '').toUpperCase(), part.text ?? null, (part.buttons ?? []).map((b) => [String(b.type ?? '').toUpperCase(), b.text ?? null])];
    }),
  );
}

const sameContent = (held: readonly unknown[] | undefined, ours: readonly unknown[]) => contentKey(held) === contentKey(ours);

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

/**
 * A successful answer read by its schema. One shaped otherwise is not Meta's answer: the request
 * reached someone and may have been done, so it is "unanswered" (never repeated blindly).
 */
function answerOf<S extends z.ZodType>(schema: S, json: unknown): z.output<S> {
  const read = schema.safeParse(json);
  if (!read.success) throw new ProviderError(null, 'unexpected answer', null, true);
  return read.data;
}

/**
 * The socket errors of a request that never left this machine: the name not resolved, the
 * connection refused or not reached, TLS not agreed. Nothing reached Meta, so repeating it is safe.
 * Anything else after `fetch` began (the time out, a connection reset) may come after Meta read it.
 */
const NOT_SENT = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_INVALID_ARG', 'ERR_INVALID_URL', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'ERR_TLS_CERT_ALTNAME_INVALID', 'SELF_SIGNED_CERT_IN_CHAIN']);

/** Whether a `fetch` failure happened before the request left (its cause's code, one level down or two). */
function neverSent(e: unknown): boolean {
  let cause: unknown = e;
  for (let depth = 0; depth < 3 && cause && typeof cause === 'object'; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && NOT_SENT.has(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
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

  /**
   * Submits a template; never creates it twice. A create left unanswered (Meta may have made it),
   * or refused with Meta's 100 (what a retry meets when the first create was made: the name is
   * taken in the language), is answered by the template Meta holds under that name and language
   * when its content is this one; otherwise the error stands (a 503 the user may retry safely).
   */
  async submitTemplate(t: TemplateSubmission): Promise<{ providerId: string; status: TemplateStatus }> {
    try {
      const answer = answerOf(
        z.object({ id: z.union([z.string(), z.number()]), status: z.string().optional() }),
        await this.call('POST', `/${this.credentials.businessAccountId}/message_templates`, { name: t.name, language: t.language, category: META_CATEGORY[t.category], components: templateComponents(t) }),
      );
      return { providerId: String(answer.id), status: META_STATUS[answer.status ?? ''] ?? 'pending' };
    } catch (e) {
      if (!(e instanceof ProviderError) || !(e.unanswered || e.code === 100)) throw e;
      const held = await this.heldTemplate(t).catch(() => null);
      if (!held) throw e;
      return held;
    }
  }

  /** The template Meta holds under `t`'s name and language, if its content is `t`'s. */
  private async heldTemplate(t: TemplateSubmission): Promise<{ providerId: string; status: TemplateStatus } | null> {
    const query = new URLSearchParams({ name: t.name, fields: 'id,name,language,status,components', limit: '100' });
    const answer = answerOf(z.object({ data: z.array(HeldTemplate) }), await this.call('GET', `/${this.credentials.businessAccountId}/message_templates?${query.toString()}`));
    const held = answer.data.find((h) => h.name === t.name && h.language === t.language && sameContent(h.components, templateComponents(t)));
    return held ? { providerId: String(held.id), status: META_STATUS[held.status ?? ''] ?? 'pending' } : null;
  }

  /**
   * A new version of the template's content. An edit left unanswered is done when Meta's template
   * holds this content already (read back by its id); otherwise the error stands.
   */
  async editTemplate(providerId: string, t: TemplateSubmission): Promise<void> {
    try {
      await this.call('POST', `/${providerId}`, { components: templateComponents(t) });
    } catch (e) {
      if (!(e instanceof ProviderError) || !e.unanswered) throw e;
      const held = await this.call('GET', `/${providerId}?fields=id,name,language,status,components`)
        .then((json) => answerOf(HeldTemplate, json))
        .catch(() => null);
      if (!held || !sameContent(held.components, templateComponents(t))) throw e;
    }
  }

  async deleteTemplate(providerId: string, name: string): Promise<void> {
    await this.call('DELETE', `/${this.credentials.businessAccountId}/message_templates?${new URLSearchParams({ hsm_id: providerId, name }).toString()}`);
  }

  sendTemplate(to: string, template: { name: string; language: TemplateLanguage }, values: TemplateValues): Promise<SentMessage> {
    return this.send({ to, type: 'template', template: { name: template.name, language: { code: template.language }, components: sendComponents(values) } });
  }

  sendText(to: string, text: string): Promise<SentMessage> {
    return this.send({ to, type: 'text', text: { body: text, preview_url: false } });
  }

  private async send(message: Record<string, unknown>): Promise<SentMessage> {
    const answer = answerOf(
      z.object({ contacts: z.array(z.object({ wa_id: z.string().optional() })).optional(), messages: z.array(z.object({ id: z.string().min(1) })).min(1) }),
      await this.call('POST', `/${this.credentials.phoneNumberId}/messages`, { messaging_product: 'whatsapp', recipient_type: 'individual', ...message }),
    );
    const waId = answer.contacts?.[0]?.wa_id;
    return { messageId: answer.messages[0]!.id, waId: waId && /^\d{8,15}$/.test(waId) ? waId : null };
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
    } catch (e) {
      // Refused or not found: nothing left. The time out, a reset: Meta may have read it.
      throw neverSent(e) ? new ProviderError(null, 'unreachable', null) : new ProviderError(null, 'no answer', null, true);
    }
    let text: string;
    try {
      text = await res.text();
    } catch {
      throw new ProviderError(null, 'answer cut off', res.status, true);
    }
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!res.ok) {
      const error = MetaErrorBody.safeParse(json);
      // Not Meta's words (a gateway's page, say): whether Meta did it is unknown.
      if (!error.success) throw new ProviderError(null, `HTTP ${res.status}`, res.status, true);
      const e = error.data.error;
      throw new ProviderError(e.code, e.error_user_title ?? e.error_data?.details ?? e.message ?? '', res.status);
    }
    return json;
  }
}
