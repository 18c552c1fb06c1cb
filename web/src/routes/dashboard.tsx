// Temporary: the dashboard issue replaces this file with the real screen.
import { createFileRoute } from '@tanstack/react-router';

import { ComingSoonScreen } from '#web/components/coming-soon-screen.tsx';

export const Route = createFileRoute('/dashboard')({
  component: DashboardRoute,
});

function DashboardRoute() {
  return <ComingSoonScreen title="Stories Dashboard" text="The dashboard is not available yet." />;
}
