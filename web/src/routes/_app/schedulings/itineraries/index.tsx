import { createFileRoute } from '@tanstack/react-router';
import { ItinerariesPage } from '@/features/schedulings/components/itineraries-page';
import { ItinerariesSearch } from '@/features/schedulings/itinerary-search';

/** /schedulings/itineraries: a day's itineraries in the user's scope, one per salesman (read agendamentos). */
export const Route = createFileRoute('/_app/schedulings/itineraries/')({
  staticData: { action: 'read', subject: 'agendamentos' },
  validateSearch: (search) => ItinerariesSearch.parse(search),
  component: function Itineraries() {
    return <ItinerariesPage search={Route.useSearch()} />;
  },
});
