import type { VoteChoice } from '@whosright/contracts/story/events';
import { findByIds } from '../store/by-ids';
import type { ReadModels } from '../store/port';
import { STORY_VOTES, STORY_VOTE_DOCS, storyVoteId, type StoryVoteDoc } from './docs';

/** Every read the API makes of the story-votes read model. */
export class StoryVoteQueries {
  private readonly votes;

  constructor(models: ReadModels) {
    this.votes = models.collection<StoryVoteDoc>(STORY_VOTES, STORY_VOTE_DOCS);
  }

  /** Which of `storyIds` the member voted on: one lookup (a feed page is at most 50). */
  async votedAmong(storyIds: readonly string[], userId: string): Promise<Set<string>> {
    const found = await findByIds(
      this.votes,
      storyIds.map((storyId) => storyVoteId(storyId, userId)),
    );
    const ids = new Set(found.map((doc) => doc._id));
    return new Set(storyIds.filter((storyId) => ids.has(storyVoteId(storyId, userId))));
  }

  /** How each of `userIds` voted on the story, for those who did: one lookup. */
  async sidesOf(storyId: string, userIds: readonly string[]): Promise<Map<string, VoteChoice>> {
    const found = await findByIds(
      this.votes,
      userIds.map((userId) => storyVoteId(storyId, userId)),
    );
    const sides = new Map(found.map((doc) => [doc._id, doc.vote]));
    return new Map(
      userIds.flatMap((userId) => {
        const side = sides.get(storyVoteId(storyId, userId));
        return side ? [[userId, side] as const] : [];
      }),
    );
  }

  /** The member's vote on the story, if any: one lookup by id. */
  voteOf(storyId: string, userId: string): Promise<StoryVoteDoc | undefined> {
    return this.votes.get(storyVoteId(storyId, userId));
  }
}
