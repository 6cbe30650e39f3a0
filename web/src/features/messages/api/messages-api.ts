import type { BatchPreview, BatchRecipient, MessageBatch, MessageTemplate, MessagingAccount, MessagingState } from '@ev/shared/schemas/messages';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { recordOptions, useSaveRecordAt } from '@/lib/record-api';

/** The messages feature's requests (docs/web-layout.md, "API files"): the provider account, its state, the templates. */

export interface TemplateFilter {
  q?: string;
  status?: string;
}

const query = (f: TemplateFilter) => ({ q: f.q?.trim() || undefined, status: f.status || undefined });

export const messageKeys = {
  account: ['messages', 'account'] as const,
  state: ['messages', 'state'] as const,
  all: ['messages', 'templates'] as const,
  list: (f: TemplateFilter) => ['messages', 'templates', 'list', query(f)] as const,
  record: (id: string) => ['messages', 'templates', 'record', id] as const,
};

export const useMessagingAccount = () => useQuery(queryOptions({ queryKey: messageKeys.account, queryFn: ({ signal }) => api<MessagingAccount>('/messages/account', { signal }) }));

/** Whether a send can start (read `mensagens`): the screens that need the provider show the spec's text when not. */
export const useMessagingState = () => useQuery(queryOptions({ queryKey: messageKeys.state, queryFn: ({ signal }) => api<MessagingState>('/messages/state', { signal }), staleTime: 30_000 }));

/** PUT /messages/account over the version read; the state follows. */
export function useSaveAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api<MessagingAccount>('/messages/account', { method: 'PUT', body }),
    onSuccess: (saved) => {
      qc.setQueryData(messageKeys.account, saved);
      void qc.invalidateQueries({ queryKey: messageKeys.state });
    },
  });
}

/** POST /messages/account/test: the account with the test's result. */
export function useTestConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<MessagingAccount>('/messages/account/test', { method: 'POST' }),
    onSuccess: (tested) => {
      qc.setQueryData(messageKeys.account, tested);
      void qc.invalidateQueries({ queryKey: messageKeys.state });
    },
  });
}

export const templateListOptions = (f: TemplateFilter) =>
  infiniteQueryOptions({
    queryKey: messageKeys.list(f),
    initialPageParam: null as string | null,
    queryFn: ({ signal }) => api<{ items: MessageTemplate[]; nextCursor: string | null }>('/messages/templates', { query: query(f), signal }),
    getNextPageParam: (last) => last.nextCursor ?? null,
    // A template pending Meta's review changes by webhook: the list looks again while one is pending.
    refetchInterval: (q) => (q.state.data?.pages.some((p) => p.items.some((t) => t.status === 'pending')) ? 5000 : false),
  });

export const useTemplateList = (f: TemplateFilter) => useInfiniteQuery(templateListOptions(f));

export const useTemplate = (id: string, enabled = true) =>
  useQuery({
    ...recordOptions<MessageTemplate>('/messages/templates', messageKeys, id),
    enabled,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 5000 : false),
  });

export const useSaveTemplate = () => useSaveRecordAt<MessageTemplate>('/messages/templates', messageKeys);

/** DELETE /messages/templates/{id}: the lists read again. */
export function useDeleteTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<MessageTemplate>(`/messages/templates/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (deleted) => {
      qc.removeQueries({ queryKey: messageKeys.record(deleted.id) });
      void qc.invalidateQueries({ queryKey: [...messageKeys.all, 'list'] });
    },
  });
}

export const batchKeys = {
  all: ['messages', 'batches'] as const,
  list: (state: string) => ['messages', 'batches', 'list', state] as const,
  record: (id: string) => ['messages', 'batches', 'record', id] as const,
  recipients: (id: string) => ['messages', 'batches', 'recipients', id] as const,
};

/** A send's status screen looks again every few seconds: its statuses come by webhook, long after the send (delivered, read). */
const LIVE = 5000;

export const useBatchList = (state: 'pending' | 'sent') =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: batchKeys.list(state),
      initialPageParam: null as string | null,
      queryFn: ({ pageParam, signal }) => api<{ items: MessageBatch[]; nextCursor: string | null }>('/messages/batches', { query: { state, cursor: pageParam, limit: 20 }, signal }),
      getNextPageParam: (last) => last.nextCursor ?? null,
      refetchInterval: state === 'pending' ? 4000 : false,
    }),
  );

export const useBatch = (id: string) =>
  useQuery({ queryKey: batchKeys.record(id), queryFn: ({ signal }) => api<MessageBatch>(`/messages/batches/${encodeURIComponent(id)}`, { signal }), retry: false, refetchInterval: LIVE });

export const useBatchRecipients = (id: string) =>
  useQuery({ queryKey: batchKeys.recipients(id), queryFn: ({ signal }) => api<{ items: BatchRecipient[] }>(`/messages/batches/${encodeURIComponent(id)}/recipients`, { signal }).then((r) => r.items), retry: false, refetchInterval: LIVE });

export const usePreviewBatch = () => useMutation({ mutationFn: (body: Record<string, unknown>) => api<BatchPreview>('/messages/batches/preview', { method: 'POST', body }) });

export function useCreateBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api<MessageBatch>('/messages/batches', { method: 'POST', body }),
    onSuccess: (batch) => {
      qc.setQueryData(batchKeys.record(batch.id), batch);
      void qc.invalidateQueries({ queryKey: [...batchKeys.all, 'list'] });
      void qc.invalidateQueries({ queryKey: messageKeys.state });
    },
  });
}

export function useResendBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<MessageBatch>(`/messages/batches/${encodeURIComponent(id)}/resend`, { method: 'POST' }),
    onSuccess: (batch) => {
      qc.setQueryData(batchKeys.record(batch.id), batch);
      void qc.invalidateQueries({ queryKey: batchKeys.recipients(batch.id) });
      void qc.invalidateQueries({ queryKey: [...batchKeys.all, 'list'] });
    },
  });
}
