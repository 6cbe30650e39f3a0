import { createFileRoute } from '@tanstack/react-router';
import { TemplatesPage } from '@/features/messages/components/templates-page';
import { TemplateListSearch } from '@/features/messages/list-search';

/** /messages/templates (read mensagens; spec section 2): the company's message templates; search, status and sort in the URL. */
export const Route = createFileRoute('/_app/messages/templates/')({
  staticData: { action: 'read', subject: 'mensagens' },
  validateSearch: (search) => TemplateListSearch.parse(search),
  component: TemplatesPage,
});
