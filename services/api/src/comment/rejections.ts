import { ConflictError, ForbiddenError, NotFoundError } from '#api/platform/errors';
import type { Rejections } from '#api/write/rejection';
import type { CommentRejection } from './decider';

/**
 * What a client sees when a comment command is refused. A comment that already exists is a
 * 409 Conflict, as a story that already exists is: the request conflicts with what is there.
 */
export const commentRejections: Rejections<CommentRejection> = {
  already_posted: () => new ConflictError('This comment already exists'),
  not_found: () => new NotFoundError('Comment not found'),
  not_author: () => new ForbiddenError('Only its author can edit this comment'),
  not_author_or_admin: () =>
    new ForbiddenError('Only the author or an admin can delete this comment'),
  own_comment: () => new ForbiddenError('You cannot vote on your own comment'),
  story_not_found: () => new NotFoundError('Story not found'),
  not_held: () => new NotFoundError('No held comment with this id'),
  parent_not_found: () => new NotFoundError('The comment you are replying to is not there'),
};
