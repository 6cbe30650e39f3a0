import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@/features/home/home-page';
import { useSaleTotals } from '@/features/sales/api/sales-api';
import { useActiveScheduling } from '@/features/schedulings/api/schedulings-api';
import { useAbility } from '@/lib/ability';

/**
 * /home. The shortcuts' answers come from the features that own them (features do not import each
 * other: the route composes them): the user's scheduling under way, asked only by who may read
 * agendamentos, and the drafts' count (the sales list's own count of its drafts tab, the same query
 * and cache), asked only by who may read vendas.
 */
export const Route = createFileRoute('/_app/home')({
  staticData: { action: 'read', subject: 'auth' },
  component: function Home() {
    const ability = useAbility();
    const readsSchedulings = ability.can('read', 'agendamentos');
    const readsSales = ability.can('read', 'vendas');
    const active = useActiveScheduling(readsSchedulings);
    const drafts = useSaleTotals({ drafts: true }, readsSales);
    return (
      <HomePage
        active={!readsSchedulings || active.isError ? null : active.data === undefined ? undefined : active.data && { id: active.data.id, name: active.data.name }}
        drafts={drafts.isError ? null : drafts.data && { count: drafts.data.count, exact: drafts.data.exact }}
      />
    );
  },
});
