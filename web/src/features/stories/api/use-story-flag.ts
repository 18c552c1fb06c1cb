/**
 * A flag of the member's own on a story (saved, following), toggled from its card. The toggle
 * changes at once (the story's cache is updated before the call) and goes back, with a toast, if
 * the call fails. A 401 goes through the shared unauthorized flow.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoryView } from '@whosright/contracts/story/dto';

import { toast } from '#web/hooks/use-toast.ts';
import { storyKeys } from '#web/features/stories/api/story-keys.ts';
import { isUnauthorized } from '#web/lib/api-client.ts';
import { failureDescription } from '#web/lib/error-message.ts';

export type StoryFlag = 'saved' | 'following';

export function useStoryFlag(
  id: string,
  flag: StoryFlag,
  {
    send,
    failure,
    onSettled,
  }: {
    send: (id: string, on: boolean) => Promise<unknown>;
    /** The toast's text when turning the flag on (`true`) or off failed. */
    failure: (on: boolean) => string;
    onSettled?: () => void;
  },
) {
  const queryClient = useQueryClient();
  const key = storyKeys.detail(id);
  const setFlag = (on: boolean) =>
    queryClient.setQueryData<StoryView>(key, (old) => old && { ...old, [flag]: on });
  return useMutation({
    // One after another, so the server sees quick taps in the order they were made.
    scope: { id: `story-${flag}-${id}` },
    mutationFn: (on: boolean) => send(id, on),
    onMutate: async (on) => {
      await queryClient.cancelQueries({ queryKey: key });
      setFlag(on);
    },
    onSettled,
    onError: (error, on) => {
      setFlag(!on);
      if (isUnauthorized(error)) return; // the shared flow toasts and redirects
      toast({
        title: 'Error',
        description: failureDescription(error, failure(on)),
        variant: 'destructive',
      });
    },
  });
}
