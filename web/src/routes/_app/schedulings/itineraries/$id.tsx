import { createFileRoute } from '@tanstack/react-router';
import { ItineraryPage } from '@/features/schedulings/components/itinerary-page';

/** /schedulings/itineraries/{id}: a salesman's day in sequence, reordered, optimised, on a map and in the navigation apps (read agendamentos). */
export const Route = createFileRoute('/_app/schedulings/itineraries/$id')({
  staticData: { action: 'read', subject: 'agendamentos' },
  component: function ItineraryDetail() {
    const { id } = Route.useParams();
    return <ItineraryPage key={id} id={id} />;
  },
});
