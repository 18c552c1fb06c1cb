import type { Comment } from '@whosright/contracts/comment/dto';
import { publicNameOf } from '@whosright/contracts/account/display-name';

/** What a deleted comment that replies answer is shown as, in place of its author and text. */
const DELETED_COMMENT = '[deleted]';

/** What the story's author is called on their own story, in place of their name. */
export const STORY_AUTHOR = 'Author';

/** Who wrote a comment, as the thread names them (a reply box, "replying to ..."). */
export function commentNameOf(comment: Comment): string {
  if (comment.deleted) return DELETED_COMMENT;
  if (comment.byStoryAuthor) return STORY_AUTHOR;
  return publicNameOf(comment.author);
}
