import { EXCERPT_LENGTH } from '@whosright/contracts/shared/constants';
import { excerpt } from '@whosright/contracts/shared/excerpt';
import { isPublicStory } from '@whosright/contracts/story/rules';
import type { StoryDoc } from '@whosright/projections/stories/docs';

/**
 * The short label a notification names its story by: the start of its text, cut between words.
 * None for a deleted story, nor for one the member may not read (hidden, pending or rejected,
 * unless they wrote it).
 */
export function storyLabelOf(
  story: Pick<StoryDoc, 'authorId' | 'content' | 'status'> | undefined,
  userId: string,
): string | null {
  if (!story || !(isPublicStory(story) || story.authorId === userId)) return null;
  return excerpt(story.content, EXCERPT_LENGTH.notificationStory);
}
