import { createHash } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/** A new event id: a UUIDv7, so ids sort by creation time. */
export function newEventId(): string {
  return uuidv7();
}

/**
 * The id of the `index`th event of the `call`th append a keyed write makes: a UUID (version 8,
 * from a SHA-256 of the write's key) that a retry of the same write derives again, so the log
 * itself tells whether that write was already appended.
 */
export function derivedEventId(key: string, call: number, index: number): string {
  const bytes = createHash('sha256').update(`${key}\u0000${call}\u0000${index}`).digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
