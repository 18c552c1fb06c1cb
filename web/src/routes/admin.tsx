import { createFileRoute } from '@tanstack/react-router';

import { AdminOnly } from '#web/features/auth/components/admin-only.tsx';
import { AdminScreen } from '#web/features/admin/components/admin-screen.tsx';

export const Route = createFileRoute('/admin')({
  head: () => ({ meta: [{ title: "Admin Panel · Who's Right" }] }),
  component: () => (
    <AdminOnly loadingText="Loading admin panel...">
      {(admin) => <AdminScreen currentUserId={admin.id} />}
    </AdminOnly>
  ),
});
