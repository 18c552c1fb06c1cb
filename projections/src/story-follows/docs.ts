import type { Doc } from '../store/port';

export const STORY_FOLLOWS = 'story-follows';
/** One document per member (`_id` is the member's id): their account's deletion drops it whole. */
export const FOLLOWS_OF_MEMBER = 'follows';

/** A member's last choice on one story with the Follow toggle. */
export interface FollowChoice {
  following: boolean;
  /** When they made it: what they hear of the story counts from here. */
  at: string;
  /** The side ahead when they followed (absent after an unfollow). */
  majority?: 'he' | 'she' | null;
}

/** The stories one member followed or unfollowed with the toggle, by story id. */
export interface MemberFollowsDoc extends Doc {
  stories: Record<string, FollowChoice>;
}

/** A story as the follow rule needs it. */
interface FollowedStory {
  _id: string;
  authorId: string;
  status: string;
}

/**
 * Whether the member follows the story: as they last chose with the toggle, or, with no choice
 * made, when they wrote it and it is approved (an author follows their story from its approval on).
 */
export function followsStory(
  follows: MemberFollowsDoc | undefined,
  story: FollowedStory,
  userId: string,
): boolean {
  const choice = follows?.stories[story._id];
  if (choice) return choice.following;
  return story.authorId === userId && story.status === 'approved';
}

/** A story the member chose to follow, from when, and the side ahead then. */
export interface ChosenFollow {
  storyId: string;
  since: string;
  majority: 'he' | 'she' | null;
}

/** The stories the member follows by their own choice, most recently followed first. */
export function chosenFollows(
  follows: MemberFollowsDoc | undefined,
  limit: number,
): ChosenFollow[] {
  return Object.entries(follows?.stories ?? {})
    .flatMap(([storyId, choice]) =>
      choice.following ? [{ storyId, since: choice.at, majority: choice.majority ?? null }] : [],
    )
    .sort((a, b) => (a.since < b.since ? 1 : a.since > b.since ? -1 : 0))
    .slice(0, limit);
}
