import { fold } from '@ev/shared/text';
import { Clock } from '../clock';
import { newId } from '../ids';
import type { MessagingProviderPort, NumberCheck, SentMessage, TemplateSubmission } from '../ports/whatsapp';

/**
 * The sandbox provider (issue 16 item 1, docs/messages.md "The sandbox"): for `npm start`, demos
 * and tests. It takes what the Cloud API takes and, instead of sending anything, plays back what
 * Meta would post to the company's webhook, shaped as Meta shapes it, through `playback` (the same
 * intake as Meta's calls: signature, deduplication, the queue). What it answers follows from what
 * it is given, so a demo and a test know what to expect:
 * - a template is approved, unless a utility or authentication template reads as an offer
 *   (Meta's TAG_CONTENT_MISMATCH) or has a link that is not https (INVALID_FORMAT);
 * - a message to a number whose last two digits are 00–03 fails as undelivered (Meta's 131026),
 *   04–05 fails as a marketing opt-out (131050); any other is sent and delivered, read when the
 *   last two digits are under 70, and a number ending in 7 replies.
 */
export const SANDBOX_NUMBER = { phone: '+55 14 3003-0000', name: 'Distribuidora (sandbox)', phoneNumberId: '100000000000000', businessAccountId: '200000000000000' };

/** Offer words Meta's review does not accept in a utility or authentication template. */
const OFFER = /\b(promocao|promocoes|desconto|descontos|oferta|ofertas|gratis|liquidacao|cupom|black friday)\b/;

export type SandboxPlayback = (payload: unknown) => Promise<void>;

export class SandboxProvider implements MessagingProviderPort {
  /** What Meta would post, held until the caller has written its records (`flush`): Meta posts after it answers. */
  private readonly held: unknown[] = [];

  constructor(private readonly playback: SandboxPlayback) {}

  async flush(): Promise<void> {
    for (const payload of this.held.splice(0)) await this.playback(payload);
  }

  async check(): Promise<NumberCheck> {
    return { phone: SANDBOX_NUMBER.phone, name: SANDBOX_NUMBER.name, tier: '2000' };
  }

  async submitTemplate(t: TemplateSubmission): Promise<{ providerId: string; status: 'pending' }> {
    const providerId = String(Clock.now()) + String(Math.floor(Math.random() * 1000)).padStart(3, '0');
    this.held.push(templateReview(providerId, t));
    return { providerId, status: 'pending' };
  }

  async editTemplate(providerId: string, t: TemplateSubmission): Promise<void> {
    this.held.push(templateReview(providerId, t));
  }

  async deleteTemplate(): Promise<void> {}

  async sendTemplate(to: string): Promise<SentMessage> {
    const messageId = `wamid.SANDBOX${newId().replace(/-/g, '')}`;
    this.held.push(messageOutcome(to, messageId, true));
    return { messageId, waId: to };
  }

  async sendText(to: string): Promise<SentMessage> {
    const messageId = `wamid.SANDBOX${newId().replace(/-/g, '')}`;
    this.held.push(messageOutcome(to, messageId, false));
    return { messageId, waId: to };
  }
}

/** Meta's envelope around one change of the sandbox's business account. */
function envelope(field: string, value: unknown) {
  return { object: 'whatsapp_business_account', entry: [{ id: SANDBOX_NUMBER.businessAccountId, time: Math.floor(Clock.now() / 1000), changes: [{ field, value }] }] };
}

function templateReview(providerId: string, t: TemplateSubmission) {
  const text = fold([t.header, t.body, t.footer].filter(Boolean).join(' '));
  const reason =
    t.category !== 'marketing' && OFFER.test(text) ? 'TAG_CONTENT_MISMATCH' : /http:\/\//i.test([t.body, ...t.buttons.map((b) => (b.type === 'url' ? b.url : ''))].join(' ')) ? 'INVALID_FORMAT' : null;
  return envelope('message_template_status_update', {
    event: reason ? 'REJECTED' : 'APPROVED',
    message_template_id: Number(providerId),
    message_template_name: t.name,
    message_template_language: t.language,
    reason: reason ?? 'NONE',
  });
}

const META_ERRORS: Record<number, { title: string; message: string }> = {
  131026: { title: 'Message undeliverable', message: 'Message undeliverable' },
  131050: { title: 'Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business.', message: 'User has stopped marketing messages' },
};

/**
 * What the sandbox makes of a message to `to`, by the number's last two digits: Meta's failure code,
 * or how far it gets (read or delivered) and whether the client replies. The demo's past sends
 * follow the same rule.
 */
export function sandboxOutcome(to: string, template: boolean): { failure: 131026 | 131050 | null; read: boolean; replies: boolean } {
  const lastTwo = Number(to.replace(/\D/g, '').slice(-2) || '0');
  const failure = template && lastTwo <= 3 ? 131026 : template && lastTwo <= 5 ? 131050 : null;
  return { failure, read: !failure && lastTwo < 70, replies: !failure && template && lastTwo % 10 === 7 };
}

/** What the sandbox's client writes back. */
export const SANDBOX_REPLY = 'Obrigado! Pode me mandar o catálogo novo?';

function messageOutcome(to: string, messageId: string, template: boolean) {
  const outcome = sandboxOutcome(to, template);
  const seconds = Math.floor(Clock.now() / 1000);
  const status = (s: string, after: number, errors?: unknown[]) => ({ id: messageId, status: s, timestamp: String(seconds + after), recipient_id: to, ...(errors ? { errors } : {}) });
  const metadata = { display_phone_number: SANDBOX_NUMBER.phone.replace(/\D/g, ''), phone_number_id: SANDBOX_NUMBER.phoneNumberId };
  const failure = outcome.failure;
  if (failure) {
    return envelope('messages', { messaging_product: 'whatsapp', metadata, statuses: [status('failed', 0, [{ code: failure, ...META_ERRORS[failure]!, error_data: { details: META_ERRORS[failure]!.message } }])] });
  }
  const statuses = [status('sent', 0), status('delivered', 0), ...(outcome.read ? [status('read', 0)] : [])];
  const reply = outcome.replies
    ? { contacts: [{ profile: { name: 'Cliente' }, wa_id: to }], messages: [{ from: to, id: `wamid.SANDBOXIN${newId().replace(/-/g, '')}`, timestamp: String(seconds), type: 'text', text: { body: SANDBOX_REPLY } }] }
    : {};
  return envelope('messages', { messaging_product: 'whatsapp', metadata, statuses, ...reply });
}
