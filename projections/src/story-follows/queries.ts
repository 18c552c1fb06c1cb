import type { ReadModels } from '../store/port';
import { FOLLOWS_OF_MEMBER, STORY_FOLLOWS, type MemberFollowsDoc } from './docs';

/** Every read the API makes of the story-follows read model. */
export class StoryFollowQueries {
  private readonly follows;

  constructor(models: ReadModels) {
    this.follows = models.collection<MemberFollowsDoc>(STORY_FOLLOWS, FOLLOWS_OF_MEMBER);
  }

  /** The member's choices with the Follow toggle (none made yet: undefined). */
  of(userId: string): Promise<MemberFollowsDoc | undefined> {
    return this.follows.get(userId);
  }
}
