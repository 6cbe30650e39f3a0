import { buildAbility } from '@ev/shared/permissions';
import { loadSessionState } from '../auth/session-data';
import { Clock } from '../clock';
import { currentActor, runAs, type Actor } from '../context';

/**
 * What a declared export or import sees of who runs it. A job runs under the actor of the user who
 * started it, rebuilt from the table when the job runs (the same rules as a request: an inactive
 * user or profile stops it; its ability and scope are the user's current ones), so the rows a job
 * reads are the rows that user may see.
 */
export interface JobContext {
  actor: Actor & { userId: string; ability: NonNullable<Actor['ability']> };
  company: { id: string; name: string; nickname: string | null; timezone: string };
  /** The user's own preferences (`fuso`, `formatoData` of the session): dates and times in files follow them. */
  user: { timezone: string; dateFormat: string };
  /** The branch (result center) of the session that started the job. */
  branch: { id: string; name: string; decimals: number } | null;
  /** When the job started (the file's date and time). */
  startedAt: Date;
}

/** Runs `fn` as the given user of the tenant in context (a job's tenant), with a JobContext. */
export async function runAsUser<T>(userId: string, branchId: string | null, fn: (ctx: JobContext) => Promise<T>): Promise<T> {
  const tenantId = currentActor().tenantId;
  const state = await loadSessionState(tenantId, userId, branchId);
  const actor = {
    tenantId,
    userId: state.user.id,
    branchId: state.branch?.id ?? null,
    salesman: state.user.salesman,
    supervisor: state.user.supervisor,
    employee: state.user.employee,
    rules: state.rules,
    ability: buildAbility(state.rules),
  };
  const ctx: JobContext = {
    actor,
    company: { id: state.tenant.id, name: state.tenant.name, nickname: state.tenant.nickname, timezone: state.tenant.timezone },
    user: { timezone: state.user.timezone, dateFormat: state.user.dateFormat },
    branch: state.branch ? { id: state.branch.id, name: state.branch.name, decimals: state.branch.decimals } : null,
    startedAt: Clock.date(),
  };
  return runAs(actor, () => fn(ctx));
}
