import pg from 'pg';

const MAX_BACKOFF_MS = 5_000;

export interface ChannelListener {
  /** A notification on the channel, with its payload. */
  onPayload(payload: string): void;
  /** LISTEN is in place (first, and after each reconnection): what was missed meanwhile is unknown. */
  onListening?(): void;
  /** The connection dropped: notifications go unheard until `onListening` again. */
  onLost?(): void;
}

/**
 * One connection that LISTENs on `channel` and hands each notification to `listener`; when the
 * connection drops it connects again with backoff, saying so through `onLost` and `onListening`.
 */
export function listenOn(
  config: pg.ClientConfig,
  channel: string,
  listener: ChannelListener,
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
    listener.onLost?.();
    failures++;
    retry = setTimeout(connect, Math.min(MAX_BACKOFF_MS, 50 * 2 ** failures));
    retry.unref();
  };

  function connect(): void {
    if (closed) return;
    const next = new pg.Client(config);
    client = next;
    next.on('notification', ({ payload }) => listener.onPayload(payload ?? ''));
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next
      .connect()
      .then(() => next.query(`LISTEN ${channel}`))
      .then(
        () => {
          failures = 0;
          listener.onListening?.();
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
