import { useEffect } from 'react';
import { createFileRoute } from '@tanstack/react-router';

import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { DashboardScreen } from '#web/features/dashboard/components/dashboard-screen.tsx';
import { toastAndRedirect } from '#web/lib/unauthorized.ts';

export const Route = createFileRoute('/dashboard')({
  head: () => ({ meta: [{ title: "Stories Dashboard · Who's Right" }] }),
  component: DashboardRoute,
});

/** Admin only, like /admin (issue 17): others are told and sent home after 500 ms. */
function DashboardRoute() {
  const { user, isPending, isAdmin } = useCurrentUser();
  useEffect(() => {
    if (!isPending && !isAdmin)
      toastAndRedirect({
        title: 'Unauthorized',
        description: 'Admin access required. Redirecting...',
        to: '/',
      });
  }, [isPending, isAdmin]);

  if (!user || !isAdmin)
    return (
      <p role="status" className="px-4 py-16 text-center text-muted-foreground">
        {isPending ? 'Loading dashboard...' : 'Redirecting...'}
      </p>
    );
  return <DashboardScreen />;
}
