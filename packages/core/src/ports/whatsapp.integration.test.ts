import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CloudApiProvider, ProviderError, templateComponents, type TemplateSubmission } from './whatsapp';

/**
 * The Cloud API adapter against a local server that answers as Meta's Graph API documents it:
 * `POST /{waba-id}/message_templates` (`{ id, status, category }`), `POST /{phone-number-id}/messages`
 * (`{ messaging_product, contacts, messages: [{ id }] }`), `GET /{phone-number-id}?fields=…`,
 * `POST /{template-id}`, `DELETE /{waba-id}/message_templates?hsm_id=&name=`, and its errors as
 * `{ error: { message, type, code, error_subcode, error_data, fbtrace_id } }`.
 */
type Seen = { method: string; path: string; query: URLSearchParams; authorization: string | undefined; body: unknown };
type Reply = { status: number; body: unknown; delayMs?: number };
const seen: Seen[] = [];
let next: Reply[] = [];
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      seen.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, authorization: req.headers.authorization, body: raw ? JSON.parse(raw) : null });
      const reply = next.shift() ?? { status: 200, body: { success: true } };
      // Meta answering late: after the product's timeout, the request already taken.
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body));
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v23.0`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
  next = [];
});

const credentials = { phoneNumberId: '106540352242922', businessAccountId: '102290129340398', accessToken: 'EAAG-token-da-empresa' };
const provider = () => new CloudApiProvider(credentials, { baseUrl, timeoutMs: 2000 });
const metaError = (code: number, message: string, extra: Record<string, unknown> = {}) => ({ error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdEf123', ...extra } });

const template: TemplateSubmission = {
  name: 'promocao_natal',
  category: 'marketing',
  language: 'pt_BR',
  header: 'Natal na {{1}}',
  headerExample: 'Distribuidora Exemplo',
  body: 'Olá {{1}}, os produtos de Natal chegaram com {{2}} de desconto.',
  bodyExamples: ['Mercado Bom Preço', '10%'],
  footer: 'Responda SAIR para não receber mais',
  buttons: [
    { type: 'quick_reply', text: 'Quero saber mais' },
    { type: 'url', text: 'Ver catálogo', url: 'https://exemplo.com.br/natal' },
    { type: 'phone_number', text: 'Ligar', phone: '551432221000' },
  ],
};

describe('the WhatsApp Cloud API adapter', () => {
  it('submits a template as Meta’s template API takes it, with the examples its review reads', async () => {
    next = [{ status: 200, body: { id: '1689556908129832', status: 'PENDING', category: 'MARKETING' } }];
    expect(await provider().submitTemplate(template)).toEqual({ providerId: '1689556908129832', status: 'pending' });
    expect(seen[0]).toMatchObject({ method: 'POST', path: `/v23.0/${credentials.businessAccountId}/message_templates`, authorization: 'Bearer EAAG-token-da-empresa' });
    expect(seen[0]!.body).toEqual({
      name: 'promocao_natal',
      language: 'pt_BR',
      category: 'MARKETING',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Natal na {{1}}', example: { header_text: ['Distribuidora Exemplo'] } },
        { type: 'BODY', text: 'Olá {{1}}, os produtos de Natal chegaram com {{2}} de desconto.', example: { body_text: [['Mercado Bom Preço', '10%']] } },
        { type: 'FOOTER', text: 'Responda SAIR para não receber mais' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Quero saber mais' },
            { type: 'URL', text: 'Ver catálogo', url: 'https://exemplo.com.br/natal' },
            { type: 'PHONE_NUMBER', text: 'Ligar', phone_number: '551432221000' },
          ],
        },
      ],
    });
  });

  it('sends a template with its values and a free text, answering Meta’s message id', async () => {
    next = [
      { status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: '5514999998888', wa_id: '5514999998888' }], messages: [{ id: 'wamid.HBgNNTUxNDk5OTk5ODg4OBUCABEYEjA', message_status: 'accepted' }] } },
      { status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: '5514999998888', wa_id: '5514999998888' }], messages: [{ id: 'wamid.TEXTO' }] } },
    ];
    const p = provider();
    expect(await p.sendTemplate('5514999998888', { name: 'promocao_natal', language: 'pt_BR' }, { header: 'Distribuidora Exemplo', body: ['Mercado Bom Preço', '10%'] })).toEqual({ messageId: 'wamid.HBgNNTUxNDk5OTk5ODg4OBUCABEYEjA', waId: '5514999998888' });
    expect(seen[0]).toMatchObject({ method: 'POST', path: `/v23.0/${credentials.phoneNumberId}/messages` });
    expect(seen[0]!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5514999998888',
      type: 'template',
      template: {
        name: 'promocao_natal',
        language: { code: 'pt_BR' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: 'Distribuidora Exemplo' }] },
          { type: 'body', parameters: [{ type: 'text', text: 'Mercado Bom Preço' }, { type: 'text', text: '10%' }] },
        ],
      },
    });
    expect(await p.sendText('5514999998888', 'Segue o catálogo.')).toEqual({ messageId: 'wamid.TEXTO', waId: '5514999998888' });
    expect(seen[1]!.body).toEqual({ messaging_product: 'whatsapp', recipient_type: 'individual', to: '5514999998888', type: 'text', text: { body: 'Segue o catálogo.', preview_url: false } });
  });

  it('reads the number and its daily tier for the connection test', async () => {
    next = [
      { status: 200, body: { display_phone_number: '+55 14 3222-1000', verified_name: 'Distribuidora Exemplo', messaging_limit_tier: 'TIER_10K', id: credentials.phoneNumberId } },
      { status: 200, body: { display_phone_number: '+55 14 3222-1000', verified_name: 'Distribuidora Exemplo', messaging_limit_tier: 'TIER_50', id: credentials.phoneNumberId } },
    ];
    expect(await provider().check()).toEqual({ phone: '+55 14 3222-1000', name: 'Distribuidora Exemplo', tier: '10000' });
    expect(seen[0]!.path).toBe(`/v23.0/${credentials.phoneNumberId}`);
    expect(seen[0]!.query.get('fields')).toBe('display_phone_number,verified_name,messaging_limit_tier');
    // A tier this product does not name: none read (the administrator's, or the lowest, holds).
    expect((await provider().check()).tier).toBeNull();
  });

  it('edits and deletes a template where Meta’s API takes them', async () => {
    const p = provider();
    await p.editTemplate('1689556908129832', template);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v23.0/1689556908129832' });
    expect((seen[0]!.body as { components: unknown[] }).components).toHaveLength(4);
    await p.deleteTemplate('1689556908129832', 'promocao_natal');
    expect(seen[1]).toMatchObject({ method: 'DELETE', path: `/v23.0/${credentials.businessAccountId}/message_templates` });
    expect(Object.fromEntries(seen[1]!.query)).toEqual({ hsm_id: '1689556908129832', name: 'promocao_natal' });
  });

  it('throws Meta’s errors with their code: rate limit (retry later), invalid parameter, not on WhatsApp, expired token', async () => {
    const p = provider();
    const failure = async (reply: Reply) => {
      next = [reply];
      const e = await p.sendTemplate('5514999998888', { name: 'promocao_natal', language: 'pt_BR' }, { body: ['x'] }).catch((err: unknown) => err);
      expect(e).toBeInstanceOf(ProviderError);
      return e as ProviderError;
    };
    const rate = await failure({ status: 400, body: metaError(130429, '(#130429) Rate limit hit', { error_data: { messaging_product: 'whatsapp', details: 'Cloud API message throughput has been reached.' } }) });
    expect([rate.code, rate.retryable, rate.title]).toEqual([130429, true, 'Cloud API message throughput has been reached.']);
    const parameter = await failure({ status: 400, body: metaError(131008, '(#131008) Required parameter is missing', { error_data: { details: 'Parameter name is missing' } }) });
    expect([parameter.code, parameter.retryable]).toEqual([131008, false]);
    const invalid = await failure({ status: 400, body: metaError(100, '(#100) Invalid parameter', { error_subcode: 2494010 }) });
    expect([invalid.code, invalid.retryable, invalid.httpStatus]).toEqual([100, false, 400]);
    const notOnWhatsApp = await failure({ status: 400, body: metaError(131026, '(#131026) Message undeliverable') });
    expect([notOnWhatsApp.code, notOnWhatsApp.retryable]).toEqual([131026, false]);
    const expired = await failure({ status: 401, body: metaError(190, 'Error validating access token: Session has expired on Friday, 27-Nov-26 10:00:00 PST.', { error_subcode: 463 }) });
    expect([expired.code, expired.retryable, expired.httpStatus]).toEqual([190, false, 401]);
    expect(expired.metaError).toEqual({ code: 190, title: 'Error validating access token: Session has expired on Friday, 27-Nov-26 10:00:00 PST.' });
    // Meta's own failure, or something that is not its envelope: try again later.
    const down = await failure({ status: 503, body: { message: 'Service Unavailable' } });
    expect([down.code, down.retryable]).toEqual([null, true]);
  });

  it('throws a retryable error when the API cannot be reached: nothing left, so nothing may have arrived', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const e = await new CloudApiProvider(credentials, { baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 1000 }).sendText('5514999998888', 'Oi').catch((err: unknown) => err);
    expect(e).toBeInstanceOf(ProviderError);
    expect([(e as ProviderError).code, (e as ProviderError).retryable, (e as ProviderError).unanswered]).toEqual([null, true, false]);
    const unresolved = await new CloudApiProvider(credentials, { baseUrl: 'http://graph.nao-existe.invalid/v23.0', timeoutMs: 1000 }).sendText('5514999998888', 'Oi').catch((err: unknown) => err);
    expect((unresolved as ProviderError).unanswered).toBe(false);
  });

  it('tells a send Meta took but answered after the timeout ("may have arrived") from one that never left', async () => {
    next = [{ status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: '5514999998888', wa_id: '5514999998888' }], messages: [{ id: 'wamid.TARDE' }] }, delayMs: 400 }];
    const late = await new CloudApiProvider(credentials, { baseUrl, timeoutMs: 100 }).sendTemplate('5514999998888', { name: 'promocao_natal', language: 'pt_BR' }, { body: ['x'] }).catch((err: unknown) => err);
    expect(seen).toHaveLength(1);
    expect(late).toBeInstanceOf(ProviderError);
    expect([(late as ProviderError).code, (late as ProviderError).unanswered]).toEqual([null, true]);
    // An answer that is not Meta's (a gateway's page, a success without the message id): unknown whether it went.
    next = [{ status: 504, body: 'Gateway Timeout' }, { status: 200, body: { messaging_product: 'whatsapp' } }];
    for (let i = 0; i < 2; i++) expect(((await provider().sendText('5514999998888', 'Oi').catch((err: unknown) => err)) as ProviderError).unanswered).toBe(true);
    // Meta's own refusal, in its words, is an answer.
    next = [{ status: 400, body: metaError(131026, '(#131026) Message undeliverable') }];
    expect(((await provider().sendText('5514999998888', 'Oi').catch((err: unknown) => err)) as ProviderError).unanswered).toBe(false);
  });

  it('answers the WhatsApp ID Meta sent to: an older Brazilian account’s lacks the ninth digit', async () => {
    next = [{ status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: '5531991230076', wa_id: '553191230076' }], messages: [{ id: 'wamid.BH' }] } }];
    expect(await provider().sendText('5531991230076', 'Oi')).toEqual({ messageId: 'wamid.BH', waId: '553191230076' });
  });

  it('never creates a template twice: a create answered late, or a retry Meta refuses as taken, is the template Meta holds with this content', async () => {
    const held = { data: [{ id: '1689556908129832', name: 'promocao_natal', language: 'pt_BR', status: 'PENDING', category: 'MARKETING', components: templateComponents(template) }], paging: {} };
    next = [{ status: 200, body: { id: '1689556908129832', status: 'PENDING', category: 'MARKETING' }, delayMs: 400 }, { status: 200, body: held }];
    const late = new CloudApiProvider(credentials, { baseUrl, timeoutMs: 200 });
    expect(await late.submitTemplate(template)).toEqual({ providerId: '1689556908129832', status: 'pending' });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([`POST /v23.0/${credentials.businessAccountId}/message_templates`, `GET /v23.0/${credentials.businessAccountId}/message_templates`]);
    expect(Object.fromEntries(seen[1]!.query)).toMatchObject({ name: 'promocao_natal' });

    // The retry of a create whose answer was lost: Meta says the name is taken; it is this template.
    seen.length = 0;
    next = [{ status: 400, body: metaError(100, '(#100) Invalid parameter', { error_subcode: 2388024, error_user_title: 'Já existe conteúdo neste idioma' }) }, { status: 200, body: held }];
    expect(await provider().submitTemplate(template)).toEqual({ providerId: '1689556908129832', status: 'pending' });
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(1);

    // Another content under the name, or none: Meta's error stands.
    const other = { data: [{ ...held.data[0]!, components: [{ type: 'BODY', text: 'Outro texto' }] }] };
    next = [{ status: 400, body: metaError(100, '(#100) Invalid parameter', { error_subcode: 2388024 }) }, { status: 200, body: other }];
    expect(((await provider().submitTemplate(template).catch((err: unknown) => err)) as ProviderError).code).toBe(100);
    next = [{ status: 200, body: { id: '1' }, delayMs: 400 }, { status: 200, body: { data: [] } }];
    expect(((await late.submitTemplate(template).catch((err: unknown) => err)) as ProviderError).unanswered).toBe(true);
  });

  it('takes an edit answered late as done when Meta’s template holds the new content', async () => {
    const late = new CloudApiProvider(credentials, { baseUrl, timeoutMs: 200 });
    const components = templateComponents(template);
    next = [{ status: 200, body: { success: true }, delayMs: 400 }, { status: 200, body: { id: '1689556908129832', name: 'promocao_natal', language: 'pt_BR', status: 'PENDING', components } }];
    await late.editTemplate('1689556908129832', template);
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /v23.0/1689556908129832', 'GET /v23.0/1689556908129832']);
    next = [{ status: 200, body: { success: true }, delayMs: 400 }, { status: 200, body: { id: '1689556908129832', status: 'APPROVED', components: [{ type: 'BODY', text: 'O texto de antes' }] } }];
    expect(((await late.editTemplate('1689556908129832', template).catch((err: unknown) => err)) as ProviderError).unanswered).toBe(true);
  });
});
