import { describe, it } from 'vitest';
import { deciderSpec } from '#api/testing/decider-spec';
import { CommentCommandRejected, comment, commentVote, type CommentRejection } from './decider';
import {
  author,
  commentDeleted,
  commentEdited,
  commentId,
  commentPosted,
  other,
  storyId,
} from './testing/comment-events';

const rejected = (reason: CommentRejection) => (error: unknown) =>
  error instanceof CommentCommandRejected && error.reason === reason;
const posted = commentPosted('<script>alert(1)</script>');

const approvedStory = { approved: true, ...posted.data.story };

describe('comment decider', () => {
  const spec = deciderSpec(comment);

  it('when a comment is posted it keeps the content as given, story details included', () => {
    spec
      .given([])
      .when({ type: 'PostComment', ...posted.data, story: approvedStory })
      .then([posted]);
  });

  it('when the story is not approved or does not exist the comment is refused as not found', () => {
    spec
      .given([])
      .when({ type: 'PostComment', ...posted.data, story: { ...approvedStory, approved: false } })
      .thenThrows(rejected('story_not_found'));
    spec
      .given([])
      .when({ type: 'PostComment', ...posted.data, story: null })
      .thenThrows(rejected('story_not_found'));
  });

  it('when a reply is posted it records the comment it answers and that comment’s author', () => {
    const parent = { commentId: 'comment_01JPPPPPPPPPPPPPPPPPPPPPPP', authorId: other };
    spec
      .given([])
      .when({ type: 'PostComment', ...posted.data, story: approvedStory, parent })
      .then([
        {
          ...posted,
          data: { ...posted.data, parentId: parent.commentId, parentAuthorId: other },
        },
      ]);
  });

  it('when a reply is written to a comment it accepts a live one of the same story only', () => {
    const accept = { type: 'AcceptReply', commentId, storyId } as const;
    spec.given([posted]).when(accept).then([]);
    spec.given([]).when(accept).thenThrows(rejected('parent_not_found'));
    spec
      .given([posted, commentDeleted(author, false)])
      .when(accept)
      .thenThrows(rejected('parent_not_found'));
    spec
      .given([posted])
      .when({ ...accept, storyId: 'story_01JOOOOOOOOOOOOOOOOOOOOOOO' })
      .thenThrows(rejected('parent_not_found'));
    const { parentId: _none, parentAuthorId: _nobody, ...written } = posted.data;
    spec
      .given([
        { type: 'CommentHeld', data: { ...written, heldBy: { ruleId: 'r', ruleName: 'R' } } },
      ])
      .when(accept)
      .thenThrows(rejected('parent_not_found'));
  });

  it('when a reply is deleted the deletion names the comment it answered', () => {
    const reply = {
      ...posted,
      data: { ...posted.data, parentId: 'comment_01JPPPPPPPPPPPPPPPPPPPPPPP' },
    };
    const deleted = commentDeleted(author, false);
    spec
      .given([reply])
      .when({ type: 'DeleteComment', commentId, userId: author, byAdmin: false })
      .then([
        { ...deleted, data: { ...deleted.data, parentId: 'comment_01JPPPPPPPPPPPPPPPPPPPPPPP' } },
      ]);
  });

  it('when its author edits a comment it records the new text and the one it replaced', () => {
    const edit = {
      type: 'EditComment',
      commentId,
      userId: author,
      content: 'Better words',
    } as const;
    const edited = commentEdited('Better words', posted.data.content);
    spec.given([posted]).when(edit).then([edited]);
    spec.given([posted, edited]).when(edit).then([]);
    spec
      .given([posted, edited])
      .when({ ...edit, content: 'Third' })
      .then([commentEdited('Third', 'Better words')]);
  });

  it('when a reply is edited the edit names the comment it answers', () => {
    const parentId = 'comment_01JPPPPPPPPPPPPPPPPPPPPPPP';
    spec
      .given([{ ...posted, data: { ...posted.data, parentId } }])
      .when({ type: 'EditComment', commentId, userId: author, content: 'Changed' })
      .then([commentEdited('Changed', posted.data.content, { parentId })]);
  });

  it('when the story of a comment an edit held again is deleted the comment goes with it', () => {
    const heldEdit = commentEdited('Buy now', posted.data.content, {
      heldBy: { ruleId: 'rule_1', ruleName: 'Ads' },
    });
    spec
      .given([posted, heldEdit])
      .when({ type: 'DeleteWithStory', commentId, storyId, deletedBy: other, byAdmin: true })
      .then([
        {
          type: 'CommentDeleted',
          data: {
            commentId,
            storyId,
            authorId: author,
            deletedBy: other,
            byAdmin: true,
            withStory: true,
          },
        },
      ]);
  });

  it('when someone else edits a comment, or it is deleted or unknown, the edit is refused', () => {
    const edit = { type: 'EditComment', commentId, userId: other, content: 'Mine now' } as const;
    spec.given([posted]).when(edit).thenThrows(rejected('not_author'));
    spec
      .given([posted, commentDeleted(author, false)])
      .when({ ...edit, userId: author })
      .thenThrows(rejected('not_found'));
    spec
      .given([])
      .when({ ...edit, userId: author })
      .thenThrows(rejected('not_found'));
  });

  it('when a rule holds an edit the comment is held again; approving shows the edit, deleting removes the comment', () => {
    const rule = { ruleId: 'rule_1', ruleName: 'Ads' };
    const heldEdit = commentEdited('Buy now', posted.data.content, { heldBy: rule });
    spec
      .given([posted])
      .when({
        type: 'EditComment',
        commentId,
        userId: author,
        content: 'Buy now',
        screening: { ...rule, action: 'hold' },
      })
      .then([heldEdit]);
    spec
      .given([posted, heldEdit])
      .when({ type: 'ApproveHeldComment', commentId, adminId: other })
      .then([commentEdited('Buy now', 'Buy now', { approvedBy: other })]);
    spec
      .given([posted, heldEdit])
      .when({ type: 'DeleteHeldComment', commentId, adminId: other, reason: null })
      .then([{ ...commentDeleted(other, true) }]);
    spec
      .given([posted, heldEdit])
      .when({ type: 'AcceptReply', commentId, storyId })
      .thenThrows(rejected('parent_not_found'));
  });

  it('when the same comment is posted twice the second is refused', () => {
    spec
      .given([posted])
      .when({ type: 'PostComment', ...posted.data, story: approvedStory })
      .thenThrows(rejected('already_posted'));
  });

  it("when another user deletes someone's comment it is refused; the author and admins may", () => {
    spec
      .given([posted])
      .when({ type: 'DeleteComment', commentId, userId: other, byAdmin: false })
      .thenThrows(rejected('not_author_or_admin'));
    spec
      .given([posted])
      .when({ type: 'DeleteComment', commentId, userId: author, byAdmin: false })
      .then([commentDeleted(author, false)]);
    spec
      .given([posted])
      .when({ type: 'DeleteComment', commentId, userId: other, byAdmin: true })
      .then([commentDeleted(other, true)]);
  });

  it("when its story's author deletes the story the comment goes with it as theirs, not an admin's", () => {
    const storyAuthor = 'user_01JDDDDDDDDDDDDDDDDDDDDDDD';
    spec
      .given([posted])
      .when({ type: 'DeleteWithStory', commentId, storyId, deletedBy: storyAuthor, byAdmin: false })
      .then([
        {
          type: 'CommentDeleted',
          data: {
            commentId,
            storyId,
            authorId: author,
            deletedBy: storyAuthor,
            byAdmin: false,
            withStory: true,
          },
        },
      ]);
    spec
      .given([posted])
      .when({
        type: 'DeleteWithStory',
        commentId,
        storyId: 'story_01JZZZZZZZZZZZZZZZZZZZZZZZ',
        deletedBy: storyAuthor,
        byAdmin: false,
      })
      .thenThrows(rejected('not_found'));
  });

  it('when a deleted comment is deleted again it is not found', () => {
    const deleted = commentDeleted(author, false);
    spec
      .given([posted, deleted])
      .when({ type: 'DeleteComment', commentId, userId: author, byAdmin: false })
      .thenThrows(rejected('not_found'));
  });

  it('when an admin keeps a flagged comment it records the keep with its downvotes and reason', () => {
    spec
      .given([posted])
      .when({
        type: 'KeepComment',
        commentId,
        adminId: other,
        flag: { flagged: true, downvotes: 4 },
        reason: '  Blunt, not abusive  ',
      })
      .then([
        {
          type: 'CommentKept',
          data: {
            commentId,
            storyId,
            authorId: author,
            keptBy: other,
            downvotes: 4,
            reason: 'Blunt, not abusive',
          },
        },
      ]);
  });

  it('when an admin keeps a comment that is not flagged nothing changes', () => {
    spec
      .given([posted])
      .when({
        type: 'KeepComment',
        commentId,
        adminId: other,
        flag: { flagged: false, downvotes: 4 },
      })
      .thenNothingHappens();
  });

  it('when an admin keeps a deleted or unknown comment it is not found', () => {
    const deleted = commentDeleted(author, false);
    for (const given of [[], [posted, deleted]])
      spec
        .given(given)
        .when({
          type: 'KeepComment',
          commentId,
          adminId: other,
          flag: { flagged: true, downvotes: 3 },
        })
        .thenThrows(rejected('not_found'));
  });
});

describe('comment vote decider', () => {
  const spec = deciderSpec(commentVote);
  const live = comment.evolve(comment.initialState(), posted);
  const up = {
    type: 'CommentVoteCast' as const,
    data: { commentId, storyId, userId: other, vote: 'up' as const, previous: null },
  };

  it('when an edit a rule holds awaits review the comment takes no votes', () => {
    const heldAgain = comment.evolve(
      live,
      commentEdited('Buy now', 'x', { heldBy: { ruleId: 'rule_1', ruleName: 'Ads' } }),
    );
    spec
      .given([])
      .when({ type: 'VoteComment', commentId, userId: other, vote: 'up', comment: heldAgain })
      .thenThrows(rejected('not_found'));
  });

  it('when a user votes the first time it records the vote without a previous one', () => {
    spec
      .given([])
      .when({ type: 'VoteComment', commentId, userId: other, vote: 'up', comment: live })
      .then([up]);
  });

  it('when a user votes the other way it switches, naming the previous vote', () => {
    spec
      .given([up])
      .when({ type: 'VoteComment', commentId, userId: other, vote: 'down', comment: live })
      .then([
        {
          type: 'CommentVoteCast',
          data: { commentId, storyId, userId: other, vote: 'down', previous: 'up' },
        },
      ]);
  });

  it('when a user votes the same way again nothing changes', () => {
    spec
      .given([up])
      .when({ type: 'VoteComment', commentId, userId: other, vote: 'up', comment: live })
      .thenNothingHappens();
  });

  it('when a user withdraws their vote it records the withdrawal naming the vote taken back', () => {
    spec
      .given([up])
      .when({ type: 'WithdrawCommentVote', commentId, userId: other, comment: live })
      .then([
        {
          type: 'CommentVoteWithdrawn',
          data: { commentId, storyId, userId: other, previous: 'up' },
        },
      ]);
  });

  it('when a user withdraws with no vote in place nothing changes', () => {
    const withdrawn = {
      type: 'CommentVoteWithdrawn' as const,
      data: { commentId, storyId, userId: other, previous: 'up' as const },
    };
    spec
      .given([])
      .when({ type: 'WithdrawCommentVote', commentId, userId: other, comment: live })
      .thenNothingHappens();
    spec
      .given([up, withdrawn])
      .when({ type: 'WithdrawCommentVote', commentId, userId: other, comment: live })
      .thenNothingHappens();
  });

  it('when the comment does not exist or was deleted the vote is refused as not found', () => {
    spec
      .given([])
      .when({
        type: 'VoteComment',
        commentId,
        userId: other,
        vote: 'up',
        comment: comment.initialState(),
      })
      .thenThrows(rejected('not_found'));
    const deleted = comment.evolve(live, commentDeleted(author, false));
    spec
      .given([])
      .when({ type: 'VoteComment', commentId, userId: other, vote: 'up', comment: deleted })
      .thenThrows(rejected('not_found'));
  });

  it('when the author votes on their own comment it is refused', () => {
    spec
      .given([])
      .when({ type: 'VoteComment', commentId, userId: author, vote: 'up', comment: live })
      .thenThrows(rejected('own_comment'));
  });
});
