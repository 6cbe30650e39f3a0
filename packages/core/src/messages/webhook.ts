import { createHmac, timingSafeEqual } from 'node:crypto';
import { MessageTexts, type MessageStatus, type TemplateStatus } from '@ev/shared/schemas/messages';
import type { Said } from '@ev/shared/texts';
import { z } from 'zod';

/**
 * What Meta's WhatsApp Cloud API posts to a company's webhook (issue 16 item 6, docs/messages.md):
 * the `X-Hub-Signature-256` check over the raw body, the payload read into the events this product
 * keeps (a template's review, a message's status, an inbound text), and the order a message's
 * statuses may take. Pure functions: the route and the queue consumer store what they return.
 */

/**
 * Whether `header` (`sha256=<hex>`) is the HMAC-SHA256 of the raw body under the company's app
 * secret. A missing or malformed header is false; the comparison takes the same time whatever
 * the first differing byte.
 */
export function validSignature(rawBody: string | Uint8Array, header: string | null | undefined, appSecret: string): boolean {
  const sent = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '')?.[1];
  if (!sent || !appSecret) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(sent, 'hex'));
}

/** The header Meta would send for `rawBody` (the sandbox provider signs its playback with it). */
export function signatureOf(rawBody: string | Uint8Array, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

const MetaError = z.object({ code: z.number(), title: z.string().optional(), message: z.string().optional() });
const Status = z.object({
  id: z.string().min(1),
  status: z.string(),
  timestamp: z.string(),
  recipient_id: z.string().optional(),
  errors: z.array(MetaError).optional(),
});
const Inbound = z.object({
  id: z.string().min(1),
  from: z.string().min(1),
  timestamp: z.string(),
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  button: z.object({ text: z.string() }).optional(),
});
const MessagesValue = z.object({
  metadata: z.object({ phone_number_id: z.string() }).optional(),
  contacts: z.array(z.object({ wa_id: z.string(), profile: z.object({ name: z.string() }).optional() })).optional(),
  messages: z.array(Inbound).optional(),
  statuses: z.array(Status).optional(),
});
const TemplateValue = z.object({
  event: z.string(),
  message_template_id: z.union([z.number(), z.string()]),
  message_template_name: z.string().optional(),
  message_template_language: z.string().optional(),
  reason: z.string().nullish(),
});
/** The envelope Meta posts: a business account's entries, each with its changes by field. */
export const WebhookPayload = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(z.object({ id: z.string(), time: z.number().optional(), changes: z.array(z.object({ field: z.string(), value: z.unknown() })) })),
});

export type WebhookEvent =
  | { kind: 'template'; id: string; providerTemplateId: string; status: TemplateStatus; reason: string | null }
  | { kind: 'status'; id: string; messageId: string; status: MessageStatus; at: string; failure: Said | null }
  | { kind: 'inbound'; id: string; from: string; name: string | null; text: string; at: string };

const TEMPLATE_EVENTS: Record<string, TemplateStatus> = { APPROVED: 'approved', REJECTED: 'rejected', PENDING: 'pending' };

/**
 * The events of a payload this product keeps, each with an id to deduplicate by (Meta delivers a
 * webhook at least once, and again when an answer is slow). Anything else (other fields, media
 * messages, template events other than a review) is left out; a payload not shaped as Meta's is
 * null.
 */
export function readWebhook(payload: unknown): WebhookEvent[] | null {
  const parsed = WebhookPayload.safeParse(payload);
  if (!parsed.success) return null;
  const events: WebhookEvent[] = [];
  for (const entry of parsed.data.entry) {
    for (const change of entry.changes) {
      if (change.field === 'message_template_status_update') {
        const v = TemplateValue.safeParse(change.value);
        const status = v.success ? TEMPLATE_EVENTS[v.data.event] : undefined;
        if (!v.success || !status) continue;
        const providerTemplateId = String(v.data.message_template_id);
        // A template is reviewed again after each edit: the entry's time tells the reviews apart.
        events.push({ kind: 'template', id: `template:${providerTemplateId}:${v.data.event}:${v.data.reason ?? ''}:${entry.time ?? ''}`, providerTemplateId, status, reason: status === 'rejected' ? v.data.reason || null : null });
      } else if (change.field === 'messages') {
        const v = MessagesValue.safeParse(change.value);
        if (!v.success) continue;
        const names = new Map((v.data.contacts ?? []).map((c) => [c.wa_id, c.profile?.name ?? null]));
        for (const s of v.data.statuses ?? []) {
          // The error that names the failure, read once for both the status and its reason.
          const error = s.errors?.find((e) => e.code === UNDELIVERABLE) ?? s.errors?.[0];
          const status = statusOf(s.status, error);
          if (!status) continue;
          events.push({ kind: 'status', id: `status:${s.id}:${s.status}`, messageId: s.id, status, at: isoOf(s.timestamp), failure: status === 'failed' || status === 'undelivered' ? failureOf(error) : null });
        }
        for (const m of v.data.messages ?? []) {
          const text = m.text?.body ?? m.button?.text;
          if (text === undefined) continue;
          events.push({ kind: 'inbound', id: `inbound:${m.id}`, from: m.from, name: names.get(m.from) ?? null, text, at: isoOf(m.timestamp) });
        }
      }
    }
  }
  return events;
}

/** Meta's code for a message that cannot reach the number (not on WhatsApp, an old app): the spec's "undelivered". */
const UNDELIVERABLE = 131026;

function statusOf(status: string, error: z.infer<typeof MetaError> | undefined): MessageStatus | null {
  if (status === 'sent' || status === 'delivered' || status === 'read') return status;
  if (status === 'failed') return error?.code === UNDELIVERABLE ? 'undelivered' : 'failed';
  return null;
}

/** Why a message failed, in the user's language, from Meta's error code. */
export function failureOf(error: z.infer<typeof MetaError> | undefined): Said {
  const T = MessageTexts;
  switch (error?.code) {
    case 4:
    case 80007:
    case 130429:
    case 131048:
    case 131056:
      return T.failRateLimit();
    case UNDELIVERABLE:
      return T.failUndeliverable();
    case 131047:
      return T.failWindow();
    case 100:
    case 131008:
    case 132000:
    case 132018:
      return T.failParameters();
    case 132001:
    case 132015:
    case 132016:
      return T.failTemplate();
    case 190:
      return T.failToken();
    case 131050:
      return T.failOptOut();
    default:
      return T.failOther({ code: String(error?.code ?? '?'), title: error?.title ?? error?.message ?? '' });
  }
}

/** Meta's timestamps are Unix seconds as text. */
function isoOf(seconds: string): string {
  const n = Number(seconds);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000).toISOString() : new Date(0).toISOString();
}

/** How far along a message is: a later status of a lower rank (a late "sent" after "read") changes nothing. */
const RANK: Record<MessageStatus, number> = { sent: 1, delivered: 2, read: 3, failed: 1, undelivered: 1 };

/**
 * The status a message takes when `incoming` arrives and it is `current` (null: not sent yet).
 * Statuses only move forward: read stays read whatever arrives after it, and a failure reported
 * after the message was delivered or read is left out (Meta's order of delivery is not the order
 * of the events). A failed message sent again starts over (the caller clears its status).
 */
export function nextStatus(current: MessageStatus | null, incoming: MessageStatus): MessageStatus {
  if (current === null) return incoming;
  if (current === 'failed' || current === 'undelivered') return current;
  return RANK[incoming] > RANK[current] || ((incoming === 'failed' || incoming === 'undelivered') && current === 'sent') ? incoming : current;
}
