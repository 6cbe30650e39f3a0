import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Clock } from '@ev/core/clock';
import { runAs } from '@ev/core/context';
import { dynamoClient, tableName } from '@ev/core/db/client';
import { Keys } from '@ev/core/db/keys';
import { Clients } from '@ev/core/clients';
import { resetEnv } from '@ev/core/env';
import { MessagesRepository } from '@ev/core/messages/repository';
import { signatureOf } from '@ev/core/messages/webhook';
import { ApiTexts } from '@ev/shared/messages';
import { MessageTexts } from '@ev/shared/schemas/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { drainJobs } from '../testing/imports';
import { makeWorld, tokensFor, type World } from '../testing/world';

/**
 * WhatsApp messaging through HTTP (issue 16): the provider account (administrators only; the token
 * and the app secret sealed and never answered), the connection test against a stand-in of Meta's
 * Graph API, the webhook's handshake and signature, and templates as Meta allows them, reviewed
 * by webhook (Meta's stand-in) or by the sandbox's playback.
 */
const api = checkedCall;
const DENIED = ApiTexts.forbidden().message;
const TOKEN = 'EAAG-token-secreto-da-empresa-alfa';
const APP_SECRET = 'segredo-do-app-alfa-0123456789';

type Seen = { method: string; path: string; authorization: string | undefined; body?: Record<string, unknown> };
const seen: Seen[] = [];
/** What the stand-in answers next, by method and path prefix (after `delayMs`: Meta answering late); otherwise Meta's usual success. */
let answer: (req: Seen) => { status?: number; body?: unknown; delayMs?: number } | undefined = () => undefined;
let graph: http.Server;
let graphUrl: string;
let templateIds = 1689556908129000;
let messageIds = 0;

let a: World;
let b: World;
const t = {} as Record<'admin' | 'salesman' | 'adminB', string>;
const before = process.env.WHATSAPP_GRAPH_URL;

beforeAll(async () => {
  graph = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const r: Seen = { method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization, ...(raw ? { body: JSON.parse(raw) as Record<string, unknown> } : {}) };
      seen.push(r);
      const given = answer(r);
      const to = typeof r.body?.to === 'string' ? r.body.to : 'x';
      const body =
        given?.body ??
        (r.path.endsWith('/message_templates') && r.method === 'POST'
          ? { id: String(++templateIds), status: 'PENDING', category: 'MARKETING' }
          : r.path.endsWith('/messages') && r.method === 'POST'
            ? { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: `wamid.STANDIN${++messageIds}` }] }
          : r.method === 'GET'
            ? { display_phone_number: '+55 14 3222-1000', verified_name: 'Distribuidora Alfa', messaging_limit_tier: 'TIER_10K', id: '106540352242922' }
            : { success: true });
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(given?.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      }, given?.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  graphUrl = `http://127.0.0.1:${(graph.address() as AddressInfo).port}/v23.0`;
  process.env.WHATSAPP_GRAPH_URL = graphUrl;
  resetEnv();
  [a, b] = await Promise.all([makeWorld('Alfa'), makeWorld('Beta')]);
  Object.assign(t, await tokensFor({ admin: [a, a.admin], salesman: [a, a.salesman], adminB: [b, b.admin] }));
});

afterAll(async () => {
  if (before === undefined) delete process.env.WHATSAPP_GRAPH_URL;
  else process.env.WHATSAPP_GRAPH_URL = before;
  resetEnv();
  graph.closeAllConnections();
  await new Promise<void>((resolve) => graph.close(() => resolve()));
});

const fieldsOf = (res: { body: { fields?: { field: string; message: string }[] } }) => Object.fromEntries((res.body.fields ?? []).map((f) => [f.field, f.message]));
const cloud = { provider: 'cloud', phoneNumberId: '106540352242922', businessAccountId: '102290129340398' };
/** Meta's envelope of a template's review, as posted to the webhook. */
const review = (providerId: string, event: string, reason = 'NONE', time = Math.floor(Date.now() / 1000)) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: cloud.businessAccountId, time, changes: [{ field: 'message_template_status_update', value: { event, message_template_id: Number(providerId), message_template_name: 'x', message_template_language: 'pt_BR', reason } }] }],
  });
const post = (tenantId: string, raw: string, signature?: string) =>
  api('POST', `/api/webhooks/whatsapp/${tenantId}`, { body: raw, headers: signature === undefined ? {} : { 'x-hub-signature-256': signature } });
const storedProviderId = (tenantId: string, id: string) => runAs({ tenantId }, async () => (await MessagesRepository.template(id))!.providerId);

describe('the provider account', () => {
  it('starts not configured, with the company’s verify token and webhook URL; only administrators read it', async () => {
    const res = await api('GET', '/api/messages/account', { token: t.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ provider: null, configured: false, accessTokenSet: false, appSecretSet: false, dailyTier: 'account', dailyLimit: 250, lastCheck: null, version: 0 });
    expect(res.body.verifyToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(res.body.webhookUrl).toMatch(new RegExp(`/api/webhooks/whatsapp/${a.tenant.id}$`));
    const other = await api('GET', '/api/messages/account', { token: t.adminB });
    expect(other.body.verifyToken).not.toBe(res.body.verifyToken);
    const denied = await api('GET', '/api/messages/account', { token: t.salesman });
    expect([denied.status, denied.body.message]).toEqual([403, DENIED]);
    expect((await api('PUT', '/api/messages/account', { token: t.salesman, body: { provider: 'sandbox' } })).status).toBe(403);
  });

  it('refuses a Cloud API account without its ids, token or secret, each named in Portuguese, and keeps nothing', async () => {
    const bare = await api('PUT', '/api/messages/account', { token: t.admin, body: { provider: 'cloud', phoneNumberId: '12a' } });
    expect(bare.status).toBe(400);
    expect(fieldsOf(bare)).toMatchObject({ phoneNumberId: MessageTexts.phoneNumberId().message, businessAccountId: MessageTexts.businessAccountId().message });
    const noToken = await api('PUT', '/api/messages/account', { token: t.admin, body: cloud });
    expect([noToken.status, fieldsOf(noToken)]).toEqual([400, { accessToken: MessageTexts.accessToken().message }]);
    const noSecret = await api('PUT', '/api/messages/account', { token: t.admin, body: { ...cloud, accessToken: TOKEN } });
    expect([noSecret.status, fieldsOf(noSecret)]).toEqual([400, { appSecret: MessageTexts.appSecret().message }]);
    expect((await api('GET', '/api/messages/account', { token: t.admin })).body.version).toBe(0);
  });

  it('saves the token and the secret sealed, never answers them, keeps them when left empty; a stale version is 409', async () => {
    const saved = await api('PUT', '/api/messages/account', { token: t.admin, body: { ...cloud, accessToken: TOKEN, appSecret: APP_SECRET } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ provider: 'cloud', configured: true, accessTokenSet: true, appSecretSet: true, version: 1 });
    expect(saved.text).not.toContain(TOKEN);
    expect(saved.text).not.toContain(APP_SECRET);
    const stored = await runAs({ tenantId: a.tenant.id }, () => MessagesRepository.account());
    expect(JSON.stringify(stored)).not.toContain(TOKEN);
    expect(JSON.stringify(stored)).not.toContain(APP_SECRET);
    expect(stored!.accessToken).toMatch(/^v1\./);

    const stale = await api('PUT', '/api/messages/account', { token: t.admin, body: { ...cloud, dailyTier: '2000' } });
    expect(stale.status).toBe(409);
    const kept = await api('PUT', '/api/messages/account', { token: t.admin, body: { ...cloud, accessToken: '', dailyTier: 'account', version: 1 } });
    expect(kept.body).toMatchObject({ accessTokenSet: true, appSecretSet: true, version: 2 });
    expect((await runAs({ tenantId: a.tenant.id }, () => MessagesRepository.account()))!.accessToken).toBe(stored!.accessToken);
  });

  it('tests the connection with the token: the number, its name and the daily tier read from Meta, or why it failed', async () => {
    seen.length = 0;
    const ok = await api('POST', '/api/messages/account/test', { token: t.admin });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.lastCheck).toMatchObject({ ok: true, phone: '+55 14 3222-1000', name: 'Distribuidora Alfa', tier: '10000', reason: null });
    expect(ok.body.dailyLimit).toBe(10_000);
    expect(seen).toEqual([{ method: 'GET', path: `/v23.0/${cloud.phoneNumberId}`, authorization: `Bearer ${TOKEN}` }]);

    answer = (r) => (r.method === 'GET' ? { status: 401, body: { error: { message: 'Error validating access token: Session has expired.', type: 'OAuthException', code: 190, error_subcode: 463 } } } : undefined);
    const expired = await api('POST', '/api/messages/account/test', { token: t.admin });
    answer = () => undefined;
    expect(expired.body.lastCheck).toMatchObject({ ok: false, phone: null, reason: MessageTexts.failToken().message });
    // The salesman reads only what a send needs.
    const state = await api('GET', '/api/messages/state', { token: t.admin });
    expect(state.body).toEqual({ configured: true, provider: 'cloud', dailyLimit: 250 });
    expect((await api('POST', '/api/messages/account/test', { token: t.salesman })).status).toBe(403);
  });
});

describe('the webhook', () => {
  it('answers Meta’s handshake with the company’s verify token only', async () => {
    const { verifyToken } = (await api('GET', '/api/messages/account', { token: t.admin })).body;
    const ok = await api('GET', `/api/webhooks/whatsapp/${a.tenant.id}?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=1158201444`);
    expect([ok.status, ok.text]).toEqual([200, '1158201444']);
    const wrong = await api('GET', `/api/webhooks/whatsapp/${a.tenant.id}?hub.mode=subscribe&hub.verify_token=outro&hub.challenge=1158201444`);
    expect([wrong.status, wrong.body.message]).toEqual([403, MessageTexts.webhookVerify().message]);
    // Another company's token, or a company without an account, does not verify.
    const { verifyToken: tokenB } = (await api('GET', '/api/messages/account', { token: t.adminB })).body;
    expect((await api('GET', `/api/webhooks/whatsapp/${a.tenant.id}?hub.mode=subscribe&hub.verify_token=${tokenB}&hub.challenge=1`)).status).toBe(403);
    expect((await api('GET', `/api/webhooks/whatsapp/${b.tenant.id}?hub.mode=subscribe&hub.verify_token=${tokenB}&hub.challenge=1`)).status).toBe(403);
  });

  it('refuses an unsigned or wrongly signed delivery with 401 and stores nothing; applies a signed one once', async () => {
    const created = await api('POST', '/api/messages/templates', { token: t.admin, body: { name: 'aviso_entrega', category: 'utility', language: 'pt_BR', body: 'Olá {{1}}, seu pedido sai para entrega amanhã.', bodyExamples: ['Mercado Bom Preço'] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.status).toBe('pending');
    const providerId = await storedProviderId(a.tenant.id, created.body.id);
    const raw = review(providerId, 'APPROVED');

    const unsigned = await post(a.tenant.id, raw);
    expect([unsigned.status, unsigned.body.message]).toEqual([401, MessageTexts.webhookSignature().message]);
    expect((await post(a.tenant.id, raw, signatureOf(raw, 'outro-segredo'))).status).toBe(401);
    expect((await post(a.tenant.id, raw.replace('APPROVED', 'REJECTED'), signatureOf(raw, APP_SECRET))).status).toBe(401);
    // Signed for company A, posted to company B: B has no such secret.
    expect((await post(b.tenant.id, raw, signatureOf(raw, APP_SECRET))).status).toBe(401);
    await drainJobs();
    expect((await api('GET', `/api/messages/templates/${created.body.id}`, { token: t.admin })).body.status).toBe('pending');

    const signed = await post(a.tenant.id, raw, signatureOf(raw, APP_SECRET));
    expect([signed.status, signed.body]).toEqual([200, { received: true }]);
    await drainJobs();
    const approved = await api('GET', `/api/messages/templates/${created.body.id}`, { token: t.admin });
    expect(approved.body).toMatchObject({ status: 'approved', rejectedReason: null });
    for (const stored of ['pk', 'sk', 'type', 'providerId', 'approvedEdits', 'createdBy', 'updatedBy']) expect(approved.body).not.toHaveProperty(stored);
    expect(approved.body.reviewedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // A body that is not Meta's envelope, signed: 400.
    const odd = JSON.stringify({ object: 'page', entry: [] });
    expect((await post(a.tenant.id, odd, signatureOf(odd, APP_SECRET))).status).toBe(400);
  });
});

describe('templates', () => {
  let pendingId: string;

  it('are submitted to Meta as written and stay pending until its review; a name is taken once per language', async () => {
    seen.length = 0;
    const body = { name: 'promocao_natal', category: 'marketing', language: 'pt_BR', header: 'Natal na {{1}}', headerExample: 'Alfa', body: 'Olá {{1}}, os produtos de Natal chegaram.', bodyExamples: ['Mercado Bom Preço'], footer: 'Responda SAIR para não receber mais', buttons: [{ type: 'quick_reply', text: 'Quero saber mais' }] };
    const res = await api('POST', '/api/messages/templates', { token: t.admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    pendingId = res.body.id;
    expect(res.body).toMatchObject({ name: 'promocao_natal', status: 'pending', reviewedAt: null, version: 1 });
    expect(res.body.components).toEqual([
      { type: 'HEADER', format: 'TEXT', text: 'Natal na {{1}}', example: { header_text: ['Alfa'] } },
      { type: 'BODY', text: 'Olá {{1}}, os produtos de Natal chegaram.', example: { body_text: [['Mercado Bom Preço']] } },
      { type: 'FOOTER', text: 'Responda SAIR para não receber mais' },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Quero saber mais' }] },
    ]);
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([`POST /v23.0/${cloud.businessAccountId}/message_templates`]);

    const again = await api('POST', '/api/messages/templates', { token: t.admin, body });
    expect([again.status, fieldsOf(again)]).toEqual([409, { name: MessageTexts.templateTaken().message }]);
    const english = await api('POST', '/api/messages/templates', { token: t.admin, body: { ...body, language: 'en_US' } });
    expect(english.status).toBe(201);

    const bad = await api('POST', '/api/messages/templates', { token: t.admin, body: { ...body, name: 'Promoção Natal', body: 'Olá {{2}}' } });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toMatchObject({ name: MessageTexts.name().message, body: MessageTexts.parameters().message });
  });

  it('are edited as Meta allows: not in review; approved, once a day; never their name, language or category', async () => {
    const current = (await api('GET', `/api/messages/templates/${pendingId}`, { token: t.admin })).body;
    const edit = (change: Record<string, unknown>, version = current.version) =>
      api('PUT', `/api/messages/templates/${pendingId}`, { token: t.admin, body: { name: current.name, category: current.category, language: current.language, header: current.header, headerExample: current.headerExample, body: current.body, bodyExamples: current.bodyExamples, footer: current.footer, buttons: current.buttons, version, ...change } });
    const inReview = await edit({ body: 'Olá {{1}}, chegaram os produtos de Natal.' });
    expect([inReview.status, inReview.body.message]).toEqual([409, MessageTexts.templateInReview().message]);

    const providerId = await storedProviderId(a.tenant.id, pendingId);
    const approved = review(providerId, 'APPROVED');
    await post(a.tenant.id, approved, signatureOf(approved, APP_SECRET));
    await drainJobs();
    const renamed = await edit({ name: 'promocao_de_natal' });
    expect([renamed.status, fieldsOf(renamed)]).toEqual([400, { name: MessageTexts.templateFixed().message }]);

    seen.length = 0;
    const edited = await edit({ body: 'Olá {{1}}, chegaram os produtos de Natal.' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ status: 'pending', version: 2, body: 'Olá {{1}}, chegaram os produtos de Natal.' });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([`POST /v23.0/${providerId}`]);
    // Approved again, a second edit the same day waits a day (Meta's rule), with the time it may.
    const again = review(providerId, 'APPROVED', 'NONE', Math.floor(Date.now() / 1000) + 1);
    await post(a.tenant.id, again, signatureOf(again, APP_SECRET));
    await drainJobs();
    const reread = (await api('GET', `/api/messages/templates/${pendingId}`, { token: t.admin })).body;
    expect(reread.status).toBe('approved');
    expect(reread.editableFrom).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const tooSoon = await edit({ body: 'Olá {{1}}, o Natal chegou.' }, reread.version);
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.message).toBe(MessageTexts.templateEditedToday({ when: reread.editableFrom }).message);
    expect((await edit({ body: 'x' }, 1)).status).toBe(409);
  });

  it('are listed by name, searched and filtered by status; a salesman without the subject is refused', async () => {
    const all = await api('GET', '/api/messages/templates', { token: t.admin });
    expect(all.body.items.map((x: { name: string; language: string }) => `${x.name}/${x.language}`)).toEqual(['aviso_entrega/pt_BR', 'promocao_natal/en_US', 'promocao_natal/pt_BR']);
    expect(all.body.nextCursor).toBeNull();
    const pending = await api('GET', '/api/messages/templates?status=pending', { token: t.admin });
    expect(pending.body.items.map((x: { language: string }) => x.language)).toEqual(['en_US']);
    const found = await api('GET', '/api/messages/templates?q=entrega', { token: t.admin });
    expect(found.body.items.map((x: { name: string }) => x.name)).toEqual(['aviso_entrega']);
    // By the name as it is shown (punctuated) and by its parts, split as the stored name is.
    for (const q of ['aviso_entrega', 'aviso_ent', 'aviso']) {
      expect((await api('GET', `/api/messages/templates?q=${q}`, { token: t.admin })).body.items.map((x: { name: string }) => x.name), q).toEqual(['aviso_entrega']);
    }
    expect((await api('GET', '/api/messages/templates', { token: t.salesman })).status).toBe(403);
  });

  it('are deleted at Meta and here', async () => {
    const list = (await api('GET', '/api/messages/templates?status=pending', { token: t.admin })).body.items;
    const providerId = await storedProviderId(a.tenant.id, list[0].id);
    seen.length = 0;
    const removed = await api('DELETE', `/api/messages/templates/${list[0].id}`, { token: t.admin });
    expect(removed.status).toBe(200);
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([`DELETE /v23.0/${cloud.businessAccountId}/message_templates`]);
    expect((await api('GET', `/api/messages/templates/${list[0].id}`, { token: t.admin })).status).toBe(404);
    expect(providerId).toMatch(/^\d+$/);
    // Its name is free again in its language.
    const again = await api('POST', '/api/messages/templates', { token: t.admin, body: { name: 'promocao_natal', category: 'marketing', language: 'en_US', body: 'Hello {{1}}', bodyExamples: ['Ana'] } });
    expect(again.status).toBe(201);
  });

  it('say Meta’s refusal in Portuguese, and that the provider is down when it does not answer', async () => {
    answer = (r) => (r.path.endsWith('/message_templates') ? { status: 400, body: { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100, error_user_title: 'Nome de modelo já usado' } } } : undefined);
    const refused = await api('POST', '/api/messages/templates', { token: t.admin, body: { name: 'recusado', category: 'utility', language: 'es', body: 'Hola' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('O WhatsApp recusou o modelo');
    answer = (r) => (r.path.endsWith('/message_templates') ? { status: 503, body: 'down' } : undefined);
    const down = await api('POST', '/api/messages/templates', { token: t.admin, body: { name: 'fora_do_ar', category: 'utility', language: 'es', body: 'Hola' } });
    answer = () => undefined;
    expect([down.status, down.body.message]).toEqual([503, MessageTexts.unreachable().message]);
    expect((await api('GET', '/api/messages/templates?q=recusado', { token: t.admin })).body.items).toEqual([]);
  });

  it('need a configured provider: the spec’s text where none is', async () => {
    const res = await api('POST', '/api/messages/templates', { token: t.adminB, body: { name: 'sem_conta', category: 'utility', language: 'pt_BR', body: 'Olá' } });
    expect([res.status, res.body.message]).toEqual([409, MessageTexts.notConfigured().message]);
    expect((await api('GET', '/api/messages/state', { token: t.adminB })).body).toEqual({ configured: false, provider: null, dailyLimit: 250 });
  });
});

describe('the sandbox provider', () => {
  it('plays back Meta’s review through the webhook: approved, or rejected with the reason', async () => {
    const saved = await api('PUT', '/api/messages/account', { token: t.adminB, body: { provider: 'sandbox' } });
    expect(saved.body).toMatchObject({ provider: 'sandbox', configured: true, accessTokenSet: false });
    const tested = await api('POST', '/api/messages/account/test', { token: t.adminB });
    expect(tested.body.lastCheck).toMatchObject({ ok: true, tier: '2000' });
    expect(tested.body.dailyLimit).toBe(2000);
    const ok = await api('POST', '/api/messages/templates', { token: t.adminB, body: { name: 'boas_vindas', category: 'marketing', language: 'pt_BR', body: 'Bem-vindo, {{1}}! Conheça nossas ofertas.', bodyExamples: ['Ana'] } });
    const offer = await api('POST', '/api/messages/templates', { token: t.adminB, body: { name: 'aviso_util', category: 'utility', language: 'pt_BR', body: 'Seu pedido saiu com 10% de desconto.' } });
    expect([ok.body.status, offer.body.status]).toEqual(['pending', 'pending']);
    await drainJobs();
    expect((await api('GET', `/api/messages/templates/${ok.body.id}`, { token: t.adminB })).body).toMatchObject({ status: 'approved' });
    expect((await api('GET', `/api/messages/templates/${offer.body.id}`, { token: t.adminB })).body).toMatchObject({ status: 'rejected', rejectedReason: 'TAG_CONTENT_MISMATCH' });
    // Company A's templates are not B's.
    expect((await api('GET', '/api/messages/templates', { token: t.adminB })).body.items.map((x: { name: string }) => x.name)).toEqual(['aviso_util', 'boas_vindas']);
  });
});

describe('sending', () => {
  /** Company B's clients for the sends (B is on the sandbox): the sandbox answers by the number's last two digits. */
  const clients = {} as Record<'read' | 'undelivered' | 'replies' | 'landline' | 'noOptIn' | 'twin' | 'noCity', string>;
  let templateId: string;
  let utilityId: string;

  beforeAll(async () => {
    const make = async (key: keyof typeof clients, name: string, phone1: string, marketingOptIn: boolean, city = 'Bauru') => {
      const res = await api('POST', '/api/clients', {
        token: t.adminB,
        body: { name, nickname: name.split(' ')[0], phone1, marketingOptIn, birthDate: '1990-05-06', addresses: city ? [{ main: true, street: 'Rua Azarias Leite', number: '10', neighborhood: 'Centro', city, state: 'SP', cep: '17010-000' }] : [], confirmRepeatedPhone: true },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      clients[key] = res.body.id;
    };
    await make('read', 'Mercado Bom Preço', '14991230010', true);
    await make('undelivered', 'Padaria Estrela', '14991230001', true);
    await make('replies', 'Açougue Central', '14991230077', true);
    await make('landline', 'Farmácia Vitória', '1432221000', true);
    await make('noOptIn', 'Bazar Ipê', '14991230020', false);
    await make('twin', 'Mercado Bom Preço Filial', '14991230010', true);
    const created = await api('POST', '/api/messages/templates', { token: t.adminB, body: { name: 'ofertas_semana', category: 'marketing', language: 'pt_BR', header: 'Ofertas em {{1}}', headerExample: 'Bauru', body: 'Olá {{1}}, as ofertas da semana chegaram. {{2}}', bodyExamples: ['Ana', 'Até sexta'] } });
    const utility = await api('POST', '/api/messages/templates', { token: t.adminB, body: { name: 'aviso_entrega', category: 'utility', language: 'pt_BR', body: 'Olá {{1}}, seu pedido sai para entrega amanhã.', bodyExamples: ['Ana'] } });
    templateId = created.body.id;
    utilityId = utility.body.id;
    await drainJobs();
  });

  const send = { header: { source: 'city' }, body: [{ source: 'nickname' }, { source: 'text', text: 'Válidas até sexta.' }] };

  it('previews each client’s message and lists the skipped with their reasons', async () => {
    const res = await api('POST', '/api/messages/batches/preview', { token: t.adminB, body: { templateId, ...send, clientIds: Object.values(clients) } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.recipients.map((r: { name: string }) => r.name)).toEqual(['Mercado Bom Preço', 'Padaria Estrela', 'Açougue Central']);
    expect(res.body.recipients[0]).toMatchObject({ phone: '5514991230010', header: 'Ofertas em Bauru', body: 'Olá Mercado, as ofertas da semana chegaram. Válidas até sexta.' });
    expect(res.body.skipped.map((s: { name: string; reason: string }) => [s.name, s.reason])).toEqual([
      ['Farmácia Vitória', 'noMobile'],
      ['Bazar Ipê', 'noOptIn'],
      ['Mercado Bom Preço Filial', 'duplicate'],
    ]);
    expect(res.body).toMatchObject({ dailyLimit: 2000, heldForTomorrow: 0 });
    // A utility template does not ask for the marketing opt-in.
    const utility = await api('POST', '/api/messages/batches/preview', { token: t.adminB, body: { templateId: utilityId, body: [{ source: 'name' }], clientIds: [clients.noOptIn] } });
    expect(utility.body.recipients.map((r: { body: string }) => r.body)).toEqual(['Olá Bazar Ipê, seu pedido sai para entrega amanhã.']);
  });

  it('refuses what the spec refuses: no clients, more than 300, a template not approved, parameters missing; none left is "none generated"', async () => {
    const none = await api('POST', '/api/messages/batches', { token: t.adminB, body: { templateId, ...send, clientIds: [] } });
    expect([none.status, fieldsOf(none)]).toEqual([400, { clientIds: MessageTexts.noClients().message }]);
    const many = await api('POST', '/api/messages/batches', { token: t.adminB, body: { templateId, ...send, clientIds: Array.from({ length: 301 }, () => clients.read) } });
    expect([many.status, many.body.message]).toEqual([400, MessageTexts.limit({ max: 300 }).message]);
    const pending = (await api('GET', '/api/messages/templates?status=rejected', { token: t.adminB })).body.items[0];
    const notApproved = await api('POST', '/api/messages/batches', { token: t.adminB, body: { templateId: pending.id, body: [], clientIds: [clients.read] } });
    expect([notApproved.status, fieldsOf(notApproved)]).toEqual([400, { templateId: MessageTexts.templateNotApproved().message }]);
    const missing = await api('POST', '/api/messages/batches', { token: t.adminB, body: { templateId, body: [{ source: 'name' }], clientIds: [clients.read] } });
    expect(missing.status).toBe(400);
    const noText = await api('POST', '/api/messages/batches', { token: t.adminB, body: { templateId, header: { source: 'city' }, body: [{ source: 'name' }, { source: 'text' }], clientIds: [clients.read] } });
    expect(fieldsOf(noText)).toEqual({ 'body.1.text': MessageTexts.parameterText({ n: 2 }).message });
    const skippedAll = await api('POST', '/api/messages/batches', { token: t.adminB, body: { templateId, ...send, clientIds: [clients.landline, clients.noOptIn] } });
    expect([skippedAll.status, skippedAll.body.message]).toEqual([400, MessageTexts.noneGenerated().message]);
    expect((await api('GET', '/api/messages/batches', { token: t.adminB })).body.items).toEqual([]);
  });

  it('sends through the queue, once each; statuses arrive by webhook and never move back; failed ones are sent again', async () => {
    const created = await api('POST', '/api/messages/batches', { token: t.adminB, body: { templateId, ...send, clientIds: Object.values(clients) } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ total: 3, state: 'pending', templateName: 'ofertas_semana' });
    expect(created.body.counts).toMatchObject({ queued: 3 });
    expect(created.body.skipped).toHaveLength(3);
    await drainJobs();
    const batch = (await api('GET', `/api/messages/batches/${created.body.id}`, { token: t.adminB })).body;
    expect(batch.state).toBe('sent');
    expect(batch.counts).toMatchObject({ queued: 0, sending: 0, held: 0, read: 1, delivered: 1, undelivered: 1, sent: 0, failed: 0 });
    // Nothing only the store keeps (its keys, the sources, the list scopes) reaches the answer.
    expect(Object.keys(batch).sort()).toEqual(['category', 'counts', 'createdAt', 'createdBy', 'createdByName', 'id', 'language', 'number', 'skipped', 'state', 'templateId', 'templateName', 'total']);
    const recipients = (await api('GET', `/api/messages/batches/${created.body.id}/recipients`, { token: t.adminB })).body.items;
    expect(recipients.map((r: { clientName: string; status: string; failure: string | null }) => [r.clientName, r.status, r.failure])).toEqual([
      ['Açougue Central', 'delivered', null],
      ['Mercado Bom Preço', 'read', null],
      ['Padaria Estrela', 'undelivered', MessageTexts.failUndeliverable().message],
    ]);
    expect((await api('GET', '/api/messages/batches?state=sent', { token: t.adminB })).body.items.map((b: { id: string }) => b.id)).toEqual([created.body.id]);
    expect((await api('GET', '/api/messages/batches', { token: t.adminB })).body.items).toEqual([]);

    // A repeated chunk (the queue delivers at least once) sends nothing again.
    const { sendChunk } = await import('@ev/core/messages/batches');
    await runAs({ tenantId: b.tenant.id }, () => sendChunk({ batchId: created.body.id, clientIds: Object.values(clients) }, { tenantId: b.tenant.id }));
    expect((await api('GET', `/api/messages/batches/${created.body.id}`, { token: t.adminB })).body.counts).toEqual(batch.counts);

    // Sent again: the undelivered one is queued anew and fails the same way; the others stay as they were.
    const again = await api('POST', `/api/messages/batches/${created.body.id}/resend`, { token: t.adminB });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ state: 'pending' });
    expect(again.body.counts).toMatchObject({ queued: 1, undelivered: 0, read: 1, delivered: 1 });
    await drainJobs();
    const after = (await api('GET', `/api/messages/batches/${created.body.id}`, { token: t.adminB })).body;
    expect(after).toMatchObject({ state: 'sent' });
    expect(after.counts).toMatchObject({ undelivered: 1, read: 1, delivered: 1, queued: 0 });
  });

  it('keeps to the daily tier: past it, recipients wait for the next day instead of failing, and a warning says so first', async () => {
    const account = (await api('GET', '/api/messages/account', { token: t.adminB })).body;
    const saved = await api('PUT', '/api/messages/account', { token: t.adminB, body: { provider: 'sandbox', dailyTier: '250', version: account.version } });
    expect(saved.body.dailyLimit).toBe(250);
    // The day already has 249 other recipients: one place is left.
    await runAs({ tenantId: b.tenant.id }, () =>
      dynamoClient().send(new UpdateCommand({ TableName: tableName(), Key: Keys.messageDayCount(Clock.today('America/Sao_Paulo')), UpdateExpression: 'SET #c = :n', ExpressionAttributeNames: { '#c': 'count' }, ExpressionAttributeValues: { ':n': 249 } })),
    );
    const body = { templateId: utilityId, body: [{ source: 'name' }], clientIds: [clients.read, clients.replies, clients.noOptIn] };
    const preview = await api('POST', '/api/messages/batches/preview', { token: t.adminB, body });
    // The two numbers of the last send are already counted today (Meta counts unique recipients):
    // the third takes the last place; one more new number would wait.
    expect(preview.body).toMatchObject({ dailyLimit: 250, sentToday: 249, heldForTomorrow: 0 });
    const created = await api('POST', '/api/messages/batches', { token: t.adminB, body });
    expect(created.body.counts).toMatchObject({ queued: 3, held: 0 });
    await drainJobs();
    const late = await api('POST', '/api/clients', { token: t.adminB, body: { name: 'Quitanda Sol', phone1: '14991230055', marketingOptIn: true, birthDate: '1990-05-06' } });
    const next = { templateId: utilityId, body: [{ source: 'name' }], clientIds: [late.body.id, clients.read] };
    const warned = await api('POST', '/api/messages/batches/preview', { token: t.adminB, body: next });
    expect(warned.body).toMatchObject({ sentToday: 250, heldForTomorrow: 1 });
    const second = await api('POST', '/api/messages/batches', { token: t.adminB, body: next });
    expect(second.body.counts).toMatchObject({ queued: 1, held: 1 });
    await drainJobs();
    const recipients = (await api('GET', `/api/messages/batches/${second.body.id}/recipients`, { token: t.adminB })).body.items;
    expect(recipients.map((r: { clientName: string; status: string }) => [r.clientName, r.status])).toEqual([['Mercado Bom Preço', 'read'], ['Quitanda Sol', 'held']]);
    expect(recipients[1].sendOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await api('GET', `/api/messages/batches/${second.body.id}`, { token: t.adminB })).body.state).toBe('pending');
    // Its day come (the clock a day later), the release queues it and it is sent.
    const { releaseHeldHere } = await import('@ev/core/messages/batches');
    const later = Date.now() + 86_400_000;
    Clock.set(() => later);
    try {
      expect(await runAs({ tenantId: b.tenant.id }, () => releaseHeldHere(b.tenant.id))).toBe(1);
      await drainJobs();
    } finally {
      Clock.reset();
    }
    const released = (await api('GET', `/api/messages/batches/${second.body.id}/recipients`, { token: t.adminB })).body.items;
    expect(released.map((r: { status: string }) => r.status)).toEqual(['read', 'read']);
    expect((await api('GET', `/api/messages/batches/${second.body.id}`, { token: t.adminB })).body.state).toBe('sent');
  });

  it('are each batch’s sender’s and the company’s: another company’s user finds none', async () => {
    const list = await api('GET', '/api/messages/batches?state=sent', { token: t.admin });
    expect(list.body.items).toEqual([]);
  });
});

describe('replies', () => {
  /** Meta's envelope of an inbound text, signed with company B's sandbox secret and posted to its webhook. */
  const inbound = async (from: string, text: string, id: string, at = Math.floor(Date.now() / 1000), name = 'Cliente') => {
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: '200000000000000', time: at, changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '551430030000', phone_number_id: '100000000000000' }, contacts: [{ profile: { name }, wa_id: from }], messages: [{ from, id, timestamp: String(at), type: 'text', text: { body: text } }] } }] }],
    });
    const { derivedSecret } = await import('@ev/core/secrets');
    const res = await post(b.tenant.id, raw, signatureOf(raw, derivedSecret('whatsapp.sandbox', b.tenant.id)));
    expect(res.status).toBe(200);
  };

  it('groups inbound texts by number: a client’s number is the client’s conversation, another is kept apart; a repeat is kept once', async () => {
    // The sandbox's client with a number ending in 7 answered the sends above already.
    const before = (await api('GET', '/api/messages/replies', { token: t.adminB })).body.items.find((c: { phone: string }) => c.phone === '5514991230077');
    expect(before).toMatchObject({ clientName: 'Açougue Central', lastText: 'Obrigado! Pode me mandar o catálogo novo?' });
    await inbound('5514991230077', 'Pode me mandar o catálogo?', 'wamid.IN-A1', Math.floor(Date.now() / 1000) - 60, 'Seu Zé');
    await inbound('5514991230077', 'Pode me mandar o catálogo?', 'wamid.IN-A1', Math.floor(Date.now() / 1000) - 60, 'Seu Zé');
    await inbound('5511988887777', 'Quem é?', 'wamid.IN-X1');
    await drainJobs();
    const known = await api('GET', '/api/messages/replies', { token: t.adminB });
    const mine = known.body.items.find((c: { phone: string }) => c.phone === '5514991230077');
    expect(mine).toMatchObject({ clientName: 'Açougue Central', contactName: 'Seu Zé', lastDirection: 'in', unread: before.unread + 1 });
    expect(mine.windowEndsAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const unknown = await api('GET', '/api/messages/replies?kind=unknown', { token: t.adminB });
    expect(unknown.body.items.map((c: { phone: string; clientId: string | null }) => [c.phone, c.clientId])).toEqual([['5511988887777', null]]);
    const one = await api('GET', '/api/messages/replies/5514991230077', { token: t.adminB });
    expect(one.body.messages.filter((m: { direction: string }) => m.direction === 'in').map((m: { text: string }) => m.text)).toContain('Pode me mandar o catálogo?');
    expect(one.body.messages.filter((m: { text: string }) => m.text === 'Pode me mandar o catálogo?')).toHaveLength(1);
    expect(one.body.conversation.unread).toBe(0);
    expect((await api('GET', '/api/messages/replies', { token: t.adminB })).body.items.find((c: { phone: string }) => c.phone === '5514991230077').unread).toBe(0);
  });

  it('answers with free text inside the 24-hour window, and only with a template outside it', async () => {
    const res = await api('POST', '/api/messages/replies/5514991230077', { token: t.adminB, body: { text: 'Claro! Segue o catálogo.' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ direction: 'out', text: 'Claro! Segue o catálogo.', status: 'sent' });
    await drainJobs();
    const after = (await api('GET', '/api/messages/replies/5514991230077', { token: t.adminB })).body.messages;
    // The sandbox reads a number ending in 77 as delivered, not read.
    expect(after.find((m: { text: string }) => m.text === 'Claro! Segue o catálogo.')).toMatchObject({ direction: 'out', status: 'delivered' });

    // The window closes 24 hours after the client's last message.
    Clock.set(() => Date.now() + 25 * 3600_000);
    try {
      // A session of that later day (the one of the tests above has expired by then).
      const token = (await b.login(b.admin.email)).accessToken;
      const late = await api('POST', '/api/messages/replies/5514991230077', { token, body: { text: 'Ainda tem interesse?' } });
      expect([late.status, late.body.message]).toEqual([409, MessageTexts.windowClosed().message]);
      const utility = (await api('GET', '/api/messages/templates?q=entrega&status=approved', { token })).body.items[0];
      const withTemplate = await api('POST', '/api/messages/replies/5514991230077', { token, body: { templateId: utility.id, body: ['Açougue Central'] } });
      expect(withTemplate.status).toBe(201);
      expect(withTemplate.body.text).toBe('Olá Açougue Central, seu pedido sai para entrega amanhã.');
    } finally {
      Clock.reset();
    }
    expect((await api('POST', '/api/messages/replies/5514991230077', { token: t.adminB, body: {} })).status).toBe(400);
  });

  it('are not another company’s: its users find no conversation of these numbers', async () => {
    expect((await api('GET', '/api/messages/replies/5514991230077', { token: t.admin })).status).toBe(404);
    expect((await api('POST', '/api/messages/replies/5514991230077', { token: t.admin, body: { text: 'Oi' } })).status).toBe(404);
  });
});

describe('sending at scale and against repeats', () => {
  it('sends a 300-recipient batch through the queue: each recipient ends with the status its number gets', async () => {
    const c = await makeWorld('Gama');
    const { accessToken: token } = await c.login(c.admin.email);
    const seeds = Array.from({ length: 300 }, (_, i) => ({ input: { name: `Cliente ${String(i).padStart(3, '0')}`, phone1: `1498${String(1_000_000 + i * 7).slice(-7)}`, birthDate: '1980-01-01', marketingOptIn: true } }));
    const ids = await runAs({ tenantId: c.tenant.id }, () => Clients.seedMany(seeds));
    expect(ids).toHaveLength(300);
    expect((await api('PUT', '/api/messages/account', { token, body: { provider: 'sandbox', dailyTier: 'unlimited' } })).status).toBe(200);
    const template = await api('POST', '/api/messages/templates', { token, body: { name: 'aviso_geral', category: 'utility', language: 'pt_BR', body: 'Olá {{1}}, o horário de entrega mudou.', bodyExamples: ['Ana'] } });
    await drainJobs();
    const created = await api('POST', '/api/messages/batches', { token, body: { templateId: template.body.id, body: [{ source: 'name' }], clientIds: ids } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ total: 300, state: 'pending' });
    await drainJobs();
    const recipients = (await api('GET', `/api/messages/batches/${created.body.id}/recipients`, { token })).body.items as { phone: string; status: string }[];
    expect(recipients).toHaveLength(300);
    const { sandboxOutcome } = await import('@ev/core/messages/sandbox');
    for (const r of recipients) {
      const o = sandboxOutcome(r.phone, true);
      expect(r.status, r.phone).toBe(o.failure === 131026 ? 'undelivered' : o.failure ? 'failed' : o.read ? 'read' : 'delivered');
    }
    const batch = (await api('GET', `/api/messages/batches/${created.body.id}`, { token })).body;
    expect(batch.state).toBe('sent');
    expect(batch.counts.read + batch.counts.delivered + batch.counts.failed + batch.counts.undelivered).toBe(300);
    // About 2,000 DynamoDB calls (the sends, then the sandbox's statuses through the webhook): some
    // 35 s alone on two cores, more beside the rest of the suite. Its time is the bench's (messages).
  }, 180_000);

  it('never sends twice: a chunk run again, even over a recipient a crashed run left mid-send, sends nothing more; repeated and late statuses never move a message back', async () => {
    const make = async (name: string, phone1: string) => (await api('POST', '/api/clients', { token: t.admin, body: { name, phone1, birthDate: '1990-01-01' } })).body.id as string;
    const first = await make('Empório Repetido', '14991237711');
    const second = await make('Empório Interrompido', '14991237712');
    const utility = (await api('GET', '/api/messages/templates?q=entrega&status=approved', { token: t.admin })).body.items[0];
    seen.length = 0;
    const created = await api('POST', '/api/messages/batches', { token: t.admin, body: { templateId: utility.id, body: [{ source: 'name' }], clientIds: [first, second] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await drainJobs();
    const sends = () => seen.filter((x) => x.method === 'POST' && x.path.endsWith('/messages')).length;
    expect(sends()).toBe(2);

    // A crash after Meta took the message and before it was written leaves the recipient "sending": the retry does not send it again.
    const { MessagesRepository: Repo } = await import('@ev/core/messages/repository');
    const { sendChunk } = await import('@ev/core/messages/batches');
    const { transact } = await import('@ev/core/db/tx');
    await runAs({ tenantId: a.tenant.id }, async () => {
      // As the crash would have left it: the recipient "sending", its batch still pending.
      await Repo.moveRecipient(created.body.id, second, 'sent', 'sending', {});
      await transact(Repo.reopenBatchSteps((await Repo.batch(created.body.id))!));
    });
    await runAs({ tenantId: a.tenant.id }, () => sendChunk({ batchId: created.body.id, clientIds: [first, second] }, { tenantId: a.tenant.id }));
    await runAs({ tenantId: a.tenant.id }, () => sendChunk({ batchId: created.body.id, clientIds: [first, second] }, { tenantId: a.tenant.id }));
    expect(sends()).toBe(2);

    // Meta's statuses for the first: read, then a late delivered and sent, and read again.
    const messageId = (await runAs({ tenantId: a.tenant.id }, () => Repo.recipient(created.body.id, first)))!.messageId!;
    const status = (s: string, at: number) => JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: cloud.businessAccountId, changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '551432221000', phone_number_id: cloud.phoneNumberId }, statuses: [{ id: messageId, status: s, timestamp: String(at), recipient_id: '5514991237711' }] } }] }] });
    const now = Math.floor(Date.now() / 1000);
    for (const raw of [status('read', now + 5), status('delivered', now + 2), status('sent', now + 1), status('read', now + 5)]) {
      expect((await post(a.tenant.id, raw, signatureOf(raw, APP_SECRET))).status).toBe(200);
    }
    await drainJobs();
    const recipients = (await api('GET', `/api/messages/batches/${created.body.id}/recipients`, { token: t.admin })).body.items;
    expect(recipients.find((r: { clientId: string }) => r.clientId === first).status).toBe('read');
    const counts = (await api('GET', `/api/messages/batches/${created.body.id}`, { token: t.admin })).body.counts;
    expect(counts).toMatchObject({ read: 1, sending: 1, sent: 0 });

    // The sweep (with each release) leaves it while a consumer may still hold it; past the messages
    // family's lease it fails it, saying it may have gone, and the batch settles. Sent again by hand, it goes once more.
    const { sweepInterruptedHere } = await import('@ev/core/messages/batches');
    const { leaseSecondsOf } = await import('@ev/core/ports/job-families');
    expect(await runAs({ tenantId: a.tenant.id }, () => sweepInterruptedHere())).toBe(0);
    const pastLease = Date.now() + (leaseSecondsOf('messages.send') + 60) * 1000;
    Clock.set(() => pastLease);
    try {
      expect(await runAs({ tenantId: a.tenant.id }, () => sweepInterruptedHere())).toBe(1);
      expect(await runAs({ tenantId: a.tenant.id }, () => sweepInterruptedHere())).toBe(0);
    } finally {
      Clock.reset();
    }
    const swept = (await api('GET', `/api/messages/batches/${created.body.id}/recipients`, { token: t.admin })).body.items.find((r: { clientId: string }) => r.clientId === second);
    expect(swept).toMatchObject({ status: 'failed', failure: MessageTexts.failInterrupted().message });
    const settled = (await api('GET', `/api/messages/batches/${created.body.id}`, { token: t.admin })).body;
    expect(settled).toMatchObject({ state: 'sent', counts: { read: 1, sending: 0, failed: 1 } });
    expect(sends()).toBe(2);
    expect((await api('POST', `/api/messages/batches/${created.body.id}/resend`, { token: t.admin })).status).toBe(200);
    await drainJobs();
    expect(sends()).toBe(3);

    // A status of a message this product never sent (Meta's panel), a quarter of an hour old: let go, no dead letter.
    const foreign = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: cloud.businessAccountId, changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '551432221000', phone_number_id: cloud.phoneNumberId }, statuses: [{ id: 'wamid.FROM_META_PANEL', status: 'delivered', timestamp: String(now - 20 * 60), recipient_id: '5514999990000' }] } }] }] });
    expect((await post(a.tenant.id, foreign, signatureOf(foreign, APP_SECRET))).status).toBe(200);
    await drainJobs();
    const { listDeadLetters } = await import('@ev/core/ports/dead-letters');
    expect((await listDeadLetters(a.tenant.id)).filter((d) => d.type === 'messages.webhook')).toEqual([]);
  });
});

describe('a salesman’s scope', () => {
  it('given the messages subject, sees and resends only his own sends and his clients’ conversations; never an unknown number', async () => {
    // Company B's salesman profile gets `mensagens` (create and read) on the permissions screen.
    const profile = (await api('GET', `/api/profiles/${b.salesman.profileId}`, { token: t.adminB })).body;
    const saved = await api('PUT', `/api/profiles/${profile.id}`, { token: t.adminB, body: { name: profile.name, rules: [...profile.rules, { action: ['create', 'read'], subject: 'mensagens' }], financialReleaseAuthorizer: profile.financialReleaseAuthorizer, version: profile.version } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const vera = (await b.login(b.salesman.email)).accessToken;

    const own = await api('POST', '/api/clients', { token: vera, body: { name: 'Mercearia da Vera', phone1: '14991236610', birthDate: '1990-01-01' } });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const utility = (await api('GET', '/api/messages/templates?q=entrega&status=approved', { token: vera })).body.items[0];
    // The admin's clients are not hers: chosen, they are left out; none left, nothing is sent.
    const adminClients = (await api('GET', '/api/clients?limit=5', { token: t.adminB })).body.items.filter((c: { salesmanId: string | null }) => c.salesmanId !== b.salesman.id).map((c: { id: string }) => c.id);
    const notHers = await api('POST', '/api/messages/batches/preview', { token: vera, body: { templateId: utility.id, body: [{ source: 'name' }], clientIds: adminClients } });
    expect(notHers.body.recipients).toEqual([]);
    const mine = await api('POST', '/api/messages/batches', { token: vera, body: { templateId: utility.id, body: [{ source: 'name' }], clientIds: [own.body.id, ...adminClients] } });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    expect(mine.body.total).toBe(1);
    await drainJobs();

    // The day's limit (250, reached above) holds her message for tomorrow: her send is pending.
    expect(mine.body.counts).toMatchObject({ held: 1 });
    expect((await api('GET', '/api/messages/batches?state=pending', { token: vera })).body.items.map((x: { id: string }) => x.id)).toEqual([mine.body.id]);
    expect((await api('GET', '/api/messages/batches?state=sent', { token: vera })).body.items).toEqual([]);
    expect((await api('GET', '/api/messages/batches?state=pending', { token: t.adminB })).body.items.map((x: { id: string }) => x.id)).toContain(mine.body.id);
    const all = (await api('GET', '/api/messages/batches?state=sent', { token: t.adminB })).body.items.map((x: { id: string }) => x.id);
    expect(all.length).toBeGreaterThan(1);
    const others = all.find((id: string) => id !== mine.body.id);
    expect((await api('GET', `/api/messages/batches/${others}`, { token: vera })).status).toBe(404);
    expect((await api('GET', `/api/messages/batches/${others}/recipients`, { token: vera })).status).toBe(404);
    expect((await api('POST', `/api/messages/batches/${others}/resend`, { token: vera })).status).toBe(404);

    // Conversations: her clients' only (none yet), no unknown number; the admin's client's conversation is not hers.
    expect((await api('GET', '/api/messages/replies?kind=unknown', { token: vera })).body.items).toEqual([]);
    expect((await api('GET', '/api/messages/replies', { token: vera })).body.items).toEqual([]);
    expect((await api('GET', '/api/messages/replies/5514991230077', { token: vera })).status).toBe(404);
    // The account stays the administrators'.
    expect((await api('GET', '/api/messages/account', { token: vera })).status).toBe(403);
  });
});

/** Meta's envelope of a message's status, as posted to company A's webhook. */
const statusOf = (messageId: string, status: string, at: number, recipient: string) =>
  JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: cloud.businessAccountId, changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '551432221000', phone_number_id: cloud.phoneNumberId }, statuses: [{ id: messageId, status, timestamp: String(at), recipient_id: recipient }] } }] }] });
/** Meta's envelope of a client's text to company A, from the WhatsApp ID `from`. */
const inboundOf = (from: string, text: string, id: string, at = Math.floor(Date.now() / 1000)) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: cloud.businessAccountId, time: at, changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '551432221000', phone_number_id: cloud.phoneNumberId }, contacts: [{ profile: { name: 'Cliente' }, wa_id: from }], messages: [{ from, id, timestamp: String(at), type: 'text', text: { body: text } }] } }] }],
  });
const sendsSeen = () => seen.filter((x) => x.method === 'POST' && x.path.endsWith('/messages'));

describe('what Meta takes but answers after the timeout (WHATSAPP_TIMEOUT_MS)', () => {
  /** Runs `run` with a short timeout and the stand-in answering as `given` says (late). */
  const late = async <T>(given: typeof answer, run: () => Promise<T>): Promise<T> => {
    const timeoutBefore = process.env.WHATSAPP_TIMEOUT_MS;
    process.env.WHATSAPP_TIMEOUT_MS = '200';
    resetEnv();
    answer = given;
    try {
      return await run();
    } finally {
      answer = () => undefined;
      if (timeoutBefore === undefined) delete process.env.WHATSAPP_TIMEOUT_MS;
      else process.env.WHATSAPP_TIMEOUT_MS = timeoutBefore;
      resetEnv();
    }
  };
  const lateSend = (id: string): typeof answer => (r) =>
    r.method === 'POST' && r.path.endsWith('/messages') ? { body: { messaging_product: 'whatsapp', contacts: [{ input: r.body?.to, wa_id: r.body?.to }], messages: [{ id }] }, delayMs: 700 } : undefined;
  let clientId: string;

  it('a batch’s send is made once: the recipient reads failed, "may have arrived", the batch settles, its statuses change nothing; a person sends it again', async () => {
    clientId = (await api('POST', '/api/clients', { token: t.admin, body: { name: 'Empório Atrasado', phone1: '14991237713', birthDate: '1990-01-01' } })).body.id;
    const utility = (await api('GET', '/api/messages/templates?q=entrega&status=approved', { token: t.admin })).body.items[0];
    seen.length = 0;
    const batch = await late(lateSend('wamid.TARDE1'), async () => {
      const res = await api('POST', '/api/messages/batches', { token: t.admin, body: { templateId: utility.id, body: [{ source: 'name' }], clientIds: [clientId] } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      await drainJobs();
      return res.body as { id: string };
    });
    expect(sendsSeen()).toHaveLength(1);
    const recipients = (await api('GET', `/api/messages/batches/${batch.id}/recipients`, { token: t.admin })).body.items;
    expect(recipients).toMatchObject([{ clientId, status: 'failed', failure: MessageTexts.failUnanswered().message }]);
    expect((await api('GET', `/api/messages/batches/${batch.id}`, { token: t.admin })).body).toMatchObject({ state: 'sent', counts: { failed: 1, queued: 0, sending: 0, sent: 0 } });

    // Meta's statuses of the message it took name an id the product never learned: they are not
    // matched by number (another message to it could be theirs); a quarter of an hour old, let go.
    const raw = statusOf('wamid.TARDE1', 'delivered', Math.floor(Date.now() / 1000), '5514991237713');
    const later = Date.now() + 16 * 60_000;
    Clock.set(() => later);
    try {
      expect((await post(a.tenant.id, raw, signatureOf(raw, APP_SECRET))).status).toBe(200);
      await drainJobs();
    } finally {
      Clock.reset();
    }
    expect((await api('GET', `/api/messages/batches/${batch.id}/recipients`, { token: t.admin })).body.items).toMatchObject([{ status: 'failed', failure: MessageTexts.failUnanswered().message }]);
    const { listDeadLetters } = await import('@ev/core/ports/dead-letters');
    expect((await listDeadLetters(a.tenant.id)).filter((d) => d.type === 'messages.webhook' || d.type === 'messages.send')).toEqual([]);
    expect(sendsSeen()).toHaveLength(1);

    // "Send the failed again", by a person: it goes once more.
    expect((await api('POST', `/api/messages/batches/${batch.id}/resend`, { token: t.admin })).status).toBe(200);
    await drainJobs();
    expect(sendsSeen()).toHaveLength(2);
    expect((await api('GET', `/api/messages/batches/${batch.id}/recipients`, { token: t.admin })).body.items).toMatchObject([{ status: 'sent', failure: null }]);
  });

  it('an answer in a conversation is made once and kept as failed, "may have arrived"', async () => {
    const raw = inboundOf('5514991237713', 'Recebi a mensagem?', 'wamid.IN-ATRASO');
    expect((await post(a.tenant.id, raw, signatureOf(raw, APP_SECRET))).status).toBe(200);
    await drainJobs();
    seen.length = 0;
    const res = await late(lateSend('wamid.TARDE2'), () => api('POST', '/api/messages/replies/5514991237713', { token: t.admin, body: { text: 'Recebeu, sim.' } }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ direction: 'out', text: 'Recebeu, sim.', status: 'failed', failure: MessageTexts.failUnanswered().message });
    expect(sendsSeen()).toHaveLength(1);
    const messages = (await api('GET', '/api/messages/replies/5514991237713', { token: t.admin })).body.messages;
    expect(messages.filter((m: { text: string }) => m.text === 'Recebeu, sim.')).toMatchObject([{ status: 'failed' }]);
  });

  it('a template’s creation is made once: the template Meta holds under the name is the one kept, and its review reaches it', async () => {
    const input = { name: 'aviso_atraso', category: 'utility', language: 'pt_BR', body: 'Olá {{1}}, sua entrega vai atrasar.', bodyExamples: ['Ana'] };
    const metaId = '1689556908177777';
    seen.length = 0;
    const res = await late(
      (r) =>
        r.path.endsWith('/message_templates')
          ? r.method === 'POST'
            ? { body: { id: metaId, status: 'PENDING', category: 'UTILITY' }, delayMs: 700 }
            : { body: { data: [{ id: metaId, name: input.name, language: input.language, status: 'PENDING', category: 'UTILITY', components: [{ type: 'BODY', text: input.body, example: { body_text: [input.bodyExamples] } }] }], paging: {} } }
          : undefined,
      () => api('POST', '/api/messages/templates', { token: t.admin, body: input }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ name: 'aviso_atraso', status: 'pending' });
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(1);
    expect(await storedProviderId(a.tenant.id, res.body.id)).toBe(metaId);
    const approved = review(metaId, 'APPROVED');
    await post(a.tenant.id, approved, signatureOf(approved, APP_SECRET));
    await drainJobs();
    expect((await api('GET', `/api/messages/templates/${res.body.id}`, { token: t.admin })).body.status).toBe('approved');
  });
});

describe('a Brazilian mobile whose WhatsApp ID lacks the ninth digit', () => {
  it('replies from 553191230076 to the client of (31) 99123-0076’s conversation, and the answers go to that ID', async () => {
    const client = await api('POST', '/api/clients', { token: t.admin, body: { name: 'Mercearia Mineira', phone1: '31991230076', birthDate: '1990-01-01' } });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
    const utility = (await api('GET', '/api/messages/templates?q=entrega&status=approved', { token: t.admin })).body.items[0];
    // The send goes to the mobile as registered; Meta answers the account's WhatsApp ID.
    seen.length = 0;
    answer = (r) => (r.method === 'POST' && r.path.endsWith('/messages') ? { body: { messaging_product: 'whatsapp', contacts: [{ input: r.body?.to, wa_id: '553191230076' }], messages: [{ id: 'wamid.MINEIRA1' }] } } : undefined);
    let batchId: string;
    try {
      const created = await api('POST', '/api/messages/batches', { token: t.admin, body: { templateId: utility.id, body: [{ source: 'name' }], clientIds: [client.body.id] } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      batchId = created.body.id;
      await drainJobs();
    } finally {
      answer = () => undefined;
    }
    expect(sendsSeen().map((s) => s.body?.to)).toEqual(['5531991230076']);
    const delivered = statusOf('wamid.MINEIRA1', 'delivered', Math.floor(Date.now() / 1000), '553191230076');
    await post(a.tenant.id, delivered, signatureOf(delivered, APP_SECRET));
    await drainJobs();
    expect((await api('GET', `/api/messages/batches/${batchId}/recipients`, { token: t.admin })).body.items).toMatchObject([{ phone: '5531991230076', status: 'delivered' }]);

    // The client replies, from the ID without the ninth digit: the client's conversation, not an unknown number.
    const reply = inboundOf('553191230076', 'Recebi, obrigado!', 'wamid.IN-MINEIRA1');
    expect((await post(a.tenant.id, reply, signatureOf(reply, APP_SECRET))).status).toBe(200);
    await drainJobs();
    const known = (await api('GET', '/api/messages/replies', { token: t.admin })).body.items;
    expect(known.filter((c: { clientId: string | null }) => c.clientId === client.body.id)).toMatchObject([{ phone: '5531991230076', clientName: 'Mercearia Mineira', lastText: 'Recebi, obrigado!', unread: 1 }]);
    const unknown = (await api('GET', '/api/messages/replies?kind=unknown', { token: t.admin })).body.items;
    expect(unknown.filter((c: { phone: string }) => c.phone.endsWith('91230076'))).toEqual([]);
    // Read by either spelling, it is the one conversation.
    const byId = await api('GET', '/api/messages/replies/553191230076', { token: t.admin });
    expect([byId.status, byId.body.conversation?.clientId]).toEqual([200, client.body.id]);

    // The answer goes to Meta's WhatsApp ID.
    seen.length = 0;
    const answered = await api('POST', '/api/messages/replies/5531991230076', { token: t.admin, body: { text: 'Que bom! Até a próxima.' } });
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    expect(sendsSeen().map((s) => s.body?.to)).toEqual(['553191230076']);
  });
});
