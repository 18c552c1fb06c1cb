import type { LogReader } from '@whosright/eventstore/port';
import { handles, logFilterFor, type AnyProjection } from './projection';

/** The position of the first event a copy has yet to reflect, up to `head` (undefined: none). */
export type FirstPendingEvent = (
  copy: number | undefined,
  checkpoint: bigint,
  head: bigint,
) => Promise<bigint | undefined>;

interface Searched {
  /** The copy (generation) this is about. */
  copy: number | undefined;
  /** No event the projection handles lies between the copy's checkpoint and this position. */
  to: bigint;
  /** The first event it handles after the copy's checkpoint, once found. */
  found: bigint | undefined;
}

/**
 * Finds the first event after a copy's checkpoint that its projection handles. Events it does not
 * handle never count: a copy passes over them without storing its checkpoint each time. Each
 * search starts where the last one ended, so a report reads only what was appended since.
 */
export function firstPendingEvent(
  log: Pick<LogReader, 'readAll'>,
  projection: AnyProjection,
): FirstPendingEvent {
  const filter = logFilterFor([projection]);
  let searched: Searched = { copy: undefined, to: 0n, found: undefined };

  return async (copy, checkpoint, head) => {
    // Another copy (a rebuild swapped in): what was found of the old one says nothing of it.
    if (searched.copy !== copy) searched = { copy, to: 0n, found: undefined };
    const state = searched;
    if (state.found !== undefined && state.found > checkpoint) return state.found;
    state.found = undefined;
    const after = checkpoint > state.to ? checkpoint : state.to;
    if (after >= head) return undefined;
    // With a type filter the store skips the other events; `canHandle` decides for itself.
    const events = log.readAll(filter ? { after, filter, limit: 1 } : { after });
    for await (const event of events) {
      if (event.position > head) break;
      if (handles(projection, event)) return (state.found = event.position);
    }
    if (state.to < head) state.to = head;
    return undefined;
  };
}
