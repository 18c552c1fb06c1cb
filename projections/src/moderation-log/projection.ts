import {
  DELETED_TEXT,
  type ForgettingEvent,
  type UserEvent,
} from '@whosright/contracts/account/events';
import { forgottenEmail } from '@whosright/contracts/account/forgotten-email';
import type { AutomodRuleEvent } from '@whosright/contracts/automod/events';
import type { CommentEvent } from '@whosright/contracts/comment/events';
import { givenReason } from '@whosright/contracts/moderation/reason';
import { EXCERPT_LENGTH } from '@whosright/contracts/shared/constants';
import { excerpt as wordExcerpt } from '@whosright/contracts/shared/excerpt';
import type { ModerationAction, ModerationSource } from '@whosright/contracts/moderation/dto';
import type { ReportEvent } from '@whosright/contracts/report/events';
import type { StoryEvent, StoryStatus } from '@whosright/contracts/story/events';
import { defineProjection, update, upsert, type Change } from '../runner/projection';
import type { Recorded } from '../shared/recorded';
import {
  ENTRIES,
  MODERATION_LOG,
  TARGETS,
  entryId,
  targetKey,
  type ModerationEntryDoc,
} from './docs';
import { moderationLogReport } from './report';

type Handled = Recorded<
  StoryEvent | CommentEvent | UserEvent | ForgettingEvent | ReportEvent | AutomodRuleEvent
>;

const STATUS_ACTIONS: Record<StoryStatus, ModerationAction> = {
  approved: 'story.approve',
  rejected: 'story.reject',
  hidden: 'story.hide',
  pending: 'story.pending',
};

/** A row's label: the start of the text, cut between words. */
const excerpt = (content: string) => wordExcerpt(content, EXCERPT_LENGTH.adminStory);

function entry(
  event: Handled,
  fields: Omit<ModerationEntryDoc, '_id' | 'at' | 'source' | 'reason' | 'memberId'> & {
    memberId: string | null;
    source?: ModerationSource;
    reason: string | null | undefined;
  },
): Change {
  const source = fields.source ?? (fields.actorId ? 'admin' : 'cli');
  return upsert(ENTRIES, entryId(event.position), {
    $set: { ...fields, source, reason: givenReason(fields.reason), at: event.metadata.recordedAt },
  });
}

/** An account event by an admin (actor in the metadata), the command line or ADMIN_EMAILS. */
function accountEntry(
  event: Handled,
  userId: string,
  action: ModerationAction,
  reason: string | null | undefined,
  viaAdminEmails = false,
): Change {
  const actorId = viaAdminEmails ? null : (event.metadata.actorId ?? null);
  return entry(event, {
    actorId,
    action,
    targetType: 'user',
    targetId: userId,
    memberId: userId,
    reason,
    ...(viaAdminEmails ? { source: 'admin_emails' as const } : {}),
  });
}

/**
 * The moderation history: one entry per admin decision on a story, a comment or an
 * account, from the events the app already records, so a rebuild shows the whole past. A member
 * deleting their own comment is not moderation and is not listed. A member deleting their own
 * story is listed once, as theirs (source `author`): its comments go with it, and would otherwise
 * look like deletions by an admin; the comments swept with it are not listed one by one. A
 * member's edit of their comment is listed as theirs too: a moderator reads what it said before.
 */
export const moderationLogProjection = defineProjection<Handled>({
  name: MODERATION_LOG,
  // Moderators' decisions on a story.
  storyChanges: { kind: 'moderation', eventTypes: ['StoryModerated'] },
  // 4: automod rules, and held comments approved or deleted.
  // 5: entries name the member they are about, targets the author of a story or comment.
  // 6: a comment's edits, by its author, and an edit an admin approved.
  // 7: excerpts cut between words; a resubmitted story is labelled by its latest text.
  version: 7,
  eventTypes: [
    'StorySubmitted',
    'StoryResubmitted',
    'StoryModerated',
    'StoryDeleted',
    'CommentPosted',
    'CommentDeleted',
    'CommentKept',
    'CommentHeld',
    'CommentEdited',
    'HeldCommentDeleted',
    'UserRegistered',
    'ProfileUpdated',
    'UserBanned',
    'UserUnbanned',
    'UserPromoted',
    'UserDemoted',
    'UserForgotten',
    'ReportsClosed',
    'AutomodRuleCreated',
    'AutomodRuleUpdated',
    'AutomodRuleDeleted',
  ],
  collections: [
    {
      name: ENTRIES,
      indexes: [
        { fields: [['at', -1]] },
        {
          fields: [
            ['actorId', 1],
            ['at', -1],
          ],
        },
        {
          fields: [
            ['action', 1],
            ['at', -1],
          ],
        },
        {
          fields: [
            ['targetId', 1],
            ['at', -1],
          ],
        },
        {
          fields: [
            ['memberId', 1],
            ['at', -1],
          ],
        },
      ],
    },
    { name: TARGETS, indexes: [{ fields: [['authorId', 1]] }] },
  ],
  report: moderationLogReport,
  apply(event): Change[] {
    return (
      storyEntries(event) ??
      commentEntries(event) ??
      accountEntries(event) ??
      reportEntries(event) ??
      ruleEntries(event) ??
      []
    );
  },
});

/** A story's excerpt for the log's rows, and admins' decisions on it (or its author's deletion). */
function storyEntries(event: Handled): Change[] | undefined {
  switch (event.type) {
    case 'StorySubmitted':
      return [
        upsert(TARGETS, targetKey('story', event.data.storyId), {
          $set: { excerpt: excerpt(event.data.content), authorId: event.data.authorId },
        }),
      ];
    // Decisions after a resubmission are about its new text: the label follows it.
    case 'StoryResubmitted':
      return [
        update(TARGETS, targetKey('story', event.data.storyId), {
          $set: { excerpt: excerpt(event.data.content) },
        }),
      ];
    case 'StoryModerated':
      return [
        entry(event, {
          actorId: event.data.moderatorId,
          action: STATUS_ACTIONS[event.data.to],
          targetType: 'story',
          targetId: event.data.storyId,
          memberId: null,
          reason: event.data.reason,
        }),
      ];
    case 'StoryDeleted':
      return [
        entry(event, {
          actorId: event.data.deletedBy,
          action: 'story.delete',
          targetType: 'story',
          targetId: event.data.storyId,
          memberId: event.data.authorId,
          reason: event.data.reason,
          ...(event.data.byAdmin ? {} : { source: 'author' as const }),
        }),
      ];
    default:
      return undefined;
  }
}

const commentTarget = ({
  commentId,
  content,
  authorId,
}: {
  commentId: string;
  content: string;
  authorId: string;
}) =>
  upsert(TARGETS, targetKey('comment', commentId), {
    $set: { excerpt: excerpt(content), authorId },
  });

const commentDeletion = (
  event: Handled,
  data: { deletedBy: string; commentId: string; authorId: string; reason?: string | undefined },
) =>
  entry(event, {
    actorId: data.deletedBy,
    action: 'comment.delete',
    targetType: 'comment',
    targetId: data.commentId,
    memberId: data.authorId,
    reason: data.reason,
  });

/**
 * Its author's edit, listed as theirs (source `author`) beside the decisions on their writing, or
 * an admin's approval of an edit a rule held.
 */
const commentEdit = (
  event: Handled,
  data: { commentId: string; authorId: string; approvedBy?: string | undefined },
) =>
  entry(event, {
    actorId: data.approvedBy ?? data.authorId,
    action: data.approvedBy ? 'comment.approve' : 'comment.edit',
    targetType: 'comment',
    targetId: data.commentId,
    memberId: data.authorId,
    reason: null,
    ...(data.approvedBy ? {} : { source: 'author' as const }),
  });

/** A comment's excerpt for the log's rows, and admins' decisions on it. */
function commentEntries(event: Handled): Change[] | undefined {
  switch (event.type) {
    case 'CommentPosted': {
      const target = commentTarget(event.data);
      const approvedBy = event.data.approvedBy;
      return approvedBy
        ? [
            target,
            entry(event, {
              actorId: approvedBy,
              action: 'comment.approve',
              targetType: 'comment',
              targetId: event.data.commentId,
              memberId: event.data.authorId,
              reason: null,
            }),
          ]
        : [target];
    }
    case 'CommentHeld':
      return [commentTarget(event.data)];
    case 'CommentEdited':
      return [commentTarget(event.data), commentEdit(event, event.data)];
    case 'HeldCommentDeleted':
      // Its author withdrawing it (or their account's deletion doing so) is not moderation.
      return event.data.deletedBy === event.data.authorId
        ? []
        : [commentDeletion(event, event.data)];
    case 'CommentDeleted':
      // An admin's decision, on the comment or on its story; the author's story entry says
      // that its comments went with it.
      return event.data.byAdmin ? [commentDeletion(event, event.data)] : [];
    case 'CommentKept':
      return [
        entry(event, {
          actorId: event.data.keptBy,
          action: 'comment.keep',
          targetType: 'comment',
          targetId: event.data.commentId,
          memberId: event.data.authorId,
          reason: event.data.reason,
        }),
      ];
    default:
      return undefined;
  }
}

/** A member's name for the log's rows, the decisions on their account, and their forgetting. */
function accountEntries(event: Handled): Change[] | undefined {
  const userId = event.stream.slice('user-'.length);
  switch (event.type) {
    case 'UserRegistered': {
      const { email, firstName, lastName, role } = event.data;
      const target = upsert(TARGETS, targetKey('user', userId), {
        $set: { email, firstName, lastName, username: null },
      });
      // ADMIN_EMAILS makes a listed address an admin from its registration on.
      return role === 'admin'
        ? [target, accountEntry(event, userId, 'user.promote', null, true)]
        : [target];
    }
    case 'ProfileUpdated':
      return [
        update(TARGETS, targetKey('user', userId), { $set: { username: event.data.username } }),
      ];
    case 'UserBanned':
      return [accountEntry(event, userId, 'user.ban', event.data.reason)];
    case 'UserUnbanned':
      return [accountEntry(event, userId, 'user.unban', event.data.reason)];
    case 'UserPromoted':
    case 'UserDemoted':
      return [
        accountEntry(
          event,
          userId,
          event.type === 'UserPromoted' ? 'user.promote' : 'user.demote',
          event.data.note,
          event.data.reason === 'admin_emails',
        ),
      ];
    // A member deleted their account: the entries stay (they are admins' decisions); what
    // they name of that member is forgotten.
    case 'UserForgotten':
      return [
        update(TARGETS, targetKey('user', event.data.userId), {
          $set: {
            email: forgottenEmail(event.data.userId),
            firstName: null,
            lastName: null,
            username: null,
          },
        }),
        ...event.data.storyIds.map((id) =>
          update(TARGETS, targetKey('story', id), { $set: { excerpt: DELETED_TEXT } }),
        ),
        ...event.data.commentIds.map((id) =>
          update(TARGETS, targetKey('comment', id), { $set: { excerpt: DELETED_TEXT } }),
        ),
      ];
    default:
      return undefined;
  }
}

/**
 * Reports an admin dismissed. Hiding, deleting or banning on a report is logged by its own event,
 * appended beside the closing.
 */
function reportEntries(event: Handled): Change[] | undefined {
  if (event.type !== 'ReportsClosed' || event.data.action !== 'dismiss') return undefined;
  return [
    entry(event, {
      actorId: event.data.moderatorId,
      action: 'report.dismiss',
      targetType: event.data.targetType,
      targetId: event.data.targetId,
      memberId: null,
      reason: event.data.reason,
    }),
  ];
}

const RULE_ACTIONS = {
  AutomodRuleCreated: 'rule.create',
  AutomodRuleUpdated: 'rule.update',
  AutomodRuleDeleted: 'rule.delete',
} as const;

/** Every change of an automod rule; its row names the rule as it was then. */
function ruleEntries(event: Handled): Change[] | undefined {
  switch (event.type) {
    case 'AutomodRuleCreated':
    case 'AutomodRuleUpdated':
    case 'AutomodRuleDeleted':
      return [
        upsert(TARGETS, targetKey('rule', event.data.ruleId), {
          $set: { excerpt: event.data.name },
        }),
        entry(event, {
          actorId: event.data.adminId,
          action: RULE_ACTIONS[event.type],
          targetType: 'rule',
          targetId: event.data.ruleId,
          memberId: null,
          reason: null,
        }),
      ];
    default:
      return undefined;
  }
}
