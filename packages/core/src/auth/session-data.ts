import { Messages } from '@ev/shared/messages';
import { buildAbility, interpolateRules, isFinancialReleaseAuthorizer, type AbilityRule } from '@ev/shared/permissions';
import type { SessionData } from '@ev/shared/schemas/auth';
import { DomainError } from '../errors';
import { Tenants } from '../tenants';
import type { BranchRecord, ProfileRecord, TenantRecord } from '../tenants/records';
import { Users } from '../users';
import type { UserRecord } from '../users/records';

const fail = (code: string, message: string) => new DomainError(code, message, 'unauthenticated');

/** The checks every login and refresh makes, each failing with the spec's text (section 8). */
export function checkAccess(tenant: TenantRecord | undefined, user: UserRecord | undefined, profile: ProfileRecord | undefined): AbilityRule[] {
  if (!tenant || !tenant.active) throw fail('auth.company_not_found', Messages.companyNotFound);
  if (!user) throw fail('auth.profile_not_found', Messages.profileNotFound);
  if (!user.active) throw fail('auth.profile_inactive', Messages.profileInactive);
  if (!profile) throw fail('auth.profile_not_found', Messages.profileNotFound);
  if (!profile.active) throw fail('auth.profile_inactive', Messages.profileInactive);
  const rules = interpolateRules(profile.rules, { userId: user.id });
  if (!buildAbility(rules).can('read', 'auth')) throw fail('auth.profile_no_access', Messages.profileNoAccess);
  return rules;
}

export interface SessionState {
  tenant: TenantRecord;
  user: UserRecord;
  rules: AbilityRule[];
  /** An authorizer of financial release (its flag or its profile's): the web offers it the release. */
  authorizer: boolean;
  branches: BranchRecord[];
  branch: BranchRecord | null;
}

/** Loads and checks what a session shows; `preferredBranchId` is the session's current choice. */
export async function loadSessionState(tenantId: string, userId: string, preferredBranchId: string | null): Promise<SessionState> {
  const [tenant, user] = await Promise.all([Tenants.tenant(tenantId), Users.record(userId)]);
  const profile = user ? await Tenants.profile(user.profileId) : undefined;
  const rules = checkAccess(tenant, user, profile);
  const allowed = user!.branchIds.length ? await Tenants.branchesByIds(user!.branchIds) : [];
  const branches = allowed.filter((b) => b.active).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  const pick = (id: string | null | undefined) => (id ? branches.find((b) => b.id === id) : undefined);
  const branch = pick(preferredBranchId) ?? pick(user!.defaultBranchId) ?? branches[0] ?? null;
  return { tenant: tenant!, user: user!, rules, authorizer: isFinancialReleaseAuthorizer(user!, profile), branches, branch };
}

export function sessionBody(state: SessionState, mustChangePassword: boolean): Omit<SessionData, 'accessToken' | 'refreshToken'> {
  const { tenant, user, branch } = state;
  return {
    user: {
      id: user.id,
      avatar: user.avatar,
      nome: user.name,
      apelido: user.nickname,
      email: user.email,
      fuso: user.timezone,
      formatoData: user.dateFormat,
      // The access before this session's (the last one is the session itself): when the user was here before.
      ultimoAcesso: user.previousAccessAt ?? null,
      funcionario: user.employee,
      vendedor: user.salesman,
      supervisor: user.supervisor,
      autorizadorFinanceiro: state.authorizer,
      idioma: user.language ?? null,
    },
    company: {
      id: tenant.id,
      nome: tenant.name,
      apelido: tenant.nickname,
      grupo: tenant.group,
      modulo: tenant.module,
      observacaoOs: tenant.observations.serviceOrder,
      observacaoNota: tenant.observations.invoice,
      observacaoVenda: tenant.observations.sale,
      observacaoReceber: tenant.observations.receivables,
      regimeTributario: tenant.taxRegime,
      fuso: tenant.timezone,
      settings: tenant.settings,
    },
    branch: branch
      ? {
          id: branch.id,
          nome: branch.name,
          apelido: branch.nickname,
          cabecalho: branch.header,
          casasDecimais: branch.decimals,
          vendasEmitir: branch.issuesSales,
          vendaConsignadaDias: branch.consignmentDays,
          vendaConsignadaDesconto: branch.consignmentDiscount,
        }
      : null,
    branches: state.branches.map((b) => ({ id: b.id, nome: b.name, apelido: b.nickname })),
    abilities: state.rules as SessionData['abilities'],
    mustChangePassword,
    message: branch ? null : Messages.noBranches,
  };
}
