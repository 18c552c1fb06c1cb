// Temporary: the login issue replaces this file with the real screen.
import { createFileRoute } from '@tanstack/react-router';

import { ComingSoonScreen } from '#web/components/coming-soon-screen.tsx';

export const Route = createFileRoute('/login')({
  component: LoginRoute,
});

function LoginRoute() {
  return (
    <ComingSoonScreen
      title="Sign in"
      text="Signing in and creating an account are not available yet."
    />
  );
}
