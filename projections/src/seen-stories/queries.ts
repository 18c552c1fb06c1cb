import type { ReadModels } from '../store/port';
import { SEEN_BY_VIEWER, SEEN_STORIES, type SeenStoriesDoc } from './docs';

/** Every read the API makes of the seen-stories read model. */
export class SeenStoryQueries {
  private readonly viewers;

  constructor(models: ReadModels) {
    this.viewers = models.collection<SeenStoriesDoc>(SEEN_STORIES, SEEN_BY_VIEWER);
  }

  /** The ids of the stories the viewer voted on or skipped: one lookup by id. */
  async seenBy(viewerKey: string): Promise<string[]> {
    const doc = await this.viewers.get(viewerKey);
    return doc ? Object.keys(doc.stories) : [];
  }
}
