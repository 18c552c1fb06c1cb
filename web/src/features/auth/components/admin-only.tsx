/**
 * Admin screens (the admin panel, the dashboard): anyone else is told 'Unauthorized' /
 * 'Admin access required. Redirecting...' and sent home after 500 ms.
 */
import { useEffect, type ReactNode } from 'react';
import type { CurrentUser } from '@whosright/contracts/account/dto';

import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { toastAndRedirect } from '#web/lib/unauthorized.ts';

export function AdminOnly({
  loadingText,
  children,
}: {
  loadingText: string;
  children: (admin: CurrentUser) => ReactNode;
}) {
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
        {isPending ? loadingText : 'Redirecting...'}
      </p>
    );
  return children(user);
}
