import type {
  Comment,
  CommentAuthor,
  CommentVersion,
  FlaggedComment,
  MyComment,
} from '@whosright/contracts/comment/dto';
import { EXCERPT_LENGTH } from '@whosright/contracts/shared/constants';
import { excerpt } from '@whosright/contracts/shared/excerpt';
import { DELETED_TEXT } from '@whosright/contracts/shared/forgetting';
import type { CommentDoc, HeldCommentDoc, ThreadDoc } from '@whosright/projections/comments/docs';
import type { StoryDoc } from '@whosright/projections/stories/docs';

/** A comment with the card of the story it answers (the profile's and the admin's lists). */
export interface CommentOnStory {
  comment: CommentDoc;
  story: StoryDoc;
}

/** What every view of a comment shows of it. */
function basics(doc: CommentDoc) {
  return {
    id: doc._id,
    content: doc.content,
    createdAt: doc.createdAt,
    upvotes: doc.upvotes,
    downvotes: doc.downvotes,
    ...(doc.editedAt ? { editedAt: doc.editedAt } : {}),
  };
}

/** What a reader sees of a comment that depends on who they are. */
type SeenComment = Pick<Comment, 'author' | 'isOwn' | 'myVote' | 'side' | 'byStoryAuthor'>;

/** A comment in its story's list, as one reader sees it. */
export function toStoryComment(doc: CommentDoc, seen: SeenComment): Comment {
  return {
    ...basics(doc),
    ...seen,
    parentId: doc.parentId ?? null,
    replyCount: doc.replyCount ?? 0,
  };
}

/** Nobody's name, avatar or id: where a comment's author is not to be known. */
const NO_AUTHOR = {
  id: '',
  username: null,
  firstName: null,
  lastName: null,
  profileImageUrl: null,
};

/**
 * The story's author's comment on their own story as `forAdmin` or anyone else sees it: the
 * "Author" badge in place of their name, avatar and id (kept for admins), and no side.
 */
export function asStoryAuthor(seen: SeenComment, forAdmin: boolean): SeenComment {
  return { ...seen, author: forAdmin ? seen.author : NO_AUTHOR, side: null, byStoryAuthor: true };
}

/** A deleted comment that replies answer: "[deleted]", with nothing of its author or votes. */
export function toDeletedParent(thread: ThreadDoc): Comment {
  return {
    id: thread._id,
    content: DELETED_TEXT,
    createdAt: thread.createdAt,
    upvotes: 0,
    downvotes: 0,
    author: NO_AUTHOR,
    isOwn: false,
    myVote: null,
    side: null,
    parentId: thread.parentId ?? null,
    replyCount: thread.replies ?? 0,
    deleted: true,
  };
}

/** A held comment, as its author alone sees it in the story's list: awaiting review. */
export function toHeldComment(doc: HeldCommentDoc, seen: SeenComment): Comment {
  return {
    id: doc._id,
    content: doc.content,
    createdAt: doc.heldAt,
    upvotes: 0,
    downvotes: 0,
    ...seen,
    awaitingReview: true,
    parentId: doc.parentId ?? null,
    replyCount: 0,
  };
}

/** A comment on its author's profile: with the start of the story it answers. */
export function toMyComment({ comment: doc, story }: CommentOnStory): MyComment {
  return {
    ...basics(doc),
    story: {
      id: doc.storyId,
      category: story.category,
      content: excerpt(story.content, EXCERPT_LENGTH.profileStory),
    },
  };
}

/** A flagged comment on the admin's list: its author (null once they left) and the story's start. */
export function toFlaggedComment(
  { comment: doc, story }: CommentOnStory,
  author: CommentAuthor | null,
  earlierVersions?: readonly CommentVersion[],
): FlaggedComment {
  return {
    ...basics(doc),
    author,
    ...(earlierVersions ? { earlierVersions: [...earlierVersions] } : {}),
    story: {
      id: doc.storyId,
      category: story.category,
      content: excerpt(story.content, EXCERPT_LENGTH.adminStory),
    },
  };
}
