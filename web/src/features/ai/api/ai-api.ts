import type { AiAccepted, AiAcceptInput, AiClientSummary, AiSettingsInput, AiSuggestion, AiUsage } from '@ev/shared/schemas/ai';
import type { Contact, ContactState } from '@ev/shared/schemas/messages';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chatKeys } from '@/components/chat/chat-api';
import { api } from '@/lib/api';

/** The AI area's requests (docs/ai.md): the assistant beside a conversation, the token usage, the contacts. */

const path = (phone: string) => `/ai/conversations/${encodeURIComponent(phone)}`;

export const aiKeys = {
  usage: ['ai', 'usage'] as const,
  summary: (phone: string) => ['ai', 'summary', phone] as const,
  contacts: ['messages', 'contacts'] as const,
  contactList: (status: ContactState, q: string) => ['messages', 'contacts', status, q] as const,
};

/** The client of a conversation as the assistant reads it (no model). */
export const useAiSummary = (phone: string, enabled: boolean) =>
  useQuery({ queryKey: aiKeys.summary(phone), queryFn: ({ signal }) => api<AiClientSummary>(`${path(phone)}/summary`, { signal }), enabled, retry: false, staleTime: 60_000 });

/** This month's tokens against the company's budget, and which model answers. */
export const useAiUsage = () => useQuery({ queryKey: aiKeys.usage, queryFn: ({ signal }) => api<AiUsage>('/ai/usage', { signal }), staleTime: 30_000 });

/** A suggestion costs tokens: the usage is read again after one. */
function useSuggest(make: (body: { phone: string; text?: string }) => Promise<AiSuggestion>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: make, onSettled: () => void qc.invalidateQueries({ queryKey: aiKeys.usage }) });
}

export const useReplySuggestion = () => useSuggest(({ phone }) => api<AiSuggestion>(`${path(phone)}/reply-suggestion`, { method: 'POST', body: {} }));

export const useDraftOrder = () => useSuggest(({ phone, text }) => api<AiSuggestion>(`${path(phone)}/draft-order`, { method: 'POST', body: { text } }));

/** The user took a suggestion: logged; a draft order becomes a sales draft. */
export const useAcceptSuggestion = () =>
  useMutation({ mutationFn: ({ id, body }: { id: string; body: AiAcceptInput }) => api<AiAccepted>(`/ai/suggestions/${id}/accept`, { method: 'POST', body }) });

/** The company's monthly token budget (administrators). */
export function useSaveAiSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AiSettingsInput) => api<AiUsage>('/ai/settings', { method: 'PUT', body }),
    onSuccess: (usage) => qc.setQueryData(aiKeys.usage, usage),
  });
}

export const useContacts = (status: ContactState, q: string) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: aiKeys.contactList(status, q.trim()),
      initialPageParam: null as string | null,
      queryFn: ({ pageParam, signal }) => api<{ items: Contact[]; nextCursor: string | null }>('/messages/contacts', { query: { status, q: q.trim() || undefined, cursor: pageParam, limit: 30 }, signal }),
      getNextPageParam: (last) => last.nextCursor ?? null,
    }),
  );

/** A contact linked or blocked: the contacts' and the conversations' lists read again. */
function useContactChange<B>(action: 'link' | 'block') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ phone, body }: { phone: string; body: B }) => api<Contact>(`/messages/contacts/${encodeURIComponent(phone)}/${action}`, { method: 'POST', body }),
    onSuccess: (_c, { phone }) => {
      void qc.invalidateQueries({ queryKey: aiKeys.contacts });
      void qc.invalidateQueries({ queryKey: chatKeys.lists });
      void qc.invalidateQueries({ queryKey: chatKeys.one(phone) });
      void qc.invalidateQueries({ queryKey: aiKeys.summary(phone) });
    },
  });
}

export const useLinkContact = () => useContactChange<{ clientId: string | null }>('link');
export const useBlockContact = () => useContactChange<{ blocked: boolean }>('block');
