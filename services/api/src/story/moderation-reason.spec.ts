import { describe, it } from 'vitest';
import type { StoryEvent } from '@whosright/contracts/story/events';
import { deciderSpec } from '#api/testing/decider-spec';
import { story } from './decider';

const storyId = 'story_01JAAAAAAAAAAAAAAAAAAAAAAA';
const author = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const admin = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';
const submitted: StoryEvent = {
  type: 'StorySubmitted',
  data: { storyId, authorId: author, content: 'He sings in the car.', category: 'lifestyle' },
};
const deleted = (extra: { reason?: string } = {}): StoryEvent => ({
  type: 'StoryDeleted',
  data: { storyId, authorId: author, deletedBy: admin, byAdmin: true, ...extra },
});

describe('story decider: moderation reasons', () => {
  const spec = deciderSpec(story);

  it('when an admin deletes a story with a reason the deletion carries it', () => {
    spec
      .given([submitted])
      .when({ type: 'DeleteStory', storyId, userId: admin, byAdmin: true, reason: 'Doxxing' })
      .then([deleted({ reason: 'Doxxing' })]);
  });

  it('when a story is deleted without a reason the deletion has none', () => {
    spec
      .given([submitted])
      .when({ type: 'DeleteStory', storyId, userId: admin, byAdmin: true, reason: null })
      .then([deleted()]);
  });

  it('when a story is deleted with a blank reason the deletion has none', () => {
    spec
      .given([submitted])
      .when({ type: 'DeleteStory', storyId, userId: admin, byAdmin: true, reason: '   ' })
      .then([deleted()]);
  });

  it('when an admin hides a story with a padded reason it records the reason trimmed', () => {
    spec
      .given([submitted])
      .when({ type: 'ModerateStory', storyId, moderatorId: admin, to: 'hidden', reason: ' Rude ' })
      .then([
        {
          type: 'StoryModerated',
          data: { storyId, moderatorId: admin, from: 'pending', to: 'hidden', reason: 'Rude' },
        },
      ]);
  });

  it('when an admin rejects a story with a blank reason it records no reason (null)', () => {
    spec
      .given([submitted])
      .when({ type: 'ModerateStory', storyId, moderatorId: admin, to: 'rejected', reason: ' ' })
      .then([
        {
          type: 'StoryModerated',
          data: { storyId, moderatorId: admin, from: 'pending', to: 'rejected', reason: null },
        },
      ]);
  });
});
