import { COMMENTS } from '@whosright/projections/comments/docs';
import type { CommentQueries } from '@whosright/projections/comments/queries';
import { STORIES } from '@whosright/projections/stories/docs';
import { MODERATION_LOG } from '@whosright/projections/moderation-log/docs';
import { USER_STATS } from '@whosright/projections/user-stats/docs';
import type { UserDoc } from '@whosright/projections/users/docs';
import type { CommentVoteChoice } from '@whosright/contracts/comment/events';
import { newIdFor, type Actor } from '#api/platform/actor';
import { NotFoundError } from '#api/platform/errors';
import type { CommandBus } from '#api/write/command-bus';
import { commandOn, memberCommandOn, type StreamCommand } from '#api/write/commands';
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
  comments: Pick<CommentQueries, 'byId' | 'ofStory'>;
  /** "The story is approved" as a write's precondition: the story slice's guard. */
  approvedStory: (storyId: string) => StreamCommand;
  /** The story as its own stream has it (null: none, or deleted): the story slice's fold. */
  storySubject: (storyId: string) => Promise<CommentedStory | null>;
  /** The automod rule for comments a text matches, if any (none where no rules are read). */
  screen?: (content: string) => Promise<CommentScreening | null>;
}

/** Comments' writes: post, vote, delete, keep, and the sweep of a deleted story (reads: CommentReads). */
export class CommentService {
  constructor(private readonly deps: CommentServiceDeps) {}

  /**
   * Answers the new comment's id, and whether an automod rule held it for review. With
   * `parentId` it is a reply: the comment it answers must be posted and live on the same story,
   * on its own stream at the append (`AcceptReply`).
   */
  async post(
    storyId: string,
    author: Pick<UserDoc, '_id'>,
    content: string,
    actor: Actor,
    parentId?: string,
  ): Promise<{ commentId: string; held: boolean }> {
    const [story, screening, parent] = await Promise.all([
      this.deps.storySubject(storyId),
      this.deps.screen?.(content) ?? null,
      parentId ? this.deps.bus.state(`comment-${parentId}`, commentDecider) : null,
    ]);
    const commentId = newIdFor(actor, 'comment');
    const replyTo =
      parentId && parent?.authorId ? { commentId: parentId, authorId: parent.authorId } : null;
    await this.deps.bus.asMember(author._id).runAll(
      [
        this.deps.approvedStory(storyId),
        ...(parentId
          ? [
              commandOn(`comment-${parentId}`, commentDecider, {
                type: 'AcceptReply',
                commentId: parentId,
                storyId,
              }),
            ]
          : []),
        memberCommandOn(`comment-${commentId}`, commentDecider, {
          type: 'PostComment',
          commentId,
          storyId,
          authorId: author._id,
          content,
          story,
          screening,
          parent: replyTo,
        }),
      ],
      actor,
      READ_MODELS,
    );
    return { commentId, held: screening?.action === 'hold' };
  }

  /**
   * Its author changes a comment's text, through the member's guarded door (refused while they
   * are banned) and on an approved story; automod screens the new text as a new comment's.
   * Answers whether a rule held the edit for review.
   */
  async edit(
    commentId: string,
    author: Pick<UserDoc, '_id'>,
    content: string,
    actor: Actor,
  ): Promise<{ held: boolean }> {
    const [state, screening] = await Promise.all([
      this.deps.bus.state(`comment-${commentId}`, commentDecider),
      this.deps.screen?.(content) ?? null,
    ]);
    const results = await this.deps.bus.asMember(author._id).runAll(
      [
        ...(state.storyId ? [this.deps.approvedStory(state.storyId)] : []),
        memberCommandOn(`comment-${commentId}`, commentDecider, {
          type: 'EditComment',
          commentId,
          userId: author._id,
          content,
          screening,
        }),
      ],
      actor,
      [COMMENTS],
    );
    // The same text again writes nothing: what the comment was stays.
    const wrote = (results.at(-1)?.events.length ?? 0) > 0;
    return { held: wrote && screening?.action === 'hold' };
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
    const results = await this.deps.bus.asMember(userId).runAll(
      [
        // A comment of a story that is gone or hidden takes no votes.
        ...(state.storyId ? [this.deps.approvedStory(state.storyId)] : []),
        memberCommandOn(
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
    const door = byAdmin ? this.deps.bus : this.deps.bus.asMember(user._id, { removal: true });
    await door.runAll(
      [
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
    const doc = await this.deps.comments.byId(commentId);
    if (!doc) throw new NotFoundError('Comment not found');
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
}
