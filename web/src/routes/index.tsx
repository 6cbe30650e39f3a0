import { createFileRoute, redirect } from '@tanstack/react-router';

/** Root → /home (spec section 2). Public, so a visitor is then sent to login by /home's guard. */
export const Route = createFileRoute('/')({
  staticData: { public: true },
  beforeLoad: () => {
    throw redirect({ to: '/home' });
  },
});
