import { createFileRoute } from '@tanstack/react-router';

import { AdminOnly } from '#web/features/auth/components/admin-only.tsx';
import { AdminScreen } from '#web/features/admin/components/admin-screen.tsx';
import { isAdminTab, type AdminTab } from '#web/features/admin/lib/admin-tabs.ts';

export const Route = createFileRoute('/admin')({
  // The open tab (`?tab=reports`); Pending Stories, the first, is left out.
  validateSearch: (search): { tab?: Exclude<AdminTab, 'pending'> } =>
    isAdminTab(search.tab) && search.tab !== 'pending' ? { tab: search.tab } : {},
  head: () => ({ meta: [{ title: "Admin Panel · Who's Right" }] }),
  component: () => (
    <AdminOnly loadingText="Loading admin panel...">
      {(admin) => <AdminScreen currentUserId={admin.id} />}
    </AdminOnly>
  ),
});
