/**
 * PATCH /api/users/preferences {showSideOnComments}: the answer is the user, put in place of the
 * cached one. A failure toasts 'Update Failed' and the switch goes back to what the server holds.
 */
import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, UpdatePreferencesRequest } from '@whosright/contracts/account/dto';

import { toast } from '#web/hooks/use-toast.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { failureDescription } from '#web/lib/error-message.ts';

export function updatePreferences(body: UpdatePreferencesRequest): Promise<CurrentUser> {
  return apiRequest('PATCH', '/api/users/preferences', {
    body,
    schema: (s) => s.currentUserSchema,
  });
}

/** `onUpdated` puts the new user where the app keeps the signed-in one (the route knows where). */
export function useUpdatePreferences(onUpdated: (user: CurrentUser) => void) {
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (user) => {
      onUpdated(user);
      toast({
        title: 'Preferences Updated',
        description: user.showSideOnComments
          ? 'Your side now shows beside your comments.'
          : 'Your side no longer shows beside your comments.',
      });
    },
    onError: (error) => {
      toast({
        title: 'Update Failed',
        description: failureDescription(
          error,
          'Failed to update your preferences. Please try again.',
        ),
        variant: 'destructive',
      });
    },
  });
}
