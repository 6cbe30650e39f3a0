import { createFileRoute } from '@tanstack/react-router';
import { RegistryListPage } from '@/features/registries/components/list-page';
import { RegistryListSearch } from '@/features/registries/list-search';
import { parseRegistryParams } from '@/features/registries/names';

/** /bearers, /regions, ...: the list of any registry declared in packages/shared/src/registries; search, sort and filter in the URL. */
export const Route = createFileRoute('/_app/$registry/')({
  staticData: { action: 'read', subject: 'auth' },
  params: { parse: parseRegistryParams },
  validateSearch: (search) => RegistryListSearch.parse(search),
  // The declarations and CASL load with the first registry page, not with the app's entry.
  beforeLoad: async ({ params }) => ({ definition: (await import('@/features/registries/lookup')).requireRegistry(params.registry, 'list') }),
  component: function RegistryList() {
    const { definition } = Route.useRouteContext();
    return <RegistryListPage key={definition.name} definition={definition} />;
  },
});
