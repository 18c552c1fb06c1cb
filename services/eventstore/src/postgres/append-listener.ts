import type pg from 'pg';
import { listenOn } from './listen';
import { APPENDED_CHANNEL } from './schema';

/**
 * Hears appends from every process as they commit: the channel the append function notifies,
 * with the new head (`heard(head)`). After a dropped connection is back it says so with
 * `heard(undefined)` (appends may have gone unheard meanwhile); subscriptions poll as well, so
 * none waits on it alone.
 */
export function listenForAppends(
  config: pg.ClientConfig,
  heard: (head: bigint | undefined) => void,
): { close(): Promise<void> } {
  return listenOn(config, APPENDED_CHANNEL, {
    onPayload: (payload) => heard(/^\d+$/.test(payload) ? BigInt(payload) : undefined),
    onListening: () => heard(undefined),
  });
}
