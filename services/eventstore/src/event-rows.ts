import type { EventCatalog, EventMetadata } from '@whosright/contracts/shared/events';
import { decodeData } from './event-codec';
import type { RecordedEvent } from './port';

/**
 * One stored event as an adapter reads it: [id, stream, type, revision, version, position,
 * data, metadata], the bigints as numbers (SQLite's JSON) or decimal text (PostgreSQL).
 */
export type EventRow = [
  string,
  string,
  string,
  number | string,
  number,
  number | string,
  unknown,
  EventMetadata,
];

/** The event readers see from one row: data upcast and parsed by its schema. */
export function eventFromRow(catalog: EventCatalog, row: EventRow): RecordedEvent {
  return {
    id: row[0],
    stream: row[1],
    type: row[2],
    revision: BigInt(row[3]),
    position: BigInt(row[5]),
    data: decodeData(catalog, row[2], row[4], row[6]),
    metadata: row[7],
  };
}
