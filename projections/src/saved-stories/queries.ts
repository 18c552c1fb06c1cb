import type { Page, ReadModels } from '../store/port';
import { SAVED_STORIES, SAVED_STORY_DOCS, savedStoryId, type SavedStoryDoc } from './docs';

/** Every read the API makes of the saved-stories read model. */
export class SavedStoryQueries {
  private readonly saves;

  constructor(models: ReadModels) {
    this.saves = models.collection<SavedStoryDoc>(SAVED_STORIES, SAVED_STORY_DOCS);
  }

  /** Whether the member keeps the story saved. */
  async isSaved(storyId: string, userId: string): Promise<boolean> {
    return Boolean(await this.saves.get(savedStoryId(storyId, userId)));
  }

  /** One member's saved stories, newest saved first. */
  byMember(
    userId: string,
    request: { cursor?: string | undefined; limit: number },
  ): Promise<Page<SavedStoryDoc>> {
    return this.saves.find(
      { userId },
      {
        sort: [['savedAt', -1]],
        limit: request.limit,
        ...(request.cursor ? { after: request.cursor } : {}),
      },
    );
  }
}
