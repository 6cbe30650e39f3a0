import { Messages } from '@ev/core/messages';
import { DomainError } from '@ev/core/errors';
import { Id, IdParams, page } from '@ev/shared/schemas/common';
import { Contact, ContactBlock, ContactLink, ContactsQuery, Conversation, ConversationEntry, ConversationsQuery, PhoneParams, ReplyInput, BatchesQuery, BatchInput, BatchPreview, BatchRecipient, MessageBatch, MessageTemplate, MessageTexts, MessagingAccount, MessagingAccountUpdate, MessagingState, TemplateInput, TemplatesQuery, TemplateUpdate } from '@ev/shared/schemas/messages';
import { z } from 'zod';
import { answers, body, errors, json } from '../http/openapi';
import { can, open, routes } from '../http/route';
import { router } from '../http/router';

/**
 * WhatsApp messaging (issue 16, docs/messages.md): the provider account (administrators, `admin`),
 * what the sending screens read of it (`mensagens`), and the webhook Meta calls (public, checked by
 * its signature).
 */
const route = routes('messages');

const account = route('get', '/messages/account', can('read', 'admin'), 'A conta do provedor de mensagens (WhatsApp Cloud API ou sandbox): ids, se o token e a chave secreta estão guardados (nunca os valores), o token de verificação e a URL do webhook',
  answers(json(MessagingAccount, 'A conta'), 401, 403));
const saveAccount = route('put', '/messages/account', can('update', 'admin'), 'Salvar a conta do provedor (com a versão lida; token e chave secreta vazios mantêm os guardados)',
  answers(json(MessagingAccount, 'Salva'), 400, 401, 403, 409), body(MessagingAccountUpdate));
const testAccount = route('post', '/messages/account/test', can('update', 'admin'), 'Testar a conexão: lê do provedor o número e o limite diário da conta e guarda o resultado',
  answers(json(MessagingAccount, 'A conta com o resultado do teste'), 401, 403, 409));
const state = route('get', '/messages/state', can('read', 'mensagens'), 'Se o provedor de mensagens está configurado, qual é e o limite diário de clientes',
  answers(json(MessagingState, 'O estado do provedor'), 401, 403));

const templates = route('get', '/messages/templates', can('read', 'mensagens'), 'Os modelos de mensagem da empresa, por nome (busca por palavras do nome e do corpo; filtro por status)',
  answers(json(page(MessageTemplate), 'Os modelos'), 400, 401, 403), { query: TemplatesQuery });
const template = route('get', '/messages/templates/{id}', can('read', 'mensagens'), 'Um modelo de mensagem, com a revisão do WhatsApp',
  answers(json(MessageTemplate, 'O modelo'), 400, 401, 403, 404), { params: IdParams });
const createTemplate = route('post', '/messages/templates', can('create', 'mensagens'), 'Criar um modelo (só texto) e enviá-lo à revisão do WhatsApp: fica pendente até o webhook trazer a aprovação ou a recusa',
  answers({ 201: json(MessageTemplate, 'Criado, pendente') }, 400, 401, 403, 409, 503), body(TemplateInput));
const updateTemplate = route('put', '/messages/templates/{id}', can('update', 'mensagens'), 'Alterar o texto de um modelo (revisado de novo), como o WhatsApp permite: não em análise; aprovado, uma vez por dia e 10 em 30 dias',
  answers(json(MessageTemplate, 'Alterado, pendente'), 400, 401, 403, 404, 409, 503), { params: IdParams, ...body(TemplateUpdate) });
const deleteTemplate = route('delete', '/messages/templates/{id}', can('delete', 'mensagens'), 'Excluir um modelo (no WhatsApp também; o nome de um aprovado fica reservado por 30 dias)',
  answers(json(MessageTemplate, 'Excluído'), 400, 401, 403, 404, 409, 503), { params: IdParams });

const previewBatch = route('post', '/messages/batches/preview', can('create', 'mensagens'), 'Prévia de um envio: a mensagem de cada cliente, os clientes deixados de fora com o motivo, o limite diário e quantos ficam para o dia seguinte',
  answers(json(BatchPreview, 'A prévia'), 400, 401, 403, 409), body(BatchInput));
const createBatch = route('post', '/messages/batches', can('create', 'mensagens'), 'Enviar um modelo aprovado a até 300 clientes (escolhidos ou de um filtro): gravado uma vez e enviado pela fila; o que passar do limite diário vai no dia seguinte',
  answers({ 201: json(MessageBatch, 'O envio, pendente') }, 400, 401, 403, 409), body(BatchInput));
const batches = route('get', '/messages/batches', can('read', 'mensagens'), 'Envios pendentes ou enviados (do usuário, da equipe ou da empresa), do mais novo ao mais antigo',
  answers(json(page(MessageBatch), 'Uma página'), 400, 401, 403), { query: BatchesQuery });
const batch = route('get', '/messages/batches/{id}', can('read', 'mensagens'), 'Um envio com o andamento (quantos enviados, entregues, lidos, com falha)',
  answers(json(MessageBatch, 'O envio'), 400, 401, 403, 404), { params: IdParams });
const recipients = route('get', '/messages/batches/{id}/recipients', can('read', 'mensagens'), 'As mensagens de um envio: cliente, número, status e o motivo de uma falha',
  answers(json(z.object({ items: z.array(BatchRecipient) }), 'As mensagens'), 400, 401, 403, 404), { params: IdParams });
const resend = route('post', '/messages/batches/{id}/resend', can('create', 'mensagens'), 'Enviar de novo as mensagens do envio que falharam',
  answers(json(MessageBatch, 'O envio, pendente de novo'), 400, 401, 403, 404, 409), { params: IdParams });

const conversations = route('get', '/messages/replies', can('read', 'mensagens'), 'Respostas dos clientes agrupadas por número, da mais recente: de clientes conhecidos, ou de números desconhecidos (para revisão); q busca pelo nome do cliente, pelo nome no WhatsApp ou pelos dígitos do número em toda a lista',
  answers(json(page(Conversation), 'Uma página de conversas'), 400, 401, 403), { query: ConversationsQuery });
const conversation = route('get', '/messages/replies/{phone}', can('read', 'mensagens'), 'Uma conversa com as mensagens (marca como lida) e até quando cabe texto livre (janela de 24 horas)',
  answers(json(z.object({ conversation: Conversation, messages: z.array(ConversationEntry) }), 'A conversa'), 400, 401, 403, 404), { params: PhoneParams });
const reply = route('post', '/messages/replies/{phone}', can('create', 'mensagens'), 'Responder: texto livre dentro da janela de 24 horas da última mensagem do cliente, ou um modelo aprovado fora dela',
  answers({ 201: json(ConversationEntry, 'A resposta, enviada (ou com o motivo da falha)') }, 400, 401, 403, 404, 409, 503), { params: PhoneParams, ...body(ReplyInput) });

const contacts = route('get', '/messages/contacts', can('read', 'mensagens'), 'Contatos (todo número com uma conversa), da conversa mais recente: vinculados a um cliente, para revisão (sem cliente) ou bloqueados; o vendedor vê só os vinculados aos seus clientes',
  answers(json(page(Contact), 'Uma página de contatos'), 400, 401, 403), { query: ContactsQuery });
const linkContact = route('post', '/messages/contacts/{phone}/link', can('update', 'mensagens'), 'Vincular o número a um cliente que o usuário vê (a conversa passa para a lista do cliente) ou desvincular (clientId nulo: volta para revisão)',
  answers(json(Contact, 'O contato'), 400, 401, 403, 404, 409), { params: PhoneParams, ...body(ContactLink) });
const blockContact = route('post', '/messages/contacts/{phone}/block', can('update', 'mensagens'), 'Bloquear o número (sai das conversas; as mensagens dele continuam guardadas, sem contar como não lidas, e respostas são recusadas) ou desbloquear; só quem vê toda a empresa',
  answers(json(Contact, 'O contato'), 400, 401, 403, 404, 409), { params: PhoneParams, ...body(ContactBlock) });

const WebhookParams = z.object({ companyId: Id });
const verify = route('get', '/webhooks/whatsapp/{companyId}', open, 'Verificação do webhook pelo Meta (hub.mode, hub.verify_token, hub.challenge): responde o desafio com o token da empresa',
  { 200: { content: { 'text/plain': { schema: z.string() } }, description: 'O desafio' }, 400: errors[400], 403: errors[403] },
  {
    params: WebhookParams,
    query: z.object({ 'hub.mode': z.string().max(50).optional(), 'hub.verify_token': z.string().max(200).optional(), 'hub.challenge': z.string().max(200).optional() }),
  });
const receive = route('post', '/webhooks/whatsapp/{companyId}', open, 'Notificações do WhatsApp Cloud API (revisão de modelos, status de mensagens, respostas): assinadas com X-Hub-Signature-256; guardadas pela fila',
  answers(json(z.object({ received: z.literal(true) }), 'Recebida'), 400, 401),
  { params: WebhookParams });

export const messagesRoutes = router()
  .openapi(account, async (c) => c.json(await Messages.account(), 200))
  .openapi(saveAccount, async (c) => c.json(await Messages.updateAccount(c.req.valid('json')), 200))
  .openapi(testAccount, async (c) => c.json(await Messages.testConnection(), 200))
  .openapi(state, async (c) => c.json(await Messages.state(), 200))
  .openapi(templates, async (c) => c.json(await Messages.templates(c.req.valid('query')), 200))
  .openapi(template, async (c) => c.json(await Messages.template(c.req.valid('param').id), 200))
  .openapi(createTemplate, async (c) => c.json(await Messages.createTemplate(c.req.valid('json')), 201))
  .openapi(updateTemplate, async (c) => c.json(await Messages.updateTemplate(c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(deleteTemplate, async (c) => c.json(await Messages.deleteTemplate(c.req.valid('param').id), 200))
  .openapi(previewBatch, async (c) => c.json(await Messages.previewBatch(c.req.valid('json')), 200))
  .openapi(createBatch, async (c) => c.json(await Messages.createBatch(c.req.valid('json')), 201))
  .openapi(batches, async (c) => c.json(await Messages.batches(c.req.valid('query')), 200))
  .openapi(batch, async (c) => c.json(await Messages.batch(c.req.valid('param').id), 200))
  .openapi(recipients, async (c) => c.json(await Messages.recipients(c.req.valid('param').id), 200))
  .openapi(resend, async (c) => c.json(await Messages.resendBatch(c.req.valid('param').id), 200))
  .openapi(conversations, async (c) => c.json(await Messages.conversations(c.req.valid('query')), 200))
  .openapi(conversation, async (c) => c.json(await Messages.conversation(c.req.valid('param').phone), 200))
  .openapi(reply, async (c) => c.json(await Messages.reply(c.req.valid('param').phone, c.req.valid('json')), 201))
  .openapi(contacts, async (c) => c.json(await Messages.contacts(c.req.valid('query')), 200))
  .openapi(linkContact, async (c) => c.json(await Messages.linkContact(c.req.valid('param').phone, c.req.valid('json')), 200))
  .openapi(blockContact, async (c) => c.json(await Messages.blockContact(c.req.valid('param').phone, c.req.valid('json')), 200))
  .openapi(verify, async (c) => {
    const q = c.req.valid('query');
    const challenge = await Messages.webhookChallenge(c.req.valid('param').companyId, { mode: q['hub.mode'], token: q['hub.verify_token'], challenge: q['hub.challenge'] });
    if (challenge === null) throw new DomainError('messages.webhook_verify', MessageTexts.webhookVerify(), 'forbidden');
    return c.text(challenge, 200);
  })
  .openapi(receive, async (c) => {
    const raw = await c.req.text();
    const result = await Messages.receiveWebhook(c.req.valid('param').companyId, raw, c.req.header('x-hub-signature-256'));
    if (result === 'unauthorized') throw new DomainError('messages.webhook_signature', MessageTexts.webhookSignature(), 'unauthenticated');
    if (result === 'invalid') throw new DomainError('messages.webhook_payload', MessageTexts.webhookPayload(), 'validation');
    return c.json({ received: true as const }, 200);
  });
