import type { StoryFeedSort } from '@whosright/contracts/story/dto';

/** The home feed's orders, their tab labels and headings (the route checks its URL with them). */
export const FEED_SORTS: ReadonlyArray<{ value: StoryFeedSort; label: string; title: string }> = [
  { value: 'newest', label: 'Newest', title: 'Latest stories' },
  { value: 'votes', label: 'Most voted', title: 'Most voted stories' },
  { value: 'divisive', label: 'Most divisive', title: 'Most divisive stories' },
];

/** The feed's heading for an order ("Latest stories" for the default). */
export function feedTitle(sort: StoryFeedSort): string {
  return FEED_SORTS.find((s) => s.value === sort)!.title;
}
