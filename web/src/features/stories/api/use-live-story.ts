/**
 * GET /api/stories/{id}/live (Server-Sent Events): the results and comments of the story screen
 * follow other people's votes and comments without a reload. `tally` carries the story card and
 * goes into the story's query cache; `comments` says the comment list changed (the route that
 * composes the comments refetches them). After the server's orderly end the browser's
 * reconnection is answered the current tally; after a drop the story is refetched once and the
 * normal queries carry on (lib/live-events.ts).
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { StoryCard, StoryView } from '@whosright/contracts/story/dto';

import { followLiveEvents } from '#web/lib/live-events.ts';
import { storyKeys } from '#web/features/stories/api/story-keys.ts';
import { storyCardShape } from '#web/features/stories/api/story-shapes.ts';

/** The card of a `tally` event, checked against the contract; anything else is ignored. */
function tallyCard(data: string): StoryCard | undefined {
  try {
    return storyCardShape(JSON.parse(data));
  } catch {
    return undefined;
  }
}

export function useLiveStory(
  id: string,
  { enabled, onComments }: { enabled: boolean; onComments?: () => void },
): void {
  const queryClient = useQueryClient();
  const onCommentsRef = useRef(onComments);
  useEffect(() => {
    onCommentsRef.current = onComments;
  }, [onComments]);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    return followLiveEvents(`/api/stories/${encodeURIComponent(id)}/live`, {
      on: {
        tally: (data) => {
          const card = tallyCard(data);
          // The card is everyone's; the viewer's own vote, reactions, save, follow and authorship
          // stay.
          if (card && card.id === id)
            queryClient.setQueryData<StoryView>(storyKeys.detail(id), (old) =>
              old
                ? {
                    ...card,
                    myVote: old.myVote,
                    myReactions: old.myReactions,
                    saved: old.saved,
                    following: old.following,
                    isOwn: old.isOwn,
                  }
                : undefined,
            );
        },
        comments: () => onCommentsRef.current?.(),
      },
      // Changes may have been missed while the stream was down.
      onDrop: () => void queryClient.invalidateQueries({ queryKey: storyKeys.detail(id) }),
    });
  }, [id, enabled, queryClient]);
}
