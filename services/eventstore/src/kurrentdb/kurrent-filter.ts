import { eventTypeFilter, excludeSystemEvents, streamNameFilter } from '@kurrent/kurrentdb-client';
import type { AllStreamSubscription, Filter, Position } from '@kurrent/kurrentdb-client';
import type { EventFilter } from '../port';

export interface CheckpointOptions {
  /** Multiplier of the server's search window (32 events) between checkpoints. */
  checkpointInterval?: number;
  checkpointReached?: (
    subscription: AllStreamSubscription,
    position: Position,
  ) => Promise<void> | void;
}

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The server-side filter for a port filter. The server takes one filter, so types win and a
 * stream-prefix filter given with them is applied on the client (see `matchesFilter` in `event-filter.ts`).
 */
export function toServerFilter(
  filter: EventFilter | undefined,
  checkpoint: CheckpointOptions = {},
): Filter {
  const options = {
    checkpointInterval: checkpoint.checkpointInterval ?? 1,
    ...(checkpoint.checkpointReached ? { checkpointReached: checkpoint.checkpointReached } : {}),
  };
  if (filter?.eventTypes && filter.eventTypes.length > 0) {
    return eventTypeFilter({
      ...options,
      regex: `^(?:${filter.eventTypes.map(escapeRegex).join('|')})$`,
    });
  }
  if (filter?.streamPrefixes && filter.streamPrefixes.length > 0) {
    return streamNameFilter({ ...options, prefixes: [...filter.streamPrefixes] });
  }
  return excludeSystemEvents(options);
}
