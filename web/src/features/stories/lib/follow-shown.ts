import type { StoryView } from '@whosright/contracts/story/dto';

/**
 * Whether the story card offers Follow: on an approved story, to a visitor (it asks them to sign
 * in), to its author, to a member who voted on it (members comment below the results, so a
 * commenter voted), and to whoever follows it already.
 */
export function followShown(
  story: Pick<StoryView, 'status' | 'isOwn' | 'myVote' | 'following'>,
  { visitor }: { visitor: boolean },
): boolean {
  if (story.status !== 'approved') return false;
  return visitor || story.isOwn || story.myVote !== null || story.following;
}
