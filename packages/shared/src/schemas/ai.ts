import { defineTexts } from '../texts';
import { keyed, z } from '../zod';
import { DateOnly, Id, Timestamp } from './common';
import { Quantity } from './sales';

/**
 * The AI area (issue 46, docs/ai.md): an assistant beside a WhatsApp conversation of `/ai`. It reads
 * the client's history (a summary), suggests a reply, names the products the client usually buys
 * and has not bought lately, and turns a message into a draft order for the salesman to check and
 * close in order entry. It never sends or closes by itself; every suggestion and its acceptance are
 * logged. The model behind it is a port: Amazon Bedrock's Converse API on AWS, a local adapter
 * (no model, labelled as such) for `npm start`, demos and tests; a company's monthly token budget
 * holds for both.
 */

export const AiTexts = defineTexts('ai', {
  budgetExhausted: 'O limite mensal de tokens do assistente foi atingido. Ele volta no próximo mês ou quando o administrador aumentar o limite.',
  modelUnavailable: 'O assistente não respondeu agora. Tente de novo em instantes.',
  noClient: 'Esta conversa não está vinculada a um cliente: vincule o número a um cliente para usar o assistente.',
  messageText: 'Escreva a mensagem do pedido (até {{max}} caracteres).',
  noLines: 'Escolha ao menos um produto com quantidade para criar o rascunho.',
  suggestionUsed: 'Esta sugestão já foi aceita.',
  suggestionKind: 'Esta aceitação não corresponde ao tipo da sugestão.',
  // In words: a number's separators are the language's, and a text's parameters are not formatted.
  budgetInvalid: 'Informe um limite mensal de tokens de mil a um bilhão, ou deixe sem limite.',
});
const T = AiTexts;

/** Most characters of a message turned into a draft order. */
export const AI_DRAFT_TEXT_MAX = 2000;
/** Most lines a draft order from a message holds. */
export const AI_DRAFT_LINES_MAX = 50;
/** Alternatives shown beside a line's match. */
export const AI_ALTERNATIVES = 3;
/** The monthly budget a company may set (tokens); null: no limit. */
export const AI_BUDGET_MIN = 1_000;
export const AI_BUDGET_MAX = 1_000_000_000;

/** Which adapter answers: Bedrock's model, or the local one (no model: rules over the same tools). */
export const AiModel = z.object({
  kind: z.enum(['bedrock', 'local']),
  /** Bedrock's model id; null for the local adapter. */
  modelId: z.string().nullable(),
});
export type AiModel = z.infer<typeof AiModel>;

/** The company's tokens this month (the company's calendar month) against its budget. */
export const AiUsage = z.object({
  /** YYYY-MM. */
  month: z.string(),
  used: z.number().int(),
  /** null: no limit. */
  limit: z.number().int().nullable(),
  model: AiModel,
});
export type AiUsage = z.infer<typeof AiUsage>;

/** PUT /ai/settings (administrator): the company's monthly token budget. */
export const AiSettingsInput = z.object({
  monthlyTokenBudget: z
    .number({ error: keyed(T.budgetInvalid()) })
    .int({ error: keyed(T.budgetInvalid()) })
    .min(AI_BUDGET_MIN, { error: keyed(T.budgetInvalid()) })
    .max(AI_BUDGET_MAX, { error: keyed(T.budgetInvalid()) })
    .nullable(),
});
export type AiSettingsInput = z.infer<typeof AiSettingsInput>;

/** A product the client usually buys (in its latest sales) and has not bought lately. */
export const AiUsualProduct = z.object({
  productId: Id,
  ref: z.string().nullable(),
  name: z.string(),
  /** In how many of the latest sales it came. */
  orders: z.number().int(),
  lastDate: DateOnly,
  lastQuantity: z.string(),
  /** Days since it was last bought, in the company's calendar. */
  daysSince: z.number().int(),
});
export type AiUsualProduct = z.infer<typeof AiUsualProduct>;

/**
 * GET /ai/conversations/{phone}/summary: the conversation's client as the assistant reads it (no
 * model: the client summary tool itself). Money as decimal strings.
 */
export const AiClientSummary = z.object({
  client: z.object({ id: Id, name: z.string(), nickname: z.string().nullable(), city: z.string().nullable(), salesmanName: z.string().nullable() }),
  purchases: z.object({
    /** The latest closed sales (not cancelled), newest first. */
    last: z.array(z.object({ saleId: Id, number: z.number().int(), date: DateOnly, total: z.string(), status: z.string() })),
    /** The median of the days between its latest purchases; null under two purchases. */
    rhythmDays: z.number().int().nullable(),
    /** When the next purchase would come at that rhythm; null without one. */
    nextExpected: DateOnly.nullable(),
  }),
  titles: z.object({
    openCount: z.number().int(),
    openValue: z.string(),
    overdueCount: z.number().int(),
    overdueValue: z.string(),
    oldestOverdue: DateOnly.nullable(),
  }),
  lastVisit: z.object({ id: Id, date: DateOnly, status: z.string(), occurrence: z.string().nullable(), notes: z.string().nullable() }).nullable(),
  /** Usually bought and not lately, the longest missed first. */
  usual: z.array(AiUsualProduct),
});
export type AiClientSummary = z.infer<typeof AiClientSummary>;

/** A catalogue product a line of the message may be, with how sure the match is (0 to 100). */
export const AiProductMatch = z.object({
  productId: Id,
  ref: z.string().nullable(),
  name: z.string(),
  /** The sales unit and the package ('FD 10X1KG'), as the order entry shows them. */
  unit: z.string().nullable(),
  confidence: z.number().int().min(0).max(100),
});
export type AiProductMatch = z.infer<typeof AiProductMatch>;

/** One line read from the message: its words, the quantity, the best match and the alternatives. */
export const AiDraftLine = z.object({
  /** The part of the message this line was read from. */
  source: z.string(),
  /** A decimal string; '1' when the message names none. */
  quantity: z.string(),
  /** The unit the message named ('caixa', 'fardo', 'kg'), as written; null when none. */
  unitWord: z.string().nullable(),
  match: AiProductMatch.nullable(),
  alternatives: z.array(AiProductMatch),
});
export type AiDraftLine = z.infer<typeof AiDraftLine>;

/** A suggestion the assistant made: a reply, or a draft order read from a message. Logged with its acceptance. */
export const AiSuggestion = z.object({
  id: Id,
  kind: z.enum(['reply', 'draft']),
  phone: z.string(),
  clientId: Id.nullable(),
  /** The suggested reply (kind reply). */
  text: z.string().nullable(),
  /** The lines read (kind draft). */
  lines: z.array(AiDraftLine),
  model: AiModel,
  tokens: z.number().int(),
  createdAt: Timestamp,
  acceptedAt: Timestamp.nullable(),
  /** The sales draft made on acceptance (kind draft). */
  draftId: Id.nullable(),
});
export type AiSuggestion = z.infer<typeof AiSuggestion>;

/** POST /ai/conversations/{phone}/draft-order: the message to read (a client's message, or typed). */
export const AiDraftRequest = z.object({
  text: z
    .string({ error: keyed(T.messageText({ max: AI_DRAFT_TEXT_MAX })) })
    .trim()
    .min(1, { error: keyed(T.messageText({ max: AI_DRAFT_TEXT_MAX })) })
    .max(AI_DRAFT_TEXT_MAX, { error: keyed(T.messageText({ max: AI_DRAFT_TEXT_MAX })) }),
});
export type AiDraftRequest = z.infer<typeof AiDraftRequest>;

/**
 * POST /ai/suggestions/{id}/accept: the user took the suggestion. A reply: the text as the user
 * left it (it goes to the answer box; sending is the user's own act). A draft: the lines as the
 * user checked them; a sales draft is made for the client and its id answered, for order entry.
 */
export const AiAcceptInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reply'), text: z.string().trim().min(1).max(4096) }),
  z.object({
    kind: z.literal('draft'),
    lines: z
      .array(z.object({ productId: Id, quantity: Quantity }))
      .min(1, { error: keyed(T.noLines()) })
      .max(AI_DRAFT_LINES_MAX),
  }),
]);
export type AiAcceptInput = z.output<typeof AiAcceptInput>;

/** The answer to an acceptance. */
export const AiAccepted = z.object({ suggestion: AiSuggestion, draftId: Id.nullable() });
export type AiAccepted = z.infer<typeof AiAccepted>;
