import type { StoryCard } from '@whosright/contracts/story/dto';
import type { ReactionType, VoteChoice } from '@whosright/contracts/story/events';
import { isPublicStory } from '@whosright/contracts/story/rules';
import type { MemberReactionQueries } from '@whosright/projections/member-reactions/queries';
import type { StoryDoc } from '@whosright/projections/stories/docs';
import type { StoryQueries } from '@whosright/projections/stories/queries';
import type { StoryVoteQueries } from '@whosright/projections/story-votes/queries';
import type { UserDoc } from '@whosright/projections/users/docs';
import { NotFoundError } from '#api/platform/errors';
import { toCard } from './story-views';

export interface StoryReadsDeps {
  stories: StoryQueries;
  votes: StoryVoteQueries;
  /** The reactions each member gives each story (their chips show pressed). */
  reactions: MemberReactionQueries;
}

/** Stories as people read them, with the access rules on reads (writes: StoryService). */
export class StoryReads {
  constructor(private readonly deps: StoryReadsDeps) {}

  /**
   * The story's card as the stories read model shows it: what a route answers after a write (the
   * write waited for that read model when its bus waits for any).
   */
  async card(storyId: string): Promise<StoryCard> {
    const doc = await this.deps.stories.byId(storyId);
    if (!doc) throw new NotFoundError('Story not found');
    return toCard(doc);
  }

  /** Approved stories are public; the author and admins also see their pending, rejected or hidden ones. */
  async visible(storyId: string, viewer: UserDoc | null): Promise<StoryDoc> {
    const doc = await this.deps.stories.byId(storyId);
    const allowed =
      doc && (isPublicStory(doc) || viewer?.role === 'admin' || viewer?._id === doc.authorId);
    if (!doc || !allowed) throw new NotFoundError('Story not found');
    return doc;
  }

  async myVote(storyId: string, viewer: UserDoc | null): Promise<{ vote: VoteChoice } | null> {
    await this.visible(storyId, viewer);
    return this.voteOf(storyId, viewer);
  }

  /**
   * The story, the viewer's vote and the reactions they give it, read side by side (one call per
   * story for a reader; a visitor reads the story alone).
   */
  async visibleWithVote(
    storyId: string,
    viewer: UserDoc | null,
  ): Promise<{ story: StoryDoc; vote: VoteChoice | null; reactions: ReactionType[] }> {
    const [story, vote, reactions] = await Promise.all([
      this.visible(storyId, viewer),
      this.voteOf(storyId, viewer),
      viewer ? this.deps.reactions.givenBy(storyId, viewer._id) : [],
    ]);
    return { story, vote: vote?.vote ?? null, reactions };
  }

  /** Which of `storyIds` the viewer voted on (none for a visitor). */
  async votedAmong(storyIds: readonly string[], viewer: UserDoc | null): Promise<Set<string>> {
    return viewer ? this.deps.votes.votedAmong(storyIds, viewer._id) : new Set();
  }

  private async voteOf(storyId: string, viewer: UserDoc | null) {
    if (!viewer) return null;
    const doc = await this.deps.votes.voteOf(storyId, viewer._id);
    return doc ? { vote: doc.vote } : null;
  }
}
