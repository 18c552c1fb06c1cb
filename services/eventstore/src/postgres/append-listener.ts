import pg from 'pg';
import { APPENDED_CHANNEL } from './schema';

const MAX_BACKOFF_MS = 5_000;

/**
 * Hears appends from every process as they commit: one connection that LISTENs on the channel
 * the append function notifies, with the new head (`heard(head)`). When the connection drops it
 * connects again with backoff, and says so with `heard(undefined)` (appends may have gone
 * unheard meanwhile); subscriptions poll as well, so none waits on it alone.
 */
export function listenForAppends(
  config: pg.ClientConfig,
  heard: (head: bigint | undefined) => void,
): { close(): Promise<void> } {
  let client: pg.Client | undefined;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const lost = (gone: pg.Client): void => {
    if (client !== gone) return;
    client = undefined;
    gone.end().catch(() => undefined);
    if (closed) return;
    failures++;
    retry = setTimeout(connect, Math.min(MAX_BACKOFF_MS, 50 * 2 ** failures));
    retry.unref();
  };

  function connect(): void {
    if (closed) return;
    const next = new pg.Client(config);
    client = next;
    next.on('notification', ({ payload }) =>
      heard(payload && /^\d+$/.test(payload) ? BigInt(payload) : undefined),
    );
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next
      .connect()
      .then(() => next.query(`LISTEN ${APPENDED_CHANNEL}`))
      .then(
        () => {
          failures = 0;
          heard(undefined);
        },
        () => lost(next),
      );
  }

  connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}
