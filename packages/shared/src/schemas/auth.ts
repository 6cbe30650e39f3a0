import { Messages } from '../messages';
import { ACTIONS, SUBJECT_NAMES } from '../permissions';
import { z } from '../zod';
import { CompanySettings } from './settings';
import { Email, Id, Timestamp } from './common';

export const Password = z
  .string({ error: 'Informe a senha.' })
  .min(1, { error: 'Informe a senha.' })
  .max(128, { error: 'A senha deve ter no máximo 128 caracteres.' });

export const NewPassword = z
  .string({ error: 'Informe a nova senha.' })
  .min(8, { error: 'A nova senha deve ter pelo menos 8 caracteres.' })
  .max(128, { error: 'A senha deve ter no máximo 128 caracteres.' });

/** The token shape of the spec (section 5): three dot-separated parts. Length bounded. */
export const TokenString = z.string({ error: 'Informe o token.' }).min(6).max(4096);

export const LoginBody = z.object({ email: Email, password: Password });
export const RefreshBody = z.object({ refreshToken: TokenString });
export const LogoutBody = z.object({ refreshToken: TokenString.optional() });
export const ForgotPasswordBody = z.object({ email: Email });
export const BranchSwitchBody = z.object({ branchId: Id });

export const PasswordChangeBody = z
  .object({
    currentPassword: Password,
    newPassword: NewPassword,
    confirmation: z.string({ error: 'Confirme a nova senha.' }).max(128),
  })
  .refine((v) => v.newPassword === v.confirmation, { path: ['confirmation'], error: Messages.passwordMismatch })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], error: Messages.samePassword });

export const AbilityRuleSchema = z.object({
  action: z.union([z.enum(ACTIONS), z.array(z.enum(ACTIONS)).min(1).max(ACTIONS.length)]),
  subject: z.union([z.enum(SUBJECT_NAMES), z.array(z.enum(SUBJECT_NAMES)).min(1).max(100)]),
  conditions: z.record(z.string().max(100), z.unknown()).optional(),
  fields: z.array(z.string().max(100)).max(100).optional(),
  inverted: z.boolean().optional(),
  reason: z.string().max(500).optional(),
});

/** Session objects keep the spec's Portuguese keys (ARCHITECTURE, "The API contract"). */
export const SessionUser = z.object({
  id: Id,
  avatar: z.string().max(2048).nullable(),
  nome: z.string().max(200),
  apelido: z.string().max(200).nullable(),
  email: z.string().max(254),
  fuso: z.string().max(64),
  formatoData: z.string().max(32),
  ultimoAcesso: Timestamp.nullable(),
  funcionario: z.boolean(),
  vendedor: z.boolean(),
  supervisor: z.boolean(),
  /** An authorizer of financial release (the user's flag or its profile's): releases sales (moves them to paid). */
  autorizadorFinanceiro: z.boolean(),
  /** The language the user chose (kept with the user): the screens take it at sign-in; null: none chosen, the browser's. */
  idioma: z.enum(['pt', 'en']).nullable(),
});

export const SessionCompany = z.object({
  id: Id,
  nome: z.string().max(200),
  apelido: z.string().max(200).nullable(),
  grupo: z.string().max(200).nullable(),
  modulo: z.string().max(100).nullable(),
  observacaoOs: z.string().max(5000).nullable(),
  observacaoNota: z.string().max(5000).nullable(),
  observacaoVenda: z.string().max(5000).nullable(),
  observacaoReceber: z.string().max(5000).nullable(),
  regimeTributario: z.string().max(100).nullable(),
  fuso: z.string().max(64),
  settings: CompanySettings,
});

export const SessionBranch = z.object({
  id: Id,
  nome: z.string().max(200),
  apelido: z.string().max(200).nullable(),
  cabecalho: z.string().max(2000).nullable(),
  casasDecimais: z.number().int().min(0).max(6),
  vendasEmitir: z.boolean(),
  vendaConsignadaDias: z.number().int().min(0).max(3650),
  vendaConsignadaDesconto: z.string().max(20),
});

export const SessionData = z.object({
  accessToken: z.string().max(8192),
  refreshToken: z.string().max(4096),
  user: SessionUser,
  company: SessionCompany,
  /** The active branch; null when the user has no allowed branch (see `message`). */
  branch: SessionBranch.nullable(),
  /** The allowed branches the user can switch to. */
  branches: z.array(SessionBranch.pick({ id: true, nome: true, apelido: true })).max(500),
  abilities: z.array(AbilityRuleSchema).max(500),
  /** True after a login with a temporary password: only the password change is allowed. */
  mustChangePassword: z.boolean(),
  /** An informational text for the web to show, such as the no-branch message. */
  message: z.string().max(500).nullable(),
});
export type SessionData = z.infer<typeof SessionData>;

export const SessionAnswer = z.object({ status: z.literal('success'), data: SessionData });
export const MeAnswer = z.object({
  status: z.literal('success'),
  data: SessionData.omit({ accessToken: true, refreshToken: true }),
});
export const MessageAnswer = z.object({ status: z.literal('success'), message: z.string().max(1000) });

/** One of the user's sessions (a browser or device signed in): when it began, when it was last renewed. */
export const SessionInfo = z.object({
  id: z.string(),
  createdAt: Timestamp,
  /** The last renewal of its tokens (about every 15 minutes while in use). */
  lastUsedAt: Timestamp,
  /** The session this request comes from. */
  current: z.boolean(),
});
export type SessionInfo = z.output<typeof SessionInfo>;
export const SessionsAnswer = z.object({ items: z.array(SessionInfo) });
export const EndedSessionsAnswer = z.object({ ended: z.number().int() });
/** Refresh failures answer the spec's text in `status` (spec section 8). */
export const RefreshFailure = z.object({ status: z.string().max(200), message: z.string().max(500) });
