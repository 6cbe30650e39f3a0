import { createFileRoute } from '@tanstack/react-router';
import { LogsPage } from '@/features/logs/components/logs-page';
import { LogListSearch } from '@/features/logs/list-search';

/** /logs (spec route table: read logs): the company's audit entries, warnings and errors; filters in the URL. */
export const Route = createFileRoute('/_app/logs')({
  staticData: { action: 'read', subject: 'logs' },
  validateSearch: (search) => LogListSearch.parse(search),
  component: LogsPage,
});
