import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/components/login-page';
import { validateLoginSearch } from '@/features/auth/forms/login-rules';

/** /login (blank layout): public; a logged-in visitor is sent home by the guard. */
export const Route = createFileRoute('/_blank/login')({
  staticData: { public: true, guestOnly: true },
  validateSearch: validateLoginSearch,
  component: LoginRoute,
});

function LoginRoute() {
  const search = Route.useSearch();
  return <LoginPage search={search} />;
}
