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

/** `dd/MM/yyyy HH:mm` in the company's time zone. */
export function formatDateTime(date: Date, timeZone: string): string {
  const parts = zonedParts(date, timeZone);
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** `yyyy-MM-dd-HHmm` in the company's time zone (file names). */
export function fileStamp(date: Date, timeZone: string): string {
  const p = zonedParts(date, timeZone);
  return `${p.year}-${p.month}-${p.day}-${p.hour}${p.minute}`;
}

function zonedParts(date: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  } catch {
    fmt = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  }
  const out: Record<string, string> = {};
  for (const part of fmt.formatToParts(date)) out[part.type] = part.value;
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour!, minute: out.minute! };
}
