import { randomInt } from 'node:crypto';
import type { StoryCategory } from '@whosright/contracts/shared/categories';
import { POOR_STORY_TOP_FRACTION } from '@whosright/contracts/shared/constants';
import { decodeCursor, InvalidCursorError } from '../store/cursor';
import type { Filter, FindOptions, Page, ReadCollection, ReadModels, Sort } from '../store/port';
import {
  POOL,
  POOL_META_ID,
  STORIES,
  STORY_CARDS,
  poolSlotId,
  type PoolDoc,
  type StoryDoc,
} from './docs';

export interface PageRequest {
  cursor?: string | undefined;
  limit: number;
}

const pageOf = (sort: Sort, page: PageRequest): FindOptions => ({
  sort,
  limit: page.limit,
  ...(page.cursor ? { after: page.cursor } : {}),
});
const newestFirst = (page: PageRequest) => pageOf([['createdAt', -1]], page);
const BY_SKIP_RATE: Sort = [['skipRate', -1]];

/**
 * The top 5% of rankable stories by skip rate, at least one when any is rankable: the admin's
 * "Poor Performing Stories", and what `npm run replay -- stories` prints.
 */
export async function poorPerformers(stories: ReadCollection<StoryDoc>): Promise<StoryDoc[]> {
  const top = await poorPerformersCount(stories);
  if (top === 0) return [];
  return (await stories.find({ rankable: true }, { sort: BY_SKIP_RATE, limit: top })).items;
}

/** How many stories the poor performers list shows (the admin summary's Poor Stories). */
export async function poorPerformersCount(stories: ReadCollection<StoryDoc>): Promise<number> {
  const rankable = await stories.count({ rankable: true });
  return rankable === 0 ? 0 : Math.max(1, Math.ceil(rankable * POOR_STORY_TOP_FRACTION));
}

/** Every read the API makes of the stories read model: one lookup or one sorted, limited find. */
export class StoryQueries {
  private readonly stories;
  private readonly pool;
  /** The random pool's size when last read (see randomId). */
  private poolSize = 0;

  constructor(models: ReadModels) {
    this.stories = models.collection<StoryDoc>(STORIES, STORY_CARDS);
    this.pool = models.collection<PoolDoc>(STORIES, POOL);
  }

  byId(storyId: string): Promise<StoryDoc | undefined> {
    return this.stories.get(storyId);
  }

  /** Approved stories, newest first, optionally of one category (the home feed). */
  feed(request: PageRequest & { category?: StoryCategory | undefined }): Promise<Page<StoryDoc>> {
    const filter: Filter = request.category
      ? { status: 'approved', category: request.category }
      : { status: 'approved' };
    return this.stories.find(filter, newestFirst(request));
  }

  /** Approved stories, newest first (the admin dashboard). */
  dashboard(request: PageRequest): Promise<Page<StoryDoc>> {
    return this.stories.find({ status: 'approved' }, newestFirst(request));
  }

  /** One author's stories in every status, newest first (their profile). */
  byAuthor(authorId: string, request: PageRequest): Promise<Page<StoryDoc>> {
    return this.stories.find({ authorId }, newestFirst(request));
  }

  /** Stories awaiting moderation, oldest first (the admin's queue). */
  pendingQueue(request: PageRequest): Promise<Page<StoryDoc>> {
    return this.stories.find({ status: 'pending' }, pageOf([['createdAt', 1]], request));
  }

  /**
   * The poor performers (top 5% by skip rate), in cursor pages that stop at the top 5%: the items
   * before a cursor are counted from its values, two indexed counts.
   */
  async poorPerformers(request: PageRequest): Promise<Page<StoryDoc>> {
    const top = await poorPerformersCount(this.stories);
    const before = request.cursor ? await this.rankedBefore(request.cursor) : 0;
    const remaining = top - before;
    if (remaining <= 0) return { items: [] };
    const page = await this.stories.find(
      { rankable: true },
      pageOf(BY_SKIP_RATE, { cursor: request.cursor, limit: Math.min(request.limit, remaining) }),
    );
    return before + page.items.length >= top ? { items: page.items } : page;
  }

  /** How many poor performers the pages up to this cursor have shown. */
  private async rankedBefore(cursor: string): Promise<number> {
    const [skipRate, id] = decodeCursor(cursor, BY_SKIP_RATE.length + 1);
    if (typeof skipRate !== 'number' || typeof id !== 'string') throw new InvalidCursorError();
    const [higher, tiedUpToCursor] = await Promise.all([
      this.stories.count({ rankable: true, skipRate: { $gt: skipRate } }),
      // Ties are ordered by id in the direction of the last sort key (descending); the cursor's
      // own story was on the previous page.
      this.stories.count({ rankable: true, skipRate, _id: { $gte: id } }),
    ]);
    return higher + tiedUpToCursor;
  }

  /** The admin summary's counts: stories awaiting moderation, and poor performers. */
  pendingCount(): Promise<number> {
    return this.stories.count({ status: 'pending' });
  }

  poorPerformersCount(): Promise<number> {
    return poorPerformersCount(this.stories);
  }

  /**
   * A uniformly random approved story other than `exclude`: the pool size and one slot, both
   * looked up by id. The slot is drawn on the size seen last time so that both are read at once,
   * sharing one freshness check; if the size has changed since, it is drawn again on the new one.
   */
  async randomId(exclude: string | undefined): Promise<string | null> {
    const guess = this.poolSize;
    let slot = guess > 0 ? randomInt(guess) : 0;
    const [found, meta] = await Promise.all([
      guess > 0 ? this.pool.get(poolSlotId(slot)) : undefined,
      this.pool.get(POOL_META_ID),
    ]);
    const count = Number(meta?.count ?? 0);
    this.poolSize = count;
    if (count === 0) return null;
    let id = found?.storyId;
    if (count !== guess) {
      slot = randomInt(count);
      id = (await this.pool.get(poolSlotId(slot)))?.storyId;
    }
    if (id === exclude) {
      if (count === 1) return null;
      // Uniform over the other count - 1 slots.
      slot = (slot + 1 + randomInt(count - 1)) % count;
      id = (await this.pool.get(poolSlotId(slot)))?.storyId;
    }
    return id ?? null;
  }
}
