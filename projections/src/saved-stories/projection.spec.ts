import { describe, it } from 'vitest';
import { eventLog } from '../testing/event-log';
import { projectionSpec } from '../testing/projection-spec';
import { savedStoriesProjection } from './projection';

const ann = 'user_01JC0000000000000000000001';
const ben = 'user_01JC0000000000000000000002';
const dishes = 'story_01JDDDDDDDDDDDDDDDDDDDDDDD';
const socks = 'story_01JDDDDDDDDDDDDDDDDDDDDDDE';

describe('saved stories projection', () => {
  const spec = projectionSpec(savedStoriesProjection);
  const log = eventLog();
  const saved = (type: 'StorySaved' | 'StoryUnsaved', userId: string, storyId: string) =>
    log.savedStory({ type, data: { storyId, userId } }, { actorId: userId });

  it('when members save stories each save is kept with its member and time', async () => {
    const first = saved('StorySaved', ann, dishes);
    const second = saved('StorySaved', ben, dishes);
    await spec
      .given([])
      .when(first, second)
      .then({
        saves: [
          {
            _id: `${dishes}:${ann}`,
            userId: ann,
            storyId: dishes,
            savedAt: first.metadata.recordedAt,
          },
          {
            _id: `${dishes}:${ben}`,
            userId: ben,
            storyId: dishes,
            savedAt: second.metadata.recordedAt,
          },
        ],
      });
  });

  it('when a member unsaves a story its row goes and their other saves stay', async () => {
    const dropped = saved('StorySaved', ann, dishes);
    const kept = saved('StorySaved', ann, socks);
    await spec
      .given([dropped, kept])
      .when(saved('StoryUnsaved', ann, dishes))
      .then({
        saves: [
          {
            _id: `${socks}:${ann}`,
            userId: ann,
            storyId: socks,
            savedAt: kept.metadata.recordedAt,
          },
        ],
      });
  });
});
