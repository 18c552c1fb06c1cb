import { z } from 'zod';
import { storyCategorySchema } from '../shared/categories';
import { SEARCH_QUERY_MAX_LENGTH } from '../shared/constants';
import { cursorSchema, pageLimitSchema } from '../shared/page';
import { feedStorySchema } from '../story/dto';
import { looksForSomething, parseSearchText } from './search-text';

/**
 * The verdict a search keeps: the stories He is right on, She is right on, or split between
 * them (see `verdictFilterOf`), among those whose verdict the reader may see.
 */
export const searchVerdictSchema = z.enum(['he', 'she', 'split']);
export type SearchVerdict = z.infer<typeof searchVerdictSchema>;

const NOTHING_TO_FIND = 'Type a word to search for';

/** GET /api/stories/search: the text, the filters, and the page. */
export const storySearchQuerySchema = z.strictObject({
  q: z
    .string({ error: NOTHING_TO_FIND })
    .trim()
    .min(1, NOTHING_TO_FIND)
    .max(SEARCH_QUERY_MAX_LENGTH, `Search must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`)
    .refine((q) => looksForSomething(parseSearchText(q)), {
      message: 'Search needs a word to look for, not only words to leave out',
    }),
  category: storyCategorySchema.optional(),
  verdict: searchVerdictSchema.optional(),
  since: z.iso
    .date({ error: 'since must be a date (YYYY-MM-DD)' })
    .refine((day) => !Number.isNaN(Date.parse(day)), 'since must be a date (YYYY-MM-DD)')
    .optional(),
  cursor: cursorSchema.optional(),
  limit: pageLimitSchema,
});
export type StorySearchQuery = z.infer<typeof storySearchQuerySchema>;

/**
 * A piece of a result's excerpt: `match` pieces are the words the search found, which the client
 * marks. Plain text, never markup.
 */
export const excerptSegmentSchema = z.object({ text: z.string(), match: z.boolean() });
export type ExcerptSegment = z.infer<typeof excerptSegmentSchema>;

/** A story found: its feed card and a short excerpt around what matched. */
export const storySearchResultSchema = feedStorySchema.extend({
  excerpt: z.array(excerptSegmentSchema),
});
export type StorySearchResult = z.infer<typeof storySearchResultSchema>;

/**
 * The stories found, most relevant first. A page may hold fewer than `limit` stories while
 * `nextCursor` is not null (a verdict filter looked at a bounded number of matches).
 */
export const storySearchPageSchema = z.object({
  items: z.array(storySearchResultSchema),
  nextCursor: z.string().nullable(),
});
export type StorySearchPage = z.infer<typeof storySearchPageSchema>;
