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
  const stream = new LiveStream(fake as unknown as ServerResponse, 60_000);
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

  it('when closed it writes nothing more', () => {
    const { fake, stream } = open();
    stream.end();
    const before = fake.written.length;
    stream.send('tally', '{}');
    expect(fake.ended).toBe(true);
    expect(fake.written.length).toBe(before);
  });
});
