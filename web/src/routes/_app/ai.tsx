import { CONTACT_STATES } from '@ev/shared/schemas/choices';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AiPage } from '@/features/ai/components/ai-page';

/**
 * `view`: conversations or contacts; `kind`: clients' conversations or unknown numbers; `phone`:
 * the open conversation; `pane`: on a phone or a narrow window, the assistant instead of the chat;
 * `q`: the search; `status`: the contacts' list.
 */
const AiSearch = z.object({
  view: z.enum(['conversations', 'contacts']).optional().catch(undefined),
  kind: z.enum(['known', 'unknown']).optional().catch(undefined),
  phone: z.string().regex(/^\d{10,15}$/).optional().catch(undefined),
  pane: z.enum(['assistant']).optional().catch(undefined),
  q: z.string().max(100).optional().catch(undefined),
  status: z.enum(CONTACT_STATES).optional().catch(undefined),
});
export type AiSearch = z.infer<typeof AiSearch>;

/** /ai: the AI area (spec route table: read auth, fixed-height content): conversations and contacts, the assistant beside a conversation. */
export const Route = createFileRoute('/_app/ai')({
  staticData: { action: 'read', subject: 'auth', namespaces: ['ai', 'whatsapp'], fixedHeight: true },
  validateSearch: (search) => AiSearch.parse(search),
  component: AiPage,
});
