import { createFileRoute } from '@tanstack/react-router';

import { AdminOnly } from '#web/features/auth/components/admin-only.tsx';
import { DashboardScreen } from '#web/features/dashboard/components/dashboard-screen.tsx';

export const Route = createFileRoute('/dashboard')({
  head: () => ({ meta: [{ title: "Stories Dashboard · Who's Right" }] }),
  component: () => (
    <AdminOnly loadingText="Loading dashboard...">{() => <DashboardScreen />}</AdminOnly>
  ),
});
