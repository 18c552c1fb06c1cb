/**
 * PATCH /api/users/profile {username?, profileImageUrl?}: the answer is the user, put in place of
 * the cached one. Success toasts 'Profile Updated'; the dialog shows the server's reason on
 * failure (a taken username), and only an unexplained failure toasts 'Update Failed'.
 */
import { useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '@whosright/contracts/account/dto';

import { toast } from '#web/hooks/use-toast.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { failureDescription } from '#web/lib/error-message.ts';

export interface ProfileChanges {
  username?: string;
  profileImageUrl?: string;
}

export function updateProfile(body: ProfileChanges): Promise<CurrentUser> {
  return apiRequest('PATCH', '/api/users/profile', { body, schema: (s) => s.currentUserSchema });
}

/** `onUpdated` puts the new user where the app keeps the signed-in one (the route knows where). */
export function useUpdateProfile(onUpdated: (user: CurrentUser) => void, onDone: () => void) {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      onUpdated(user);
      toast({
        title: 'Profile Updated',
        description: 'Your profile has been updated successfully.',
      });
      onDone();
    },
  });
}

export function toastUpdateFailed(error: unknown) {
  toast({
    title: 'Update Failed',
    description: failureDescription(error, 'Failed to update your profile. Please try again.'),
    variant: 'destructive',
  });
}
