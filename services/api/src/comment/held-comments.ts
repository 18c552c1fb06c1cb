import { displayNameOf } from '@whosright/contracts/account/display-name';
import type { HeldCommentsPage } from '@whosright/contracts/automod/dto';
import { COMMENTS } from '@whosright/projections/comments/docs';
import type { CommentQueries } from '@whosright/projections/comments/queries';
import { MODERATION_LOG } from '@whosright/projections/moderation-log/docs';
import { STORIES } from '@whosright/projections/stories/docs';
import { USER_STATS } from '@whosright/projections/user-stats/docs';
import type { UserDoc } from '@whosright/projections/users/docs';
import type { UserQueries } from '@whosright/projections/users/queries';
import type { Actor } from '#api/platform/actor';
import type { CommandBus } from '#api/write/command-bus';
import { commandOn, type StreamCommand } from '#api/write/commands';
import { comment as commentDecider } from './decider';

export interface HeldCommentsDeps {
  bus: CommandBus;
  comments: Pick<CommentQueries, 'heldPage' | 'heldById' | 'versionsOf'>;
  users: Pick<UserQueries, 'byIds'>;
  /** The phrase of the rule, as it is now, that the text holds: automod's. */
  matchedPhrase: (ruleId: string, text: string) => Promise<string | null>;
  /** "The story is approved" as a write's precondition: the story slice's guard. */
  approvedStory: (storyId: string) => StreamCommand;
}

type Admin = Pick<UserDoc, '_id'>;

/**
 * The queue of comments automod rules held: an admin approves one (it is posted, as of then, on
 * a story that is still up) or deletes it with an optional reason. Either is logged.
 */
export class HeldComments {
  constructor(private readonly deps: HeldCommentsDeps) {}

  async page(request: { cursor?: string | undefined; limit: number }): Promise<HeldCommentsPage> {
    const page = await this.deps.comments.heldPage(request);
    const [users, versions] = await Promise.all([
      this.deps.users.byIds(page.items.map((doc) => doc.authorId)),
      this.deps.comments.versionsOf(page.items.map((doc) => doc._id)),
    ]);
    const byId = new Map(users.map((user) => [user._id, user]));
    const items = page.items.map(async (doc) => {
      const author = byId.get(doc.authorId);
      const earlier = versions.get(doc._id);
      return {
        id: doc._id,
        storyId: doc.storyId,
        content: doc.content,
        author: author ? { id: author._id, displayName: displayNameOf(author) } : null,
        rule: { id: doc.ruleId, name: doc.ruleName },
        phrase: await this.deps.matchedPhrase(doc.ruleId, doc.content),
        heldAt: doc.heldAt,
        ...(earlier ? { earlierVersions: earlier } : {}),
      };
    });
    return {
      items: await Promise.all(items),
      nextCursor: page.next ?? null,
    };
  }

  async approve(commentId: string, admin: Admin, actor: Actor): Promise<void> {
    const state = await this.deps.bus.state(`comment-${commentId}`, commentDecider);
    await this.deps.bus.runAll(
      [
        ...(state.held
          ? [
              this.deps.bus.memberPresent(state.held.authorId, 'author'),
              this.deps.approvedStory(state.held.storyId),
            ]
          : []),
        commandOn(`comment-${commentId}`, commentDecider, {
          type: 'ApproveHeldComment',
          commentId,
          adminId: admin._id,
        }),
      ],
      actor,
      [COMMENTS, STORIES, USER_STATS, MODERATION_LOG],
    );
  }

  async delete(commentId: string, admin: Admin, reason: string | null, actor: Actor) {
    await this.deps.bus.runAll(
      [
        commandOn(`comment-${commentId}`, commentDecider, {
          type: 'DeleteHeldComment',
          commentId,
          adminId: admin._id,
          reason,
        }),
      ],
      actor,
      [COMMENTS, MODERATION_LOG],
    );
  }
}
