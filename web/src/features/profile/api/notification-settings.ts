/**
 * GET and PATCH /api/users/notification-settings. A change shows at once; a failure puts back
 * what was there and toasts 'Update Failed'; either way the settings are then asked again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationSettings,
  UpdateNotificationSettingsRequest,
} from '@whosright/contracts/notification/settings';
import { withChange } from '@whosright/contracts/notification/settings-change';

import { toast } from '#web/hooks/use-toast.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { failureDescription } from '#web/lib/error-message.ts';
import { profileKeys } from '#web/features/profile/api/profile-keys.ts';

const URL = '/api/users/notification-settings';

export function useNotificationSettings() {
  return useQuery({
    queryKey: profileKeys.notificationSettings(),
    queryFn: ({ signal }) =>
      apiRequest<NotificationSettings>('GET', URL, {
        signal,
        schema: (s) => s.notificationSettingsSchema,
      }),
    // The digest may have been turned off from a mail's link since.
    refetchOnMount: 'always',
  });
}

export function useUpdateNotificationSettings() {
  const client = useQueryClient();
  const key = profileKeys.notificationSettings();
  return useMutation({
    mutationFn: (change: UpdateNotificationSettingsRequest) =>
      apiRequest<NotificationSettings>('PATCH', URL, {
        body: change,
        schema: (s) => s.notificationSettingsSchema,
      }),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<NotificationSettings>(key);
      if (before) client.setQueryData(key, withChange(before, change));
      return { before };
    },
    onSuccess: (settings) => {
      client.setQueryData(key, settings);
    },
    onError: (error, _change, context) => {
      if (context?.before) client.setQueryData(key, context.before);
      toast({
        title: 'Update Failed',
        description: failureDescription(
          error,
          'Failed to update your notification settings. Please try again.',
        ),
        variant: 'destructive',
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
