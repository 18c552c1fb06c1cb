import type { StoryFollowEvent } from '@whosright/contracts/follow/events';

export interface StoryFollowState {
  /** The member's last choice; null before they made one (their default holds). */
  following: boolean | null;
}

export type StoryFollowCommand =
  | {
      type: 'FollowStory';
      storyId: string;
      userId: string;
      /** Whether the member follows it with no choice made: its author does. */
      byDefault: boolean;
      /** The side ahead now, which a flip is told against. */
      majority: 'he' | 'she' | null;
    }
  | { type: 'UnfollowStory'; storyId: string; userId: string; byDefault: boolean };

/**
 * Whether one member follows one story (`storyFollow-{storyId}-{userId}`). Following what is
 * followed, or unfollowing what is not, appends nothing: a second tab or a retried request
 * changes nothing. An author follows their approved story with no event, so their first choice
 * can only be to unfollow it.
 */
export const storyFollow = {
  initialState: (): StoryFollowState => ({ following: null }),
  evolve(_state: StoryFollowState, event: StoryFollowEvent): StoryFollowState {
    return { following: event.type === 'StoryFollowed' };
  },
  decide(command: StoryFollowCommand, state: StoryFollowState): StoryFollowEvent[] {
    const following = state.following ?? command.byDefault;
    const { storyId, userId } = command;
    switch (command.type) {
      case 'FollowStory':
        if (following) return [];
        return [{ type: 'StoryFollowed', data: { storyId, userId, majority: command.majority } }];
      case 'UnfollowStory':
        if (!following) return [];
        return [{ type: 'StoryUnfollowed', data: { storyId, userId } }];
      default: {
        const exhaustive: never = command;
        return exhaustive;
      }
    }
  },
};
