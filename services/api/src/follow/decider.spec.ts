import { describe, expect, it } from 'vitest';
import type { StoryFollowEvent } from '@whosright/contracts/follow/events';
import { storyFollow, type StoryFollowCommand } from './decider';

const storyId = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const userId = 'user_01ARZ3NDEKTSV4RRFFQ69G5FAW';
const followed: StoryFollowEvent = {
  type: 'StoryFollowed',
  data: { storyId, userId, majority: 'he' },
};
const unfollowed: StoryFollowEvent = { type: 'StoryUnfollowed', data: { storyId, userId } };
const given = (...events: StoryFollowEvent[]) =>
  events.reduce((state, event) => storyFollow.evolve(state, event), storyFollow.initialState());
const follow = (byDefault = false): StoryFollowCommand => ({
  type: 'FollowStory',
  storyId,
  userId,
  byDefault,
  majority: 'she',
});
const unfollow = (byDefault = false): StoryFollowCommand => ({
  type: 'UnfollowStory',
  storyId,
  userId,
  byDefault,
});

describe('story follow decider', () => {
  it('when a member follows a story they do not follow it is followed, with the side ahead now', () => {
    expect(storyFollow.decide(follow(), given())).toEqual([
      { type: 'StoryFollowed', data: { storyId, userId, majority: 'she' } },
    ]);
  });

  it('when a member follows a story they follow already nothing is appended', () => {
    expect(storyFollow.decide(follow(), given(followed))).toEqual([]);
  });

  it('when a member unfollows a followed story it is unfollowed, and again appends nothing', () => {
    expect(storyFollow.decide(unfollow(), given(followed))).toEqual([unfollowed]);
    expect(storyFollow.decide(unfollow(), given(followed, unfollowed))).toEqual([]);
    expect(storyFollow.decide(unfollow(), given())).toEqual([]);
  });

  it('when the author, who follows by default, follows nothing is appended; unfollowing is recorded', () => {
    expect(storyFollow.decide(follow(true), given())).toEqual([]);
    expect(storyFollow.decide(unfollow(true), given())).toEqual([unfollowed]);
    expect(storyFollow.decide(follow(true), given(unfollowed))).toEqual([
      { type: 'StoryFollowed', data: { storyId, userId, majority: 'she' } },
    ]);
  });
});
