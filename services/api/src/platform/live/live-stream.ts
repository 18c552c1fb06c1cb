import type { ServerResponse } from 'node:http';

/** A comment line every so often keeps proxies and load balancers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/** How long a browser waits before reconnecting on its own (the web app closes instead). */
const RETRY_MS = 10_000;

/**
 * A stream lasts at most this long, ended at a random point in its last fifth so streams opened
 * together do not all end together. A slot is thus never held for good, and the instance's
 * streams turn over while their screens reconnect.
 */
const MAX_LIFETIME_MS = 10 * 60_000;
/** After such an orderly end the browser reconnects after a random 1 to 5 s (spread out). */
const RECONNECT_MIN_MS = 1_000;
const RECONNECT_SPREAD_MS = 4_000;

export interface LiveTiming {
  heartbeatMs?: number;
  maxLifetimeMs?: number;
  /** In [0, 1), for the jitter (tests pin it). */
  random?: () => number;
}

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
  private readonly lifetime: NodeJS.Timeout;

  constructor(
    private readonly res: ServerResponse,
    {
      heartbeatMs = HEARTBEAT_MS,
      maxLifetimeMs = MAX_LIFETIME_MS,
      random = Math.random,
    }: LiveTiming = {},
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
    const lifetimeMs = maxLifetimeMs * (0.8 + 0.2 * random());
    const reconnectMs = Math.round(RECONNECT_MIN_MS + RECONNECT_SPREAD_MS * random());
    this.lifetime = setTimeout(() => this.endForReconnect(reconnectMs), lifetimeMs);
    this.lifetime.unref();
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

  /**
   * The lifetime is up: a `reconnect` event (with an id, so the browser's reconnection carries
   * `Last-Event-ID` and is answered a fresh tally) and the `retry` to wait, then the end.
   */
  private endForReconnect(afterMs: number): void {
    if (this.ended) return;
    this.res.write(
      `retry: ${afterMs}\nid: ${Date.now()}\n${eventFrame('reconnect', JSON.stringify({ afterMs }))}`,
    );
    this.end();
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
    clearTimeout(this.lifetime);
  }
}
