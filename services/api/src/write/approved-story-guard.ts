import type { StoryEvent } from '@whosright/contracts/story/events';
import type { Decider } from '@whosright/eventstore/command/handle-command';
import { commandOn, type StreamCommand } from '@whosright/eventstore/command/handle-commands';
import { NotFoundError } from '#api/platform/errors';
import { CommandRejected, type Rejections } from './rejection';

type Status = 'none' | 'pending' | 'approved' | 'rejected' | 'hidden' | 'deleted';

/**
 * "The story is approved", as a precondition on its `story-{id}` stream: a comment or a comment
 * vote is appended together with the expectation that the story has not moved since, so one
 * that races the story's deletion or hiding is refused instead of outliving it (issue 18).
 */
const approvedStory: Decider<Status, { type: 'AssertApproved' }, StoryEvent> = {
  initialState: () => 'none',
  evolve(status, event) {
    switch (event.type) {
      case 'StorySubmitted':
        return 'pending';
      case 'StoryModerated':
        return event.data.to;
      case 'StoryDeleted':
        return 'deleted';
      default:
        return status;
    }
  },
  decide(_command, status) {
    if (status !== 'approved') throw new CommandRejected('approved-story', 'story_not_found');
    return [];
  },
};

/** Put first among the commands of a write on a story's comments. */
export function approvedStoryGuard(storyId: string): StreamCommand {
  return commandOn(`story-${storyId}`, approvedStory, { type: 'AssertApproved' }, { guard: true });
}

export const approvedStoryRejections: Rejections<'story_not_found'> = {
  story_not_found: () => new NotFoundError('Story not found'),
};
