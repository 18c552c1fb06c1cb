import type { AppendResult, EventStore } from '@whosright/eventstore/port';

/** Appends one StorySubmitted of the sample catalog, as the story slice would. */
export function submitStory(
  eventStore: EventStore,
  storyId: string,
  content = 'a story',
): Promise<AppendResult> {
  return eventStore.append(
    `story-${storyId}`,
    [
      {
        type: 'StorySubmitted',
        data: {
          storyId,
          authorId: 'user_1',
          category: 'other',
          content,
          submittedAt: new Date().toISOString(),
        },
        metadata: { correlationId: storyId },
      },
    ],
    'no_stream',
  );
}
