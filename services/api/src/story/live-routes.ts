import type { Router } from 'express';
import { storyIdParamsSchema } from '@whosright/contracts/story/dto';
import { isPublicStory } from '@whosright/contracts/story/rules';
import type { StoryQueries } from '@whosright/projections/stories/queries';
import { authOf } from '#api/platform/auth';
import { clientKeyOf } from '#api/platform/connections/client-address';
import { HttpError, RateLimitedError } from '#api/platform/errors';
import { byIp } from '#api/platform/rate-limit/rate-limit-middleware';
import type { LiveSlots } from '#api/platform/live/live-slots';
import { LiveStream, type LiveTiming } from '#api/platform/live/live-stream';
import type { LiveHub } from './live-hub';
import type { StoryReads } from './story-reads';
import { toCard } from './story-views';

export interface LiveRoutesDeps {
  /** Decides who may follow the story: who may read it. */
  reads: Pick<StoryReads, 'visible'>;
  hub: LiveHub;
  slots: LiveSlots;
  timing?: LiveTiming;
}

/** What a `tally` event carries: the story card, as GET /api/stories/{id} answers it. */
export function tallyReader(
  queries: StoryQueries,
): (storyId: string) => Promise<string | undefined> {
  return async (storyId) => {
    const doc = await queries.byId(storyId);
    return isPublicStory(doc) ? JSON.stringify(toCard(doc)) : undefined;
  };
}

/**
 * GET /api/stories/{id}/live: Server-Sent Events for the story screen. `tally` carries the story
 * card whenever its votes, reactions or comment count change; `comments` says the comment list
 * changed (the screen refetches it); `reconnect` says the stream is ending (its lifetime is up)
 * and when to come back. A reconnection with `Last-Event-ID` starts with the current tally.
 * Who may follow a story is who may read it.
 */
export function liveRoutes(router: Router, { reads, hub, slots, timing }: LiveRoutesDeps): void {
  router.get('/stories/:id/live', async (req, res) => {
    const { id } = storyIdParamsSchema.parse(req.params);
    await reads.visible(id, authOf(req).user);
    if (!hub.accepting) throw new HttpError(503, 'unavailable', 'The server is restarting');
    // Gone while the story was read: its 'close' has passed, nothing would free the slot.
    if (req.socket.destroyed) return;
    // Shedding ends older streams only, never the one being opened: `stream` exists by then.
    const slot = slots.take(clientKeyOf(byIp(req)), () => stream.end());
    if ('refused' in slot) throw new RateLimitedError(10, slots.maxPerClient);
    const stream = new LiveStream(res, timing);
    const leave = hub.add(id, stream);
    res.on('close', () => {
      leave();
      slot.release();
    });
    if (req.headers['last-event-id'] !== undefined) await hub.resume(id, stream);
  });
}
