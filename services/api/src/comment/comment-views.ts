import type { CommentAuthor, FlaggedComment, MyComment } from '@whosright/contracts/comment/dto';
import { EXCERPT_LENGTH } from '@whosright/contracts/shared/constants';
import { excerpt } from '@whosright/contracts/shared/excerpt';
import type { CommentOnStory } from './comment-service';

/** A comment on its author's profile: with the start of the story it answers. */
export function toMyComment({ comment: doc, story }: CommentOnStory): MyComment {
  return {
    id: doc._id,
    content: doc.content,
    createdAt: doc.createdAt,
    upvotes: doc.upvotes,
    downvotes: doc.downvotes,
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
): FlaggedComment {
  return {
    id: doc._id,
    content: doc.content,
    createdAt: doc.createdAt,
    upvotes: doc.upvotes,
    downvotes: doc.downvotes,
    author,
    story: {
      id: doc.storyId,
      category: story.category,
      content: excerpt(story.content, EXCERPT_LENGTH.adminStory),
    },
  };
}
