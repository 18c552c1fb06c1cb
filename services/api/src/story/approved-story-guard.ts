import { commandOn, type FoldedStream, type StreamCommand } from '#api/write/commands';
import { approvedStory, type StoryState } from './decider';

/**
 * Put first among the commands of a write on an approved story (a vote, a view, a reaction, a
 * comment): the write lands only if the story is approved at the revision it was decided on.
 * `fold` is where the story's state comes from (the service's cache of story folds).
 */
export function approvedStoryGuard(
  storyId: string,
  fold?: (stream: string) => Promise<FoldedStream<StoryState>>,
): StreamCommand {
  return commandOn(
    `story-${storyId}`,
    approvedStory,
    { type: 'AssertApproved' },
    { guard: true, ...(fold ? { fold } : {}) },
  );
}
