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
const NOT_A_DATE = 'since must be a date (YYYY-MM-DD) or an ISO date and time';

/** A filter left empty (`?category=`) is no filter: the form sends every field it has. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** A day (from its start, UTC) or a moment, as the ISO moment stories are compared with. */
const sinceSchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: NOT_A_DATE })
  .transform((since, ctx) => {
    const at = Date.parse(since.length === 10 ? `${since}T00:00:00.000Z` : since);
    if (Number.isNaN(at)) {
      ctx.addIssue({ code: 'custom', message: NOT_A_DATE });
      return z.NEVER;
    }
    return new Date(at).toISOString();
  });

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
  category: blankAsAbsent(storyCategorySchema),
  verdict: blankAsAbsent(searchVerdictSchema),
  /** Stories written at or after it. */
  since: blankAsAbsent(sinceSchema),
  cursor: blankAsAbsent(cursorSchema),
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
