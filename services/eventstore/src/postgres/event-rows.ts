import type { EventCatalog } from '@whosright/contracts/shared/events';
import { eventFromRow, type EventRow } from '../event-rows';
import type { RecordedEvent } from '../port';

/** The columns every read selects, as an `EventRow` in array mode (bigints as decimal text). */
export const COLUMNS = 'id, stream, type, revision, version, position, data, metadata';

/** Turns one row into the event readers see: data upcast and parsed by its schema. */
export function rowDecoder(catalog: EventCatalog): (row: EventRow) => RecordedEvent {
  return (row) => eventFromRow(catalog, row);
}
