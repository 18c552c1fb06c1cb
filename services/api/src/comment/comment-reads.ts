import type { CommentDoc, HeldCommentDoc } from '@whosright/projections/comments/docs';
import type { CommentQueries } from '@whosright/projections/comments/queries';
import type { StoryQueries } from '@whosright/projections/stories/queries';
import type { StoryVoteQueries } from '@whosright/projections/story-votes/queries';
import type { UserDoc } from '@whosright/projections/users/docs';
import type { UserQueries } from '@whosright/projections/users/queries';
import type { Page } from '@whosright/projections/store/port';
import type { Comment } from '@whosright/contracts/comment/dto';
import type { CommentVoteChoice } from '@whosright/contracts/comment/events';
import { isPublicStory } from '@whosright/contracts/story/rules';
import { NotFoundError } from '#api/platform/errors';
import { isHeld, shownSides, toAuthors, unknownAuthor } from './comment-authors';
import {
  asStoryAuthor,
  toDeletedParent,
  toHeldComment,
  toStoryComment,
  type CommentOnStory,
} from './comment-views';
import { deletedParentsOf } from './deleted-parents';

export interface CommentReadsDeps {
  comments: CommentQueries;
  stories: Pick<StoryQueries, 'byId' | 'byIds'>;
  users: Pick<UserQueries, 'byIds'>;
  /** How commenters voted on the story: the side shown beside their comments. */
  storyVotes: Pick<StoryVoteQueries, 'sidesOf'>;
}

/** Comments as people read them, each read with its access rules: a story's, a member's, the flagged. */
export class CommentReads {
  constructor(private readonly deps: CommentReadsDeps) {}

  /** The comment as the comments read model shows it: what a route answers after a write. */
  async get(commentId: string): Promise<CommentDoc> {
    const doc = await this.deps.comments.byId(commentId);
    if (!doc) throw new NotFoundError('Comment not found');
    return doc;
  }

  /** The member's new comment as the story's list will show it to them. */
  async asPosted(posted: { commentId: string; held: boolean }, author: UserDoc): Promise<Comment> {
    const doc = posted.held
      ? await this.deps.comments.heldById(posted.commentId)
      : await this.get(posted.commentId);
    if (!doc) throw new NotFoundError('Comment not found');
    const story = await this.deps.stories.byId(doc.storyId);
    return (await this.asOwn([doc], author, story?.authorId))[0]!;
  }

  /** The member's own comments (held ones awaiting review), as a story's list shows them. */
  private async asOwn(
    docs: ReadonlyArray<CommentDoc | HeldCommentDoc>,
    author: UserDoc,
    storyAuthorId: string | undefined,
  ): Promise<Comment[]> {
    if (docs.length === 0) return [];
    const sides = await this.deps.storyVotes.sidesOf(docs[0]!.storyId, [author._id]);
    const asWriter = {
      author: toAuthors([author], false).get(author._id) ?? unknownAuthor(author._id),
      isOwn: true,
      myVote: null,
      side: shownSides([author], sides).get(author._id) ?? null,
    };
    const seen =
      storyAuthorId === author._id ? asStoryAuthor(asWriter, author.role === 'admin') : asWriter;
    return docs.map((doc) => (isHeld(doc) ? toHeldComment(doc, seen) : toStoryComment(doc, seen)));
  }

  /**
   * A page of an approved story's comments, oldest first, as `viewer` sees them, replies with
   * the comment they answer; a deleted comment that replies on this page answer is in its place
   * as "[deleted]" (on each page that has such replies).
   */
  async forStory(
    storyId: string,
    viewer: UserDoc | null,
    request: { cursor?: string | undefined; limit: number },
  ): Promise<{ items: Comment[]; next: string | undefined }> {
    const story = await this.deps.stories.byId(storyId);
    if (!story || !isPublicStory(story)) throw new NotFoundError('Story not found');
    const page = await this.deps.comments.shownOfStory(storyId, request);
    const docs = page.items;
    const authorIds = docs.map((doc) => doc.authorId);
    const [voteOf, users, sides, deletedParents] = await Promise.all([
      viewer
        ? this.deps.comments.myVotesOn(
            docs.map((doc) => doc._id),
            viewer._id,
          )
        : new Map<string, CommentVoteChoice>(),
      this.deps.users.byIds(authorIds),
      this.deps.storyVotes.sidesOf(storyId, [...new Set(authorIds)]),
      deletedParentsOf(this.deps.comments, docs),
    ]);
    const forAdmin = viewer?.role === 'admin';
    const authors = toAuthors(users, forAdmin);
    const sideOf = shownSides(users, sides);
    const items = docs.map((doc) => {
      const seen = {
        author: authors.get(doc.authorId) ?? unknownAuthor(doc.authorId),
        isOwn: viewer?._id === doc.authorId,
        myVote: voteOf.get(doc._id) ?? null,
        side: sideOf.get(doc.authorId) ?? null,
      };
      const byStoryAuthor = doc.authorId === story.authorId;
      return toStoryComment(doc, byStoryAuthor ? asStoryAuthor(seen, forAdmin) : seen);
    });
    if (deletedParents.length > 0) {
      items.push(...deletedParents.map(toDeletedParent));
      items.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
    }
    // The viewer's own held comments come after the last page, as the newest there are.
    if (viewer && !page.next)
      items.push(
        ...(await this.asOwn(
          await this.deps.comments.heldOf(storyId, viewer._id),
          viewer,
          story.authorId,
        )),
      );
    return { items, next: page.next };
  }

  /** A page of a member's comments, newest first, each with its story (their profile). */
  async byAuthor(
    authorId: string,
    request: { cursor?: string | undefined; limit: number },
  ): Promise<Page<CommentOnStory>> {
    return this.withStories(await this.deps.comments.byAuthor(authorId, request));
  }

  /** A page of the admin's flagged comments, with their stories and authors (e-mails included). */
  async flagged(request: { cursor?: string | undefined; limit: number }) {
    const page = await this.deps.comments.flagged(request);
    const [withStories, authors, versions] = await Promise.all([
      this.withStories(page),
      this.deps.users.byIds(page.items.map((doc) => doc.authorId)),
      this.deps.comments.versionsOf(page.items.map((doc) => doc._id)),
    ]);
    return { page: withStories, authors: toAuthors(authors, true), versions };
  }

  /**
   * Each comment of a page with the card of the story it answers, all read in one lookup. A
   * comment whose story is gone is left out: a deleted story's comments are being removed, and
   * comments never outlive their story. The page's cursor stays, so no comment is skipped.
   */
  private async withStories(page: Page<CommentDoc>): Promise<Page<CommentOnStory>> {
    const stories = await this.deps.stories.byIds(page.items.map((doc) => doc.storyId));
    const items = page.items.flatMap((comment) => {
      const story = stories.get(comment.storyId);
      return story ? [{ comment, story }] : [];
    });
    return page.next === undefined ? { items } : { items, next: page.next };
  }
}
