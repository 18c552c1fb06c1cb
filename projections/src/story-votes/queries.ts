import type { ReadModels } from '../store/port';
import { STORY_VOTES, STORY_VOTE_DOCS, storyVoteId, type StoryVoteDoc } from './docs';

/** Every read the API makes of the story-votes read model. */
export class StoryVoteQueries {
  private readonly votes;

  constructor(models: ReadModels) {
    this.votes = models.collection<StoryVoteDoc>(STORY_VOTES, STORY_VOTE_DOCS);
  }

  /** Which of `storyIds` the member voted on: one lookup by id each (a feed page is at most 50). */
  async votedAmong(storyIds: readonly string[], userId: string): Promise<Set<string>> {
    const votes = await Promise.all(storyIds.map((storyId) => this.voteOf(storyId, userId)));
    return new Set(storyIds.filter((_, i) => votes[i] !== undefined));
  }

  /** The member's vote on the story, if any: one lookup by id. */
  voteOf(storyId: string, userId: string): Promise<StoryVoteDoc | undefined> {
    return this.votes.get(storyVoteId(storyId, userId));
  }
}
