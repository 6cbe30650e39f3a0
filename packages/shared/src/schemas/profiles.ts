import { PRESET_KEYS } from '../permissions';
import { defineTexts } from '../texts';
import { keyed, z } from '../zod';
import { AbilityRuleSchema } from './auth';
import { Id, ListQuery, Timestamp, Version } from './common';

export const ProfileTexts = defineTexts('profiles', {
  nameRequired: 'Informe o nome do perfil (ao menos 2 caracteres).',
  nameTooLong: 'O nome do perfil deve ter no máximo 80 caracteres.',
  nameTaken: 'Já existe um perfil com esse nome.',
  preset: 'Modelo inválido: use vendedor, gerente, administrador ou funcionário.',
  selfLockout: 'Você não pode remover o seu próprio acesso às permissões nem ao sistema.',
  lastAdmin: 'A empresa ficaria sem nenhum administrador ativo: mantenha ao menos um usuário ativo com acesso às permissões.',
  inactive: 'Perfil inativo: reative-o antes de alterá-lo.',
});
const T = ProfileTexts;

export const Profile = z.object({
  id: Id,
  name: z.string().max(80),
  preset: z.string().max(40).nullable(),
  active: z.boolean(),
  /** Authorizer of financial release (spec section 6): moves a sale to paid. */
  financialReleaseAuthorizer: z.boolean().optional(),
  rules: z.array(AbilityRuleSchema).max(500),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type Profile = z.infer<typeof Profile>;

export const ProfilesListQuery = ListQuery;

const ProfileName = z
  .string({ error: keyed(T.nameRequired()) })
  .trim()
  .min(2, { error: keyed(T.nameRequired()) })
  .max(80, { error: keyed(T.nameTooLong()) });

/**
 * POST /profiles: a new profile, named, starting from a preset's rules (salesman, manager,
 * administrator, employee) or from the rules given (none: no access at all until edited).
 */
export const ProfileCreate = z.object({
  name: ProfileName,
  preset: z.enum(PRESET_KEYS, { error: keyed(T.preset()) }).optional(),
  rules: z.array(AbilityRuleSchema).max(500).optional(),
  financialReleaseAuthorizer: z.boolean().default(false),
});
export type ProfileCreate = z.input<typeof ProfileCreate>;

/** PUT /profiles/{id}: name, rules and the financial release flag, over the version read. */
export const ProfileUpdate = z.object({
  name: ProfileName,
  rules: z.array(AbilityRuleSchema).max(500),
  financialReleaseAuthorizer: z.boolean().default(false),
  version: Version,
});
export type ProfileUpdate = z.input<typeof ProfileUpdate>;

/** POST /profiles/{id}/copy: a new profile with the same rules, under another name. */
export const ProfileCopy = z.object({ name: ProfileName });
export type ProfileCopy = z.input<typeof ProfileCopy>;

/** POST /profiles/{id}/deactivate and /activate: over the version read. */
export const ProfileVersion = z.object({ version: Version });
