import type { Doc } from '../store/port';
import { defineProjection, upsert, update, type AnyProjection } from '../runner/projection';
import type { SampleEvent } from './sample-events';

const num = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** Story cards with tallies, skip rate and voting score (admin and dashboard lists). */
export const storyTallies = defineProjection<SampleEvent>({
  name: 'story-tallies',
  version: 1,
  eventTypes: [
    'StorySubmitted',
    'StoryApproved',
    'StoryVoteCast',
    'StoryViewed',
    'StorySkipped',
    'CommentPosted',
  ],
  collections: [
    {
      name: 'stories',
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
            ['skipRate', -1],
          ],
        },
        {
          fields: [
            ['authorId', 1],
            ['createdAt', -1],
          ],
        },
      ],
      derive(doc: Doc) {
        const he = num(doc.heVotes);
        const she = num(doc.sheVotes);
        const total = he + she;
        const views = num(doc.viewCount);
        return {
          totalVotes: total,
          votingScore: total ? Math.round(((he - she) / total) * 100) : 0,
          skipRate: views ? Math.round((num(doc.skipCount) / views) * 10_000) / 10_000 : 0,
        };
      },
    },
  ],
  apply(event) {
    const id = event.data.storyId;
    switch (event.type) {
      case 'StorySubmitted':
        return [
          upsert('stories', id, {
            $set: {
              authorId: event.data.authorId,
              category: event.data.category,
              content: event.data.content,
              createdAt: event.data.submittedAt,
              status: 'pending',
            },
          }),
        ];
      case 'StoryApproved':
        return [update('stories', id, { $set: { status: 'approved' } })];
      case 'StoryVoteCast':
        return [
          update('stories', id, {
            $inc: { [event.data.vote === 'he' ? 'heVotes' : 'sheVotes']: 1 },
          }),
        ];
      case 'StoryViewed':
        return [update('stories', id, { $inc: { viewCount: 1 } })];
      case 'StorySkipped':
        return [update('stories', id, { $inc: { skipCount: 1 } })];
      case 'CommentPosted':
        return [update('stories', id, { $inc: { commentCount: 1 } })];
    }
  },
});

/** Per-user counters (profile stats). */
export const userStats = defineProjection<SampleEvent>({
  name: 'user-stats',
  version: 1,
  eventTypes: ['StorySubmitted', 'StoryVoteCast', 'CommentPosted'],
  collections: [{ name: 'users', indexes: [{ fields: [['votesGiven', -1]] }] }],
  apply(event) {
    switch (event.type) {
      case 'StorySubmitted':
        return [upsert('users', event.data.authorId, { $inc: { storiesSubmitted: 1 } })];
      case 'StoryVoteCast':
        return [
          upsert('users', event.data.userId, {
            $inc: { votesGiven: 1, [`votes.${event.data.vote}`]: 1 },
          }),
        ];
      case 'CommentPosted':
        return [upsert('users', event.data.authorId, { $inc: { commentsPosted: 1 } })];
      default:
        return [];
    }
  },
});

/** Minimum views before a story's skip rate counts in the ranking. */
export const RANKING_MIN_VIEWS = 10;

/** Stories ranked by skip rate: the admin "Poor Performing Stories (Top 5% Skip Rate)" tab. */
export const skipRanking = defineProjection<SampleEvent>({
  name: 'skip-ranking',
  version: 1,
  eventTypes: ['StorySubmitted', 'StoryViewed', 'StorySkipped'],
  collections: [
    {
      name: 'stories',
      indexes: [
        {
          fields: [
            ['ranked', 1],
            ['skipRate', -1],
          ],
        },
      ],
      derive(doc: Doc) {
        const views = num(doc.viewCount);
        return {
          skipRate: views ? Math.round((num(doc.skipCount) / views) * 10_000) / 10_000 : 0,
          ranked: views >= RANKING_MIN_VIEWS,
        };
      },
    },
  ],
  apply(event) {
    const id = event.data.storyId;
    switch (event.type) {
      case 'StorySubmitted':
        return [
          upsert('stories', id, {
            $set: { category: event.data.category, createdAt: event.data.submittedAt },
            $inc: { viewCount: 0, skipCount: 0 },
          }),
        ];
      case 'StoryViewed':
        return [update('stories', id, { $inc: { viewCount: 1 } })];
      case 'StorySkipped':
        return [update('stories', id, { $inc: { skipCount: 1 } })];
      default:
        return [];
    }
  },
  async report(collection) {
    const stories = collection('stories');
    const ranked = await stories.count({ ranked: true });
    if (!ranked) return [];
    const { items } = await stories.find(
      { ranked: true },
      { sort: [['skipRate', -1]], limit: Math.ceil(ranked * 0.05) },
    );
    return items.map((s, i) => ({
      rank: i + 1,
      storyId: s._id,
      category: s.category,
      skipRate: s.skipRate,
      viewCount: s.viewCount,
      skipCount: s.skipCount,
    }));
  },
});

export const sampleProjections: readonly AnyProjection[] = [storyTallies, userStats, skipRanking];
