import { describe, it } from 'vitest';
import { eventLog } from '../testing/event-log';
import { projectionSpec } from '../testing/projection-spec';
import { DAYS, LEADS } from './docs';
import { insightsProjection } from './projection';

const ann = 'user_01JC0000000000000000000001';
const ben = 'user_01JC0000000000000000000002';
const admin = 'user_01JC0000000000000000000009';
const dishes = 'story_01JDDDDDDDDDDDDDDDDDDDDDDD';

function history() {
  // Minutes apart, all on 2 March.
  const log = eventLog('2026-03-02T09:00:00.000Z');
  const registered = (userId: string) =>
    log.user(userId, {
      type: 'UserRegistered',
      data: {
        userId,
        email: `${userId}@example.com`,
        firstName: 'Ann',
        lastName: null,
        passwordHash: null,
        role: 'user',
        profileImageUrl: null,
      },
    });
  // Recorded first, in log order: the two members sign up before anything else happens.
  const signups = [registered(ann), registered(ben)];
  const submitted = log.story(
    {
      type: 'StorySubmitted',
      data: {
        storyId: dishes,
        authorId: ann,
        content: 'He never does the dishes.',
        category: 'household',
      },
    },
    { actorId: ann },
  );
  const approved = log.story(
    {
      type: 'StoryModerated',
      data: { storyId: dishes, moderatorId: admin, from: 'pending', to: 'approved', reason: null },
    },
    { actorId: admin },
  );
  const vote = (userId: string, choice: 'he' | 'she') =>
    log.storyVote(
      { type: 'StoryVoteCast', data: { storyId: dishes, userId, vote: choice } },
      { actorId: userId },
    );
  return { log, signups, submitted, approved, vote };
}

const story = (status: string, he: number, she: number, lead: string) => ({
  _id: dishes,
  status,
  he,
  she,
  lead,
});

describe('insights projection', () => {
  const spec = projectionSpec(insightsProjection);

  it('when members sign up, submit and vote each counts on its day, and the story leads with its votes', async () => {
    const h = history();
    await spec
      .given([])
      .when(...h.signups, h.submitted, h.approved, h.vote(ann, 'she'))
      .then({
        [DAYS]: [{ _id: '2026-03-02', signups: 2, stories: 1, votes: 1 }],
        [LEADS]: [story('approved', 0, 1, 'she')],
      });
  });

  it('when the votes even out the story is tied, and before any vote it leads nobody', async () => {
    const h = history();
    await spec
      .given([h.submitted])
      .when(h.approved)
      .then({
        [DAYS]: [{ _id: '2026-03-02', stories: 1 }],
        [LEADS]: [story('approved', 0, 0, 'none')],
      });
    const t = history();
    await spec
      .given([t.submitted, t.approved, t.vote(ann, 'he')])
      .when(t.vote(ben, 'she'))
      .then({
        [DAYS]: [{ _id: '2026-03-02', stories: 1, votes: 2 }],
        [LEADS]: [story('approved', 1, 1, 'tied')],
      });
  });

  it('when a story is hidden it leads nothing; when deleted its lead goes and its day keeps it', async () => {
    const h = history();
    const hidden = h.log.story(
      {
        type: 'StoryModerated',
        data: { storyId: dishes, moderatorId: admin, from: 'approved', to: 'hidden', reason: null },
      },
      { actorId: admin },
    );
    await spec
      .given([h.submitted, h.approved])
      .when(hidden)
      .then({
        [DAYS]: [{ _id: '2026-03-02', stories: 1 }],
        [LEADS]: [story('hidden', 0, 0, 'off')],
      });
    const deleted = h.log.story(
      {
        type: 'StoryDeleted',
        data: { storyId: dishes, authorId: ann, deletedBy: ann, byAdmin: false },
      },
      { actorId: ann },
    );
    await spec
      .given([h.submitted, h.approved, hidden])
      .when(deleted)
      .then({ [DAYS]: [{ _id: '2026-03-02', stories: 1 }], [LEADS]: [] });
  });
});
