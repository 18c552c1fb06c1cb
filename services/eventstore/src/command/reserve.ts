import { WrongExpectedVersion } from '../errors';
import type { EventStore, NewEvent } from '../port';

export type ReservationResult =
  | { reserved: true; position: bigint }
  | { reserved: false; reason: 'already_reserved'; stream: string };

/**
 * Claims a unique value through a reservation stream (DESIGN.md 4: `email-{hash}`,
 * `storyVote-{storyId}-{userId}`): the first append with "no stream" wins, and every later one
 * learns the value is taken. Re-sending the same event id (a retried request) is acknowledged.
 */
export async function reserve(
  store: EventStore,
  stream: string,
  event: NewEvent,
): Promise<ReservationResult> {
  try {
    const result = await store.append(stream, [event], 'no_stream');
    return { reserved: true, position: result.position };
  } catch (error) {
    if (error instanceof WrongExpectedVersion)
      return { reserved: false, reason: 'already_reserved', stream };
    throw error;
  }
}
