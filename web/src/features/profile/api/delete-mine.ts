/**
 * DELETE /api/stories/{id} and DELETE /api/comments/{id} from the profile: the item leaves its
 * list at once and the counters follow; a toast says it went ('Story deleted') or not
 * ('Delete Failed').
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toast } from '#web/hooks/use-toast.ts';
import { apiRequest, isUnauthorized } from '#web/lib/api-client.ts';
import { failureDescription } from '#web/lib/error-message.ts';
import { removeFromLists } from '#web/lib/paged-cache.ts';
import { profileKeys } from '#web/features/profile/api/profile-keys.ts';

const COPY = {
  story: {
    path: '/api/stories/',
    key: profileKeys.stories(),
    done: { title: 'Story deleted', description: 'Your story has been removed.' },
    failed: 'Failed to delete your story. Please try again.',
  },
  comment: {
    path: '/api/comments/',
    key: profileKeys.comments(),
    done: { title: 'Comment deleted', description: 'Your comment has been removed.' },
    failed: 'Failed to delete comment. Please try again.',
  },
} as const;

export function useDeleteMine(kind: keyof typeof COPY) {
  const queryClient = useQueryClient();
  const copy = COPY[kind];
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `${copy.path}${encodeURIComponent(id)}`),
    onSuccess: (_answer, id) => {
      removeFromLists(queryClient, copy.key, id);
      void queryClient.invalidateQueries({ queryKey: profileKeys.stats() });
      // Other screens (the feed, a story's comments) show it too: they refetch when opened.
      void queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== profileKeys.all[0],
      });
      toast(copy.done);
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      toast({
        title: 'Delete Failed',
        description: failureDescription(error, copy.failed),
        variant: 'destructive',
      });
    },
  });
}
