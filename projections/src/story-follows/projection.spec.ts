import { describe, it } from 'vitest';
import { eventLog } from '../testing/event-log';
import { projectionSpec } from '../testing/projection-spec';
import { storyFollowsProjection } from './projection';

const ann = 'user_01JC0000000000000000000001';
const ben = 'user_01JC0000000000000000000002';
const dishes = 'story_01JDDDDDDDDDDDDDDDDDDDDDDD';
const socks = 'story_01JDDDDDDDDDDDDDDDDDDDDDDE';

describe('story-follows projection', () => {
  const spec = projectionSpec(storyFollowsProjection);
  const log = eventLog();
  const followed = (userId: string, storyId: string, majority: 'he' | 'she' | null = null) =>
    log.storyFollow(
      { type: 'StoryFollowed', data: { storyId, userId, majority } },
      { actorId: userId },
    );
  const unfollowed = (userId: string, storyId: string) =>
    log.storyFollow({ type: 'StoryUnfollowed', data: { storyId, userId } }, { actorId: userId });

  it('when members follow stories each follow is kept under its member, with its time and the side ahead then', async () => {
    const first = followed(ann, dishes, 'she');
    const second = followed(ann, socks);
    const third = followed(ben, dishes, 'he');
    await spec
      .given([first])
      .when(second, third)
      .then({
        follows: [
          {
            _id: ann,
            stories: {
              [dishes]: { following: true, at: first.metadata.recordedAt, majority: 'she' },
              [socks]: { following: true, at: second.metadata.recordedAt, majority: null },
            },
          },
          {
            _id: ben,
            stories: {
              [dishes]: { following: true, at: third.metadata.recordedAt, majority: 'he' },
            },
          },
        ],
      });
  });

  it('when a member unfollows a story the unfollow is kept with its time, and following again starts over', async () => {
    const first = followed(ann, dishes, 'he');
    const off = unfollowed(ann, dishes);
    const ownOff = unfollowed(ann, socks);
    await spec
      .given([first])
      .when(off, ownOff)
      .then({
        follows: [
          {
            _id: ann,
            stories: {
              [dishes]: { following: false, at: off.metadata.recordedAt },
              [socks]: { following: false, at: ownOff.metadata.recordedAt },
            },
          },
        ],
      });
    const again = followed(ann, dishes, 'she');
    await spec
      .given([first, off])
      .when(again)
      .then({
        follows: [
          {
            _id: ann,
            stories: {
              [dishes]: { following: true, at: again.metadata.recordedAt, majority: 'she' },
            },
          },
        ],
      });
  });

  it("when a member deletes their account their follows go, and others' stay", async () => {
    const annFollow = followed(ann, dishes);
    const benFollow = followed(ben, socks, 'she');
    const deleted = log.user(ann, { type: 'AccountDeleted', data: { via: 'password' } });
    await spec
      .given([annFollow, benFollow])
      .when(deleted)
      .then({
        follows: [
          {
            _id: ben,
            stories: {
              [socks]: { following: true, at: benFollow.metadata.recordedAt, majority: 'she' },
            },
          },
        ],
      });
  });
});
