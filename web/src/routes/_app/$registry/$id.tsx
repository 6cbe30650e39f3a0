import { createFileRoute } from '@tanstack/react-router';
import { parseRegistryParams } from '@/features/registries/names';
import { RegistryDetailPage } from '@/features/registries/components/detail-page';

/** /bearers/{id} (view and edit) and /bearers/new (create), for any registry. */
export const Route = createFileRoute('/_app/$registry/$id')({
  staticData: { action: 'read', subject: 'auth' },
  params: { parse: parseRegistryParams },
  // The declarations and CASL load with the first registry page, not with the app's entry.
  beforeLoad: async ({ params }) => ({ definition: (await import('@/features/registries/lookup')).requireRegistry(params.registry, params.id === 'new' ? 'create' : 'detail') }),
  component: function RegistryDetail() {
    const { definition } = Route.useRouteContext();
    const { id } = Route.useParams();
    return <RegistryDetailPage key={`${definition.name}/${id}`} definition={definition} id={id} />;
  },
});
