import type { EventFilter, RecordedEvent } from './port';

/** Whether an event passes a port filter (for adapters that filter on the client). */
export function matchesFilter(
  filter: EventFilter | undefined,
  event: Pick<RecordedEvent, 'type' | 'stream'>,
): boolean {
  if (filter?.eventTypes && !filter.eventTypes.includes(event.type)) return false;
  if (
    filter?.streamPrefixes &&
    !filter.streamPrefixes.some((prefix) => event.stream.startsWith(prefix))
  )
    return false;
  return true;
}
