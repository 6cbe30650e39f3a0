import { USER_FLAGS } from './choices';
import { DEFAULT_DATE_FORMAT, DEFAULT_TIME_ZONE } from '../calendar';
import { ApiTexts } from '../messages';
import { document } from '../registries/fields';
import { defineTexts } from '../texts';
import { keyed, z } from '../zod';
import { DateOnly, Email, Id, ListQuery, Timestamp, Version } from './common';

/**
 * The users' texts, keyed `users.<name>` (docs/texts.md; the spec quotes none of them): the
 * administration of users on /permissions/users (issue 14 item 2).
 */
export const UserTexts = defineTexts('users', {
  nameRequired: 'Informe o nome.',
  nameShort: 'Informe o nome (ao menos 2 caracteres).',
  nameTooLong: 'O nome deve ter no máximo 120 caracteres.',
  nicknameTooLong: 'O apelido deve ter no máximo 60 caracteres.',
  stateRegistrationTooLong: 'O RG/IE deve ter no máximo 20 caracteres.',
  phoneTooLong: 'O telefone deve ter no máximo 20 caracteres.',
  phoneChars: 'O telefone deve conter apenas números, espaços, parênteses, + e -.',
  phonesTooMany: 'Informe no máximo 4 telefones.',
  avatarInvalid: 'Informe um endereço de imagem válido.',
  avatarImage: 'Envie uma foto em PNG, JPEG ou WebP.',
  avatarTooLarge: 'A foto deve ter no máximo {{kb}} KB.',
  timezoneInvalid: 'Informe um fuso horário válido (por exemplo, America/Sao_Paulo).',
  dateFormatInvalid: 'Escolha um formato de data: dd/MM/yyyy, MM/dd/yyyy ou yyyy-MM-dd.',
  languageInvalid: 'Escolha um idioma: pt (português) ou en (inglês).',
  flagNotBoolean: 'Use verdadeiro ou falso (true ou false).',
  profileRequired: 'Escolha o perfil do usuário.',
  branchesTooMany: 'Informe no máximo 200 filiais.',
  initialPasswordShort: 'A senha inicial deve ter pelo menos 8 caracteres.',
  initialPasswordLong: 'A senha inicial deve ter no máximo 128 caracteres.',
  activeFilter: 'Use true ou false no filtro de ativos.',
  sellsFilter: 'Use true no filtro de vendedores.',
  passwordRequired: 'Informe a senha inicial ou escolha enviar uma senha temporária por e-mail.',
  passwordModeInvalid: 'Escolha se a senha inicial é definida agora ou enviada por e-mail.',
  flagInvalid: 'Use employee, salesman ou supervisor no filtro de tipo.',
  lastAdmin:
    'Não é possível desativar {{name}}: é o último usuário ativo que pode alterar permissões. Dê esse acesso a outro usuário antes.',
  lastAdminProfile:
    'Não é possível trocar o perfil de {{name}}: é o último usuário ativo que pode alterar permissões. Dê esse acesso a outro usuário antes.',
  alreadyActive: 'Este usuário já está ativo.',
  inactive: 'Este usuário está desativado. Reative-o antes de redefinir a senha.',
  resetSelf: 'Para trocar a sua própria senha, use "Alterar senha" nas configurações da conta.',
});
const T = UserTexts;

const optionalText = (max: number, tooLong: ReturnType<typeof T.nicknameTooLong>) =>
  z
    .string()
    .trim()
    .max(max, { error: keyed(tooLong) })
    .nullish()
    .transform((v) => (v ? v : null));

const Phone = z
  .string()
  .trim()
  .max(20, { error: keyed(T.phoneTooLong()) })
  .regex(/^[0-9()+\-\s]*$/, { error: keyed(T.phoneChars()) });

const Flag = z.boolean({ error: keyed(T.flagNotBoolean()) }).default(false);

/** A time zone the platform knows (IANA, as `Intl` lists them). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An uploaded photo's address: served by GET /api/avatars/{tenantId}/{userId}/{file}. */
export const AVATAR_PATH = /^\/api\/avatars\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(png|jpg|webp)$/;
/** The largest photo kept (the web sends it resized to 256 px, a few KB). */
export const AVATAR_MAX_BYTES = 200 * 1024;
const AVATAR_DATA = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

/** POST /auth/me/avatar: the user's photo as a data URL (PNG, JPEG or WebP, up to 200 KB), over the version read. */
export const AvatarUpload = z.object({
  image: z
    .string({ error: keyed(T.avatarImage()) })
    .max(Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 64, { error: keyed(T.avatarTooLarge({ kb: AVATAR_MAX_BYTES / 1024 })) })
    .regex(AVATAR_DATA, { error: keyed(T.avatarImage()) }),
  version: Version,
});
export type AvatarUpload = z.input<typeof AvatarUpload>;

/** What a user record holds besides its credentials: the spec's "Profile user" plus our flags. */
const UserFields = z.object({
  email: Email,
  name: z.string({ error: keyed(T.nameRequired()) }).trim().min(2, { error: keyed(T.nameShort()) }).max(120, { error: keyed(T.nameTooLong()) }),
  nickname: optionalText(60, T.nicknameTooLong()),
  birthday: DateOnly.nullish().transform((v) => v ?? null),
  // Checked as a client's is (its check digits, the alphanumeric CNPJ too) and kept with its mask.
  document: document('CPF/CNPJ').input,
  stateRegistration: optionalText(20, T.stateRegistrationTooLong()),
  phones: z.array(Phone).max(4, { error: keyed(T.phonesTooMany()) }).default([]),
  avatar: z
    .string({ error: keyed(T.avatarInvalid()) })
    .trim()
    .max(2048, { error: keyed(T.avatarInvalid()) })
    .refine((v) => v === '' || AVATAR_PATH.test(v) || /^https?:\/\/[^\s]+$/i.test(v), { error: keyed(T.avatarInvalid()) })
    .nullish()
    .transform((v) => v || null),
  timezone: z
    .string({ error: keyed(T.timezoneInvalid()) })
    .max(64, { error: keyed(T.timezoneInvalid()) })
    .refine(isTimeZone, { error: keyed(T.timezoneInvalid()) })
    .default(DEFAULT_TIME_ZONE),
  dateFormat: z.enum(['dd/MM/yyyy', 'MM/dd/yyyy', 'yyyy-MM-dd'], { error: keyed(T.dateFormatInvalid()) }).default(DEFAULT_DATE_FORMAT),
  // A missing profile says so; a malformed id is the spec's invalid-identifier text.
  profileId: z.uuid({ error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? keyed(T.profileRequired())(iss) : keyed(ApiTexts.invalidId())(iss)) }),
  branchIds: z.array(Id).max(200, { error: keyed(T.branchesTooMany()) }).default([]),
  defaultBranchId: Id.nullish().transform((v) => v ?? null),
  employee: Flag,
  salesman: Flag,
  supervisor: Flag,
  supervisorId: Id.nullish().transform((v) => v ?? null),
  /**
   * The user may authorize financial releases (a price below the minimum, a sale moved to paid),
   * as may every user of a profile with that flag (docs/decisions.md, "Users").
   */
  financialReleaseAuthorizer: Flag,
});

/** The flags a user list filters by. */
export { USER_FLAGS };
export type UserFlag = (typeof USER_FLAGS)[number];

/** How a new user gets its first password: typed now by the administrator, or a temporary one e-mailed. */
export const PASSWORD_MODES = ['set', 'email'] as const;
export type PasswordMode = (typeof PASSWORD_MODES)[number];

/**
 * A new user. `passwordMode` 'set' (the default) takes `password`; 'email' ignores it and e-mails a
 * temporary password, single use, that must be changed at the first login.
 */
export const UserCreate = UserFields.extend({
  passwordMode: z.enum(PASSWORD_MODES, { error: keyed(T.passwordModeInvalid()) }).default('set'),
  password: z
    .string({ error: keyed(T.passwordRequired()) })
    .min(8, { error: keyed(T.initialPasswordShort()) })
    .max(128, { error: keyed(T.initialPasswordLong()) })
    .optional()
    .describe('Senha inicial (passwordMode set)'),
}).refine((v) => v?.passwordMode !== 'set' || !!v.password, {
  path: ['password'],
  error: keyed(T.passwordRequired()),
  // Checked along with the other fields' issues, so an empty form names the password too.
  when: (payload) => !!payload.value && typeof payload.value === 'object' && !Array.isArray(payload.value),
});
export type UserCreate = z.input<typeof UserCreate>;
export const UserUpdate = UserFields.extend({ version: Version });
export type UserUpdate = z.input<typeof UserUpdate>;

/**
 * PUT /auth/me/profile: what a user changes of its own record on /user/settings (issue 14 item 6),
 * over the version read. Name, e-mail, documents, profile, branches and flags stay the
 * administrator's.
 */
export const UserSelfUpdate = UserFields.pick({ nickname: true, phones: true, avatar: true, timezone: true, dateFormat: true }).extend({ version: Version });
export type UserSelfUpdate = z.input<typeof UserSelfUpdate>;

/** The languages of the screens (pt first, spec section 9). */
export const USER_LANGUAGES = ['pt', 'en'] as const;

/** PUT /auth/me/language: the language the user chose, kept with the user (every device it signs in on). */
export const UserLanguage = z.object({
  language: z.enum(USER_LANGUAGES, { error: keyed(T.languageInvalid()) }),
});

export const User = UserFields.extend({
  id: Id,
  active: z.boolean(),
  /** The language the user chose on its account settings (null: none yet, the browser's). */
  language: z.enum(USER_LANGUAGES).nullable().optional(),
  lastAccessAt: Timestamp.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type User = z.infer<typeof User>;

export const UserSummary = User.pick({
  id: true,
  name: true,
  nickname: true,
  email: true,
  active: true,
  employee: true,
  salesman: true,
  supervisor: true,
  supervisorId: true,
  profileId: true,
  branchIds: true,
});
export type UserSummary = z.infer<typeof UserSummary>;

export const UsersListQuery = ListQuery.extend({
  active: z.enum(['true', 'false'], { error: keyed(T.activeFilter()) }).optional(),
  /** Only users who may own clients (salesman or supervisor flag): the clients' salesman field. */
  sells: z.enum(['true'], { error: keyed(T.sellsFilter()) }).optional(),
  /** Only the users of this profile. */
  profileId: Id.optional(),
  /** Only the users allowed in this branch. */
  branchId: Id.optional(),
  /** Only the users with this flag. */
  flag: z.enum(USER_FLAGS, { error: keyed(T.flagInvalid()) }).optional(),
});
