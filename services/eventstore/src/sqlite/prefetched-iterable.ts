export interface RawPage<TRaw, TCursor> {
  raw: TRaw;
  /** Where the following page starts, known before `raw` is decoded; undefined after the last page. */
  next: TCursor | undefined;
}

/**
 * An async iterable over pages fetched one ahead: as soon as a page arrives the next one is
 * requested, and only then is the arrived one decoded, so fetching (in a worker thread) and
 * decoding (here) overlap.
 */
export function prefetchedIterable<TRaw, T, TCursor>(
  first: TCursor,
  fetch: (cursor: TCursor) => Promise<RawPage<TRaw, TCursor>>,
  decode: (raw: TRaw) => T[],
): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<T> {
      let items: T[] = [];
      let index = 0;
      let inflight: Promise<RawPage<TRaw, TCursor>> | undefined;
      const request = (cursor: TCursor): void => {
        inflight = fetch(cursor);
        // Marked handled: a page nobody waits for any more (return() was called) must not
        // surface as an unhandled rejection. Whoever awaits it still sees the error.
        inflight.catch(() => undefined);
      };
      request(first);

      const advance = async (): Promise<IteratorResult<T>> => {
        while (index === items.length) {
          if (!inflight) return { done: true, value: undefined };
          const page = await inflight;
          inflight = undefined;
          if (page.next !== undefined) request(page.next);
          items = decode(page.raw);
          index = 0;
        }
        return { done: false, value: items[index++]! };
      };

      return {
        next(): Promise<IteratorResult<T>> {
          // The common case stays a settled promise: no async frame per event.
          if (index < items.length) return Promise.resolve({ done: false, value: items[index++]! });
          return advance();
        },
        return(): Promise<IteratorResult<T>> {
          inflight = undefined;
          items = [];
          index = 0;
          return Promise.resolve({ done: true, value: undefined });
        },
      };
    },
  };
}
