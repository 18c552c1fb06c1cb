import type { CommentEvent } from '@whosright/contracts/comment/events';
import { DIVISIVE_MIN_VOTES, POOR_STORY_MIN_VIEWS } from '@whosright/contracts/shared/constants';
import type {
  StoryActivityEvent,
  StoryEvent,
  StoryPoolEvent,
  StoryReactionEvent,
  StoryVoteEvent,
} from '@whosright/contracts/story/events';
import { skipRate, votingScore } from '@whosright/contracts/story/rules';
import type { ColumnType, IndexSpec } from '../store/port';
import { defineProjection, remove, update, upsert, type Change } from '../runner/projection';
import type { Recorded } from '../shared/recorded';
import { FEED_ORDERS, POOL, POOL_META_ID, STORIES, pooledStoryId, poolSlotId } from './docs';

type Handled =
  | Recorded<StoryEvent>
  | Recorded<StoryVoteEvent>
  | Recorded<StoryActivityEvent>
  | Recorded<StoryReactionEvent>
  | Recorded<StoryPoolEvent>
  | Recorded<Extract<CommentEvent, { type: 'CommentPosted' | 'CommentDeleted' }>>;

const num = (value: unknown) => (typeof value === 'number' ? value : 0);

/**
 * What every vote, engage, view and skip changes on a card, with what is derived from it: kept
 * apart from the card's text and status, so such an event rewrites only these and the few
 * indexes that read them (the feed's vote orders, the ranking by skip rate), not the whole card.
 */
const CARD_COUNTERS = {
  heVotes: 'number',
  sheVotes: 'number',
  totalVotes: 'number',
  votingScore: 'number',
  voteGap: 'number',
  divisive: 'boolean',
  engageCount: 'number',
  viewCount: 'number',
  skipCount: 'number',
  skipRate: 'number',
  rankable: 'boolean',
} as const satisfies Record<string, ColumnType>;

/**
 * The feed's other orders, with and without a category (newest first is indexed above). An
 * order that keeps only some stories (divisive) indexes only those: a vote on any other story
 * then moves nothing in it.
 */
const feedSortIndexes: IndexSpec[] = [FEED_ORDERS.votes, FEED_ORDERS.divisive].flatMap((order) => {
  const where = Object.keys(order.where).length ? { where: order.where } : {};
  return [
    { fields: [['status', 1], ...order.sort], ...where },
    { fields: [['status', 1], ['category', 1], ...order.sort], ...where },
  ];
});

/**
 * Story cards with everything the lists need, computed when events are projected: tallies,
 * reactions, comment count, activity, skip rate, voting score and the random-pool slot. Every
 * story query (feed, card, random, pending queue, ranking, dashboard, profile) is one find here.
 */
export const storiesProjection = defineProjection<Handled>({
  name: STORIES,
  // The card's tallies and comment count.
  storyChanges: {
    kind: 'votes',
    eventTypes: [
      'StoryVoteCast',
      'StoryReactionAdded',
      'StoryReactionRemoved',
      'CommentPosted',
      'CommentDeleted',
    ],
  },
  // 2: the random pool's slots moved from the story cards to their own documents.
  // 4: the feed's sorts (votes, divisive) and each pooled story's slot (draws of unseen stories).
  // 5: an index on (status, viewCount, skipRate) for the admin's dry runs of other minimum views.
  // 6: the counters of votes, engages, views and skips in column fields (CARD_COUNTERS).
  // 7: the divisive order's indexes hold divisive cards only (partial indexes).
  version: 8,
  eventTypes: [
    'StorySubmitted',
    'StoryResubmitted',
    'StoryModerated',
    'StoryDeleted',
    'StoryVoteCast',
    'StoryViewed',
    'StorySkipped',
    'StoryEngaged',
    'StoryReactionAdded',
    'StoryReactionRemoved',
    'StoryPooled',
    'StoryUnpooled',
    'CommentPosted',
    'CommentDeleted',
  ],
  collections: [
    {
      name: STORIES,
      columns: CARD_COUNTERS,
      indexes: [
        {
          fields: [
            ['status', 1],
            ['createdAt', -1],
          ],
        },
        {
          fields: [
            ['status', 1],
            ['category', 1],
            ['createdAt', -1],
          ],
        },
        {
          fields: [
            ['authorId', 1],
            ['createdAt', -1],
          ],
        },
        {
          fields: [
            ['rankable', 1],
            ['skipRate', -1],
          ],
        },
        ...feedSortIndexes,
        // The dry run of another minimum of views: a range on viewCount, by skip rate.
        {
          fields: [
            ['status', 1],
            ['viewCount', 1],
            ['skipRate', -1],
          ],
        },
      ],
      derive(doc) {
        const he = num(doc.heVotes);
        const she = num(doc.sheVotes);
        const views = num(doc.viewCount);
        return {
          totalVotes: he + she,
          votingScore: votingScore(he, she),
          skipRate: skipRate(num(doc.skipCount), views),
          rankable: doc.status === 'approved' && views >= POOR_STORY_MIN_VIEWS,
          divisive: he + she >= DIVISIVE_MIN_VOTES,
          voteGap: he + she === 0 ? 1 : Math.abs(he - she) / (he + she),
        };
      },
    },
    { name: POOL, indexes: [] },
  ],
  apply(event): Change[] {
    return storyChanges(event) ?? counterChanges(event) ?? poolChanges(event) ?? [];
  },
});

/** A story's life: submitted, moved by a moderator, deleted. */
function storyChanges(event: Handled): Change[] | undefined {
  switch (event.type) {
    case 'StorySubmitted':
      return [
        upsert(STORIES, event.data.storyId, {
          $set: {
            authorId: event.data.authorId,
            content: event.data.content,
            category: event.data.category,
            status: 'pending',
            createdAt: event.metadata.recordedAt,
            heVotes: 0,
            sheVotes: 0,
            commentCount: 0,
            reactions: { relatable: 0, lol: 0, wtf: 0 },
            viewCount: 0,
            skipCount: 0,
            engageCount: 0,
            // No version bump for this: no event before automod rules carries a match.
            ...(event.data.automod ? { automodMatch: event.data.automod.ruleName } : {}),
          },
        }),
      ];
    case 'StoryResubmitted': {
      // Back in the queue as a new revision: the moderator's note was answered, so it goes; the
      // admin sees it was resubmitted, and the history holds the earlier text.
      const { storyId, content, category, revision, automod } = event.data;
      return [
        update(STORIES, storyId, {
          $set: {
            content,
            category,
            status: 'pending',
            revision,
            resubmittedAt: event.metadata.recordedAt,
            ...(automod ? { automodMatch: automod.ruleName } : {}),
          },
          $unset: { moderationReason: true, ...(automod ? {} : { automodMatch: true }) },
        }),
      ];
    }
    case 'StoryModerated': {
      const { storyId, to, reason } = event.data;
      // The author learns why a story was rejected or hidden; any other move clears the reason.
      const explained = (to === 'rejected' || to === 'hidden') && reason !== null;
      return [
        update(
          STORIES,
          storyId,
          explained
            ? { $set: { status: to, moderationReason: reason } }
            : {
                $set: { status: to, ...(to === 'approved' ? { published: true } : {}) },
                $unset: { moderationReason: true },
              },
        ),
      ];
    }
    case 'StoryDeleted':
      return [remove(STORIES, event.data.storyId)];
    default:
      return undefined;
  }
}

/** The counters activity moves on its story: votes, views, skips, engagements, reactions, comments. */
function counterChanges(event: Handled): Change[] | undefined {
  switch (event.type) {
    case 'StoryVoteCast':
      return [
        update(STORIES, event.data.storyId, {
          $inc: { [event.data.vote === 'he' ? 'heVotes' : 'sheVotes']: 1 },
        }),
      ];
    case 'StoryViewed':
      return [update(STORIES, event.data.storyId, { $inc: { viewCount: 1 } })];
    case 'StorySkipped':
      return [update(STORIES, event.data.storyId, { $inc: { skipCount: 1 } })];
    case 'StoryEngaged':
      return [update(STORIES, event.data.storyId, { $inc: { engageCount: 1 } })];
    case 'StoryReactionAdded':
      return [
        update(STORIES, event.data.storyId, {
          $inc: { [`reactions.${event.data.reaction}`]: 1 },
        }),
      ];
    case 'StoryReactionRemoved':
      return [
        update(STORIES, event.data.storyId, {
          $inc: { [`reactions.${event.data.reaction}`]: -1 },
        }),
      ];
    case 'CommentPosted':
      return [update(STORIES, event.data.storyId, { $inc: { commentCount: 1 } })];
    case 'CommentDeleted':
      return [update(STORIES, event.data.storyId, { $inc: { commentCount: -1 } })];
    default:
      return undefined;
  }
}

/** The random-story pool: a slot per pooled story, filled again from the last one when one leaves. */
function poolChanges(event: Handled): Change[] | undefined {
  switch (event.type) {
    case 'StoryPooled':
      return [
        upsert(POOL, poolSlotId(event.data.slot), { $set: { storyId: event.data.storyId } }),
        upsert(POOL, pooledStoryId(event.data.storyId), { $set: { slot: event.data.slot } }),
        upsert(POOL, POOL_META_ID, { $inc: { count: 1 } }),
      ];
    case 'StoryUnpooled': {
      // The last story moves into the freed slot; the last slot goes.
      const { moved } = event.data;
      return [
        ...(moved
          ? [
              upsert(POOL, poolSlotId(event.data.slot), { $set: { storyId: moved.storyId } }),
              upsert(POOL, pooledStoryId(moved.storyId), { $set: { slot: event.data.slot } }),
              remove(POOL, poolSlotId(moved.from)),
            ]
          : [remove(POOL, poolSlotId(event.data.slot))]),
        remove(POOL, pooledStoryId(event.data.storyId)),
        upsert(POOL, POOL_META_ID, { $inc: { count: -1 } }),
      ];
    }
    default:
      return undefined;
  }
}
