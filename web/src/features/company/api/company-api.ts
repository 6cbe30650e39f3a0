import type { Branch, BranchVersion, Company } from '@ev/shared/schemas/company';
import type { StorePaymentsAccount } from '@ev/shared/schemas/store';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { branchKeys } from '@/lib/queries/branches';
import { resourceSaved } from '@/lib/queries/resource';
import { session } from '@/lib/session';
import { meKey, refreshSessionData } from '@/lib/session-data';

/** The branches: one definition in lib/queries, shared with the users' screen. */
export { useBranches } from '@/lib/queries/branches';

/** The company feature's requests (docs/web-layout.md, "API files"): the company with its settings, its branches. */

export const companyKeys = {
  company: ['company'] as const,
  branch: branchKeys.record,
};

export function companyQueryOptions() {
  return queryOptions({ queryKey: companyKeys.company, queryFn: ({ signal }) => api<Company>('/company', { signal }) });
}

export function useCompany() {
  return useQuery(companyQueryOptions());
}

/**
 * The session's company and branch data read again (GET /auth/me): every screen reads the company's
 * settings and the branch's decimals from the session, so they follow a save at once.
 */
async function refreshSession(queryClient: QueryClient): Promise<void> {
  queryClient.setQueryData(meKey, await refreshSessionData());
}

/** PUT /company: the company's data and settings over the version read; the session follows. */
export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => session.ownWrite(() => api<Company>('/company', { method: 'PUT', body })),
    onSuccess: async (saved) => {
      queryClient.setQueryData(companyKeys.company, saved);
      void queryClient.invalidateQueries({ queryKey: [...companyKeys.company, 'history'] });
      // A session that cannot be read again now still gets the settings at its next refresh.
      await refreshSession(queryClient).catch(() => undefined);
    },
  });
}

/** After a branch changed: every screen's branches and its history read again, the session's branch data too. */
function useBranchSaved() {
  const queryClient = useQueryClient();
  return async (branch: Branch) => {
    void resourceSaved(queryClient, branchKeys, branch);
    await refreshSession(queryClient).catch(() => undefined);
  };
}

/** POST /branches (a new one, `id` null) or PUT /branches/{id} over its version. */
export function useSaveBranch() {
  const saved = useBranchSaved();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: Record<string, unknown> }) =>
      id ? api<Branch>(`/branches/${encodeURIComponent(id)}`, { method: 'PUT', body }) : api<Branch>('/branches', { method: 'POST', body }),
    onSuccess: saved,
  });
}

/** POST /branches/{id}/deactivate or /activate, over the version read. */
export function useSetBranchActive() {
  const saved = useBranchSaved();
  return useMutation({
    mutationFn: ({ id, active, version }: { id: string; active: boolean } & BranchVersion) =>
      api<Branch>(`/branches/${encodeURIComponent(id)}/${active ? 'activate' : 'deactivate'}`, { method: 'POST', body: { version } }),
    onSuccess: saved,
  });
}

export const storePaymentsKey = ['company', 'store-payments'] as const;

/** The store's payment account (docs/store.md "Payment"): the processor and whether its credentials are kept, never their values. */
export function useStorePayments() {
  return useQuery({ queryKey: storePaymentsKey, queryFn: ({ signal }) => api<StorePaymentsAccount>('/company/store-payments', { signal }) });
}

export function useSaveStorePayments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api<StorePaymentsAccount>('/company/store-payments', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(storePaymentsKey, saved),
  });
}
