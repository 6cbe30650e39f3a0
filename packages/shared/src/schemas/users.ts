import { DEFAULT_DATE_FORMAT, DEFAULT_TIME_ZONE } from '../calendar';
import { z } from '../zod';
import { DateOnly, Email, Id, ListQuery, Timestamp, Version } from './common';
import { NewPassword } from './auth';

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} deve ter no máximo ${max} caracteres.` })
    .nullish()
    .transform((v) => (v ? v : null));

const Phone = z
  .string()
  .trim()
  .max(20, { error: 'O telefone deve ter no máximo 20 caracteres.' })
  .regex(/^[0-9()+\-\s]*$/, { error: 'O telefone deve conter apenas números, espaços, parênteses, + e -.' });

/** A time zone the platform knows (IANA, as `Intl` lists them). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** What a user record holds besides its credentials: the spec's "Profile user" plus our flags. */
const UserFields = z.object({
  email: Email,
  name: z.string({ error: 'Informe o nome.' }).trim().min(2, { error: 'Informe o nome (ao menos 2 caracteres).' }).max(120, { error: 'O nome deve ter no máximo 120 caracteres.' }),
  nickname: optionalText(60, 'O apelido'),
  birthday: DateOnly.nullish().transform((v) => v ?? null),
  document: z
    .string()
    .trim()
    .max(18, { error: 'O CPF/CNPJ deve ter no máximo 18 caracteres.' })
    .regex(/^[0-9A-Za-z./-]*$/, { error: 'O CPF/CNPJ deve conter apenas letras, números, ponto, barra e hífen.' })
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null)),
  stateRegistration: optionalText(20, 'O RG/IE'),
  phones: z.array(Phone).max(4, { error: 'Informe no máximo 4 telefones.' }).default([]),
  avatar: z.url({ error: 'Informe um endereço de imagem válido.' }).max(2048).nullish().transform((v) => v ?? null),
  timezone: z
    .string()
    .max(64)
    .refine(isTimeZone, { error: 'Informe um fuso horário válido (por exemplo, America/Sao_Paulo).' })
    .default(DEFAULT_TIME_ZONE),
  dateFormat: z.enum(['dd/MM/yyyy', 'MM/dd/yyyy', 'yyyy-MM-dd']).default(DEFAULT_DATE_FORMAT),
  profileId: Id,
  branchIds: z.array(Id).max(200).default([]),
  defaultBranchId: Id.nullish().transform((v) => v ?? null),
  employee: z.boolean().default(false),
  salesman: z.boolean().default(false),
  supervisor: z.boolean().default(false),
  supervisorId: Id.nullish().transform((v) => v ?? null),
});

export const UserCreate = UserFields.extend({ password: NewPassword.describe('Senha inicial') });
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

export const User = UserFields.extend({
  id: Id,
  active: z.boolean(),
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
});
export type UserSummary = z.infer<typeof UserSummary>;

export const UsersListQuery = ListQuery.extend({
  active: z.enum(['true', 'false'], { error: 'Use true ou false no filtro de ativos.' }).optional(),
  /** Only users who may own clients (salesman or supervisor flag): the clients' salesman field. */
  sells: z.enum(['true'], { error: 'Use true no filtro de vendedores.' }).optional(),
});
