import type { ServerResponse } from 'node:http';

/** A comment line every so often keeps proxies and load balancers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/** How long a browser waits before reconnecting on its own (the web app closes instead). */
const RETRY_MS = 10_000;

/** One event as it goes on the wire (`data` is one line of JSON). */
export function eventFrame(event: string, data: string): string {
  return `event: ${event}\ndata: ${data}\n\n`;
}

/**
 * One Server-Sent Events response. Back-pressure: while the socket's buffer is full (`write`
 * returned false) nothing is queued; only the latest frame of each event name waits, and goes
 * out on 'drain'. A slow client thus misses intermediate tallies, never the latest one.
 */
export class LiveStream {
  private blocked = false;
  private ended = false;
  private readonly waiting = new Map<string, string>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly res: ServerResponse,
    heartbeatMs = HEARTBEAT_MS,
  ) {
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('X-Accel-Buffering', 'no');
    res.socket?.setNoDelay(true);
    res.flushHeaders();
    this.write(`retry: ${RETRY_MS}\n: open\n\n`);
    this.heartbeat = setInterval(() => {
      if (!this.blocked) this.write(': heartbeat\n\n');
    }, heartbeatMs);
    this.heartbeat.unref();
    res.on('drain', () => this.flushWaiting());
    res.on('close', () => this.stop());
  }

  /** Sends one event (`data` is one line of JSON). */
  send(event: string, data: string): void {
    this.sendFrame(event, eventFrame(event, data));
  }

  /** Sends a frame built once with `eventFrame` for many streams. */
  sendFrame(event: string, frame: string): void {
    if (this.ended) return;
    if (this.blocked) this.waiting.set(event, frame);
    else this.write(frame);
  }

  /** Closes the response (the server drains, the story went away). */
  end(): void {
    if (this.ended) return;
    this.stop();
    this.res.end();
  }

  private write(frame: string): void {
    if (!this.res.write(frame)) this.blocked = true;
  }

  private flushWaiting(): void {
    this.blocked = false;
    for (const [event, frame] of this.waiting) {
      this.waiting.delete(event);
      this.write(frame);
      if (this.blocked) return;
    }
  }

  private stop(): void {
    this.ended = true;
    this.waiting.clear();
    clearInterval(this.heartbeat);
  }
}
