import type { ReadModels } from '../store/port';
import {
  SEEN_DOCS,
  SEEN_STORIES,
  seenIdsOf,
  seenStoryId,
  storyOfSeenId,
  type SeenStoryDoc,
} from './docs';

/** One viewer's seen stories, as the random draw asks about them. */
export interface ViewerSeenStories {
  /** Whether the viewer voted on or skipped the story: one lookup by id. */
  has(storyId: string): Promise<boolean>;
  /** How many stories the viewer voted on or skipped: one count of a range of ids. */
  count(): Promise<number>;
  /** Every story the viewer voted on or skipped: one find by a range of ids, for the exact draw only. */
  ids(): Promise<string[]>;
}

/** Every read the API makes of the seen-stories read model. */
export class SeenStoryQueries {
  private readonly seen;

  constructor(models: ReadModels) {
    this.seen = models.collection<SeenStoryDoc>(SEEN_STORIES, SEEN_DOCS);
  }

  /** The seen stories of one viewer (a member's or a visitor's key). */
  of(viewerKey: string): ViewerSeenStories {
    return {
      has: async (storyId) => (await this.seen.get(seenStoryId(viewerKey, storyId))) !== undefined,
      count: () => this.seen.count({ _id: seenIdsOf(viewerKey) }),
      ids: async () =>
        (await this.seen.find({ _id: seenIdsOf(viewerKey) })).items.map((doc) =>
          storyOfSeenId(viewerKey, doc._id),
        ),
    };
  }
}
