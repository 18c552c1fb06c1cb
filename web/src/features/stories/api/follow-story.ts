/**
 * The story card's Follow toggle: PUT / DELETE /api/stories/{id}/follow (lib/follow-story.ts),
 * changed at once and put back if the call fails (use-story-flag.ts).
 */
import { useStoryFlag } from '#web/features/stories/api/use-story-flag.ts';
import { followStory } from '#web/lib/follow-story.ts';

export function useFollowStory(id: string) {
  return useStoryFlag(id, 'following', {
    send: followStory,
    failure: (following) =>
      following ? 'Failed to follow the story. Please try again.' : 'Failed to unfollow the story.',
  });
}
