/**
 * The bell's Unfollow on news of a followed story: DELETE /api/stories/{id}/follow
 * (lib/follow-story.ts). Once it is done the story's news leaves the list at once, the list is
 * asked again (its unread count), and the story's screen is read again when next shown. A
 * failure says so; the list stays as it was.
 */
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { NotificationsPage } from '@whosright/contracts/notification/dto';

import { toast } from '#web/hooks/use-toast.ts';
import { isUnauthorized } from '#web/lib/api-client.ts';
import { failureDescription } from '#web/lib/error-message.ts';
import { followStory } from '#web/lib/follow-story.ts';
import { storyDetailKey } from '#web/lib/story-detail-key.ts';
import { notificationKeys } from '#web/features/notifications/api/get-notifications.ts';

type CachedNotifications = InfiniteData<NotificationsPage, string | null>;

/** The cached pages without the news of a story no longer followed. */
const withoutNewsOf =
  (storyId: string) =>
  (old: CachedNotifications | undefined): CachedNotifications | undefined =>
    old && {
      ...old,
      pages: old.pages.map((page) => ({
        ...page,
        items: page.items.filter((item) => item.kind !== 'following' || item.storyId !== storyId),
      })),
    };

export function useUnfollowStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storyId: string) => followStory(storyId, false),
    onSuccess: (_answer, storyId) => {
      queryClient.setQueryData<CachedNotifications>(notificationKeys.all, withoutNewsOf(storyId));
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      void queryClient.invalidateQueries({ queryKey: storyDetailKey(storyId) });
      toast({ title: 'Story unfollowed', description: 'No more news of it will come.' });
    },
    onError: (error) => {
      if (isUnauthorized(error)) return; // the shared flow toasts and redirects
      toast({
        title: 'Update Failed',
        description: failureDescription(error, 'Failed to unfollow the story.'),
        variant: 'destructive',
      });
    },
  });
}
