import { get, type IncomingHttpHeaders } from 'node:http';

export interface LiveEvent {
  event: string;
  data: string;
}

export interface LiveClient {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body of an answer that is not a stream (an error). */
  body(): Promise<string>;
  /** Every event received so far (comments and `retry` lines left out). */
  events: LiveEvent[];
  /** Resolves with the first event (already received or coming) that matches. */
  next(event: string, matching?: (data: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Resolves once the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** A Server-Sent Events client for specs and benches: GET `url`, parsing frames as they come. */
export function openLive(url: string, headers: Record<string, string> = {}): Promise<LiveClient> {
  return new Promise((resolve, reject) => {
    const req = get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      res.setEncoding('utf8');
      // A stream cut off (the client closes, the server drains) is how it ends, not a failure.
      res.on('error', () => undefined);
      const events: LiveEvent[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let text = '';
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      res.on('data', (chunk: string) => {
        text += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of frame.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length) events.push({ event, data: data.join('\n') });
        }
        for (const wake of waiters) wake();
      });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: async () => {
          await ended;
          return text;
        },
        events,
        next(event, matching = () => true, timeoutMs = 5_000) {
          return new Promise((found, fail) => {
            const check = () => {
              const hit = events.find((e) => e.event === event && matching(e.data));
              if (!hit) return;
              cleanup();
              found(hit.data);
            };
            const timer = setTimeout(() => {
              cleanup();
              fail(new Error(`no ${event} event within ${timeoutMs} ms`));
            }, timeoutMs);
            const cleanup = () => {
              clearTimeout(timer);
              waiters.delete(check);
            };
            waiters.add(check);
            check();
          });
        },
        ended,
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}
