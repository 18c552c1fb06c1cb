import { describe, it } from 'vitest';
import { eventLog } from '../testing/event-log';
import { projectionSpec } from '../testing/projection-spec';
import { memberStreamsProjection } from './projection';

const ann = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const bob = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';
const annStory = 'story_01JAAAAAAAAAAAAAAAAAAAAAAA';
const bobStory = 'story_01JBBBBBBBBBBBBBBBBBBBBBBB';

const doc = (userId: string, stream: string) => ({ _id: `${userId} ${stream}` });

describe('member-streams projection', () => {
  const spec = projectionSpec(memberStreamsProjection);

  it('when a member submits a story and votes it records those streams for them, and the admin who moderates for the admin', async () => {
    const log = eventLog();
    const given = [
      log.story(
        {
          type: 'StorySubmitted',
          data: { storyId: annStory, authorId: ann, content: 'Ann story', category: 'money' },
        },
        { actorId: ann },
      ),
      log.storyVote(
        { type: 'StoryVoteCast', data: { storyId: bobStory, userId: ann, vote: 'she' } },
        { actorId: ann },
      ),
    ];
    await spec
      .given(given)
      .when(
        log.story(
          {
            type: 'StoryModerated',
            data: {
              storyId: annStory,
              moderatorId: bob,
              from: 'pending',
              to: 'approved',
              reason: null,
            },
          },
          { actorId: bob },
        ),
      )
      .then({
        streams: [
          doc(ann, `story-${annStory}`),
          doc(ann, `storyVote-${bobStory}-${ann}`),
          doc(bob, `story-${annStory}`),
        ],
      });
  });

  it('when an admin bans a member it records the member’s own stream for both of them', async () => {
    const log = eventLog();
    await spec
      .given([])
      .when(log.user(ann, { type: 'UserBanned', data: { reason: null } }, { actorId: bob }))
      .then({ streams: [doc(ann, `user-${ann}`), doc(bob, `user-${ann}`)] });
  });

  it('when a visitor skips a story nothing is recorded', async () => {
    const log = eventLog();
    await spec
      .given([])
      .when(
        log.storyActivity(
          { type: 'StorySkipped', data: { storyId: annStory, visitorKey: 'v-abc' } },
          { visitorId: 'v-abc' },
        ),
      )
      .thenNothingChanges();
  });
});
