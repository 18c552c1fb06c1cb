import type {
  StorySearchPage,
  StorySearchQuery,
  StorySearchResult,
} from '@whosright/contracts/search/dto';
import { parseSearchText } from '@whosright/contracts/search/search-text';
import { matchesVerdict } from '@whosright/contracts/search/verdict-filter';
import type { FeedStory } from '@whosright/contracts/story/dto';
import type { StorySearchQueries } from '@whosright/projections/story-search/queries';
import type { UserDoc } from '@whosright/projections/users/docs';

/**
 * How many matches one search with a verdict filter looks at, at most: the verdict is the card's,
 * read beside the index, so a rare verdict may answer a short page with a cursor to go on.
 */
const VERDICT_SCAN_MAX = 200;

export interface StorySearchDeps {
  index: StorySearchQueries;
  /** The public ones of these stories as the feed shows them to the viewer, by id. */
  feedCards: (
    storyIds: readonly string[],
    viewer: UserDoc | null,
  ) => Promise<Map<string, FeedStory>>;
}

/**
 * The story search: the index's matches, most relevant first, as feed cards with their excerpt.
 * The verdict filter keeps the stories whose verdict the viewer sees on the card, so a search
 * never tells a young story's verdict before they judged it.
 */
export class StorySearch {
  constructor(private readonly deps: StorySearchDeps) {}

  async page(query: StorySearchQuery, viewer: UserDoc | null): Promise<StorySearchPage> {
    const text = parseSearchText(query.q);
    const items: StorySearchResult[] = [];
    let cursor = query.cursor;
    let scanned = 0;
    for (;;) {
      const want = query.limit - items.length;
      const page = await this.deps.index.find(text, {
        category: query.category,
        since: query.since,
        cursor,
        // With a verdict: a first look at 50, then the rest of the scan in one more page (each
        // page ranks every match again).
        limit: query.verdict ? (scanned ? VERDICT_SCAN_MAX - scanned : Math.max(want, 50)) : want,
      });
      const cards = await this.deps.feedCards(
        page.items.map((hit) => hit.doc._id),
        viewer,
      );
      let read = 0;
      for (const hit of page.items) {
        read += 1;
        cursor = hit.cursor;
        const card = cards.get(hit.doc._id);
        if (card && (!query.verdict || matchesVerdict(card.verdict, query.verdict)))
          items.push({ ...card, excerpt: hit.excerpt });
        if (items.length === query.limit) break;
      }
      scanned += read;
      const more = read < page.items.length || page.next !== undefined;
      if (!more) return { items, nextCursor: null };
      if (!query.verdict || items.length === query.limit || scanned >= VERDICT_SCAN_MAX)
        return { items, nextCursor: cursor ?? null };
    }
  }
}
