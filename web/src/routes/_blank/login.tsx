import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/components/login-page';
import { loginSearchSchema } from '@/features/auth/forms/schemas';

/** /login (blank layout): public; a logged-in visitor is sent home by the guard. */
export const Route = createFileRoute('/_blank/login')({
  staticData: { public: true, guestOnly: true },
  validateSearch: loginSearchSchema,
  component: LoginRoute,
});

function LoginRoute() {
  const search = Route.useSearch();
  return <LoginPage search={search} />;
}
