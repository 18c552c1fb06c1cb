import { v7 as uuidv7 } from 'uuid';

/** A new event id: a UUIDv7, so ids sort by creation time. */
export function newEventId(): string {
  return uuidv7();
}
