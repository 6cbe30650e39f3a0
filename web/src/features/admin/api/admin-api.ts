import type { AdminCompany, AdminCompanySummary, ClientPersonalData, CompanyArchive, CompanyData, CompanyStatus, CopyResult, Operator, OperatorLogEntry, OperatorSession, ServerCard, SetupComparison } from '@ev/shared/schemas/admin';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError, type RequestOptions } from '@/lib/api';
import { i18n } from '@/lib/i18n';
import { operatorSession } from '../operator-session';

/**
 * The admin area's requests (docs/admin.md; docs/web-layout.md, "API files"). Every call but the
 * sign-in carries the operator's token (never the company's: `token` makes `api` send it as is and
 * never refresh); a 401 ends the operator's session with the API's refusal, and the area shows the
 * sign-in over the page with its text. The cache sits under `['admin']`, apart from every company resource.
 */
export async function adminApi<T>(path: string, opts: Omit<RequestOptions, 'token' | 'anonymous'> = {}): Promise<T> {
  const token = operatorSession.token();
  // No session (it ended under the page): nothing is sent; the sign-in is already shown.
  if (!token) throw new ApiError(401, 'admin.session_ended', i18n.t('admin:signIn.required'));
  try {
    return await api<T>(path, { ...opts, token });
  } catch (e) {
    // Only the session that was asked ends (a newer sign-in in the meantime stays).
    if (e instanceof ApiError && e.status === 401 && operatorSession.token() === token) operatorSession.end(e);
    throw e;
  }
}

export const adminKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  servers: ['admin', 'servers'] as const,
  companies: ['admin', 'companies'] as const,
  companyList: (f: AdminCompanyFilter) => ['admin', 'companies', 'list', listQuery(f)] as const,
  company: (id: string) => ['admin', 'companies', 'record', id] as const,
  /** The pickers' searches (the term appended by the combobox). */
  companySearch: ['admin', 'companies', 'search'] as const,
  log: (month: string | undefined) => ['admin', 'log', month ?? ''] as const,
  archive: (id: string) => ['admin', 'archives', id] as const,
};

// ── Sign-in ──────────────────────────────────────────────────────────────────────────────────────

/** POST /admin/login: the operator's session, kept apart from the company's (operator-session.ts). */
export function useOperatorLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => api<OperatorSession>('/admin/login', { method: 'POST', body, anonymous: true }),
    onSuccess: (session) => {
      operatorSession.start(session);
      // What a page under the sign-in read (or failed to) is read again with this session.
      void qc.resetQueries({ queryKey: adminKeys.all });
    },
  });
}

/** POST /admin/logout: the session ends on the server, then here (here too when the server could not be told). */
export function useOperatorLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => adminApi<void>('/admin/logout', { method: 'POST' }).catch(() => undefined),
    onSettled: () => {
      operatorSession.end(null);
      qc.removeQueries({ queryKey: adminKeys.all });
    },
  });
}

/** GET /admin/me: who the session is (its name in the header follows a change on the server). */
export const useOperatorMe = (enabled: boolean) => useQuery({ queryKey: adminKeys.me, queryFn: ({ signal }) => adminApi<Operator>('/admin/me', { signal }), enabled, staleTime: 5 * 60_000 });

// ── Servers ──────────────────────────────────────────────────────────────────────────────────────

/** GET /admin/servers: the server data cards, read again every minute while shown. */
export const useServers = () =>
  useQuery({ queryKey: adminKeys.servers, queryFn: ({ signal }) => adminApi<{ items: ServerCard[] }>('/admin/servers', { signal }).then((r) => r.items), refetchInterval: 60_000, retry: false });

// ── Companies ────────────────────────────────────────────────────────────────────────────────────

export interface AdminCompanyFilter {
  q?: string | undefined;
  status?: CompanyStatus | undefined;
}

export const PAGE_SIZE = 20;
const listQuery = (f: AdminCompanyFilter) => ({ q: f.q?.trim() || undefined, status: f.status });

export const useAdminCompanies = (f: AdminCompanyFilter) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: adminKeys.companyList(f),
      initialPageParam: null as string | null,
      queryFn: ({ pageParam, signal }) => adminApi<{ items: AdminCompanySummary[]; nextCursor: string | null }>('/admin/companies', { query: { ...listQuery(f), cursor: pageParam, limit: PAGE_SIZE }, signal }),
      getNextPageParam: (last) => last.nextCursor ?? null,
    }),
  );

export const adminCompanyOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.company(id),
    queryFn: ({ signal }) => adminApi<AdminCompany>(`/admin/companies/${encodeURIComponent(id)}`, { signal }),
    retry: false,
    // Demo data being written by its job: read again until it is written or failed.
    refetchInterval: (q) => (q.state.data?.demoData === 'queued' ? 3000 : false),
  });

export const useAdminCompany = (id: string) => useQuery(adminCompanyOptions(id));

/** A company written: the answer is its cached record, the lists and the log read again. */
function saved(qc: QueryClient, company: AdminCompany) {
  qc.setQueryData(adminKeys.company(company.id), company);
  void qc.invalidateQueries({ queryKey: [...adminKeys.companies, 'list'] });
  void qc.invalidateQueries({ queryKey: ['admin', 'log'] });
}

/** POST /admin/companies: a new company with its first branch and administrator (the operator's password in the body). */
export function useCreateCompany() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => adminApi<AdminCompany>('/admin/companies', { method: 'POST', body }),
    onSuccess: (company) => saved(qc, company),
  });
}

/** PUT /admin/companies/{id} over the version read. */
export function useUpdateCompany(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => adminApi<AdminCompany>(`/admin/companies/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    onSuccess: (company) => saved(qc, company),
  });
}

/** POST /admin/companies/{id}/suspend or /reactivate over the version read. */
export function useCompanyStatus(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, version, adminPassword }: { action: 'suspend' | 'reactivate'; version: number; adminPassword: string }) =>
      adminApi<AdminCompany>(`/admin/companies/${encodeURIComponent(id)}/${action}`, { method: 'POST', body: { version, adminPassword } }),
    onSuccess: (company) => saved(qc, company),
  });
}

/** GET /admin/companies?q=: the first companies matching a term (the compare page's pickers). */
export const searchCompanies = (q: string, signal: AbortSignal) =>
  adminApi<{ items: AdminCompanySummary[]; nextCursor: string | null }>('/admin/companies', { query: { q: q.trim() || undefined, limit: PAGE_SIZE }, signal }).then((r) => r.items);

// ── A company's data, compare and copy (each reveals or changes a company: the password in the body) ──

/** POST /admin/companies/{id}/data: the company's "database details"; kept by the screen, not cached (it was asked with the password). */
export function useCompanyData(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (adminPassword: string) => adminApi<CompanyData>(`/admin/companies/${encodeURIComponent(id)}/data`, { method: 'POST', body: { adminPassword } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['admin', 'log'] }),
  });
}

export interface CopyChoice {
  section: string;
  key: string;
}

/** POST /admin/compare: two companies' setups side by side. */
export const compareCompanies = (body: { sourceId: string; targetId: string; adminPassword: string }) => adminApi<SetupComparison>('/admin/compare', { method: 'POST', body });

/** POST /admin/copy: the chosen items from the source to the target (a differing one only when also in `overwrite`). */
export const copySetups = (body: { sourceId: string; targetId: string; items: CopyChoice[]; overwrite: CopyChoice[]; adminPassword: string }) => adminApi<CopyResult>('/admin/copy', { method: 'POST', body });

// ── Export and erase (LGPD; docs/admin.md "Export and erase") ──────────────────────────────────────

/** POST /admin/companies/{id}/erase or /erase/cancel over the version read: the erasure marked 30 days ahead, or cancelled. */
export function useCompanyErasure(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ cancel, version, adminPassword }: { cancel: boolean; version: number; adminPassword: string }) =>
      adminApi<AdminCompany>(`/admin/companies/${encodeURIComponent(id)}/erase${cancel ? '/cancel' : ''}`, { method: 'POST', body: { version, adminPassword } }),
    onSuccess: (company) => saved(qc, company),
  });
}

/** POST /admin/companies/{id}/archive: the company's archive queued (202); its status is then read by `useArchive`. */
export function useRequestArchive(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (adminPassword: string) => adminApi<CompanyArchive>(`/admin/companies/${encodeURIComponent(id)}/archive`, { method: 'POST', body: { adminPassword } }),
    onSuccess: (archive) => {
      qc.setQueryData(adminKeys.archive(archive.id), archive);
      void qc.invalidateQueries({ queryKey: ['admin', 'log'] });
    },
  });
}

/** GET /admin/archives/{id}: read every 2 s while queued or running; done, it answers a signed link of 5 minutes. */
export const archiveOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.archive(id),
    queryFn: ({ signal }) => adminApi<CompanyArchive>(`/admin/archives/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'queued' || q.state.data.status === 'running') ? 2000 : false),
    // The link lasts 5 minutes: never reused from the cache for a download (asked again on click).
    staleTime: 0,
  });

export const useArchive = (id: string | null) => useQuery({ ...archiveOptions(id ?? ''), enabled: id !== null });

/** POST /admin/companies/{id}/clients/{clientId}/export: what the company holds of one client (kept by the card only). */
export const exportClient = (id: string, clientId: string, adminPassword: string) =>
  adminApi<ClientPersonalData>(`/admin/companies/${encodeURIComponent(id)}/clients/${encodeURIComponent(clientId)}/export`, { method: 'POST', body: { adminPassword } });

/** POST /admin/companies/{id}/clients/{clientId}/anonymise with the reason: the client as it became. */
export const anonymiseClient = (id: string, clientId: string, body: { reason: string; adminPassword: string }) =>
  adminApi<Record<string, unknown>>(`/admin/companies/${encodeURIComponent(id)}/clients/${encodeURIComponent(clientId)}/anonymise`, { method: 'POST', body });

// ── The operators' log ───────────────────────────────────────────────────────────────────────────

/** GET /admin/log?month=yyyy-MM: the month's first page (the newest entries). */
export const useOperatorLog = (month: string | undefined) =>
  useQuery({
    queryKey: adminKeys.log(month),
    queryFn: ({ signal }) => adminApi<{ items: OperatorLogEntry[]; nextCursor: string | null }>('/admin/log', { query: { month, limit: 100 }, signal }),
  });

/** Whether an API error is about the operator's password typed again (shown on its field). */
export const isPasswordError = (e: unknown): e is ApiError => e instanceof ApiError && e.status === 403 && (e.code === 'admin.password_required' || e.code === 'admin.password_wrong');
