import { describe, it } from 'vitest';
import { eventLog } from '../testing/event-log';
import { projectionSpec } from '../testing/projection-spec';
import { userSearchProjection } from '../user-search/projection';
import { userStatsProjection } from '../user-stats/projection';
import { usersProjection } from './projection';

const alice = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const bob = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';
const story = 'story_01JDDDDDDDDDDDDDDDDDDDDDDD';

/** Two members; Alice deletes her account. */
function history() {
  const log = eventLog();
  const registered = (userId: string, email: string, firstName: string) =>
    log.user(
      userId,
      {
        type: 'UserRegistered',
        data: {
          userId,
          email,
          firstName,
          lastName: 'Lee',
          passwordHash: 'hash',
          role: 'user',
          profileImageUrl: null,
        },
      },
      { actorId: userId },
    );
  return {
    alice: () => registered(alice, 'alice@example.com', 'Alice'),
    bob: () => registered(bob, 'bob@example.com', 'Bob'),
    aliceNamed: () =>
      log.user(
        alice,
        { type: 'ProfileUpdated', data: { username: 'alice_l', profileImageUrl: null } },
        { actorId: alice },
      ),
    aliceVoted: () =>
      log.storyVote(
        { type: 'StoryVoteCast', data: { storyId: story, userId: alice, vote: 'he' } },
        { actorId: alice },
      ),
    bobVoted: () =>
      log.storyVote(
        { type: 'StoryVoteCast', data: { storyId: story, userId: bob, vote: 'she' } },
        { actorId: bob },
      ),
    aliceDeleted: () =>
      log.user(alice, { type: 'AccountDeleted', data: { via: 'password' } }, { actorId: alice }),
  };
}

describe('a deleted account in the user read models', () => {
  it('when the member deletes their account the users read model keeps only the others', async () => {
    const h = history();
    const [a, b] = [h.alice(), h.bob()];
    await projectionSpec(usersProjection)
      .given([a, b])
      .when(h.aliceDeleted())
      .then({
        users: [
          {
            _id: bob,
            email: 'bob@example.com',
            username: null,
            firstName: 'Bob',
            lastName: 'Lee',
            profileImageUrl: null,
            role: 'user',
            status: 'active',
            createdAt: b.metadata.recordedAt,
            sessionsValidFrom: b.metadata.recordedAt,
            credentialsVersion: 0,
            emailVerified: false,
          },
        ],
      });
  });

  it('when the member deletes their account the admin search finds nothing of them', async () => {
    const h = history();
    await projectionSpec(userSearchProjection)
      .given([h.alice(), h.aliceNamed(), h.bob()])
      .when(h.aliceDeleted())
      .then({
        keys: [
          { _id: `${bob}:email`, userId: bob, key: 'bob@example.com' },
          { _id: `${bob}:name`, userId: bob, key: 'bob lee' },
          { _id: `${bob}:lastName`, userId: bob, key: 'lee' },
        ],
      });
  });

  it('when the member deletes their account their counters go', async () => {
    const h = history();
    await projectionSpec(userStatsProjection)
      .given([h.alice(), h.aliceVoted(), h.bobVoted()])
      .when(h.aliceDeleted())
      .then({ stats: [{ _id: bob, votesGiven: 1 }] });
  });
});
