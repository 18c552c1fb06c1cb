/**
 * GET /api/stories/{id}/live (Server-Sent Events): the results and comments of the story screen
 * follow other people's votes and comments without a reload. `tally` carries the story card and
 * goes into the story's query cache; `comments` says the comment list changed (the route that
 * composes the comments refetches them). A stream lasts minutes, not for ever: before the server
 * ends one in order it sends `reconnect`, and the browser's own reconnection (after the delay the
 * server set, with `Last-Event-ID`) is let through; the server answers it with the current tally.
 * When the stream drops otherwise (or that reconnection fails) it is closed, the story is
 * refetched once and the normal queries carry on; it is opened again a little later.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { StoryCard, StoryView } from '@whosright/contracts/story/dto';

import { storyKeys } from '#web/features/stories/api/story-keys.ts';
import { storyCardShape } from '#web/features/stories/api/story-shapes.ts';

/** After a drop: wait 15 s, then 30 s, ...; give up after this many tries (the page still works). */
const RETRY_DELAY_MS = 15_000;
const MAX_RETRIES = 4;

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
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let closed = false;
    /** The server said it is ending the stream and when to come back. */
    let ending = false;

    const open = () => {
      source = new EventSource(`/api/stories/${encodeURIComponent(id)}/live`);
      source.addEventListener('open', () => {
        failures = 0;
        ending = false;
      });
      source.addEventListener('reconnect', () => {
        ending = true;
      });
      source.addEventListener('tally', (event: MessageEvent<string>) => {
        const card = tallyCard(event.data);
        // The card is everyone's; the viewer's own vote and reactions stay as they were.
        if (card && !closed && card.id === id)
          queryClient.setQueryData<StoryView>(storyKeys.detail(id), (old) =>
            old ? { ...card, myVote: old.myVote, myReactions: old.myReactions } : undefined,
          );
      });
      source.addEventListener('comments', () => onCommentsRef.current?.());
      source.addEventListener('error', () => {
        // The orderly end: the browser is already reconnecting. A second error is a real drop.
        if (ending && source?.readyState === EventSource.CONNECTING) {
          ending = false;
          return;
        }
        source?.close();
        // Changes may have been missed while the stream was down.
        void queryClient.invalidateQueries({ queryKey: storyKeys.detail(id) });
        failures += 1;
        if (failures <= MAX_RETRIES) retry = setTimeout(open, RETRY_DELAY_MS * failures);
      });
    };
    open();
    return () => {
      closed = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [id, enabled, queryClient]);
}
