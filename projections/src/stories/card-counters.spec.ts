import { describe, expect, it } from 'vitest';
import { DIVISIVE_MIN_VOTES, POOR_STORY_MIN_VIEWS } from '@whosright/contracts/shared/constants';
import type { RecordedEvent } from '@whosright/eventstore/port';
import { applyEvent } from '../runner/projection';
import type { Doc } from '../store/port';
import { applyUpdateInPlace } from '../store/update';
import { eventLog } from '../testing/event-log';
import { STORIES } from './docs';
import { storiesProjection } from './projection';

const author = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const admin = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';
const storyId = 'story_01JDDDDDDDDDDDDDDDDDDDDDDD';
const cards = storiesProjection.collections.find((c) => c.name === STORIES)!;

/** The card after each event, derived fields computed, as the runner writes it. */
function cardsAfter(events: readonly RecordedEvent[]): Doc[] {
  const card: Doc = { _id: storyId };
  return events.map((event) => {
    for (const change of applyEvent(storiesProjection, event))
      if (change.op === 'update' && change.collection === STORIES)
        applyUpdateInPlace(card, change.update);
    Object.assign(card, cards.derive!(card));
    return structuredClone(card);
  });
}

const changedFields = (before: Doc, after: Doc) =>
  Object.keys({ ...before, ...after }).filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );

describe('story card counters', () => {
  it('when votes, engages, views and skips are projected every card field they change is a column field', () => {
    const log = eventLog();
    const submitted = [
      log.story(
        {
          type: 'StorySubmitted',
          data: {
            storyId,
            authorId: author,
            content: 'He never does the dishes.',
            category: 'household',
          },
        },
        { actorId: author },
      ),
      log.story(
        {
          type: 'StoryModerated',
          data: { storyId, moderatorId: admin, from: 'pending', to: 'approved', reason: null },
        },
        { actorId: admin },
      ),
    ];
    const visitors = Math.max(DIVISIVE_MIN_VOTES, POOR_STORY_MIN_VIEWS) + 2;
    const activity = Array.from({ length: visitors }, (_, i) => {
      const userId = `user_01JC${String(i).padStart(22, '0')}`;
      const visitorKey = `u-${userId}`;
      const by = { actorId: userId };
      return [
        log.storyActivity({ type: 'StoryViewed', data: { storyId, visitorKey } }, by),
        log.storyVote(
          { type: 'StoryVoteCast', data: { storyId, userId, vote: i % 3 ? 'he' : 'she' } },
          by,
        ),
        log.storyActivity({ type: 'StoryEngaged', data: { storyId, visitorKey } }, by),
        ...(i % 2
          ? [log.storyActivity({ type: 'StorySkipped', data: { storyId, visitorKey } }, by)]
          : []),
      ];
    }).flat();

    const states = cardsAfter([...submitted, ...activity]);
    const changed = new Set(
      states
        .slice(submitted.length)
        .flatMap((card, i) => changedFields(states[submitted.length + i - 1]!, card)),
    );

    // Crossing both thresholds, every derived counter moved at least once.
    expect([...changed].sort()).toEqual(Object.keys(cards.columns!).sort());
  });
});
