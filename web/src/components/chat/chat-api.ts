import type { Conversation, ConversationEntry, MessageTemplate } from '@ev/shared/schemas/messages';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * The WhatsApp conversations' requests (`/messages/replies`, docs/messages.md "Replies"): one
 * definition for the screens that read and answer them, the messages' replies and the AI area.
 */

export const chatKeys = {
  lists: ['messages', 'replies', 'list'] as const,
  list: (kind: string, q: string) => ['messages', 'replies', 'list', kind, q] as const,
  one: (phone: string) => ['messages', 'replies', 'one', phone] as const,
};

/** A page of conversations, the latest first: known clients' or unknown numbers'; `q` searches the client's name, the contact's name and the number. */
export const useConversations = (kind: 'known' | 'unknown', q = '') =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: chatKeys.list(kind, q.trim()),
      initialPageParam: null as string | null,
      queryFn: ({ pageParam, signal }) => api<{ items: Conversation[]; nextCursor: string | null }>('/messages/replies', { query: { kind, q: q.trim() || undefined, cursor: pageParam, limit: 30 }, signal }),
      getNextPageParam: (last) => last.nextCursor ?? null,
      refetchInterval: 10_000,
    }),
  );

/** A conversation and its messages; reading it marks it read. */
export const useConversation = (phone: string | undefined) =>
  useQuery({
    queryKey: chatKeys.one(phone ?? ''),
    queryFn: ({ signal }) => api<{ conversation: Conversation; messages: ConversationEntry[] }>(`/messages/replies/${encodeURIComponent(phone!)}`, { signal }),
    enabled: !!phone,
    retry: false,
    refetchInterval: 5000,
  });

/** POST /messages/replies/{phone}: free text inside the 24-hour window, an approved template outside it. */
export function useReply(phone: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api<ConversationEntry>(`/messages/replies/${encodeURIComponent(phone)}`, { method: 'POST', body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: chatKeys.one(phone) });
      void qc.invalidateQueries({ queryKey: chatKeys.lists });
    },
  });
}

/** The approved templates (an answer outside the window), under the templates list's own key for that filter. */
export const useApprovedTemplates = (enabled: boolean) =>
  useQuery({
    queryKey: ['messages', 'templates', 'list', { q: undefined, status: 'approved' }, 'all'] as const,
    queryFn: async ({ signal }) => {
      const items: MessageTemplate[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: MessageTemplate[]; nextCursor: string | null } = await api('/messages/templates', { query: { status: 'approved', cursor: cursor ?? undefined, limit: 100 }, signal });
        items.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor && items.length < 500);
      return items;
    },
    enabled,
    staleTime: 60_000,
  });
