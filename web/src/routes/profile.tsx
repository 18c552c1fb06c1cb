import { useEffect } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { DELAYS_MS } from '@whosright/contracts/shared/constants';

import { authKeys } from '#web/features/auth/api/auth-keys.ts';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { ProfileScreen } from '#web/features/profile/components/profile-screen.tsx';
import { requireLogin } from '#web/lib/unauthorized.ts';

export const Route = createFileRoute('/profile')({
  head: () => ({ meta: [{ title: "Your profile · Who's Right" }] }),
  component: ProfileRoute,
});

function ProfileRoute() {
  const { user, isPending } = useCurrentUser();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!isPending && !user)
      requireLogin('Please log in to view your profile.', DELAYS_MS.profileRedirect);
  }, [isPending, user]);

  if (!user)
    return (
      <p role="status" className="px-4 py-16 text-center text-muted-foreground">
        {isPending ? 'Loading your profile...' : 'Redirecting to sign in...'}
      </p>
    );
  return (
    <ProfileScreen
      user={user}
      onUpdated={(updated) => queryClient.setQueryData(authKeys.user(), updated)}
    />
  );
}
