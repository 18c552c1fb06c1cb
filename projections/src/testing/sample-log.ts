import type { Database } from 'better-sqlite3';
import type { EventStore, NewEvent } from '@whosright/eventstore/port';
import { STORY_CATEGORIES } from '@whosright/contracts/shared/categories';

const CATEGORY_VALUES = STORY_CATEGORIES.map((c) => c.value);

export interface SampleAppend {
  stream: string;
  event: NewEvent;
}

export interface SampleLogOptions {
  events: number;
  seed?: number;
  /** Time of the first event; the log spans `days` from there. */
  start?: Date;
  days?: number;
}

/** mulberry32: a small seeded PRNG, so a log is reproducible from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number) => String(n).padStart(7, '0');

/**
 * A realistic activity log: about 1 story per 100 events (most approved), then views (55%),
 * skips (15%), votes (20%, one per user and story) and comments, concentrated on recent stories,
 * with recordedAt spread over `days` in order.
 */
export function* sampleLog({
  events,
  seed = 1,
  start = new Date('2026-10-01T00:00:00.000Z'),
  days = 30,
}: SampleLogOptions): Generator<SampleAppend> {
  const random = seededRandom(seed);
  const users = Math.max(10, Math.floor(events / 25));
  const stories: string[] = [];
  const approved: string[] = [];
  const votes = new Set<string>();
  const stepMs = (days * 86_400_000) / Math.max(1, events);
  let time = start.getTime();
  let made = 0;
  const user = () => `user_${pad(Math.floor(random() * users))}`;
  const visitor = () => `visitor_${pad(Math.floor(random() * users * 3))}`;
  // Recent stories get most of the traffic: a power law over the approved list, newest first.
  const pick = () => approved[approved.length - 1 - Math.floor(approved.length * random() ** 3)]!;

  const make = (
    stream: string,
    type: string,
    data: Record<string, unknown>,
    actor: { actorId?: string; visitorId?: string },
  ): SampleAppend => {
    time += stepMs * (0.5 + random());
    made++;
    return {
      stream,
      event: {
        type,
        data,
        metadata: {
          ...actor,
          correlationId: `corr_${made}`,
          recordedAt: new Date(time).toISOString(),
        },
      },
    };
  };

  while (made < events) {
    const roll = random();
    if (!approved.length || roll < 0.01) {
      const storyId = `story_${pad(stories.length)}`;
      const authorId = user();
      stories.push(storyId);
      yield make(
        `story-${storyId}`,
        'StorySubmitted',
        {
          storyId,
          authorId,
          category: CATEGORY_VALUES[Math.floor(random() * CATEGORY_VALUES.length)]!,
          content: `Story ${storyId}: we disagree about who should do the dishes after a long day.`,
          submittedAt: new Date(time).toISOString(),
        },
        { actorId: authorId },
      );
      if (made < events && random() < 0.9) {
        approved.push(storyId);
        yield make(`story-${storyId}`, 'StoryApproved', { storyId }, { actorId: 'user_admin' });
      }
    } else if (roll < 0.56) {
      const storyId = pick();
      yield make(
        `storyActivity-${storyId}`,
        'StoryViewed',
        { storyId, visitorId: visitor() },
        { visitorId: visitor() },
      );
    } else if (roll < 0.71) {
      const storyId = pick();
      yield make(
        `storyActivity-${storyId}`,
        'StorySkipped',
        { storyId, visitorId: visitor() },
        { visitorId: visitor() },
      );
    } else if (roll < 0.91) {
      const storyId = pick();
      const userId = user();
      if (votes.has(`${storyId}:${userId}`)) continue;
      votes.add(`${storyId}:${userId}`);
      yield make(
        `storyVote-${storyId}-${userId}`,
        'StoryVoteCast',
        { storyId, userId, vote: random() < 0.52 ? 'he' : 'she' },
        { actorId: userId },
      );
    } else {
      const storyId = pick();
      const authorId = user();
      const commentId = `comment_${pad(made)}`;
      yield make(
        `comment-${commentId}`,
        'CommentPosted',
        { commentId, storyId, authorId, content: 'Honestly, you are both a bit right here.' },
        { actorId: authorId },
      );
    }
  }
}

/**
 * Appends a log one event per append (as commands do). With the SQLite connection given, groups
 * the appends in transactions of `groupSize`, which is how a large log is generated quickly.
 */
export async function appendSampleLog(
  store: EventStore,
  log: Iterable<SampleAppend>,
  options: { database?: Database; groupSize?: number } = {},
): Promise<number> {
  const { database, groupSize = 5_000 } = options;
  let count = 0;
  database?.exec('BEGIN IMMEDIATE');
  try {
    for (const { stream, event } of log) {
      await store.append(stream, [event], 'any');
      count++;
      if (database && count % groupSize === 0) {
        database.exec('COMMIT');
        database.exec('BEGIN IMMEDIATE');
      }
    }
    database?.exec('COMMIT');
  } catch (error) {
    if (database?.inTransaction) database.exec('ROLLBACK');
    throw error;
  }
  return count;
}
