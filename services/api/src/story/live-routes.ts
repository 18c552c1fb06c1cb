import type { Router } from 'express';
import { storyIdParamsSchema } from '@whosright/contracts/story/dto';
import type { StoryQueries } from '@whosright/projections/stories/queries';
import { authOf } from '#api/platform/auth';
import { HttpError, RateLimitedError } from '#api/platform/errors';
import { byIp } from '#api/platform/rate-limit/rate-limit-middleware';
import type { LiveHub } from './live-hub';
import type { LiveSlots } from './live-slots';
import { LiveStream } from './live-stream';
import type { StoryService } from './story-service';
import { toCard } from './story-views';

/** Open live streams allowed per client address, and on one API instance. */
export const LIVE_STREAMS_PER_CLIENT = 6;
export const LIVE_STREAMS_TOTAL = 10_000;

export interface LiveRoutesDeps {
  stories: StoryService;
  hub: LiveHub;
  slots: LiveSlots;
  heartbeatMs?: number;
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
 * changed (the screen refetches it). Who may follow a story is who may read it.
 */
export function liveRoutes(
  router: Router,
  { stories, hub, slots, heartbeatMs }: LiveRoutesDeps,
): void {
  router.get('/stories/:id/live', async (req, res) => {
    const { id } = storyIdParamsSchema.parse(req.params);
    await stories.visible(id, authOf(req).user);
    if (!hub.accepting) throw new HttpError(503, 'unavailable', 'The server is restarting');
    // Gone while the story was read: its 'close' has passed, nothing would free the slot.
    if (req.socket.destroyed) return;
    const slot = slots.take(byIp(req) ?? 'unknown');
    if ('refused' in slot) {
      if (slot.refused === 'client') throw new RateLimitedError(10, slots.maxPerClient);
      throw new HttpError(503, 'unavailable', 'Too many live streams; try again later');
    }
    const stream = new LiveStream(res, heartbeatMs);
    const leave = hub.add(id, stream);
    res.on('close', () => {
      leave();
      slot.release();
    });
  });
}
