import { ConflictError, ForbiddenError, NotFoundError } from '#api/platform/errors';
import type { Rejections } from '#api/write/rejection';
import type { StoryRejection } from './decider';

export const ALREADY_VOTED_MESSAGE = 'Already voted on this story';

/** An anonymous view or skip this address already counted today: the track route stays silent. */
export class AlreadyCountedFromAddress extends ConflictError {
  constructor() {
    super('Already counted from this address');
  }
}

/**
 * What a client sees when a story command is refused. A story that is not approved answers
 * 404 like a missing one: nobody learns that a pending or hidden story exists.
 */
export const storyRejections: Rejections<StoryRejection> = {
  already_submitted: () => new ConflictError('This story already exists'),
  not_found: () => new NotFoundError('Story not found'),
  not_approved: () => new NotFoundError('Story not found'),
  not_author_or_admin: () =>
    new ForbiddenError('Only the author or an admin can delete this story'),
  // Someone else's story, even an admin's view of it: only its author can edit it.
  not_author: () => new NotFoundError('Story not found'),
  not_rejected: () =>
    new ConflictError('Only a rejected story can be resubmitted', 'story_not_rejected'),
  was_published: () =>
    new ConflictError(
      'A story that was published keeps its text, votes and comments: post a new story instead',
      'story_was_published',
    ),
  already_voted: () => new ConflictError(ALREADY_VOTED_MESSAGE, 'already_voted'),
  counted_from_address: () => new AlreadyCountedFromAddress(),
};
