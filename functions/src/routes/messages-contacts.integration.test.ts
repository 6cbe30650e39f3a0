import { runAs } from '@ev/core/context';
import { MessagesRepository } from '@ev/core/messages/repository';
import { derivedSecret } from '@ev/core/secrets';
import { signatureOf } from '@ev/core/messages/webhook';
import { MessageTexts } from '@ev/shared/schemas/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { drainJobs } from '../testing/imports';
import { makeWorld, tokensFor, type World } from '../testing/world';

/**
 * The AI area's conversations and contacts (issue 46, docs/messages.md "Search" and "Contacts")
 * through HTTP: a search over the whole list, a number linked to a client and unlinked, blocked
 * and unblocked, each within the user's scope, on a company of its own on the sandbox.
 */
const api = checkedCall;

let w: World;
let other: World;
const t = {} as Record<'admin' | 'vera' | 'otavio' | 'otherAdmin', string>;
const clients = {} as Record<'joao' | 'estrela' | 'corte' | 'serra' | 'cida' | 'otavios' | 'foreign', string>;

type Item = { phone: string; clientId: string | null; clientName: string | null; status?: string; unread: number; blocked?: boolean };
const phones = (res: { body: { items: Item[] } }) => res.body.items.map((i) => i.phone);

let eventIds = 0;
let now = 0;
/** A client's text, as Meta posts it to the company's webhook (signed with its sandbox secret), applied by the queue. */
async function inbound(from: string, text: string, name: string, at = Math.floor(Date.now() / 1000)) {
  const id = `wamid.CONTATO${++eventIds}`;
  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '200000000000000', time: at, changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '551430030000', phone_number_id: '100000000000000' }, contacts: [{ profile: { name }, wa_id: from }], messages: [{ from, id, timestamp: String(at), type: 'text', text: { body: text } }] } }] }],
  });
  const res = await api('POST', `/api/webhooks/whatsapp/${w.tenant.id}`, { body: raw, headers: { 'x-hub-signature-256': signatureOf(raw, derivedSecret('whatsapp.sandbox', w.tenant.id)) } });
  expect(res.status).toBe(200);
  await drainJobs();
}

async function client(token: string, name: string, phone1: string, salesmanId?: string) {
  const res = await api('POST', '/api/clients', { token, body: { name, phone1, birthDate: '1990-01-01', confirmRepeatedPhone: true, ...(salesmanId ? { salesmanId } : {}) } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  [w, other] = await Promise.all([makeWorld('Contatos'), makeWorld('Vizinha')]);
  Object.assign(t, await tokensFor({ admin: [w, w.admin], otherAdmin: [other, other.admin] }));
  expect((await api('PUT', '/api/messages/account', { token: t.admin, body: { provider: 'sandbox' } })).status).toBe(200);
  // The salesman profile gets `mensagens` on the permissions screen (the presets do not give it).
  const profile = (await api('GET', `/api/profiles/${w.salesman.profileId}`, { token: t.admin })).body;
  const saved = await api('PUT', `/api/profiles/${profile.id}`, { token: t.admin, body: { name: profile.name, rules: [...profile.rules, { action: ['create', 'read', 'update'], subject: 'mensagens' }], financialReleaseAuthorizer: profile.financialReleaseAuthorizer, version: profile.version } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  Object.assign(t, await tokensFor({ vera: [w, w.salesman], otavio: [w, w.otherSalesman] }));

  clients.joao = await client(t.admin, 'Mercado São João', '14991230011', w.salesman.id);
  clients.estrela = await client(t.admin, 'Padaria Estrela', '14991230021');
  clients.corte = await client(t.admin, 'Açougue Bom Corte', '14991230031');
  clients.serra = await client(t.admin, 'Empório Serra', '14991230041');
  clients.cida = await client(t.admin, 'Mercearia da Cida', '14991239999', w.salesman.id);
  clients.otavios = await client(t.admin, 'Bar do Otávio', '14991238888', w.otherSalesman.id);
  clients.foreign = await client(t.otherAdmin, 'Cliente da Vizinha', '14991237777');

  // Oldest first: São João's conversation is the last of the clients' list.
  now = Math.floor(Date.now() / 1000);
  await inbound('5514991230011', 'Bom dia! manda 10 cx de água 500ml e 5 fardos de açúcar pra amanhã', 'Seu João', now - 600);
  await inbound('5514991230021', 'O boleto venceu ontem, pode mandar outro?', 'Ana', now - 500);
  await inbound('5514991230031', 'Que horas chega a entrega?', 'Carlos', now - 400);
  await inbound('5514991230041', 'Tem promoção de óleo?', 'Zequinha Peçanha', now - 300);
  await inbound('5511988880001', 'Vocês entregam em Marília?', 'Ricardo', now - 200);
  await inbound('5514991230051', 'Quero fazer um pedido, sou cliente nova', 'Dona Cida', now - 100);
});

describe('the conversations’ search', () => {
  it('finds by the client’s name, the WhatsApp name and the number’s digits over the whole list, accents and case aside, newest first', async () => {
    const firstPage = await api('GET', '/api/messages/replies?limit=2', { token: t.admin });
    expect(phones(firstPage)).toEqual(['5514991230041', '5514991230031']);
    expect(firstPage.body.nextCursor).toBeTruthy();

    const byClient = await api('GET', `/api/messages/replies?limit=2&q=${encodeURIComponent('SAO joão')}`, { token: t.admin });
    expect(byClient.body.items.map((i: Item) => [i.phone, i.clientName])).toEqual([['5514991230011', 'Mercado São João']]);
    expect(phones(await api('GET', '/api/messages/replies?limit=2&q=pecanha', { token: t.admin }))).toEqual(['5514991230041']);
    expect(phones(await api('GET', `/api/messages/replies?limit=2&q=${encodeURIComponent('(14) 99123-0021')}`, { token: t.admin }))).toEqual(['5514991230021']);
    expect(phones(await api('GET', '/api/messages/replies?limit=2&q=bom%20cor', { token: t.admin }))).toEqual(['5514991230031']);
    // A word is the beginning of a word: "ria" is inside "Padaria", not the start of one.
    expect(phones(await api('GET', '/api/messages/replies?q=ria', { token: t.admin }))).toEqual([]);
    // Unknown numbers are searched in their own list.
    expect(phones(await api('GET', '/api/messages/replies?kind=unknown&q=marilia%20ricardo', { token: t.admin }))).toEqual([]);
    expect(phones(await api('GET', '/api/messages/replies?kind=unknown&q=ricardo', { token: t.admin }))).toEqual(['5511988880001']);

    // Digits every client's number holds: paged, newest first, each once.
    const one = await api('GET', '/api/messages/replies?limit=3&q=991230', { token: t.admin });
    const two = await api('GET', `/api/messages/replies?limit=3&q=991230&cursor=${encodeURIComponent(one.body.nextCursor)}`, { token: t.admin });
    expect([...phones(one), ...phones(two)]).toEqual(['5514991230041', '5514991230031', '5514991230021', '5514991230011']);
    expect(two.body.nextCursor).toBeNull();
    // A cursor of another search is refused.
    expect((await api('GET', `/api/messages/replies?limit=3&q=991231&cursor=${encodeURIComponent(one.body.nextCursor)}`, { token: t.admin })).status).toBe(400);
  });

  it('searches only what the user may see: a salesman his clients’ conversations', async () => {
    expect(phones(await api('GET', '/api/messages/replies?q=mercado', { token: t.vera }))).toEqual(['5514991230011']);
    expect(phones(await api('GET', '/api/messages/replies?q=padaria', { token: t.vera }))).toEqual([]);
    expect(phones(await api('GET', '/api/messages/replies?kind=unknown&q=ricardo', { token: t.vera }))).toEqual([]);
  });
});

describe('contacts', () => {
  it('are every conversation, in its list: linked (a client’s) or review; the review list only for the company’s users', async () => {
    const review = await api('GET', '/api/messages/contacts?status=review', { token: t.admin });
    expect(review.body.items.map((c: Item) => [c.phone, c.status, c.clientId])).toEqual([
      ['5514991230051', 'review', null],
      ['5511988880001', 'review', null],
    ]);
    const linked = await api('GET', '/api/messages/contacts?status=linked&q=estrela', { token: t.admin });
    expect(linked.body.items).toEqual([expect.objectContaining({ phone: '5514991230021', status: 'linked', clientId: clients.estrela, clientName: 'Padaria Estrela', contactName: 'Ana', unread: 1 })]);
    expect((await api('GET', '/api/messages/contacts?status=review', { token: t.vera })).body.items).toEqual([]);
    expect(phones(await api('GET', '/api/messages/contacts?status=linked', { token: t.vera }))).toEqual(['5514991230011']);
    const bad = await api('GET', '/api/messages/contacts?status=perdido', { token: t.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('status');
  });

  it('link a number to a client the user sees (a salesman then sees it if it is his client’s), and unlink it back to review', async () => {
    // Not another company's client, nor, for the salesman, a number she does not see or another salesman's client.
    const foreign = await api('POST', '/api/messages/contacts/5514991230051/link', { token: t.admin, body: { clientId: clients.foreign } });
    expect(foreign.status).toBe(404);
    expect((await api('POST', '/api/messages/contacts/5514991230051/link', { token: t.vera, body: { clientId: clients.cida } })).status).toBe(404);
    expect((await api('POST', '/api/messages/contacts/5514991230011/link', { token: t.vera, body: { clientId: clients.otavios } })).status).toBe(404);
    expect((await api('POST', '/api/messages/contacts/5514991230051/link', { token: t.admin, body: { clientId: 'nao-e-um-id' } })).status).toBe(400);
    expect((await api('GET', '/api/messages/contacts?status=review', { token: t.admin })).body.items.map((c: Item) => c.phone)).toContain('5514991230051');
    expect((await api('GET', '/api/messages/replies/5514991230051', { token: t.vera })).status).toBe(404);

    const linked = await api('POST', '/api/messages/contacts/5514991230051/link', { token: t.admin, body: { clientId: clients.cida } });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body).toMatchObject({ phone: '5514991230051', status: 'linked', clientId: clients.cida, clientName: 'Mercearia da Cida', contactName: 'Dona Cida' });
    expect(phones(await api('GET', '/api/messages/contacts?status=review', { token: t.admin }))).toEqual(['5511988880001']);
    expect(phones(await api('GET', '/api/messages/replies?kind=unknown', { token: t.admin }))).toEqual(['5511988880001']);
    expect(phones(await api('GET', '/api/messages/replies?limit=1', { token: t.admin }))).toEqual(['5514991230051']);
    // Vera's client now: in her lists, searchable by the client's name, readable.
    expect(phones(await api('GET', '/api/messages/replies', { token: t.vera }))).toEqual(['5514991230051', '5514991230011']);
    expect(phones(await api('GET', '/api/messages/contacts?status=linked&q=mercearia', { token: t.vera }))).toEqual(['5514991230051']);
    const hers = await api('GET', '/api/messages/replies/5514991230051', { token: t.vera });
    expect(hers.body.conversation).toMatchObject({ clientId: clients.cida, blocked: false });
    expect(hers.body.messages.map((m: { text: string }) => m.text)).toEqual(['Quero fazer um pedido, sou cliente nova']);

    // The link is the user's: the next message keeps it, though the client's phone is another number.
    await inbound('5514991230051', 'Pode ser na quinta?', 'Dona Cida', now - 50);
    expect((await api('GET', '/api/messages/replies/5514991230051', { token: t.vera })).body.conversation).toMatchObject({ clientId: clients.cida, unread: 0 });

    const unlinked = await api('POST', '/api/messages/contacts/5514991230051/link', { token: t.admin, body: { clientId: null } });
    expect(unlinked.body).toMatchObject({ status: 'review', clientId: null, clientName: null });
    expect(phones(await api('GET', '/api/messages/contacts?status=review', { token: t.admin }))).toEqual(['5514991230051', '5511988880001']);
    expect((await api('GET', '/api/messages/replies/5514991230051', { token: t.vera })).status).toBe(404);
    expect(phones(await api('GET', '/api/messages/replies', { token: t.vera }))).toEqual(['5514991230011']);
  });

  it('changed by many at once (links, a block, an unlink) end in one list, the one the conversation says', async () => {
    const link = (clientId: string | null) => api('POST', '/api/messages/contacts/5511988880001/link', { token: t.admin, body: { clientId } });
    const results = await Promise.all([link(clients.estrela), link(clients.corte), api('POST', '/api/messages/contacts/5511988880001/block', { token: t.admin, body: { blocked: true } }), link(null), link(clients.serra)]);
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409), JSON.stringify(statuses)).toBe(true);
    expect(statuses).toContain(200);
    const conversation = (await api('GET', '/api/messages/replies/5511988880001', { token: t.admin })).body.conversation;
    const status = conversation.blocked ? 'blocked' : conversation.clientId ? 'linked' : 'review';
    const lists = await Promise.all(['linked', 'review', 'blocked'].map((s) => api('GET', `/api/messages/contacts?status=${s}&q=88880001`, { token: t.admin })));
    expect(lists.flatMap((l) => l.body.items.map((c: Item) => [c.status, c.clientId]))).toEqual([[status, conversation.clientId]]);
    // As stored: one list pointer, in the conversation's list (a read leaves out a pointer its conversation contradicts).
    const pointers = await runAs({ tenantId: w.tenant.id }, () => Promise.all((['known', 'unknown', 'blocked'] as const).map(async (list) => (await MessagesRepository.chatPage(list, { limit: 100, query: 'test' }, { needles: ['88880001'] })).phones.map(() => list))));
    expect(pointers.flat()).toEqual([{ linked: 'known', review: 'unknown', blocked: 'blocked' }[status]]);
    // Back to review for what follows.
    if (conversation.blocked) expect((await api('POST', '/api/messages/contacts/5511988880001/block', { token: t.admin, body: { blocked: false } })).status).toBe(200);
    if (conversation.clientId) expect((await link(null)).status).toBe(200);
  });

  it('blocked: out of the conversations, its messages kept without an unread count, answers refused with 409; unblocked, back in its list', async () => {
    // Only who sees the whole company blocks; refused, nothing changes.
    const byVera = await api('POST', '/api/messages/contacts/5514991230011/block', { token: t.vera, body: { blocked: true } });
    expect([byVera.status, byVera.body.message]).toEqual([403, MessageTexts.blockScope().message]);
    expect((await api('POST', '/api/messages/contacts/5514991230011/block', { token: t.otherAdmin, body: { blocked: true } })).status).toBe(404);
    expect(phones(await api('GET', '/api/messages/replies?q=joao', { token: t.vera }))).toEqual(['5514991230011']);

    const blocked = await api('POST', '/api/messages/contacts/5514991230021/block', { token: t.admin, body: { blocked: true } });
    expect(blocked.body).toMatchObject({ phone: '5514991230021', status: 'blocked', clientId: clients.estrela, unread: 0 });
    expect(phones(await api('GET', '/api/messages/replies', { token: t.admin }))).not.toContain('5514991230021');
    expect(phones(await api('GET', '/api/messages/contacts?status=linked', { token: t.admin }))).not.toContain('5514991230021');
    expect(phones(await api('GET', '/api/messages/contacts?status=blocked', { token: t.admin }))).toEqual(['5514991230021']);
    expect((await api('GET', '/api/messages/contacts?status=blocked', { token: t.vera })).body.items).toEqual([]);

    await inbound('5514991230021', 'Alô? Ninguém responde?', 'Ana');
    const still = await api('GET', '/api/messages/contacts?status=blocked', { token: t.admin });
    expect(still.body.items).toEqual([expect.objectContaining({ phone: '5514991230021', unread: 0, lastText: 'Alô? Ninguém responde?' })]);
    const chat = await api('GET', '/api/messages/replies/5514991230021', { token: t.admin });
    expect(chat.body.conversation).toMatchObject({ blocked: true, unread: 0 });
    expect(chat.body.messages.map((m: { text: string }) => m.text)).toEqual(['O boleto venceu ontem, pode mandar outro?', 'Alô? Ninguém responde?']);

    const refused = await api('POST', '/api/messages/replies/5514991230021', { token: t.admin, body: { text: 'Segue o boleto.' } });
    expect([refused.status, refused.body.message]).toEqual([409, MessageTexts.contactBlocked().message]);
    expect((await api('GET', '/api/messages/replies/5514991230021', { token: t.admin })).body.messages.filter((m: { direction: string }) => m.direction === 'out')).toEqual([]);

    const unblocked = await api('POST', '/api/messages/contacts/5514991230021/block', { token: t.admin, body: { blocked: false } });
    expect(unblocked.body).toMatchObject({ status: 'linked', clientId: clients.estrela });
    expect(phones(await api('GET', '/api/messages/replies?limit=1', { token: t.admin }))).toEqual(['5514991230021']);
    expect((await api('GET', '/api/messages/contacts?status=blocked', { token: t.admin })).body.items).toEqual([]);
    const answered = await api('POST', '/api/messages/replies/5514991230021', { token: t.admin, body: { text: 'Segue o boleto.' } });
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
  });

  it('follow their client to its new salesman: the old one no longer sees the conversation', async () => {
    const before = (await api('GET', `/api/clients/${clients.joao}`, { token: t.admin })).body;
    const moved = await api('PUT', `/api/clients/${clients.joao}`, { token: t.admin, body: { ...before, salesmanId: w.otherSalesman.id, version: before.version } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(phones(await api('GET', '/api/messages/replies', { token: t.vera }))).toEqual([]);
    expect((await api('GET', '/api/messages/replies/5514991230011', { token: t.vera })).status).toBe(404);
    expect((await api('POST', '/api/messages/replies/5514991230011', { token: t.vera, body: { text: 'Oi' } })).status).toBe(404);
    // The read wrote the new salesman on the list: the other salesman's list holds it now.
    expect(phones(await api('GET', '/api/messages/replies', { token: t.otavio }))).toEqual(['5514991230011']);
    // Given back to Vera, the contact is hers at once (read as the client is now), before any list is read.
    const again = (await api('GET', `/api/clients/${clients.joao}`, { token: t.admin })).body;
    expect((await api('PUT', `/api/clients/${clients.joao}`, { token: t.admin, body: { ...again, salesmanId: w.salesman.id, version: again.version } })).status).toBe(200);
    const unlinked = await api('POST', '/api/messages/contacts/5514991230011/link', { token: t.vera, body: { clientId: null } });
    expect(unlinked.status, JSON.stringify(unlinked.body)).toBe(200);
    expect(unlinked.body).toMatchObject({ status: 'review', clientId: null });
  });

  it('include every number written to: a batch’s message is in its client’s conversation, with the status Meta gives it', async () => {
    const created = await api('POST', '/api/messages/templates', { token: t.admin, body: { name: 'aviso_pedido', category: 'utility', language: 'pt_BR', body: 'Olá {{1}}, seu pedido saiu para entrega.', bodyExamples: ['Mercado'] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await drainJobs();
    const nova = await client(t.admin, 'Distribuidora Nova', '14991230061');
    // A blocked number is not written to: its client is skipped, with the reason.
    expect((await api('POST', '/api/messages/contacts/5514991230021/block', { token: t.admin, body: { blocked: true } })).status).toBe(200);
    const sent = await api('POST', '/api/messages/batches', { token: t.admin, body: { templateId: created.body.id, body: [{ source: 'name' }], clientIds: [nova, clients.corte, clients.estrela] } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect([sent.body.total, sent.body.skipped]).toEqual([2, [{ clientId: clients.estrela, name: 'Padaria Estrela', reason: 'blocked' }]]);
    await drainJobs();
    // A number that never wrote: a contact now, its client's; the sandbox reads a number ending in 61 as read.
    const linked = await api('GET', '/api/messages/contacts?status=linked&q=nova', { token: t.admin });
    expect(linked.body.items).toEqual([expect.objectContaining({ phone: '5514991230061', clientId: nova, lastText: 'Olá Distribuidora Nova, seu pedido saiu para entrega.', unread: 0 })]);
    const thread = await api('GET', '/api/messages/replies/5514991230061', { token: t.admin });
    expect(thread.body.messages.map((m: { direction: string; text: string; status: string }) => [m.direction, m.text, m.status])).toEqual([['out', 'Olá Distribuidora Nova, seu pedido saiu para entrega.', 'read']]);
    // A client who wrote before: the message follows its question, and its unread count stays.
    const corte = await api('GET', '/api/messages/replies?q=corte', { token: t.admin });
    expect(corte.body.items[0]).toMatchObject({ lastDirection: 'out', lastText: 'Olá Açougue Bom Corte, seu pedido saiu para entrega.', unread: 1 });
  });
});
