import type { Page, ReadModels, TextHit, TextQuery } from '../store/port';
import { STORY_SEARCH, STORY_TEXT_INDEX, type StorySearchDoc } from './docs';

export interface StorySearchRequest {
  category?: string | undefined;
  /** Stories written on or after this moment (ISO). */
  since?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** Every read the API makes of the story search read model. */
export class StorySearchQueries {
  private readonly texts;

  constructor(models: ReadModels) {
    this.texts = models.textCollection<StorySearchDoc>(
      STORY_SEARCH,
      STORY_SEARCH,
      STORY_TEXT_INDEX,
    );
  }

  /** Approved stories matching the query, most relevant first. */
  find(query: TextQuery, request: StorySearchRequest): Promise<Page<TextHit<StorySearchDoc>>> {
    return this.texts.search(query, {
      filter: {
        ...(request.category ? { category: request.category } : {}),
        ...(request.since ? { createdAt: { $gte: request.since } } : {}),
      },
      limit: request.limit,
      ...(request.cursor ? { after: request.cursor } : {}),
    });
  }
}
