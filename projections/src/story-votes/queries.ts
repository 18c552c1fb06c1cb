import type { ReadModels } from '../store/port';
import { STORY_VOTES, STORY_VOTE_DOCS, storyVoteId, type StoryVoteDoc } from './docs';

/** Every read the API makes of the story-votes read model. */
export class StoryVoteQueries {
  private readonly votes;

  constructor(models: ReadModels) {
    this.votes = models.collection<StoryVoteDoc>(STORY_VOTES, STORY_VOTE_DOCS);
  }

  /** The member's vote on the story, if any: one lookup by id. */
  voteOf(storyId: string, userId: string): Promise<StoryVoteDoc | undefined> {
    return this.votes.get(storyVoteId(storyId, userId));
  }
}
