import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@/features/home/home-page';
import { useActiveScheduling } from '@/features/schedulings/api/schedulings-api';
import { useAbility } from '@/lib/ability';

/**
 * /home. The user's scheduling under way comes from the schedulings feature (features do not
 * import each other: the route composes them), asked only by who may read agendamentos.
 */
export const Route = createFileRoute('/_app/home')({
  staticData: { action: 'read', subject: 'auth' },
  component: function Home() {
    const readsSchedulings = useAbility().can('read', 'agendamentos');
    const active = useActiveScheduling(readsSchedulings).data ?? null;
    return <HomePage active={readsSchedulings && active ? { id: active.id, name: active.name } : null} />;
  },
});
