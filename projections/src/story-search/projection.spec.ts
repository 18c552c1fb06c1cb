import { describe, it } from 'vitest';
import { DELETED_TEXT } from '@whosright/contracts/shared/forgetting';
import { eventLog } from '../testing/event-log';
import { projectionSpec } from '../testing/projection-spec';
import { STORY_SEARCH } from './docs';
import { storySearchProjection } from './projection';

const author = 'user_01JC0000000000000000000001';
const admin = 'user_01JC0000000000000000000009';
const dishes = 'story_01JDDDDDDDDDDDDDDDDDDDDDDD';

function dishesHistory(content = 'He never does the dishes.') {
  const log = eventLog();
  const moderated = (from: 'pending' | 'approved' | 'hidden', to: 'approved' | 'hidden') =>
    log.story(
      {
        type: 'StoryModerated',
        data: { storyId: dishes, moderatorId: admin, from, to, reason: null },
      },
      { actorId: admin },
    );
  const submitted = log.story(
    {
      type: 'StorySubmitted',
      data: { storyId: dishes, authorId: author, content, category: 'household' },
    },
    { actorId: author },
  );
  return { log, submitted, moderated };
}

const doc = (
  status: string,
  listed: boolean,
  createdAt: string,
  content = 'He never does the dishes.',
) => ({
  _id: dishes,
  content,
  category: 'household',
  createdAt,
  status,
  listed,
});

describe('story search projection', () => {
  const spec = projectionSpec(storySearchProjection);

  it('when a story is submitted it is kept unlisted; when approved it is listed', async () => {
    const { submitted, moderated } = dishesHistory();
    const at = submitted.metadata.recordedAt;
    await spec
      .given([])
      .when(submitted)
      .then({ [STORY_SEARCH]: [doc('pending', false, at)] });
    await spec
      .given([submitted])
      .when(moderated('pending', 'approved'))
      .then({ [STORY_SEARCH]: [doc('approved', true, at)] });
  });

  it('when an approved story is hidden it is unlisted, and listed again when approved again', async () => {
    const { submitted, moderated } = dishesHistory();
    const at = submitted.metadata.recordedAt;
    const approved = moderated('pending', 'approved');
    const hidden = moderated('approved', 'hidden');
    await spec
      .given([submitted, approved])
      .when(hidden)
      .then({ [STORY_SEARCH]: [doc('hidden', false, at)] });
    await spec
      .given([submitted, approved, hidden])
      .when(moderated('hidden', 'approved'))
      .then({ [STORY_SEARCH]: [doc('approved', true, at)] });
  });

  it('when a story is deleted its document goes', async () => {
    const { log, submitted, moderated } = dishesHistory();
    const approved = moderated('pending', 'approved');
    await spec
      .given([submitted, approved])
      .when(
        log.story(
          {
            type: 'StoryDeleted',
            data: { storyId: dishes, authorId: author, deletedBy: author, byAdmin: false },
          },
          { actorId: author },
        ),
      )
      .then({ [STORY_SEARCH]: [] });
  });

  it('when a forgotten author’s story is read back as deleted text it is never listed', async () => {
    const { submitted, moderated } = dishesHistory(DELETED_TEXT);
    await spec
      .given([submitted])
      .when(moderated('pending', 'approved'))
      .then({
        [STORY_SEARCH]: [doc('approved', false, submitted.metadata.recordedAt, DELETED_TEXT)],
      });
  });

  it('when a story holds control characters they are dropped from the searchable text', async () => {
    const { submitted } = dishesHistory('He \u0002never\u0003 does the dishes.');
    await spec
      .given([])
      .when(submitted)
      .then({ [STORY_SEARCH]: [doc('pending', false, submitted.metadata.recordedAt)] });
  });
});
