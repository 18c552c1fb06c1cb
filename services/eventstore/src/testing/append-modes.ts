import type { EventStore } from '../port';

/** The same store without `appendAll`, as a store that cannot append several streams atomically. */
export function oneStreamAtATime(store: EventStore): EventStore {
  const oneAtATime = { ...store };
  delete oneAtATime.appendAll;
  return oneAtATime;
}

/**
 * The two ways the command helpers append, for `describe.each`: with `appendAll` (SQLite) and
 * stream by stream (KurrentDB), over the same store.
 */
export const appendModes: Array<[string, (store: EventStore) => EventStore]> = [
  ['given a store that appends several streams in one step', (store) => store],
  ['given a store that appends one stream at a time', oneStreamAtATime],
];
