/** POST /api/stories/{id}/track {action}: fire and forget; failures are only logged. */
import type { TrackAction } from '@whosright/contracts/story/events';

import { apiRequest } from '#web/lib/api-client.ts';

export function trackStory(id: string, action: TrackAction): void {
  apiRequest('POST', `/api/stories/${encodeURIComponent(id)}/track`, { body: { action } }).catch(
    (error: unknown) => console.warn(`Tracking ${action} of ${id} failed`, error),
  );
}
