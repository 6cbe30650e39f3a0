import { fillParameters, type MessageStatus, type RecipientStatus, type TemplateCategory } from '@ev/shared/schemas/messages';
import { addDays, timestampMs, zonedInstant } from '@ev/shared/calendar';
import { Clients } from '../clients/index';
import { Clock, timestamp } from '../clock';
import { nextValue } from '../db/counters';
import { transact } from '../db/tx';
import { newId } from '../ids';
import { Tenants } from '../tenants/index';
import { mobileOf } from '@ev/shared/schemas/clients';
import { valueOf } from './batches';
import { applyInbound, record, recordSent } from './replies';
import { emptyCounts, MessagesRepository, type BatchRecord, type RecipientRecord, type TemplateRecord } from './repository';
import { SANDBOX_NUMBER, SANDBOX_REPLY, sandboxOutcome } from './sandbox';
import { failureOf } from './webhook';
import { whatsappNumber } from './numbers';

/**
 * The demo company's WhatsApp (issue 16 item 7): the sandbox account, tested; templates approved,
 * pending and rejected; the last weeks' sends to its clients with the statuses the sandbox gives
 * their numbers; the replies that came back (two from numbers no client has). Written through the
 * module's storage as a company nobody works in yet, and the replies through the webhook's own step.
 */

interface DemoTemplate {
  name: string;
  category: TemplateCategory;
  header: string | null;
  headerExample: string | null;
  body: string;
  bodyExamples: string[];
  footer: string | null;
  status: TemplateRecord['status'];
  rejectedReason: string | null;
}

const TEMPLATES: DemoTemplate[] = [
  { name: 'ofertas_semana', category: 'marketing', header: 'Ofertas da semana', headerExample: null, body: 'Olá {{1}}! As ofertas desta semana da Distribuidora Exemplo chegaram: {{2}}. Fale com {{3}} para garantir o seu pedido.', bodyExamples: ['Mercado Bom Preço', 'arroz 5 kg a R$ 24,90', 'Vera'], footer: 'Responda SAIR para não receber ofertas', status: 'approved', rejectedReason: null },
  { name: 'aviso_entrega', category: 'utility', header: null, headerExample: null, body: 'Olá {{1}}, seu pedido sai para entrega amanhã em {{2}}. Qualquer dúvida, responda esta mensagem.', bodyExamples: ['Mercado Bom Preço', 'Bauru'], footer: null, status: 'approved', rejectedReason: null },
  { name: 'visita_vendedor', category: 'utility', header: null, headerExample: null, body: 'Olá {{1}}, {{2}} passa aí esta semana para anotar o seu pedido.', bodyExamples: ['Mercado Bom Preço', 'Vera'], footer: null, status: 'approved', rejectedReason: null },
  { name: 'natal_2026', category: 'marketing', header: 'Natal {{1}}', headerExample: 'Distribuidora Exemplo', body: 'Olá {{1}}, os panetones e as cestas de Natal já estão no catálogo. Peça até {{2}}.', bodyExamples: ['Mercado Bom Preço', '10 de dezembro'], footer: null, status: 'pending', rejectedReason: null },
  { name: 'desconto_boleto', category: 'utility', header: null, headerExample: null, body: 'Olá {{1}}, pague o boleto até sexta e ganhe 5% de desconto no próximo pedido!', bodyExamples: ['Mercado Bom Preço'], footer: null, status: 'rejected', rejectedReason: 'TAG_CONTENT_MISMATCH' },
];

/**
 * The AI area's month (issue 46): conversations a distributor has with its clients on WhatsApp,
 * each a client's thread, the latest message `hoursAgo` (in: the client's; out: an answer,
 * read). Orders as clients write them (units, abbreviations), a boleto, a delivery; those whose
 * last message is the client's are unread.
 */
const THREADS: { lines: ['in' | 'out', number, string][] }[] = [
  { lines: [['in', 50, 'Bom dia! manda 10 cx de água 500ml e 5 fardos de açúcar pra amanhã'], ['out', 49.7, 'Bom dia! Anotado, sai amanhã cedo. Precisa de mais alguma coisa?'], ['in', 49.5, 'Manda tbm 3 cx de óleo de soja e 2 fardos de arroz 5kg']] },
  { lines: [['in', 122, 'Boa tarde, o boleto da última compra não chegou no meu e-mail'], ['out', 121.6, 'Boa tarde! Reenviei agora, confere por favor.'], ['in', 121.3, 'Chegou, obrigado. Dá pra pagar na sexta sem juros?']] },
  { lines: [['in', 3, 'O pedido de ontem ainda não chegou, tem previsão?'], ['in', 1.5, 'O caminhão passa que horas? Fecho às 18h']] },
  { lines: [['in', 195, 'Oi, fecha pra mim 20 pct de café 500g, 6 cx de leite integral e 4 fardos de refri 2L'], ['out', 194.5, 'Fechado! Entrega na quinta de manhã.'], ['in', 194.2, 'Valeu!'], ['out', 194, 'Nós que agradecemos 🙂']] },
  { lines: [['in', 26, 'Tem promoção de detergente essa semana?'], ['out', 25.5, 'Tem sim: a caixa com 24 sai por R$ 38,90.'], ['in', 25, 'Então manda 2 cx junto com o pedido de sexta']] },
  { lines: [['in', 290, 'Preciso cancelar o pedido de hoje, o mercado vai fechar pra reforma'], ['out', 289.5, 'Tudo bem, cancelado. Boa reforma! Quando reabrir é só chamar.']] },
];

/** A past send: its template, how many days ago, the parameters' sources and which clients (every `step`-th from `from`). */
const SENDS = [
  { template: 'ofertas_semana', daysAgo: 20, from: 0, step: 4, count: 60, body: [{ source: 'nickname' as const }, { source: 'text' as const, text: 'arroz, feijão e óleo com preço de atacado' }, { source: 'salesman' as const }] },
  { template: 'aviso_entrega', daysAgo: 9, from: 1, step: 5, count: 40, body: [{ source: 'name' as const }, { source: 'city' as const }] },
  { template: 'ofertas_semana', daysAgo: 2, from: 2, step: 3, count: 80, body: [{ source: 'nickname' as const }, { source: 'text' as const, text: 'bebidas geladas para o fim de ano' }, { source: 'salesman' as const }] },
];

export async function seedMessaging(clientIds: string[], users: { adminId: string; adminName: string; salesmen: { id: string; name: string }[] }): Promise<void> {
  const now = timestamp();
  await transact([
    MessagesRepository.accountSaveStep(
      { provider: 'sandbox', phoneNumberId: null, businessAccountId: null, accessToken: null, appSecret: null, dailyTier: 'account', lastCheck: { at: now, ok: true, phone: SANDBOX_NUMBER.phone, name: SANDBOX_NUMBER.name, tier: '2000', reason: null }, updatedAt: now, updatedBy: users.adminId },
      null,
    ),
  ]);
  const { timezone } = await Tenants.current();
  const today = Clock.today(timezone);
  const templates = new Map<string, TemplateRecord>();
  for (const [i, t] of TEMPLATES.entries()) {
    const at = timestamp(zonedInstant(addDays(today, -30 + i), 10, 0, timezone));
    const record: TemplateRecord = {
      id: newId(),
      ...t,
      language: 'pt_BR',
      buttons: t.category === 'marketing' ? [{ type: 'quick_reply', text: 'Quero ver o catálogo' }] : [],
      providerId: String(1_700_000_000_000 + i),
      submittedAt: at,
      reviewedAt: t.status === 'pending' ? null : at,
      approvedEdits: [],
      createdAt: at,
      createdBy: users.adminId,
      updatedAt: at,
      updatedBy: users.adminId,
      version: 1,
    };
    await transact(MessagesRepository.templateCreateSteps(record));
    templates.set(t.name, record);
  }

  const clients = new Map((await Clients.findMany(clientIds)).map((c) => [c.id, c]));
  const salesmen = new Map(users.salesmen.map((s) => [s.id, s.name]));
  const replies: { phone: string; name: string; at: string; sent: { text: string; at: string; status: RecipientStatus; client: { id: string; name: string; salesmanId: string | null } } }[] = [];
  for (const send of SENDS) {
    const template = templates.get(send.template)!;
    const params = send.body.map((p) => ({ source: p.source, text: 'text' in p ? p.text : null }));
    const createdAt = timestamp(zonedInstant(addDays(today, -send.daysAgo), 9, 30, timezone));
    const id = newId();
    const counts = emptyCounts();
    const recipients: RecipientRecord[] = [];
    const skipped: BatchRecord['skipped'] = [];
    // Each client once in a send, however few the clients (the walk wraps around a short list).
    const chosen = [...new Set(Array.from({ length: send.count }, (_, k) => clientIds[(send.from + k * send.step) % clientIds.length]!))];
    for (const [k, clientId] of chosen.entries()) {
      const c = clients.get(clientId)!;
      const phone = mobileOf(c);
      if (!phone) {
        skipped.push({ clientId: c.id, name: c.name, reason: 'noMobile' });
        continue;
      }
      if (template.category === 'marketing' && !c.marketingOptIn) {
        skipped.push({ clientId: c.id, name: c.name, reason: 'noOptIn' });
        continue;
      }
      const body = params.map((p) => valueOf(p, c, salesmen).trim());
      if (body.some((v) => !v)) {
        skipped.push({ clientId: c.id, name: c.name, reason: 'emptyValue' });
        continue;
      }
      const outcome = sandboxOutcome(phone, true);
      const status: RecipientStatus = outcome.failure === 131026 ? 'undelivered' : outcome.failure ? 'failed' : outcome.read ? 'read' : 'delivered';
      counts[status]++;
      recipients.push({
        batchId: id,
        clientId: c.id,
        clientName: c.name,
        phone,
        values: { header: null, body },
        status,
        failure: outcome.failure ? failureOf({ code: outcome.failure }).message : null,
        sendOn: null,
        messageId: `wamid.DEMO${id.replace(/-/g, '').slice(-12)}${k}`,
        sentAt: createdAt,
        updatedAt: createdAt,
      });
      // The clients who answered: the send's message in their conversation, then the answer (the other
      // recipients' conversations are left out: few writes at the first start).
      if (outcome.replies) replies.push({ phone, name: c.nickname || c.name, at: timestamp(timestampMs(createdAt) + (20 + k) * 60_000), sent: { text: fillParameters(template.body, body), at: createdAt, status, client: { id: c.id, name: c.name, salesmanId: c.salesmanId ?? null } } });
    }
    const batch: BatchRecord = {
      id,
      number: await nextValue('messageBatches'),
      templateId: template.id,
      templateName: template.name,
      category: template.category,
      language: template.language,
      createdAt,
      createdBy: users.adminId,
      createdByName: users.adminName,
      total: recipients.length,
      counts,
      skipped,
      state: 'sent',
      header: null,
      body: params,
      scopes: ['all', `sm#${users.adminId}`],
    };
    await MessagesRepository.createBatch(batch, recipients);
  }

  // The replies, through the webhook's step (each event claimed once), the month's threads of some
  // clients (Vera's and Sérgio's) and two numbers no client has, one thread per number at once.
  const withMobile = clientIds.flatMap((id) => {
    const c = clients.get(id);
    const phone = c && mobileOf(c);
    return phone ? [{ phone, name: c.nickname || c.name, salesmanId: c.salesmanId ?? null }] : [];
  });
  // The threads go to the salesmen's clients in turn (Vera's first: her AI area opens on an order).
  const threadClient = (i: number) => {
    const owner = users.salesmen[i % users.salesmen.length]?.id;
    return withMobile.filter((c) => c.salesmanId === owner)[Math.floor(i / users.salesmen.length) * 2];
  };
  const ago = (hours: number) => timestamp(Clock.now() - hours * 3600_000);
  type Line = { direction: 'in' | 'out' | 'sent'; from: string; name: string; text: string; at: string; sent?: (typeof replies)[number]['sent'] };
  const threads: Line[][] = [
    ...replies.map((r, i): Line[] => [
      { direction: 'sent', from: r.phone, name: r.name, text: r.sent.text, at: r.sent.at, sent: r.sent },
      { direction: 'in', from: r.phone, name: r.name, text: i % 3 === 1 ? 'Tem desconto para pedido acima de 50 caixas?' : SANDBOX_REPLY, at: r.at },
    ]),
    ...THREADS.flatMap((t, i) => {
      const who = threadClient(i);
      return who ? [t.lines.map(([direction, hours, text]) => ({ direction, from: who.phone, name: who.name, text, at: ago(hours) }))] : [];
    }),
    [
      { direction: 'in', from: '5511987654321', name: 'Ricardo', text: 'Boa tarde, vocês entregam em Marília?', at: ago(3) },
      { direction: 'in', from: '5511987654321', name: 'Ricardo', text: 'Sou do Mercado Central de lá, queria a tabela de preços', at: ago(2.8) },
    ],
    [{ direction: 'in', from: '5514988776655', name: 'Dona Cida', text: 'Quero ser revendedora, com quem falo?', at: ago(26) }],
  ];
  // A thread's messages in order (a number's conversation is one record); the numbers at once.
  const byNumber = new Map<string, Line[]>();
  for (const line of threads.flat()) byNumber.set(line.from, [...(byNumber.get(line.from) ?? []), line]);
  await Promise.all(
    [...byNumber.values()].map(async (lines) => {
      for (const m of lines.sort((x, y) => x.at.localeCompare(y.at))) {
        if (m.direction === 'in') {
          const id = `inbound:wamid.DEMOIN${newId().replace(/-/g, '').slice(-16)}`;
          await applyInbound({ id, from: m.from, name: m.name, text: m.text, at: new Date(timestampMs(m.at)).toISOString() }, MessagesRepository.eventClaimStep(id, Clock.seconds()));
        } else if (m.sent) {
          await recordSent(whatsappNumber(m.from), null, m.sent.client, { id: newId(), at: m.at, text: m.text, status: m.sent.status as MessageStatus });
        } else {
          // An answer of the month, read by the client (the sandbox's statuses are not played back for the demo).
          const entry = { id: newId(), direction: 'out' as const, text: m.text, at: m.at, status: 'read' as const, failure: null };
          await record(whatsappNumber(m.from), async (before) => ({ after: { ...before!, lastAt: m.at, lastText: m.text, lastDirection: 'out', unread: 0 }, entry, more: [] }));
        }
      }
    }),
  );
}
