// Temporary: the admin issue replaces this file with the real screen.
import { createFileRoute } from '@tanstack/react-router';

import { ComingSoonScreen } from '#web/components/coming-soon-screen.tsx';

export const Route = createFileRoute('/admin')({
  component: AdminRoute,
});

function AdminRoute() {
  return <ComingSoonScreen title="Admin panel" text="The admin panel is not available yet." />;
}
