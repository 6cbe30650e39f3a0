import { defineTexts } from '../texts';
import { addKeyedIssue, keyed, z } from '../zod';

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
/** Spec section 4. */
export const TEMPLATE_STATUSES = ['approved', 'rejected', 'pending'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
export const MESSAGE_STATUSES = ['sent', 'delivered', 'read', 'failed', 'undelivered'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const BUTTON_TYPES = ['quick_reply', 'url', 'phone_number'] as const;
export type ButtonType = (typeof BUTTON_TYPES)[number];

/** Spec section 9: a batch goes to 300 clients at most. */
export const MESSAGE_BATCH_MAX = 300;
/** Meta's daily limits of unique recipients of business-initiated messages; null: unlimited. */
export const DAILY_TIERS = [250, 2000, 10_000, 100_000, null] as const;

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
  // Why a message failed, from the error Meta reports (its code in parentheses in the last one).
  failRateLimit: 'O WhatsApp limitou a quantidade de envios da conta neste momento. A mensagem pode ser enviada de novo mais tarde.',
  failUndeliverable: 'Não foi possível entregar: o número não usa WhatsApp ou o aparelho não recebe mensagens.',
  failWindow: 'Fora da janela de 24 horas: só um modelo aprovado pode ser enviado a este cliente agora.',
  failParameters: 'Os parâmetros enviados não conferem com o modelo aprovado.',
  failTemplate: 'O modelo não existe mais ou não está aprovado no WhatsApp.',
  failToken: 'O token de acesso da conta do WhatsApp expirou ou foi revogado. Um administrador precisa atualizá-lo nas configurações.',
  failOptOut: 'O cliente não recebe mais mensagens de marketing desta empresa no WhatsApp.',
  failOther: 'O WhatsApp recusou a mensagem ({{code}}: {{title}}).',
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
