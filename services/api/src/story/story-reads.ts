import type { FeedStory, StoryCard } from '@whosright/contracts/story/dto';
import type { VoteChoice } from '@whosright/contracts/story/events';
import { feedVerdict, isPublicStory } from '@whosright/contracts/story/rules';
import type { MemberReactionQueries } from '@whosright/projections/member-reactions/queries';
import type { SavedStoryQueries } from '@whosright/projections/saved-stories/queries';
import type { StoryDoc } from '@whosright/projections/stories/docs';
import type { StoryQueries } from '@whosright/projections/stories/queries';
import { followsStory } from '@whosright/projections/story-follows/docs';
import type { StoryFollowQueries } from '@whosright/projections/story-follows/queries';
import type { StoryVoteQueries } from '@whosright/projections/story-votes/queries';
import type { UserDoc } from '@whosright/projections/users/docs';
import { NotFoundError } from '#api/platform/errors';
import { toCard, toFeedStory, type ViewersOwn } from './story-views';

export interface StoryReadsDeps {
  stories: StoryQueries;
  votes: StoryVoteQueries;
  /** The reactions each member gives each story (their chips show pressed). */
  reactions: MemberReactionQueries;
  /** Whether a member keeps a story saved (their Save toggle shows it). */
  saved: Pick<SavedStoryQueries, 'isSaved'>;
  /** The stories a member followed or unfollowed (their Follow toggle shows it). */
  follows: Pick<StoryFollowQueries, 'of'>;
}

/** A story as one viewer reads it: with their vote, their reactions, their save and follow. */
export interface ViewerStory {
  story: StoryDoc;
  own: ViewersOwn;
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
   * The story, the viewer's vote, the reactions they give it, whether they saved it and whether
   * they follow it, read side by side (one call per story for a reader; a visitor reads the
   * story alone).
   */
  async visibleWithVote(storyId: string, viewer: UserDoc | null): Promise<ViewerStory> {
    const [story, vote, myReactions, saved, follows] = await Promise.all([
      this.visible(storyId, viewer),
      this.voteOf(storyId, viewer),
      viewer ? this.deps.reactions.givenBy(storyId, viewer._id) : [],
      viewer ? this.deps.saved.isSaved(storyId, viewer._id) : false,
      viewer ? this.deps.follows.of(viewer._id) : undefined,
    ]);
    const following = viewer ? followsStory(follows, story, viewer._id) : false;
    return { story, own: { myVote: vote?.vote ?? null, myReactions, saved, following } };
  }

  /**
   * The public ones of `storyIds` as the feed shows them to the viewer (with the verdict when they
   * may see it), by id: a list of stories kept elsewhere (a member's saved ones) shows these.
   */
  async publicFeedCards(
    storyIds: readonly string[],
    viewer: UserDoc | null,
  ): Promise<Map<string, FeedStory>> {
    const [docs, voted] = await Promise.all([
      this.deps.stories.byIds(storyIds),
      this.votedAmong(storyIds, viewer),
    ]);
    const now = new Date();
    const cards = new Map<string, FeedStory>();
    for (const [id, doc] of docs)
      if (isPublicStory(doc))
        cards.set(id, toFeedStory(doc, feedVerdict(doc, { voted: voted.has(id), now })));
    return cards;
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
