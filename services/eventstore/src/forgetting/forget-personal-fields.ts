import type { EventCatalog } from '@whosright/contracts/shared/events';
import type { Forgotten, RecordedEvent } from '../port';

/**
 * The upcaster of forgotten members: the event as a read of the log shows it, its data passed
 * through the forgetting its type declares in the catalog (`defineEvent(..., { forgetting })`).
 * The stored event is never changed; this names no event type. Pure.
 */
export function forgetPersonalFields(
  event: RecordedEvent,
  forgotten: Forgotten,
  catalog: EventCatalog,
): RecordedEvent {
  if (forgotten.users.size === 0) return event;
  const forgetting = catalog.get(event.type)?.forgetting;
  if (!forgetting || !('forget' in forgetting)) return event;
  const data = forgetting.forget(event.data, forgotten, { stream: event.stream });
  return data === event.data ? event : { ...event, data };
}
