import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';

import { currentUserQueryOptions } from '#web/features/auth/api/get-current-user.ts';
import { toast } from '#web/hooks/use-toast.ts';
import { BANNED_MESSAGE, isBanned } from '#web/lib/ban.ts';
import { openSubmitStoryDialog } from '#web/lib/submit-story-dialog.ts';
import { requireLogin } from '#web/lib/unauthorized.ts';

/**
 * "Add new": signed in, it opens the submit-story dialog registered through
 * `useSubmitStoryDialog()` (loaded on first use); signed out, it toasts Login Required and goes to
 * /login after 500 ms. While the current user is still loading it waits for the answer instead of
 * guessing. A banned member is told why instead of getting a form the server would refuse.
 */
export function useAddNew() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const user = await queryClient.ensureQueryData(currentUserQueryOptions()).catch(() => null);
    if (!user) {
      requireLogin('Please log in to submit your story.');
      return;
    }
    if (isBanned(user)) {
      toast({ title: 'Account banned', description: BANNED_MESSAGE, variant: 'destructive' });
      return;
    }
    openSubmitStoryDialog();
  }, [queryClient]);
}
