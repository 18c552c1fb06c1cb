import type { EventStore } from '@whosright/eventstore/port';
import type { ReadStore } from '@whosright/projections/store/port';
import type {
  CommentDoc,
  CommentVoteDoc,
} from '@whosright/projections/comments/comments-projection';
import type { StoryDoc } from '@whosright/projections/stories/stories-projection';
import type { UserDoc } from '@whosright/projections/users/users-projection';
import type { Comment, CommentAuthor } from '@whosright/contracts/comment/dto';
import type { CommentEvent, CommentVoteChoice } from '@whosright/contracts/comment/events';
import type { StoryCategory } from '@whosright/contracts/shared/categories';
import { newId } from '@whosright/contracts/shared/ids';
import type { Actor, CommandBus } from '#api/platform/commands';
import { ForbiddenError, NotFoundError } from '#api/platform/errors';
import {
  CommentCommandRejected,
  comment as commentDecider,
  commentVote,
  requireVotable,
  type CommentState,
} from './decider';

const READ_MODELS = ['comments', 'stories', 'user-stats'] as const;
const STORY_COMMENTS_LIMIT = 1000;

function httpError(error: unknown): unknown {
  if (!(error instanceof CommentCommandRejected)) return error;
  switch (error.reason) {
    case 'not_found':
      return new NotFoundError('Comment not found');
    case 'not_author_or_admin':
      return new ForbiddenError('Only the author or an admin can delete this comment');
    case 'own_comment':
      return new ForbiddenError('You cannot vote on your own comment');
    case 'already_posted':
      return new ForbiddenError('This comment already exists');
  }
}

/** Comments: post, list, vote, delete; the profile and flagged lists. */
export class CommentService {
  private readonly comments;
  private readonly votes;
  private readonly stories;
  private readonly users;

  constructor(
    private readonly deps: { eventStore: EventStore; readStore: ReadStore; bus: CommandBus },
  ) {
    this.comments = deps.readStore.collection<CommentDoc>('comments', 'comments');
    this.votes = deps.readStore.collection<CommentVoteDoc>('comments', 'votes');
    this.stories = deps.readStore.collection<StoryDoc>('stories', 'stories');
    this.users = deps.readStore.collection<UserDoc>('users', 'users');
  }

  private async approvedStory(storyId: string): Promise<StoryDoc> {
    const story = await this.stories.get(storyId);
    if (!story || story.status !== 'approved') throw new NotFoundError('Story not found');
    return story;
  }

  private async loadComment(commentId: string): Promise<CommentState> {
    let state = commentDecider.initialState();
    for await (const event of this.deps.eventStore.readStream(`comment-${commentId}`)) {
      state = commentDecider.evolve(state, { type: event.type, data: event.data } as CommentEvent);
    }
    return state;
  }

  async post(
    storyId: string,
    author: Pick<UserDoc, '_id'>,
    content: string,
    actor: Actor,
    options: { settle?: boolean } = {},
  ): Promise<CommentDoc | null> {
    const story = await this.approvedStory(storyId);
    const commentId = newId('comment');
    await this.deps.bus.run(
      `comment-${commentId}`,
      commentDecider,
      {
        type: 'PostComment',
        commentId,
        storyId,
        authorId: author._id,
        content,
        story: { category: story.category as StoryCategory, content: story.content },
      },
      actor,
      options.settle === false ? [] : READ_MODELS,
    );
    if (options.settle === false) return null;
    const doc = await this.comments.get(commentId);
    if (!doc) throw new NotFoundError('Comment not found');
    return doc;
  }

  async vote(
    commentId: string,
    voter: Pick<UserDoc, '_id'>,
    vote: CommentVoteChoice,
    actor: Actor,
    options: { settle?: boolean } = {},
  ) {
    const state = await this.loadComment(commentId);
    try {
      requireVotable(state, voter._id);
    } catch (error) {
      throw httpError(error);
    }
    const result = await this.deps.bus.run(
      `commentVote-${commentId}-${voter._id}`,
      commentVote,
      { type: 'VoteComment', commentId, storyId: state.storyId!, userId: voter._id, vote },
      actor,
      options.settle === false ? [] : ['comments'],
    );
    if (options.settle === false) return null;
    if (result.position === undefined) {
      // The same vote again changes nothing; still answer what this client last wrote.
      await this.deps.bus.settle(await this.deps.eventStore.headPosition(), ['comments']);
    }
    const doc = await this.comments.get(commentId);
    if (!doc) throw new NotFoundError('Comment not found');
    return { id: commentId, upvotes: doc.upvotes, downvotes: doc.downvotes, myVote: vote };
  }

  async delete(
    commentId: string,
    user: Pick<UserDoc, '_id'>,
    byAdmin: boolean,
    actor: Actor,
  ): Promise<void> {
    try {
      await this.deps.bus.run(
        `comment-${commentId}`,
        commentDecider,
        { type: 'DeleteComment', commentId, userId: user._id, byAdmin },
        actor,
        READ_MODELS,
      );
    } catch (error) {
      throw httpError(error);
    }
  }

  /** Deleting a story removes its comments from every list: each one gets its CommentDeleted. */
  async deleteAllOfStory(storyId: string, by: Pick<UserDoc, '_id'>, actor: Actor): Promise<void> {
    const page = await this.comments.find({ storyId }, { limit: STORY_COMMENTS_LIMIT });
    for (const doc of page.items) await this.delete(doc._id, by, true, actor);
  }

  // ---- queries ----

  async forStory(storyId: string, viewer: UserDoc | null): Promise<Comment[]> {
    await this.approvedStory(storyId);
    const page = await this.comments.find(
      { storyId },
      { sort: [['createdAt', 1]], limit: STORY_COMMENTS_LIMIT },
    );
    const myVotes = viewer
      ? await this.votes.find({ storyId, userId: viewer._id }, { limit: STORY_COMMENTS_LIMIT })
      : { items: [] };
    const voteOf = new Map(myVotes.items.map((v) => [v.commentId, v.vote]));
    const authors = await this.authors(page.items, viewer?.role === 'admin');
    return page.items.map((doc) => ({
      id: doc._id,
      content: doc.content,
      createdAt: doc.createdAt,
      upvotes: doc.upvotes,
      downvotes: doc.downvotes,
      author: authors.get(doc.authorId) ?? unknownAuthor(doc.authorId),
      isOwn: viewer?._id === doc.authorId,
      myVote: voteOf.get(doc._id) ?? null,
    }));
  }

  byAuthor(authorId: string, limit = 200) {
    return this.comments.find({ authorId }, { sort: [['createdAt', -1]], limit });
  }

  async flagged(limit = 200) {
    const page = await this.comments.find({ flagged: true }, { sort: [['flagScore', -1]], limit });
    return { items: page.items, authors: await this.authors(page.items, true) };
  }

  /** One `$in` lookup for every author on the page. E-mails only for admins: members' addresses never leak. */
  private async authors(
    docs: CommentDoc[],
    withEmail: boolean,
  ): Promise<Map<string, CommentAuthor>> {
    const ids = [...new Set(docs.map((d) => d.authorId))];
    if (ids.length === 0) return new Map();
    const users = await this.users.find({ _id: { $in: ids } }, { limit: ids.length });
    return new Map(
      users.items.map((u) => [
        u._id,
        {
          id: u._id,
          username: u.username,
          firstName: u.firstName,
          lastName: u.lastName,
          profileImageUrl: u.profileImageUrl,
          ...(withEmail ? { email: u.email } : {}),
        },
      ]),
    );
  }
}

function unknownAuthor(id: string): CommentAuthor {
  return { id, username: null, firstName: null, lastName: null, profileImageUrl: null };
}
