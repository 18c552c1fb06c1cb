import { STORY_CATEGORIES } from '@whosright/contracts/shared/category-list';
import type { StoryCategory } from '@whosright/contracts/shared/categories';
import type { SearchVerdict } from '@whosright/contracts/search/dto';

/** How far back a search looks, as a chip says it: the URL keeps the word, the API a date. */
export const SEARCH_WINDOWS = [
  { value: 'week', label: 'Past week', days: 7 },
  { value: 'month', label: 'Past month', days: 30 },
  { value: 'year', label: 'Past year', days: 365 },
] as const;
export type SearchWindow = (typeof SEARCH_WINDOWS)[number]['value'];

export const SEARCH_VERDICTS = [
  { value: 'he', label: "He's Right" },
  { value: 'she', label: "She's Right" },
  { value: 'split', label: 'Split' },
] as const satisfies ReadonlyArray<{ value: SearchVerdict; label: string }>;

/** What /search keeps in its URL: the text and the filters, each left out when not set. */
export interface SearchParams {
  q?: string;
  category?: StoryCategory;
  verdict?: SearchVerdict;
  within?: SearchWindow;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 200) : '');

/**
 * The URL's search, with unknown values dropped (checked by hand: zod stays out of the first
 * load), so a hand-edited URL shows what it can rather than an error.
 */
export function searchParamsOf(search: Record<string, unknown>): SearchParams {
  const q = text(search.q);
  const category = STORY_CATEGORIES.find((c) => c.value === search.category)?.value;
  const verdict = SEARCH_VERDICTS.find((v) => v.value === search.verdict)?.value;
  const within = SEARCH_WINDOWS.find((w) => w.value === search.within)?.value;
  return {
    ...(q ? { q } : {}),
    ...(category ? { category } : {}),
    ...(verdict ? { verdict } : {}),
    ...(within ? { within } : {}),
  };
}

/** The first day a window keeps (UTC), as the API's `since` takes it. */
export function sinceOf(within: SearchWindow | undefined, now = new Date()): string | undefined {
  const days = SEARCH_WINDOWS.find((w) => w.value === within)?.days;
  if (days === undefined) return undefined;
  return new Date(now.getTime() - days * 24 * 3600_000).toISOString().slice(0, 10);
}

/** Whether any filter is set beside the text. */
export const hasFilters = (params: SearchParams) =>
  Boolean(params.category ?? params.verdict ?? params.within);
