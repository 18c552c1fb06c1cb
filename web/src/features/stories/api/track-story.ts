/**
 * POST /api/stories/{id}/track {action}: fire and forget; failures are only logged. A call the
 * client rate limiter refuses waits for room in its group and goes again (a fast reader's views
 * arrive a little late rather than never). Skips go through skip-queue.ts, which keeps them
 * until the server has them.
 */
import type { TrackAction } from '@whosright/contracts/story/events';

import { apiRequest } from '#web/lib/api-client.ts';
import { RateLimitError, retryDelayAfterRefusal } from '#web/lib/client-rate-limiter.ts';

const MAX_REFUSALS = 3;

export function trackStory(id: string, action: TrackAction, refusals = 0): void {
  apiRequest('POST', `/api/stories/${encodeURIComponent(id)}/track`, { body: { action } }).catch(
    (error: unknown) => {
      if (error instanceof RateLimitError && refusals < MAX_REFUSALS) {
        setTimeout(() => trackStory(id, action, refusals + 1), retryDelayAfterRefusal(error));
        return;
      }
      console.warn(`Tracking ${action} of ${id} failed`, error);
    },
  );
}
