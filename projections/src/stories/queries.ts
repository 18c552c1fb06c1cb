import { randomInt } from 'node:crypto';
import type { StoryCategory } from '@whosright/contracts/shared/categories';
import { DEFAULT_RANKING_RULE, type RankingRule } from '@whosright/contracts/story/ranking-rule';
import type { ViewerSeenStories } from '../seen-stories/queries';
import { findByIds } from '../store/by-ids';
import type { Filter, FindOptions, Page, ReadModels, Sort } from '../store/port';
import type { StoryFeedSort } from '@whosright/contracts/story/dto';
import {
  FEED_ORDERS,
  POOL,
  POOL_META_ID,
  STORIES,
  pooledStoryId,
  poolSlotId,
  type PoolDoc,
  type StoryDoc,
} from './docs';
import { poorPerformers, type PoorPerformers } from './poor-performers';
import { rankedStories } from './ranked-stories';

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

/** Every read the API makes of the stories read model: one lookup or one sorted, limited find. */
export class StoryQueries {
  private readonly stories;
  private readonly pool;
  private readonly ranked;
  /** The random pool's size when last read (see randomId). */
  private poolSize = 0;

  constructor(models: ReadModels) {
    this.stories = models.collection<StoryDoc>(STORIES, STORIES);
    this.pool = models.collection<PoolDoc>(STORIES, POOL);
    this.ranked = rankedStories(this.stories);
  }

  byId(storyId: string): Promise<StoryDoc | undefined> {
    return this.stories.get(storyId);
  }

  /** The cards of these stories by id, in one `$in` lookup (the stories a page of comments answers). */
  async byIds(storyIds: readonly string[]): Promise<Map<string, StoryDoc>> {
    const cards = await findByIds(this.stories, storyIds);
    return new Map(cards.map((card) => [card._id, card]));
  }

  /**
   * Approved stories in one of the feed's orders (newest first unless asked), optionally of one
   * category (the home feed). "Most divisive" holds only stories with DIVISIVE_MIN_VOTES votes.
   */
  feed(
    request: PageRequest & { category?: StoryCategory | undefined; sort?: StoryFeedSort },
  ): Promise<Page<StoryDoc>> {
    const order = FEED_ORDERS[request.sort ?? 'newest'];
    const filter: Filter = request.category
      ? { status: 'approved', category: request.category, ...order.where }
      : { status: 'approved', ...order.where };
    return this.stories.find(filter, pageOf(order.sort, request));
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
   * How many rankable stories have a skip rate in each of `buckets` equal ranges of 0 to 1, the
   * last one including 1: one indexed count per range.
   */
  skipRateHistogram(buckets: number): Promise<number[]> {
    return Promise.all(
      Array.from({ length: buckets }, (_, i) =>
        this.stories.count({
          rankable: true,
          skipRate:
            i === buckets - 1
              ? { $gte: i / buckets }
              : { $gte: i / buckets, $lt: (i + 1) / buckets },
        }),
      ),
    );
  }

  /** The poor performers (top 5% by skip rate), in cursor pages that stop at the top 5%. */
  async poorPerformers(request: PageRequest): Promise<Page<StoryDoc>> {
    const { list, next } = await poorPerformers(this.ranked, DEFAULT_RANKING_RULE, request);
    return next === undefined ? { items: list } : { items: list, next };
  }

  /** The admin summary's counts: stories awaiting moderation, and poor performers. */
  pendingCount(): Promise<number> {
    return this.stories.count({ status: 'pending' });
  }

  async poorPerformersCount(): Promise<number> {
    // A window of none: only how many the list holds.
    return (await poorPerformers(this.ranked, DEFAULT_RANKING_RULE, { limit: 0 })).top;
  }

  /** The whole list by a rule, with how many stories it ranks (the admin's dry run). */
  poorPerformersBy(rule: RankingRule): Promise<PoorPerformers<StoryDoc>> {
    return poorPerformers(this.ranked, rule);
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

  /**
   * A uniformly random approved story the viewer has not seen (nor `exclude`), or null when none
   * is left; never a scan. A plain draw is kept when unseen: one lookup by id asks whether the
   * viewer saw it, nearly always all it takes. Otherwise, while the viewer has seen at most half
   * the pool, slots are drawn again as for `randomId`, each seen one drawn once more: uniform
   * over the unseen, and under two draws on average. Past that, or after 8 seen draws in a row,
   * the exact draw, the only one to list the viewer's seen stories: the pool size and the slots
   * of those still pooled (one `_id $in` lookup), then the r-th unseen slot, found from the
   * sorted seen slots.
   */
  async randomUnseenId(
    seen: ViewerSeenStories,
    exclude: string | undefined,
  ): Promise<string | null> {
    const drawn = await this.randomId(exclude);
    if (drawn === null || !(await seen.has(drawn))) return drawn;
    const quick = await this.drawSkippingSeen(seen, exclude);
    if (quick) return quick;
    const skipped = new Set(await seen.ids());
    if (exclude) skipped.add(exclude);
    // A story approved or removed between the reads moves slots: the drawn one may be seen, then
    // draw again (twice at most, then any story but `exclude`).
    for (let attempt = 0; attempt < 3; attempt++) {
      const unseen = await this.drawUnseen(skipped);
      if (unseen === null) return null;
      if (unseen !== undefined && !skipped.has(unseen)) return unseen;
    }
    return this.randomId(exclude);
  }

  /** Slots drawn until one holds an unseen story; undefined when that is not worth trying. */
  private async drawSkippingSeen(
    seen: ViewerSeenStories,
    exclude: string | undefined,
  ): Promise<string | undefined> {
    const skipped = (await seen.count()) + (exclude ? 1 : 0);
    for (let attempt = 0; attempt < 8; attempt++) {
      const guess = this.poolSize;
      if (guess === 0 || skipped * 2 > guess) return undefined;
      const [found, meta] = await Promise.all([
        this.pool.get(poolSlotId(randomInt(guess))),
        this.pool.get(POOL_META_ID),
      ]);
      this.poolSize = Number(meta?.count ?? 0);
      // Drawn on a size that has changed since: not uniform, draw again on the new one.
      if (this.poolSize !== guess) continue;
      const id = found?.storyId;
      if (id && id !== exclude && !(await seen.has(id))) return id;
    }
    return undefined;
  }

  /** The story in a uniformly drawn unseen slot; null when none is left, undefined if it moved. */
  private async drawUnseen(skipped: ReadonlySet<string>): Promise<string | null | undefined> {
    const ids = [...skipped].map(pooledStoryId);
    const [meta, pooled] = await Promise.all([
      this.pool.get(POOL_META_ID),
      this.pool.find({ _id: { $in: ids } }, { limit: ids.length }),
    ]);
    const count = Number(meta?.count ?? 0);
    this.poolSize = count;
    const taken = pooled.items
      .map((doc) => doc.slot)
      .filter((slot): slot is number => typeof slot === 'number' && slot < count)
      .sort((a, b) => a - b);
    const unseen = count - taken.length;
    if (unseen <= 0) return null;
    // The r-th unseen slot: step over each seen slot at or below it.
    let slot = randomInt(unseen);
    for (const seenSlot of taken) {
      if (seenSlot > slot) break;
      slot++;
    }
    return (await this.pool.get(poolSlotId(slot)))?.storyId;
  }
}
