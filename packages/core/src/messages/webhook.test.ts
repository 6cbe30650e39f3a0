import { MessageTexts } from '@ev/shared/schemas/messages';
import { describe, expect, it } from 'vitest';
import { nextStatus, readWebhook, signatureOf, validSignature } from './webhook';

const SECRET = 'app-secret-da-empresa-alfa';

/** Payloads shaped as Meta's webhooks reference shows them (values illustrative). */
const envelope = (field: string, value: unknown, time?: number) => ({ object: 'whatsapp_business_account', entry: [{ id: '102290129340398', ...(time ? { time } : {}), changes: [{ field, value }] }] });
const statuses = (...list: unknown[]) =>
  envelope('messages', { messaging_product: 'whatsapp', metadata: { display_phone_number: '551432221000', phone_number_id: '106540352242922' }, statuses: list });

describe('the X-Hub-Signature-256 check', () => {
  const body = JSON.stringify(statuses({ id: 'wamid.A', status: 'sent', timestamp: '1764201600', recipient_id: '5514999998888' }));

  it('accepts the HMAC-SHA256 of the raw body under the app secret, as Meta signs it', () => {
    expect(validSignature(body, signatureOf(body, SECRET), SECRET)).toBe(true);
    expect(validSignature(Buffer.from(body), signatureOf(body, SECRET).toUpperCase().replace('SHA256=', 'sha256='), SECRET)).toBe(true);
  });

  it('refuses no header, another secret, another body (one byte), and anything not shaped sha256=<64 hex>', () => {
    expect(validSignature(body, undefined, SECRET)).toBe(false);
    expect(validSignature(body, '', SECRET)).toBe(false);
    expect(validSignature(body, signatureOf(body, 'outra-empresa'), SECRET)).toBe(false);
    expect(validSignature(`${body} `, signatureOf(body, SECRET), SECRET)).toBe(false);
    expect(validSignature(body, signatureOf(body, SECRET).replace('sha256=', 'sha1='), SECRET)).toBe(false);
    expect(validSignature(body, `${signatureOf(body, SECRET)}00`, SECRET)).toBe(false);
    expect(validSignature(body, signatureOf(body, SECRET), '')).toBe(false);
  });
});

describe('reading a webhook', () => {
  it('reads message statuses, a failure with its reason, and "not on WhatsApp" as undelivered', () => {
    const events = readWebhook(
      statuses(
        { id: 'wamid.A', status: 'delivered', timestamp: '1764201600', recipient_id: '5514999998888' },
        { id: 'wamid.B', status: 'failed', timestamp: '1764201601', recipient_id: '5514999997777', errors: [{ code: 131026, title: 'Message undeliverable' }] },
        { id: 'wamid.C', status: 'failed', timestamp: '1764201602', recipient_id: '5514999996666', errors: [{ code: 130429, title: 'Rate limit hit' }] },
        { id: 'wamid.D', status: 'failed', timestamp: '1764201603', recipient_id: '5514999995555', errors: [{ code: 999999, title: 'Something new' }] },
        { id: 'wamid.E', status: 'deleted', timestamp: '1764201604', recipient_id: '5514999994444' },
        { id: 'wamid.F', status: 'failed', timestamp: '1764201605', recipient_id: '5514999993333', errors: [{ code: 131000, title: 'Something went wrong' }, { code: 131026, title: 'Message undeliverable' }] },
      ),
    );
    expect(events).toEqual([
      { kind: 'status', id: 'status:wamid.A:delivered', messageId: 'wamid.A', status: 'delivered', at: '2025-11-27T00:00:00.000Z', failure: null },
      { kind: 'status', id: 'status:wamid.B:failed', messageId: 'wamid.B', status: 'undelivered', at: '2025-11-27T00:00:01.000Z', failure: MessageTexts.failUndeliverable() },
      { kind: 'status', id: 'status:wamid.C:failed', messageId: 'wamid.C', status: 'failed', at: '2025-11-27T00:00:02.000Z', failure: MessageTexts.failRateLimit() },
      { kind: 'status', id: 'status:wamid.D:failed', messageId: 'wamid.D', status: 'failed', at: '2025-11-27T00:00:03.000Z', failure: MessageTexts.failOther({ code: '999999', title: 'Something new' }) },
      // Undelivered among other errors: its reason is the undelivered one, not the first error's.
      { kind: 'status', id: 'status:wamid.F:failed', messageId: 'wamid.F', status: 'undelivered', at: '2025-11-27T00:00:05.000Z', failure: MessageTexts.failUndeliverable() },
    ]);
    expect(MessageTexts.failOther({ code: '999999', title: 'Something new' }).message).toBe('O WhatsApp recusou a mensagem (999999: Something new).');
  });

  it('reads an inbound text with the sender’s profile name, and a quick-reply button’s text', () => {
    const events = readWebhook(
      envelope('messages', {
        messaging_product: 'whatsapp',
        metadata: { display_phone_number: '551432221000', phone_number_id: '106540352242922' },
        contacts: [{ profile: { name: 'Mercado Bom Preço' }, wa_id: '5514999998888' }],
        messages: [
          { from: '5514999998888', id: 'wamid.IN1', timestamp: '1764205200', type: 'text', text: { body: 'Quero o catálogo de Natal' } },
          { from: '5514999997777', id: 'wamid.IN2', timestamp: '1764205260', type: 'button', button: { text: 'Quero saber mais', payload: 'x' } },
          { from: '5514999997777', id: 'wamid.IN3', timestamp: '1764205300', type: 'image', image: { id: 'media-1' } },
        ],
      }),
    );
    expect(events).toEqual([
      { kind: 'inbound', id: 'inbound:wamid.IN1', from: '5514999998888', name: 'Mercado Bom Preço', text: 'Quero o catálogo de Natal', at: '2025-11-27T01:00:00.000Z' },
      { kind: 'inbound', id: 'inbound:wamid.IN2', from: '5514999997777', name: null, text: 'Quero saber mais', at: '2025-11-27T01:01:00.000Z' },
    ]);
  });

  it('reads a template’s review: approved, or rejected with Meta’s reason; each review of an edited template apart', () => {
    const review = (event: string, reason: string | null, time?: number) =>
      envelope('message_template_status_update', { event, message_template_id: 1689556908129832, message_template_name: 'promocao_natal', message_template_language: 'pt_BR', reason }, time);
    expect(readWebhook(review('APPROVED', null))).toEqual([{ kind: 'template', id: 'template:1689556908129832:APPROVED::', providerTemplateId: '1689556908129832', status: 'approved', reason: null }]);
    expect(readWebhook(review('REJECTED', 'INVALID_FORMAT', 1764205200))).toEqual([
      { kind: 'template', id: 'template:1689556908129832:REJECTED:INVALID_FORMAT:1764205200', providerTemplateId: '1689556908129832', status: 'rejected', reason: 'INVALID_FORMAT' },
    ]);
    // Approved, edited, approved again: two events, neither taken for a repeat of the other.
    const first = readWebhook(review('APPROVED', 'NONE', 1764205200))![0]!;
    const second = readWebhook(review('APPROVED', 'NONE', 1764291600))![0]!;
    expect(first.id).not.toBe(second.id);
    expect(readWebhook(review('DISABLED', null))).toEqual([]);
  });

  it('answers null for what is not Meta’s envelope, and nothing for other fields', () => {
    expect(readWebhook({ object: 'page', entry: [] })).toBeNull();
    expect(readWebhook('texto')).toBeNull();
    expect(readWebhook(envelope('account_update', { phone_number: 'x' }))).toEqual([]);
  });
});

describe('the order of a message’s statuses', () => {
  it('moves forward only: read stays read, a late "sent" or "delivered" changes nothing', () => {
    expect(nextStatus(null, 'sent')).toBe('sent');
    expect(nextStatus('sent', 'delivered')).toBe('delivered');
    expect(nextStatus('delivered', 'read')).toBe('read');
    expect(nextStatus('read', 'delivered')).toBe('read');
    expect(nextStatus('read', 'sent')).toBe('read');
    expect(nextStatus(null, 'read')).toBe('read');
  });

  it('takes a failure over "sent" only; a failure stays', () => {
    expect(nextStatus('sent', 'failed')).toBe('failed');
    expect(nextStatus('sent', 'undelivered')).toBe('undelivered');
    expect(nextStatus('delivered', 'failed')).toBe('delivered');
    expect(nextStatus('read', 'failed')).toBe('read');
    expect(nextStatus('failed', 'delivered')).toBe('failed');
  });
});
