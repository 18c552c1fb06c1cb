import type { Router } from 'express';
import { storyIdParamsSchema } from '@whosright/contracts/story/dto';
import type { StoryQueries } from '@whosright/projections/stories/queries';
import { authOf } from '#api/platform/auth';
import { clientKeyOf } from '#api/platform/connections/client-address';
import { HttpError, RateLimitedError } from '#api/platform/errors';
import { byIp } from '#api/platform/rate-limit/rate-limit-middleware';
import type { LiveHub } from './live-hub';
import type { LiveSlots } from './live-slots';
import { LiveStream, type LiveTiming } from './live-stream';
import type { StoryService } from './story-service';
import { toCard } from './story-views';

/** Open live streams allowed per client (an IPv4 address, an IPv6 /64). */
export const LIVE_STREAMS_PER_CLIENT = 6;
/** However many descriptors, one instance holds no more streams than this (memory, fan-out). */
const LIVE_STREAMS_CEILING = 10_000;

/** Streams one instance holds: what its descriptors allow for them, within the ceiling. */
export function liveStreamsTotal(allowedByDescriptors: number): number {
  return Math.max(1, Math.min(LIVE_STREAMS_CEILING, allowedByDescriptors));
}

export interface LiveRoutesDeps {
  stories: StoryService;
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
    return doc?.status === 'approved' ? JSON.stringify(toCard(doc)) : undefined;
  };
}

/**
 * GET /api/stories/{id}/live: Server-Sent Events for the story screen. `tally` carries the story
 * card whenever its votes, reactions or comment count change; `comments` says the comment list
 * changed (the screen refetches it); `reconnect` says the stream is ending (its lifetime is up)
 * and when to come back. A reconnection with `Last-Event-ID` starts with the current tally.
 * Who may follow a story is who may read it.
 */
export function liveRoutes(router: Router, { stories, hub, slots, timing }: LiveRoutesDeps): void {
  router.get('/stories/:id/live', async (req, res) => {
    const { id } = storyIdParamsSchema.parse(req.params);
    await stories.visible(id, authOf(req).user);
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
