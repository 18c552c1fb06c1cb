import { POOR_STORY_TOP_FRACTION } from '@whosright/contracts/shared/constants';
import type { ReadCollection } from '../store/port';
import type { StoryDoc } from './stories-projection';

/**
 * The top 5% of rankable stories by skip rate, at least one when any is rankable: the admin's
 * "Poor Performing Stories", and what `npm run replay -- stories` prints.
 */
export async function poorPerformers(stories: ReadCollection<StoryDoc>): Promise<StoryDoc[]> {
  const rankable = await stories.count({ rankable: true });
  if (rankable === 0) return [];
  const top = Math.max(1, Math.ceil(rankable * POOR_STORY_TOP_FRACTION));
  return (await stories.find({ rankable: true }, { sort: [['skipRate', -1]], limit: top })).items;
}
