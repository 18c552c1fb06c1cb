import { describe, it } from 'vitest';
import { eventLog } from '../testing/event-log';
import { projectionSpec } from '../testing/projection-spec';
import { seenStoriesProjection } from './projection';

const ann = 'u-user_01JC0000000000000000000001';
const visitor = 'v-Xk2o1sWm4oTqYc0l3Jb9aA';
const dishes = 'story_01JDDDDDDDDDDDDDDDDDDDDDDD';
const rent = 'story_01JEEEEEEEEEEEEEEEEEEEEEEE';

describe('seen stories projection', () => {
  const spec = projectionSpec(seenStoriesProjection);

  it('when a member votes (an engagement) and a visitor skips (counted or not) it records one row per viewer and story', async () => {
    const log = eventLog();
    await spec
      .given([])
      .when(
        log.storyActivity({ type: 'StoryEngaged', data: { storyId: dishes, visitorKey: ann } }),
        log.storyActivity({ type: 'StorySkipped', data: { storyId: rent, visitorKey: ann } }),
        log.storyActivity({ type: 'StorySkipped', data: { storyId: dishes, visitorKey: visitor } }),
        log.storyActivity({
          type: 'StorySkippedAgainFromAddress',
          data: { storyId: rent, visitorKey: visitor },
        }),
      )
      .then({
        seen: [
          { _id: `${ann}:${dishes}` },
          { _id: `${ann}:${rent}` },
          { _id: `${visitor}:${dishes}` },
          { _id: `${visitor}:${rent}` },
        ],
      });
  });

  it('when a viewer only views a story it is not seen: they may still vote on it or skip it', async () => {
    const log = eventLog();
    await spec
      .given([])
      .when(log.storyActivity({ type: 'StoryViewed', data: { storyId: dishes, visitorKey: ann } }))
      .thenNothingChanges();
  });

  it('when a skip and a vote name the same story, or one is delivered again, it stays one row', async () => {
    const log = eventLog();
    const skipped = log.storyActivity({
      type: 'StorySkipped',
      data: { storyId: dishes, visitorKey: ann },
    });
    await spec
      .given([skipped])
      .when(
        log.storyActivity({ type: 'StoryEngaged', data: { storyId: dishes, visitorKey: ann } }),
        skipped,
      )
      .then({ seen: [{ _id: `${ann}:${dishes}` }] });
  });
});
