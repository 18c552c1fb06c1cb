/**
 * A Server-Sent Events stream of the API, followed as the server means it: a stream lasts
 * minutes, not for ever, and before the server ends one in order it sends `reconnect`; the
 * browser's own reconnection (after the delay the server set, with `Last-Event-ID`) is let
 * through. When the stream drops otherwise (or that reconnection fails) it is closed, `onDrop`
 * says what may have been missed, and it is opened again later: after 15 s, then 30 s, ...,
 * giving up after four tries (the page carries on with its normal queries).
 */
const RETRY_DELAY_MS = 15_000;
const MAX_RETRIES = 4;

export interface LiveEventsOptions {
  /** What each named event does with its data (one line of JSON). */
  on: Record<string, (data: string) => void>;
  /** The stream is open, at first or again. */
  onOpen?: () => void;
  /** The stream dropped: it is closed until its next try. */
  onDrop?: () => void;
}

/** Opens the stream at `url`; answers the function that closes it for good. */
export function followLiveEvents(
  url: string,
  { on, onOpen, onDrop }: LiveEventsOptions,
): () => void {
  let source: EventSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let closed = false;
  /** The server said it is ending the stream and when to come back. */
  let ending = false;

  const open = () => {
    source = new EventSource(url);
    source.addEventListener('open', () => {
      failures = 0;
      ending = false;
      onOpen?.();
    });
    source.addEventListener('reconnect', () => {
      ending = true;
    });
    for (const [event, handle] of Object.entries(on))
      source.addEventListener(event, (message: MessageEvent<string>) => {
        if (!closed) handle(message.data);
      });
    source.addEventListener('error', () => {
      // The orderly end: the browser is already reconnecting. A second error is a real drop.
      if (ending && source?.readyState === EventSource.CONNECTING) {
        ending = false;
        return;
      }
      source?.close();
      onDrop?.();
      failures += 1;
      if (failures <= MAX_RETRIES) retry = setTimeout(open, RETRY_DELAY_MS * failures);
    });
  };
  open();
  return () => {
    closed = true;
    clearTimeout(retry);
    source?.close();
  };
}
