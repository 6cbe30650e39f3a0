import { createFileRoute } from '@tanstack/react-router';
import { GeolocationPage } from '@/features/management/components/geolocation-page';
import { GeolocationSearch } from '@/features/management/geolocation-search';

/** /management/dashboard-geolocation (spec section 2: dashboard gerenciais): where the sales were closed and the visits checked in, on a map. */
export const Route = createFileRoute('/_app/management/dashboard-geolocation')({
  staticData: { action: 'dashboard', subject: 'gerenciais' },
  validateSearch: (search) => GeolocationSearch.parse(search),
  component: function DashboardGeolocation() {
    return <GeolocationPage search={Route.useSearch()} />;
  },
});
