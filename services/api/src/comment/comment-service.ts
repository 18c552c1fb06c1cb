import {
  COMMENTS,
  type CommentDoc,
  type HeldCommentDoc,
} from '@whosright/projections/comments/docs';
import type { CommentQueries } from '@whosright/projections/comments/queries';
import { STORIES } from '@whosright/projections/stories/docs';
import type { StoryQueries } from '@whosright/projections/stories/queries';
import type { StoryVoteQueries } from '@whosright/projections/story-votes/queries';
import { MODERATION_LOG } from '@whosright/projections/moderation-log/docs';
import { USER_STATS } from '@whosright/projections/user-stats/docs';
import type { UserDoc } from '@whosright/projections/users/docs';
import type { UserQueries } from '@whosright/projections/users/queries';
import type { Page } from '@whosright/projections/store/port';
import type { Comment, CommentAuthor } from '@whosright/contracts/comment/dto';
import type { CommentVoteChoice } from '@whosright/contracts/comment/events';
import type { VoteChoice } from '@whosright/contracts/story/events';
import { isPublicStory } from '@whosright/contracts/story/rules';
import { newIdFor, type Actor } from '#api/platform/actor';
import { NotFoundError } from '#api/platform/errors';
import { activeUserGuard } from '#api/write/active-user-guard';
import type { CommandBus } from '#api/write/command-bus';
import { commandOn, type StreamCommand } from '#api/write/commands';
import { toHeldComment, toStoryComment, type CommentOnStory } from './comment-views';
import {
  comment as commentDecider,
  commentVote,
  type CommentedStory,
  type CommentScreening,
} from './decider';

const READ_MODELS = [COMMENTS, STORIES, USER_STATS] as const;
/** Comments read per page by the sweep of a deleted story. */
const SWEEP_PAGE = 200;

/** Who deleted a story: an admin, or (not `byAdmin`) its author. */
export interface StoryDeletion {
  by: string;
  byAdmin: boolean;
}

export interface CommentServiceDeps {
  bus: CommandBus;
  comments: CommentQueries;
  stories: StoryQueries;
  users: UserQueries;
  /** How commenters voted on the story: the side shown beside their comments. */
  storyVotes: Pick<StoryVoteQueries, 'sidesOf'>;
  /** "The story is approved" as a write's precondition: the story slice's guard. */
  approvedStory: (storyId: string) => StreamCommand;
  /** The story as its own stream has it (null: none, or deleted): the story slice's fold. */
  storyFacts: (storyId: string) => Promise<CommentedStory | null>;
  /** The automod rule for comments a text matches, if any (none where no rules are read). */
  screen?: (content: string) => Promise<CommentScreening | null>;
}

/** Comments: post, list, vote, delete; the flagged list. */
export class CommentService {
  constructor(private readonly deps: CommentServiceDeps) {}

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
    return (await this.asOwn([doc], author))[0]!;
  }

  /** The member's own comments (held ones awaiting review), as a story's list shows them. */
  private async asOwn(
    docs: ReadonlyArray<CommentDoc | HeldCommentDoc>,
    author: UserDoc,
  ): Promise<Comment[]> {
    if (docs.length === 0) return [];
    const sides = await this.deps.storyVotes.sidesOf(docs[0]!.storyId, [author._id]);
    const seen = {
      author: toAuthors([author], false).get(author._id) ?? unknownAuthor(author._id),
      isOwn: true,
      myVote: null,
      side: shownSides([author], sides).get(author._id) ?? null,
    };
    return docs.map((doc) => (isHeld(doc) ? toHeldComment(doc, seen) : toStoryComment(doc, seen)));
  }

  // ---- commands: each answers what it wrote, never a read model (`get` reads it) ----

  /** Answers the new comment's id, and whether an automod rule held it for review. */
  async post(
    storyId: string,
    author: Pick<UserDoc, '_id'>,
    content: string,
    actor: Actor,
  ): Promise<{ commentId: string; held: boolean }> {
    const [story, screening] = await Promise.all([
      this.deps.storyFacts(storyId),
      this.deps.screen?.(content) ?? null,
    ]);
    const commentId = newIdFor(actor, 'comment');
    await this.deps.bus.runAll(
      [
        activeUserGuard(author._id),
        this.deps.approvedStory(storyId),
        commandOn(`comment-${commentId}`, commentDecider, {
          type: 'PostComment',
          commentId,
          storyId,
          authorId: author._id,
          content,
          story,
          screening,
        }),
      ],
      actor,
      READ_MODELS,
    );
    return { commentId, held: screening?.action === 'hold' };
  }

  /** Votes up or down, or (`null`) withdraws the member's vote: back to neutral. */
  async vote(
    commentId: string,
    voter: Pick<UserDoc, '_id'>,
    vote: CommentVoteChoice | null,
    actor: Actor,
  ): Promise<void> {
    const state = await this.deps.bus.state(`comment-${commentId}`, commentDecider);
    const userId = voter._id;
    const results = await this.deps.bus.runAll(
      [
        activeUserGuard(userId),
        // A comment of a story that is gone or hidden takes no votes.
        ...(state.storyId ? [this.deps.approvedStory(state.storyId)] : []),
        commandOn(
          `commentVote-${commentId}-${userId}`,
          commentVote,
          vote
            ? { type: 'VoteComment', commentId, userId, vote, comment: state }
            : { type: 'WithdrawCommentVote', commentId, userId, comment: state },
        ),
      ],
      actor,
      [COMMENTS],
    );
    // The same vote again changes nothing; the answer still shows what this client last wrote.
    if (results.at(-1)?.position === undefined) await this.deps.bus.settleAll([COMMENTS]);
  }

  /**
   * An admin deletes any comment; an author their own. The author's deletion goes through the
   * active-user guard as a removal: refused while they are banned, let through while their
   * account is being deleted (the deletion's sweep removes their comments as their author).
   */
  async delete(
    commentId: string,
    user: Pick<UserDoc, '_id'>,
    byAdmin: boolean,
    actor: Actor,
    reason: string | null = null,
    alongside: readonly StreamCommand[] = [],
  ): Promise<void> {
    await this.deps.bus.runAll(
      [
        ...(byAdmin ? [] : [activeUserGuard(user._id, { removal: true })]),
        commandOn(`comment-${commentId}`, commentDecider, {
          type: 'DeleteComment',
          commentId,
          userId: user._id,
          byAdmin,
          reason,
        }),
        ...alongside,
      ],
      actor,
      READ_MODELS,
    );
  }

  /**
   * An admin keeps a flagged comment: it leaves the flagged list (until more downvotes flag it
   * again) and the moderation log records it with the admin's reason.
   */
  async keep(commentId: string, admin: Pick<UserDoc, '_id'>, actor: Actor, reason: string | null) {
    const doc = await this.get(commentId);
    await this.deps.bus.runAll(
      [
        commandOn(`comment-${commentId}`, commentDecider, {
          type: 'KeepComment',
          commentId,
          adminId: admin._id,
          flag: { flagged: doc.flagged, downvotes: doc.downvotes },
          reason,
        }),
      ],
      actor,
      [COMMENTS, MODERATION_LOG],
    );
  }

  /**
   * Deleting a story removes all its comments from every list: each one gets its CommentDeleted,
   * marked as gone with its story and by whom (the story's author is not moderating).
   * No comment can be posted after the deletion (its append expects the story's stream as it
   * was), and the sweep first waits until the comments read model holds every comment appended
   * before it, then walks them all, however many.
   */
  async deleteAllOfStory(storyId: string, deletion: StoryDeletion, actor: Actor): Promise<number> {
    await this.deps.bus.settleAll([COMMENTS]);
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.deps.comments.ofStory(storyId, { cursor, limit: SWEEP_PAGE });
      ids.push(...page.items.map((doc) => doc._id));
      cursor = page.next;
    } while (cursor);
    let removed = 0;
    for (const id of ids) {
      try {
        await this.deps.bus.runAll(
          [
            commandOn(`comment-${id}`, commentDecider, {
              type: 'DeleteWithStory',
              commentId: id,
              storyId,
              deletedBy: deletion.by,
              byAdmin: deletion.byAdmin,
            }),
          ],
          actor,
          READ_MODELS,
        );
        removed++;
      } catch (error) {
        // Its author deleted it meanwhile: it is gone either way.
        if (!(error instanceof NotFoundError)) throw error;
      }
    }
    return removed;
  }

  // ---- reads with their access rules ----

  /** A page of an approved story's comments, oldest first, as `viewer` sees them. */
  async forStory(
    storyId: string,
    viewer: UserDoc | null,
    request: { cursor?: string | undefined; limit: number },
  ): Promise<{ items: Comment[]; next: string | undefined }> {
    if (!isPublicStory(await this.deps.stories.byId(storyId)))
      throw new NotFoundError('Story not found');
    const page = await this.deps.comments.ofStory(storyId, request);
    const docs = page.items;
    const authorIds = docs.map((doc) => doc.authorId);
    const [voteOf, users, sides] = await Promise.all([
      viewer
        ? this.deps.comments.myVotesOn(
            docs.map((doc) => doc._id),
            viewer._id,
          )
        : new Map<string, CommentVoteChoice>(),
      this.deps.users.byIds(authorIds),
      this.deps.storyVotes.sidesOf(storyId, [...new Set(authorIds)]),
    ]);
    const authors = toAuthors(users, viewer?.role === 'admin');
    const sideOf = shownSides(users, sides);
    const items = docs.map((doc) =>
      toStoryComment(doc, {
        author: authors.get(doc.authorId) ?? unknownAuthor(doc.authorId),
        isOwn: viewer?._id === doc.authorId,
        myVote: voteOf.get(doc._id) ?? null,
        side: sideOf.get(doc.authorId) ?? null,
      }),
    );
    // The viewer's own held comments come after the last page, as the newest there are.
    if (viewer && !page.next)
      items.push(
        ...(await this.asOwn(await this.deps.comments.heldOf(storyId, viewer._id), viewer)),
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
    const [withStories, authors] = await Promise.all([
      this.withStories(page),
      this.deps.users.byIds(page.items.map((doc) => doc.authorId)),
    ]);
    return { page: withStories, authors: toAuthors(authors, true) };
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

/**
 * The authors of a page, by id. Admins see e-mails and full names; everyone else only the last
 * name's initial (all a display name of username, first name and last initial needs), never an
 * address.
 */
function toAuthors(users: readonly UserDoc[], forAdmin: boolean): Map<string, CommentAuthor> {
  return new Map(
    users.map((u) => [
      u._id,
      {
        id: u._id,
        username: u.username,
        firstName: u.firstName,
        lastName: forAdmin ? u.lastName : initialOf(u.lastName),
        profileImageUrl: u.profileImageUrl,
        ...(forAdmin ? { email: u.email } : {}),
      },
    ]),
  );
}

/**
 * The sides to show, by author: only of authors who still have an account and have not turned
 * it off (a deleted member's vote stays in the story's tally, but no longer beside a name).
 */
function shownSides(
  users: readonly UserDoc[],
  sides: ReadonlyMap<string, VoteChoice>,
): Map<string, VoteChoice> {
  return new Map(
    users.flatMap((u) => {
      const side = u.hidesSideOnComments === true ? undefined : sides.get(u._id);
      return side ? [[u._id, side] as const] : [];
    }),
  );
}

/** The first letter (a whole code point) of a name, upper-cased; null for none. */
function initialOf(name: string | null): string | null {
  const [first] = name?.trim() ?? '';
  return first ? first.toUpperCase() : null;
}

const isHeld = (doc: CommentDoc | HeldCommentDoc): doc is HeldCommentDoc => 'heldAt' in doc;

function unknownAuthor(id: string): CommentAuthor {
  return { id, username: null, firstName: null, lastName: null, profileImageUrl: null };
}
