import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { LiveStream } from './live-stream';

/** A response whose socket buffer is full while `full` is set. */
class FakeResponse extends EventEmitter {
  statusCode = 0;
  readonly headers = new Map<string, string>();
  readonly written: string[] = [];
  full = false;
  ended = false;
  setHeader(name: string, value: string) {
    this.headers.set(name.toLowerCase(), value);
  }
  flushHeaders() {}
  write(chunk: string) {
    this.written.push(chunk);
    return !this.full;
  }
  end() {
    this.ended = true;
    this.emit('close');
  }
}

function open() {
  const fake = new FakeResponse();
  const stream = new LiveStream(fake as unknown as ServerResponse, { heartbeatMs: 60_000 });
  return { fake, stream };
}

describe('LiveStream', () => {
  it('when opened it sends the event-stream headers at once', () => {
    const { fake } = open();
    expect(fake.statusCode).toBe(200);
    expect(fake.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(fake.headers.get('cache-control')).toBe('no-cache');
    expect(fake.headers.get('x-accel-buffering')).toBe('no');
  });

  it('when the socket is full it queues nothing but the latest frame of each event, sent on drain', () => {
    const { fake, stream } = open();
    fake.full = true;
    stream.send('tally', '{"n":1}');
    const before = fake.written.length;
    stream.send('tally', '{"n":2}');
    stream.send('comments', '{}');
    stream.send('tally', '{"n":3}');
    expect(fake.written.length).toBe(before);
    fake.full = false;
    fake.emit('drain');
    expect(fake.written.slice(before)).toEqual([
      'event: tally\ndata: {"n":3}\n\n',
      'event: comments\ndata: {}\n\n',
    ]);
  });

  it('when the stream is idle it sends a comment line every heartbeat, and none once closed', () => {
    vi.useFakeTimers();
    try {
      const { fake, stream } = open();
      const before = fake.written.length;
      vi.advanceTimersByTime(60_000);
      expect(fake.written.slice(before)).toEqual([': heartbeat\n\n']);
      stream.end();
      vi.advanceTimersByTime(120_000);
      expect(fake.written.length).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('when its lifetime is up it says when to reconnect, with an event id, and ends', () => {
    vi.useFakeTimers();
    try {
      const fake = new FakeResponse();
      new LiveStream(fake as unknown as ServerResponse, {
        heartbeatMs: 60_000,
        maxLifetimeMs: 10_000,
        random: () => 0.5,
      });
      vi.advanceTimersByTime(8_999);
      expect(fake.ended).toBe(false);
      vi.advanceTimersByTime(1);
      expect(fake.ended).toBe(true);
      expect(fake.written.at(-1)).toMatch(
        /^retry: 3000\nid: \d+\nevent: reconnect\ndata: \{"afterMs":3000\}\n\n$/,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('when streams open together their lifetimes differ, within the last fifth of the maximum', () => {
    vi.useFakeTimers();
    try {
      const early = new FakeResponse();
      const late = new FakeResponse();
      const timing = { heartbeatMs: 60_000, maxLifetimeMs: 10_000 };
      new LiveStream(early as unknown as ServerResponse, { ...timing, random: () => 0 });
      new LiveStream(late as unknown as ServerResponse, { ...timing, random: () => 0.99 });
      vi.advanceTimersByTime(8_000);
      expect([early.ended, late.ended]).toEqual([true, false]);
      vi.advanceTimersByTime(2_000);
      expect(late.ended).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('when closed it writes nothing more', () => {
    const { fake, stream } = open();
    stream.end();
    const before = fake.written.length;
    stream.send('tally', '{}');
    expect(fake.ended).toBe(true);
    expect(fake.written.length).toBe(before);
  });
});
