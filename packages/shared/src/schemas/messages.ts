import { defineTexts } from '../texts';
import { addKeyedIssue, keyed, z } from '../zod';
import { CLIENT_SITUATIONS, CLIENT_STATUSES, CONTACT_STATES, TEMPLATE_STATUSES } from './choices';
import { Cursor, Id, Limit, SearchText, Timestamp, Version } from './common';

/**
 * WhatsApp messaging (spec sections 3, 4, 5, 8 and 9; issue 16; docs/messages.md): message
 * templates submitted to Meta's WhatsApp Cloud API and the batches sent with them. The same schemas
 * validate the API's input and the web's forms. The limits not in the spec are Meta's own (its
 * template components reference), so a template refused here would be refused by Meta too.
 */

export const TEMPLATE_CATEGORIES = ['marketing', 'utility', 'authentication'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
/** Spec section 9: Portuguese (Brazil) and English; Spanish too (issue 16), as Meta names them. */
export const TEMPLATE_LANGUAGES = ['pt_BR', 'en_US', 'es'] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];
export { TEMPLATE_STATUSES };
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
export const MESSAGE_STATUSES = ['sent', 'delivered', 'read', 'failed', 'undelivered'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const BUTTON_TYPES = ['quick_reply', 'url', 'phone_number'] as const;
export type ButtonType = (typeof BUTTON_TYPES)[number];

/** Spec section 9: a batch goes to 300 clients at most. */
export const MESSAGE_BATCH_MAX = 300;
/**
 * Meta's daily limits of unique recipients of business-initiated messages (its messaging tiers).
 * The administrator takes the account's own (read from Meta when the connection is tested) or
 * sets one.
 */
export const DAILY_TIERS = ['250', '2000', '10000', '100000', 'unlimited'] as const;
export type DailyTier = (typeof DAILY_TIERS)[number];
export const DAILY_TIER_CHOICES = ['account', ...DAILY_TIERS] as const;
export type DailyTierChoice = (typeof DAILY_TIER_CHOICES)[number];
/** Recipients a day under a tier; null: unlimited. */
export const dailyLimitOf = (tier: DailyTier): number | null => (tier === 'unlimited' ? null : Number(tier));
/** The tier while none was read from the account: Meta's lowest for a business-initiated send. */
export const DEFAULT_DAILY_TIER: DailyTier = '250';

/** Meta's WhatsApp Cloud API, or the sandbox that plays Meta's part for demos and tests (docs/messages.md). */
export const MESSAGING_PROVIDERS = ['cloud', 'sandbox'] as const;
export type MessagingProvider = (typeof MESSAGING_PROVIDERS)[number];

/** Meta's limits (characters). */
export const TEMPLATE_LIMITS = { name: 512, header: 60, body: 1024, footer: 60, buttons: 10, urlButtons: 2, phoneButtons: 1, buttonText: 25, url: 2000, phone: 20, example: 200 } as const;

/** The messages' texts, keyed `messages.<name>` (docs/texts.md). The spec names the cases of section 8; the wording is ours. */
export const MessageTexts = defineTexts('messages', {
  // Spec section 8.
  noneGenerated: 'Nenhuma mensagem foi gerada: nenhum dos clientes escolhidos pode receber este modelo (veja os motivos na lista).',
  noClients: 'Selecione ao menos um cliente para enviar a mensagem.',
  limit: 'Selecione no máximo {{max}} clientes por envio.',
  notConfigured: 'O provedor de mensagens não está configurado. Um administrador pode configurar a conta do WhatsApp em Mensagens > Configurações.',
  // Spec section 5: the template name.
  name: 'Use só letras minúsculas e sublinhado (_) no nome do modelo, sem espaços, acentos ou números.',
  nameLength: 'O nome do modelo pode ter no máximo {{max}} caracteres.',
  category: 'Escolha a categoria: marketing, utilidade ou autenticação.',
  language: 'Escolha o idioma: português (Brasil), inglês (EUA) ou espanhol.',
  body: 'Escreva o corpo da mensagem (até {{max}} caracteres).',
  header: 'O cabeçalho pode ter no máximo {{max}} caracteres e um parâmetro.',
  footer: 'O rodapé pode ter no máximo {{max}} caracteres, sem parâmetros.',
  parameters: 'Numere os parâmetros em sequência, começando em 1, sem pular números.',
  example: 'Informe um exemplo para o parâmetro {{n}} (até {{max}} caracteres).',
  buttons: 'Use no máximo {{max}} botões: até 2 de link e 1 de telefone.',
  buttonText: 'Escreva o texto do botão (até {{max}} caracteres).',
  buttonUrl: 'Informe um link que comece com https:// (até {{max}} caracteres).',
  buttonPhone: 'Informe o telefone com o código do país, só números (por exemplo 5514999998888).',
  // The provider account (settings, administrators).
  provider: 'Escolha o provedor: WhatsApp Cloud API da Meta ou sandbox.',
  phoneNumberId: 'Informe o identificador do número de telefone (Phone number ID), só números.',
  businessAccountId: 'Informe o identificador da conta do WhatsApp Business (WhatsApp Business Account ID), só números.',
  accessToken: 'Informe o token de acesso da conta do WhatsApp.',
  appSecret: 'Informe a chave secreta do app (App secret) da Meta: ela confere as notificações do webhook.',
  dailyTier: 'Escolha o limite diário de clientes: o da conta ou 250, 2.000, 10.000, 100.000 ou ilimitado.',
  testOk: 'Conexão funcionando: número {{phone}} ({{name}}).',
  testFailed: 'A conexão falhou: {{reason}}',
  unreachable: 'O WhatsApp não respondeu. Tente de novo em alguns minutos.',
  // Sending (a batch of clients, one approved template).
  templateNotApproved: 'Escolha um modelo aprovado pelo WhatsApp.',
  parameterSources: 'Escolha de onde vem cada parâmetro do modelo ({{count}}).',
  parameterText: 'Escreva o texto fixo do parâmetro {{n}}.',
  skippedNoMobile: 'Sem celular cadastrado.',
  skippedNoOptIn: 'Não aceita mensagens de marketing.',
  skippedDuplicate: 'O mesmo celular de outro cliente deste envio.',
  skippedEmptyValue: 'Um parâmetro ficaria vazio para este cliente (o campo não está preenchido no cadastro).',
  skippedBlocked: 'O celular está bloqueado nos contatos do WhatsApp.',
  tierWarning: 'O limite diário da conta é de {{limit}} clientes e hoje já foram {{sent}}: {{held}} clientes deste envio ficam para amanhã.',
  nothingToResend: 'Nenhuma mensagem deste envio falhou.',
  // Replies.
  replyText: 'Escreva a resposta (até {{max}} caracteres).',
  windowClosed: 'Passaram 24 horas da última mensagem do cliente: o WhatsApp só aceita um modelo aprovado agora.',
  contactBlocked: 'Este número está bloqueado: desbloqueie o contato para responder.',
  blockScope: 'Só quem vê todos os clientes da empresa bloqueia ou desbloqueia um número.',
  // Templates (their review and edits follow Meta's rules).
  templateTaken: 'Já existe um modelo com este nome neste idioma.',
  templateInReview: 'O modelo está em análise no WhatsApp: espere a revisão para alterá-lo.',
  templateEditedToday: 'Um modelo aprovado pode ser alterado uma vez a cada 24 horas: tente de novo depois de {{when}}.',
  templateEditsMonth: 'Um modelo aprovado pode ser alterado no máximo 10 vezes em 30 dias.',
  templateFixed: 'O nome, o idioma e a categoria de um modelo enviado não mudam: crie outro modelo.',
  templateRefused: 'O WhatsApp recusou o modelo: {{reason}}',
  // Why Meta rejected a template (its reason codes).
  rejectedAbusive: 'O WhatsApp considerou o conteúdo abusivo.',
  rejectedFormat: 'Formato inválido: confira os parâmetros, os exemplos e os links (só https://).',
  rejectedCategory: 'A categoria não corresponde ao conteúdo: uma mensagem com oferta ou desconto é de marketing.',
  rejectedScam: 'O WhatsApp considerou o conteúdo um possível golpe.',
  rejectedOther: 'Recusado pelo WhatsApp ({{reason}}).',
  // The webhook (answered to Meta's calls, read by whoever sets it up).
  webhookVerify: 'O token de verificação não confere com o desta empresa.',
  webhookSignature: 'A assinatura da notificação (X-Hub-Signature-256) não confere.',
  webhookPayload: 'A notificação não tem o formato das notificações do WhatsApp.',
  // Why a message failed, from the error Meta reports (its code in parentheses in the last one).
  failRateLimit: 'O WhatsApp limitou a quantidade de envios da conta neste momento. A mensagem pode ser enviada de novo mais tarde.',
  failUndeliverable: 'Não foi possível entregar: o número não usa WhatsApp ou o aparelho não recebe mensagens.',
  failWindow: 'Fora da janela de 24 horas: só um modelo aprovado pode ser enviado a este cliente agora.',
  failParameters: 'Os parâmetros enviados não conferem com o modelo aprovado.',
  failTemplate: 'O modelo não existe mais ou não está aprovado no WhatsApp.',
  failToken: 'O token de acesso da conta do WhatsApp expirou ou foi revogado. Um administrador precisa atualizá-lo nas configurações.',
  failOptOut: 'O cliente não recebe mais mensagens de marketing desta empresa no WhatsApp.',
  failOther: 'O WhatsApp recusou a mensagem ({{code}}: {{title}}).',
  // A send cut off (its consumer stopped) before the answer was written: it may have gone.
  failInterrupted: 'O envio foi interrompido antes da resposta do WhatsApp: a mensagem pode ter chegado. Confira com o cliente antes de enviar de novo.',
  // A send Meta did not answer in time (or answered in words not its own): it may have gone.
  failUnanswered: 'O WhatsApp não respondeu a tempo: a mensagem pode ter chegado. Confira com o cliente antes de enviar de novo.',
});
const T = MessageTexts;

/** Spec section 5: lowercase letters and underscores only. */
export const TEMPLATE_NAME = /^[a-z_]+$/;

/** The numbers of the `{{n}}` parameters in a text, in order of appearance (repeats kept). */
export function parameterNumbers(text: string): number[] {
  return [...text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1]));
}

/** Whether a text's parameters are 1..n, each at least once, none skipped (Meta refuses gaps). */
export function parametersInSequence(text: string): boolean {
  const distinct = [...new Set(parameterNumbers(text))].sort((a, b) => a - b);
  return distinct.every((n, i) => n === i + 1);
}

/** How many distinct parameters a text has. */
export function parameterCount(text: string): number {
  return new Set(parameterNumbers(text)).size;
}

/** The text with each `{{n}}` replaced by `values[n - 1]` (a missing value keeps the placeholder). */
export function fillParameters(text: string, values: readonly string[]): string {
  return text.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => values[Number(n) - 1] ?? whole);
}

const Button = z.discriminatedUnion('type', [
  z.object({ type: z.literal('quick_reply'), text: z.string().trim().min(1, { error: keyed(T.buttonText({ max: TEMPLATE_LIMITS.buttonText })) }).max(TEMPLATE_LIMITS.buttonText, { error: keyed(T.buttonText({ max: TEMPLATE_LIMITS.buttonText })) }) }),
  z.object({
    type: z.literal('url'),
    text: z.string().trim().min(1, { error: keyed(T.buttonText({ max: TEMPLATE_LIMITS.buttonText })) }).max(TEMPLATE_LIMITS.buttonText, { error: keyed(T.buttonText({ max: TEMPLATE_LIMITS.buttonText })) }),
    url: z.string().trim().max(TEMPLATE_LIMITS.url, { error: keyed(T.buttonUrl({ max: TEMPLATE_LIMITS.url })) }).regex(/^https:\/\/[^\s]+$/, { error: keyed(T.buttonUrl({ max: TEMPLATE_LIMITS.url })) }),
  }),
  z.object({
    type: z.literal('phone_number'),
    text: z.string().trim().min(1, { error: keyed(T.buttonText({ max: TEMPLATE_LIMITS.buttonText })) }).max(TEMPLATE_LIMITS.buttonText, { error: keyed(T.buttonText({ max: TEMPLATE_LIMITS.buttonText })) }),
    phone: z.string().trim().regex(/^\d{8,20}$/, { error: keyed(T.buttonPhone()) }),
  }),
]);
export type TemplateButton = z.infer<typeof Button>;

const Example = z.string().trim().min(1).max(TEMPLATE_LIMITS.example);

/**
 * A template as the company writes it (text only, spec section 5): the body's `{{n}}` parameters
 * numbered 1..n with an example each (Meta reviews the examples); a text header with at most one
 * parameter and its example; a footer without parameters; buttons as Meta allows them.
 */
export const TemplateInput = z
  .object({
    name: z.string().trim().max(TEMPLATE_LIMITS.name, { error: keyed(T.nameLength({ max: TEMPLATE_LIMITS.name })) }).regex(TEMPLATE_NAME, { error: keyed(T.name()) }),
    category: z.enum(TEMPLATE_CATEGORIES, { error: keyed(T.category()) }),
    language: z.enum(TEMPLATE_LANGUAGES, { error: keyed(T.language()) }),
    header: z.string().trim().max(TEMPLATE_LIMITS.header, { error: keyed(T.header({ max: TEMPLATE_LIMITS.header })) }).nullish().transform((v) => v || null),
    headerExample: z.string().trim().max(TEMPLATE_LIMITS.example).nullish().transform((v) => v || null),
    body: z.string().trim().min(1, { error: keyed(T.body({ max: TEMPLATE_LIMITS.body })) }).max(TEMPLATE_LIMITS.body, { error: keyed(T.body({ max: TEMPLATE_LIMITS.body })) }),
    bodyExamples: z.array(z.string()).max(100).default([]),
    footer: z.string().trim().max(TEMPLATE_LIMITS.footer, { error: keyed(T.footer({ max: TEMPLATE_LIMITS.footer })) }).nullish().transform((v) => v || null),
    buttons: z.array(Button).default([]),
  })
  .superRefine((t, ctx) => {
    if (!parametersInSequence(t.body)) addKeyedIssue(ctx, ['body'], T.parameters());
    else
      for (let n = 1; n <= parameterCount(t.body); n++) {
        if (!Example.safeParse(t.bodyExamples[n - 1] ?? '').success) addKeyedIssue(ctx, ['bodyExamples', n - 1], T.example({ n, max: TEMPLATE_LIMITS.example }));
      }
    if (t.header) {
      const count = parameterCount(t.header);
      if (count > 1 || !parametersInSequence(t.header)) addKeyedIssue(ctx, ['header'], T.header({ max: TEMPLATE_LIMITS.header }));
      else if (count === 1 && !Example.safeParse(t.headerExample ?? '').success) addKeyedIssue(ctx, ['headerExample'], T.example({ n: 1, max: TEMPLATE_LIMITS.example }));
    }
    if (t.footer && parameterCount(t.footer) > 0) addKeyedIssue(ctx, ['footer'], T.footer({ max: TEMPLATE_LIMITS.footer }));
    const of = (type: ButtonType) => t.buttons.filter((b) => b.type === type).length;
    if (t.buttons.length > TEMPLATE_LIMITS.buttons || of('url') > TEMPLATE_LIMITS.urlButtons || of('phone_number') > TEMPLATE_LIMITS.phoneButtons) {
      addKeyedIssue(ctx, ['buttons'], T.buttons({ max: TEMPLATE_LIMITS.buttons }));
    }
  });
export type TemplateInput = z.infer<typeof TemplateInput>;

/**
 * The template as WhatsApp shows it to a client: header, body and footer with the given values in
 * place of the parameters (the examples when none are given), and the buttons' texts.
 */
export function previewTemplate(t: Pick<TemplateInput, 'header' | 'headerExample' | 'body' | 'bodyExamples' | 'footer' | 'buttons'>, values?: { header?: string; body?: readonly string[] }) {
  return {
    header: t.header ? fillParameters(t.header, [values?.header ?? t.headerExample ?? '']) : null,
    body: fillParameters(t.body, values?.body ?? t.bodyExamples),
    footer: t.footer ?? null,
    buttons: t.buttons.map((b) => b.text),
  };
}

/**
 * The provider account as the administrator saves it. The access token and the app secret are
 * write-only: absent or empty keeps the stored one (they are never answered back).
 */
export const MessagingAccountUpdate = z
  .object({
    provider: z.enum(MESSAGING_PROVIDERS, { error: keyed(T.provider()) }),
    phoneNumberId: z.string().trim().regex(/^\d{1,30}$/, { error: keyed(T.phoneNumberId()) }).nullish().or(z.literal('').transform(() => null)),
    businessAccountId: z.string().trim().regex(/^\d{1,30}$/, { error: keyed(T.businessAccountId()) }).nullish().or(z.literal('').transform(() => null)),
    accessToken: z.string().trim().max(2000, { error: keyed(T.accessToken()) }).nullish().transform((v) => v || null),
    appSecret: z.string().trim().max(200, { error: keyed(T.appSecret()) }).nullish().transform((v) => v || null),
    dailyTier: z.enum(DAILY_TIER_CHOICES, { error: keyed(T.dailyTier()) }).default('account'),
    /** The version read; absent for the first save. */
    version: Version.nullish(),
  })
  .superRefine((a, ctx) => {
    if (a.provider !== 'cloud') return;
    if (!a.phoneNumberId) addKeyedIssue(ctx, ['phoneNumberId'], T.phoneNumberId());
    if (!a.businessAccountId) addKeyedIssue(ctx, ['businessAccountId'], T.businessAccountId());
  });
export type MessagingAccountUpdate = z.infer<typeof MessagingAccountUpdate>;

/** The last "test the connection": what Meta said of the number, or why it failed. */
export const ConnectionCheck = z.object({
  at: Timestamp,
  ok: z.boolean(),
  phone: z.string().nullable(),
  name: z.string().nullable(),
  tier: z.enum(DAILY_TIERS).nullable(),
  reason: z.string().nullable(),
});
export type ConnectionCheck = z.infer<typeof ConnectionCheck>;

/** The provider account as the administrator sees it: never the token or the secret, only whether they are set. */
export const MessagingAccount = z.object({
  provider: z.enum(MESSAGING_PROVIDERS).nullable(),
  configured: z.boolean(),
  phoneNumberId: z.string().nullable(),
  businessAccountId: z.string().nullable(),
  accessTokenSet: z.boolean(),
  appSecretSet: z.boolean(),
  /** The token Meta's panel asks for when the webhook is registered (made for the company). */
  verifyToken: z.string(),
  /** The callback URL to paste in Meta's panel. */
  webhookUrl: z.string(),
  dailyTier: z.enum(DAILY_TIER_CHOICES),
  /** Recipients a day the sends keep to; null: unlimited. */
  dailyLimit: z.number().int().nullable(),
  lastCheck: ConnectionCheck.nullable(),
  updatedAt: Timestamp.nullable(),
  /** 0 while nothing was saved. */
  version: z.number().int().min(0),
});
export type MessagingAccount = z.infer<typeof MessagingAccount>;

/** What the screens that send need to know of the account (read by whoever reads messages). */
export const MessagingState = z.object({
  configured: z.boolean(),
  provider: z.enum(MESSAGING_PROVIDERS).nullable(),
  dailyLimit: z.number().int().nullable(),
});
export type MessagingState = z.infer<typeof MessagingState>;

/** Meta's review of an approved template's edits: one a day, ten in 30 days. */
export const TEMPLATE_EDITS = { perDayHours: 24, perMonth: 10, monthDays: 30 } as const;

/** A stored template as the API answers it: the company's text, Meta's review and Meta's components. */
export const MessageTemplate = z.object({
  id: Id,
  name: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  language: z.enum(TEMPLATE_LANGUAGES),
  header: z.string().nullable(),
  headerExample: z.string().nullable(),
  body: z.string(),
  bodyExamples: z.array(z.string()),
  footer: z.string().nullable(),
  buttons: z.array(Button),
  status: z.enum(TEMPLATE_STATUSES),
  /** Meta's reason for a rejection (its code, as `INVALID_FORMAT`), shown with its meaning. */
  rejectedReason: z.string().nullable(),
  /** The template as Meta's API takes it (spec section 3's `components`). */
  components: z.array(z.record(z.string(), z.unknown())),
  submittedAt: Timestamp,
  reviewedAt: Timestamp.nullable(),
  /** When an approved template may be edited again (Meta's one edit a day), null: now. */
  editableFrom: Timestamp.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int().min(1),
});
export type MessageTemplate = z.infer<typeof MessageTemplate>;

/** A template's edit: its text and buttons (name, language and category stay as submitted) over the version read. */
export const TemplateUpdate = TemplateInput.and(z.object({ version: Version }));
export type TemplateUpdate = z.infer<typeof TemplateUpdate>;

export const TemplatesQuery = z.object({
  q: SearchText.optional(),
  status: z.enum(TEMPLATE_STATUSES).optional(),
});
export type TemplatesQuery = z.infer<typeof TemplatesQuery>;

/** What Meta's reason for a rejection means, in the user's language. */
export function rejectionOf(reason: string | null) {
  switch (reason) {
    case 'ABUSIVE_CONTENT':
      return T.rejectedAbusive();
    case 'INVALID_FORMAT':
      return T.rejectedFormat();
    case 'TAG_CONTENT_MISMATCH':
    case 'INCORRECT_CATEGORY':
      return T.rejectedCategory();
    case 'SCAM':
      return T.rejectedScam();
    default:
      return T.rejectedOther({ reason: reason ?? '?' });
  }
}

/** Where each parameter's value comes from, per client (issue 16 item 3). */
export const PARAMETER_SOURCES = ['name', 'nickname', 'city', 'salesman', 'text'] as const;
export type ParameterSource = (typeof PARAMETER_SOURCES)[number];
export const ParameterValue = z.object({
  source: z.enum(PARAMETER_SOURCES),
  /** The fixed text of a `text` source. */
  text: z.string().trim().max(TEMPLATE_LIMITS.example).nullish(),
});
export type ParameterValue = z.infer<typeof ParameterValue>;

/** The clients' filters a batch takes its recipients from (the clients list's, without the page). */
export const RecipientsFilter = z.object({
  q: SearchText.optional(),
  status: z.enum(CLIENT_STATUSES).optional(),
  situation: z.enum(CLIENT_SITUATIONS).optional(),
  salesmanId: Id.optional(),
  regionId: Id.optional(),
  routeId: Id.optional(),
  segmentId: Id.optional(),
  walletId: Id.optional(),
});
export type RecipientsFilter = z.infer<typeof RecipientsFilter>;

/**
 * A send (spec sections 5, 8 and 9): an approved template, each parameter's source, and the
 * clients: chosen ones (at least one, at most 300) or those of a filter (at most 300).
 */
export const BatchInput = z
  .object({
    templateId: Id,
    header: ParameterValue.nullish(),
    body: z.array(ParameterValue).max(100).default([]),
    clientIds: z.array(Id).max(MESSAGE_BATCH_MAX, { error: keyed(T.limit({ max: MESSAGE_BATCH_MAX })) }).nullish(),
    filter: RecipientsFilter.nullish(),
  })
  .superRefine((b, ctx) => {
    if (!b.filter && !b.clientIds?.length) addKeyedIssue(ctx, ['clientIds'], T.noClients());
    if (b.header?.source === 'text' && !b.header.text) addKeyedIssue(ctx, ['header', 'text'], T.parameterText({ n: 1 }));
    b.body.forEach((v, i) => {
      if (v.source === 'text' && !v.text) addKeyedIssue(ctx, ['body', i, 'text'], T.parameterText({ n: i + 1 }));
    });
  });
export type BatchInput = z.infer<typeof BatchInput>;

export const SKIP_REASONS = ['noMobile', 'noOptIn', 'duplicate', 'emptyValue', 'blocked'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
/** Why a client was left out of a send, in the user's language. */
export function skipReasonText(reason: SkipReason) {
  return { noMobile: T.skippedNoMobile, noOptIn: T.skippedNoOptIn, duplicate: T.skippedDuplicate, emptyValue: T.skippedEmptyValue, blocked: T.skippedBlocked }[reason]();
}
export const SkippedClient = z.object({ clientId: Id, name: z.string(), reason: z.enum(SKIP_REASONS) });
export type SkippedClient = z.infer<typeof SkippedClient>;

/** A recipient as the preview shows it: the message with the client's values. */
export const PreviewRecipient = z.object({
  clientId: Id,
  name: z.string(),
  phone: z.string(),
  header: z.string().nullable(),
  body: z.string(),
});

/** What a send would do before it is sent: each recipient's message, the skipped with their reasons, the daily limit. */
export const BatchPreview = z.object({
  recipients: z.array(PreviewRecipient),
  skipped: z.array(SkippedClient),
  dailyLimit: z.number().int().nullable(),
  sentToday: z.number().int(),
  /** Recipients past today's limit: sent the next day, not failed. */
  heldForTomorrow: z.number().int(),
});
export type BatchPreview = z.infer<typeof BatchPreview>;

export const RECIPIENT_STATUSES = ['queued', 'held', 'sending', ...MESSAGE_STATUSES] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];
export const BatchCounts = z.object(Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, z.number().int()])) as Record<RecipientStatus, z.ZodNumber>);
export type BatchCounts = z.infer<typeof BatchCounts>;

/** A batch (spec's "pending and sent" lists): its template, who sent it, its recipients' progress. */
export const MessageBatch = z.object({
  id: Id,
  number: z.number().int(),
  templateId: Id,
  templateName: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  language: z.enum(TEMPLATE_LANGUAGES),
  createdAt: Timestamp,
  createdBy: Id,
  createdByName: z.string(),
  total: z.number().int(),
  counts: BatchCounts,
  skipped: z.array(SkippedClient),
  /** `pending` while a recipient waits (queued, held for the next day or being sent); `sent` after. */
  state: z.enum(['pending', 'sent']),
});
export type MessageBatch = z.infer<typeof MessageBatch>;

/** One recipient of a batch (spec section 3's Message: number, client, date, status). */
export const BatchRecipient = z.object({
  clientId: Id,
  clientName: z.string(),
  phone: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  /** Why it failed, in the user's language (Meta's error read), or null. */
  failure: z.string().nullable(),
  /** A held recipient's day (the company's date). */
  sendOn: z.string().nullable(),
  sentAt: Timestamp.nullable(),
  updatedAt: Timestamp,
});
export type BatchRecipient = z.infer<typeof BatchRecipient>;

export const BatchesQuery = z.object({
  state: z.enum(['pending', 'sent']).optional(),
  cursor: Cursor.optional(),
  limit: Limit,
});

/** Meta's customer service window: free text only within 24 hours of the client's last message. */
export const REPLY_WINDOW_HOURS = 24;
export const REPLY_MAX = 4096;

/** A conversation of the replies screen: a number, the client it belongs to (null: unknown), its last message. */
export const Conversation = z.object({
  phone: z.string(),
  clientId: Id.nullable(),
  clientName: z.string().nullable(),
  /** The name the person has on WhatsApp. */
  contactName: z.string().nullable(),
  lastAt: Timestamp,
  lastText: z.string(),
  lastDirection: z.enum(['in', 'out']),
  /** Until when free text may be sent (24 hours after the client's last message); null: a template only. */
  windowEndsAt: Timestamp.nullable(),
  unread: z.number().int(),
  /** A blocked number (contacts): its messages are kept, answers are refused. */
  blocked: z.boolean(),
});
export type Conversation = z.infer<typeof Conversation>;

export const ConversationEntry = z.object({
  id: z.string(),
  direction: z.enum(['in', 'out']),
  text: z.string(),
  at: Timestamp,
  /** An outbound message's status (sent, delivered, read, failed...); null for an inbound one. */
  status: z.enum(MESSAGE_STATUSES).nullable(),
  failure: z.string().nullable(),
});
export type ConversationEntry = z.infer<typeof ConversationEntry>;

export const ConversationsQuery = z.object({
  /** Known clients' conversations, or unknown numbers kept apart for review. */
  kind: z.enum(['known', 'unknown']).default('known'),
  /** Words of the client's name or the contact's WhatsApp name, or digits of the number (docs/messages.md "Search"). */
  q: SearchText.optional(),
  cursor: Cursor.optional(),
  limit: Limit,
});

export const PhoneParams = z.object({ phone: z.string().regex(/^\d{10,15}$/) });

/** An answer: free text inside the 24-hour window, or an approved template with fixed values outside it. */
export const ReplyInput = z
  .object({
    text: z.string().trim().max(REPLY_MAX, { error: keyed(T.replyText({ max: REPLY_MAX })) }).nullish(),
    templateId: Id.nullish(),
    header: z.string().trim().max(TEMPLATE_LIMITS.example).nullish(),
    body: z.array(z.string().trim().min(1).max(TEMPLATE_LIMITS.example)).max(100).default([]),
  })
  .superRefine((r, ctx) => {
    if (!r.templateId && !r.text) addKeyedIssue(ctx, ['text'], T.replyText({ max: REPLY_MAX }));
  });
export type ReplyInput = z.infer<typeof ReplyInput>;

/**
 * Contacts (issue 46, docs/messages.md "Contacts"): every number with a conversation, in one of
 * three lists. The field is `status` (not `state`: a request field's label is one per name, and
 * `state` is the address's UF).
 */

export { CONTACT_STATES };
export type ContactState = (typeof CONTACT_STATES)[number];

/** A number that wrote or was written to: linked to its client, kept apart for review, or blocked. */
export const Contact = z.object({
  phone: z.string(),
  /** The name the person has on WhatsApp. */
  contactName: z.string().nullable(),
  status: z.enum(CONTACT_STATES),
  clientId: Id.nullable(),
  clientName: z.string().nullable(),
  lastAt: Timestamp,
  lastText: z.string(),
  unread: z.number().int(),
});
export type Contact = z.infer<typeof Contact>;

export const ContactsQuery = z.object({
  status: z.enum(CONTACT_STATES).default('review'),
  q: SearchText.optional(),
  cursor: Cursor.optional(),
  limit: Limit,
});

/** POST /messages/contacts/{phone}/link: the client this number is (visible to the user); null unlinks. */
export const ContactLink = z.object({ clientId: Id.nullable() });
/** POST /messages/contacts/{phone}/block. */
export const ContactBlock = z.object({ blocked: z.boolean() });
