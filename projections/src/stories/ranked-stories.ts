import { decodeCursor, InvalidCursorError } from '../store/cursor';
import type { ReadCollection } from '../store/port';
import type { StoryDoc } from './docs';
import type { RankedStories } from './poor-performers';
import { BY_SKIP_RATE, rankableWhere } from './ranking-rule-query';

/**
 * The stories read model in ranking order: each call one indexed count or one sorted, limited
 * find. The stories before a cursor are counted from the cursor's own values (two indexed counts).
 */
export function rankedStories(stories: ReadCollection<StoryDoc>): RankedStories<StoryDoc> {
  return {
    count: (rule) => stories.count(rankableWhere(rule)),
    window: (rule, { cursor, limit }) =>
      stories.find(rankableWhere(rule), {
        sort: BY_SKIP_RATE,
        limit,
        ...(cursor ? { after: cursor } : {}),
      }),
    async before(rule, cursor) {
      const [skipRate, id] = decodeCursor(cursor, BY_SKIP_RATE.length + 1);
      if (typeof skipRate !== 'number' || typeof id !== 'string') throw new InvalidCursorError();
      const where = rankableWhere(rule);
      const [higher, tiedUpToCursor] = await Promise.all([
        stories.count({ ...where, skipRate: { $gt: skipRate } }),
        // Ties are ordered by id in the direction of the last sort key (descending); the cursor's
        // own story was on the previous page.
        stories.count({ ...where, skipRate, _id: { $gte: id } }),
      ]);
      return higher + tiedUpToCursor;
    },
  };
}
