/**
 * POST /api/notifications/read {ids} | {all: true}: the answer is the first page as it now is,
 * put in place of the cached list. A failure says so; the list stays as the server last said.
 */
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type {
  MarkNotificationsReadRequest,
  NotificationsPage,
} from '@whosright/contracts/notification/dto';

import { toast } from '#web/hooks/use-toast.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { failureDescription } from '#web/lib/error-message.ts';
import { notificationKeys } from '#web/features/notifications/api/get-notifications.ts';
import { notificationsPageShape } from '#web/features/notifications/api/notification-shapes.ts';

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkNotificationsReadRequest) =>
      apiRequest<NotificationsPage>('POST', '/api/notifications/read', {
        body,
        shape: notificationsPageShape,
      }),
    onSuccess: (page) => {
      queryClient.setQueryData<InfiniteData<NotificationsPage, string | null>>(
        notificationKeys.all,
        { pages: [page], pageParams: [null] },
      );
    },
    onError: (error) => {
      toast({
        title: 'Update Failed',
        description: failureDescription(error, 'Failed to mark your notifications read.'),
        variant: 'destructive',
      });
    },
  });
}
