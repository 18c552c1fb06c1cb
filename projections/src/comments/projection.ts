import type {
  CommentEvent,
  CommentVoteChoice,
  CommentVoteEvent,
} from '@whosright/contracts/comment/events';
import { COMMENT_SCORE_MILESTONE } from '@whosright/contracts/notification/dto';
import { FLAGGED_COMMENT_MIN_DOWNVOTES } from '@whosright/contracts/shared/constants';
import { defineProjection, remove, update, upsert, type Change } from '../runner/projection';
import type { Recorded } from '../shared/recorded';
import type { StoryEvent } from '@whosright/contracts/story/events';
import {
  COMMENTS,
  COMMENT_DOCS,
  COMMENT_VOTE_DOCS,
  HELD_DOCS,
  SWEEP_DOCS,
  THREAD_DOCS,
  VERSION_DOCS,
  commentVoteId,
} from './docs';

const num = (value: unknown) => (typeof value === 'number' ? value : 0);

/** The comment a reply answers has one more (or fewer) replies, deleted or not. */
const repliesMove = (parentId: string, by: 1 | -1): Change[] => [
  update(COMMENT_DOCS, parentId, { $inc: { replyCount: by } }),
  update(THREAD_DOCS, parentId, { $inc: { replies: by } }),
];

/** A comment posted: its document, its place in its thread, its parent's count when a reply. */
function posted(event: Recorded<Extract<CommentEvent, { type: 'CommentPosted' }>>): Change[] {
  const { commentId, storyId, flaggedBy, approvedBy, parentId, parentAuthorId } = event.data;
  const createdAt = event.metadata.recordedAt;
  return [
    upsert(COMMENT_DOCS, commentId, {
      $set: {
        storyId,
        authorId: event.data.authorId,
        content: event.data.content,
        createdAt,
        upvotes: 0,
        downvotes: 0,
        ...(flaggedBy ? { automodRule: flaggedBy.ruleName } : {}),
        ...(parentId ? { parentId, parentAuthorId } : {}),
      },
    }),
    upsert(THREAD_DOCS, commentId, {
      $set: { storyId, createdAt, ...(parentId ? { parentId } : {}) },
    }),
    ...(parentId ? repliesMove(parentId, 1) : []),
    // An approved held comment is posted as of its approval.
    ...(approvedBy ? [remove(HELD_DOCS, commentId)] : []),
  ];
}

/**
 * A posted comment is gone: out of every list (the held ones too, where an edit held it again),
 * with its earlier texts; its thread stays.
 */
function gone(commentId: string, parentId: string | undefined): Change[] {
  return [
    remove(COMMENT_DOCS, commentId),
    remove(HELD_DOCS, commentId),
    remove(VERSION_DOCS, commentId),
    update(THREAD_DOCS, commentId, { $set: { deleted: true } }),
    ...(parentId ? repliesMove(parentId, -1) : []),
  ];
}

/**
 * An edit: the new text and when, the replaced text among the earlier ones. A rule that holds the
 * new text takes the comment out of the story's list and into the held ones until an admin
 * approves the edit (an edit with `approvedBy`, whose text was kept when it was held); a rule
 * that flags it flags the comment again, however it was kept before.
 */
function edited(event: Recorded<Extract<CommentEvent, { type: 'CommentEdited' }>>): Change[] {
  const { commentId, storyId, authorId, content, previous, heldBy, flaggedBy } = event.data;
  const at = event.metadata.recordedAt;
  if (event.data.approvedBy)
    return [
      update(COMMENT_DOCS, commentId, { $set: { content }, $unset: { heldEdit: true } }),
      remove(HELD_DOCS, commentId),
    ];
  const version = { content: previous, until: at };
  return [
    update(COMMENT_DOCS, commentId, {
      $set: {
        content,
        editedAt: at,
        ...(heldBy ? { heldEdit: true } : {}),
        ...(flaggedBy ? { automodRule: flaggedBy.ruleName } : {}),
      },
      ...(flaggedBy ? { $unset: { keptDownvotes: true } } : {}),
    }),
    upsert(VERSION_DOCS, commentId, { $set: { [`texts.${event.position}`]: version } }),
    ...(heldBy
      ? [
          upsert(HELD_DOCS, commentId, {
            $set: {
              storyId,
              authorId,
              content,
              heldAt: at,
              ...(event.data.parentId ? { parentId: event.data.parentId } : {}),
              ruleId: heldBy.ruleId,
              ruleName: heldBy.ruleName,
            },
          }),
        ]
      : []),
  ];
}

/**
 * Comments per story (oldest first), per author (profile), flagged ones (admin), and each user's
 * vote per comment. A vote carries the previous one, so a switch moves exactly one count; a
 * withdrawn vote takes its count back and leaves no vote. The story a comment answers is not
 * copied: the lists that show it read its card beside.
 */
export const commentsProjection = defineProjection<
  | Recorded<CommentEvent>
  | Recorded<CommentVoteEvent>
  | Recorded<Extract<StoryEvent, { type: 'StoryDeleted' | 'StoryCommentsRemoved' }>>
>({
  name: COMMENTS,
  // The comment list, and a comment's +10.
  storyChanges: {
    kind: 'comments',
    eventTypes: [
      'CommentPosted',
      'CommentEdited',
      'CommentDeleted',
      'CommentVoteCast',
      'CommentVoteWithdrawn',
    ],
  },
  // 3: without a copy of the story each comment answers.
  // 4: the flagged order indexes flagged comments only; a vote keeps only its choice, no index.
  // 5: when a comment first reached the score its author is told about (`topAt`).
  // 6: comments held by an automod rule, and comments an automod rule flagged.
  // 7: replies (the comment each answers, reply counts, threads kept past a deletion).
  // 8: edits (the current text, when, the earlier texts; an edit an automod rule holds).
  version: 8,
  eventTypes: [
    'CommentPosted',
    'CommentHeld',
    'CommentEdited',
    'HeldCommentDeleted',
    'CommentDeleted',
    'CommentKept',
    'CommentVoteCast',
    'CommentVoteWithdrawn',
    'StoryDeleted',
    'StoryCommentsRemoved',
  ],
  collections: [
    {
      name: COMMENT_DOCS,
      indexes: [
        {
          fields: [
            ['storyId', 1],
            ['createdAt', 1],
          ],
        },
        {
          fields: [
            ['authorId', 1],
            ['createdAt', -1],
          ],
        },
        // Only flagged comments: a vote on any other comment moves nothing in it.
        { fields: [['flagScore', -1]], where: { flagged: true } },
        // The replies to a member's comments (their notifications).
        {
          fields: [
            ['parentAuthorId', 1],
            ['createdAt', -1],
          ],
        },
      ],
      derive(doc) {
        const up = num(doc.upvotes);
        const down = num(doc.downvotes);
        // The first vote that took it to the score, kept when the score falls back.
        const topAt =
          typeof doc.topAt === 'string'
            ? doc.topAt
            : up - down >= COMMENT_SCORE_MILESTONE
              ? doc.lastVotedAt
              : undefined;
        // A kept comment is flagged again only by downvotes beyond those it had when kept.
        const byRule = typeof doc.automodRule === 'string' && doc.keptDownvotes === undefined;
        return {
          flagged:
            byRule ||
            (down >= FLAGGED_COMMENT_MIN_DOWNVOTES && down > up && down > num(doc.keptDownvotes)),
          flagScore: down - up,
          ...(typeof topAt === 'string' ? { topAt } : {}),
        };
      },
    },
    { name: SWEEP_DOCS, indexes: [] },
    // Read only by id: the deleted comments replies answer.
    { name: THREAD_DOCS, indexes: [] },
    // Read only by id: the earlier texts of the comments a moderator looks at.
    { name: VERSION_DOCS, indexes: [] },
    {
      name: HELD_DOCS,
      indexes: [
        { fields: [['heldAt', 1]] },
        {
          fields: [
            ['storyId', 1],
            ['authorId', 1],
          ],
        },
      ],
    },
    // Read only by id (a member's votes on the comments shown), which names comment and voter.
    { name: COMMENT_VOTE_DOCS, indexes: [] },
  ],
  apply(event): Change[] {
    switch (event.type) {
      // A deleted story's comments are removed by a sweep of CommentDeleted events; this keeps
      // the sweeps that have not finished, so a restart resumes them.
      case 'StoryDeleted':
        return [
          upsert(SWEEP_DOCS, event.data.storyId, { $set: { deletedBy: event.data.deletedBy } }),
        ];
      case 'StoryCommentsRemoved':
        return [remove(SWEEP_DOCS, event.data.storyId)];
      case 'CommentPosted':
        return posted(event);
      case 'CommentHeld':
        return [
          upsert(HELD_DOCS, event.data.commentId, {
            $set: {
              storyId: event.data.storyId,
              authorId: event.data.authorId,
              content: event.data.content,
              heldAt: event.metadata.recordedAt,
              ...(event.data.parentId ? { parentId: event.data.parentId } : {}),
              ruleId: event.data.heldBy.ruleId,
              ruleName: event.data.heldBy.ruleName,
            },
          }),
        ];
      case 'HeldCommentDeleted':
        return [remove(HELD_DOCS, event.data.commentId)];
      case 'CommentEdited':
        return edited(event);
      case 'CommentDeleted':
        return gone(event.data.commentId, event.data.parentId);
      case 'CommentKept':
        return [
          update(COMMENT_DOCS, event.data.commentId, {
            $set: { keptDownvotes: event.data.downvotes },
          }),
        ];
      case 'CommentVoteCast': {
        const field = (vote: CommentVoteChoice) => (vote === 'up' ? 'upvotes' : 'downvotes');
        const inc: Record<string, number> = { [field(event.data.vote)]: 1 };
        if (event.data.previous) inc[field(event.data.previous)] = -1;
        return [
          update(COMMENT_DOCS, event.data.commentId, {
            $inc: inc,
            $set: { lastVotedAt: event.metadata.recordedAt },
          }),
          upsert(COMMENT_VOTE_DOCS, commentVoteId(event.data.commentId, event.data.userId), {
            $set: { vote: event.data.vote },
          }),
        ];
      }
      case 'CommentVoteWithdrawn': {
        const field = event.data.previous === 'up' ? 'upvotes' : 'downvotes';
        return [
          update(COMMENT_DOCS, event.data.commentId, { $inc: { [field]: -1 } }),
          remove(COMMENT_VOTE_DOCS, commentVoteId(event.data.commentId, event.data.userId)),
        ];
      }
      default:
        return [];
    }
  },
});
