import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '@/features/auth/components/forgot-password-page';

/** /login-forgot-password (the spec's path, blank layout): public; a logged-in visitor goes home. */
export const Route = createFileRoute('/_blank/login-forgot-password')({
  staticData: { public: true, guestOnly: true },
  component: ForgotPasswordPage,
});
