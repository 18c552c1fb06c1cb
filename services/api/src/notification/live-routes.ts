import type { Router } from 'express';
import { currentUser } from '#api/platform/auth';
import { clientKeyOf } from '#api/platform/connections/client-address';
import { HttpError, RateLimitedError } from '#api/platform/errors';
import type { LiveSlots } from '#api/platform/live/live-slots';
import { LiveStream, type LiveTiming } from '#api/platform/live/live-stream';
import { byIp } from '#api/platform/rate-limit/rate-limit-middleware';
import type { LiveBellHub } from './live-bell-hub';

export interface NotificationLiveRoutesDeps {
  hub: LiveBellHub;
  /** The story screens' slots: a client's bells and story streams share its allowance. */
  slots: LiveSlots;
  timing?: LiveTiming;
}

/**
 * GET /api/notifications/live: Server-Sent Events for the member's bell (banned members' too, as
 * they may read their notifications). `unread` carries `{ unread }` at once and whenever the
 * count changes; `reconnect` says the stream is ending (its lifetime is up) and when to come back.
 */
export function notificationLiveRoutes(
  router: Router,
  { hub, slots, timing }: NotificationLiveRoutesDeps,
): void {
  router.get('/notifications/live', (req, res) => {
    const user = currentUser(req);
    if (!hub.accepting) throw new HttpError(503, 'unavailable', 'The server is restarting');
    // Shedding ends older streams only, never the one being opened: `stream` exists by then.
    const slot = slots.take(clientKeyOf(byIp(req)), () => stream.end());
    if ('refused' in slot) throw new RateLimitedError(10, slots.maxPerClient);
    const stream = new LiveStream(res, timing);
    const leave = hub.add(user._id, stream);
    res.on('close', () => {
      leave();
      slot.release();
    });
  });
}
