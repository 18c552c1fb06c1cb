import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  createSkipQueue,
  PENDING_SKIPS_KEY,
  type SkipQueue,
} from '#web/features/stories/api/skip-queue.ts';
import { clientRateLimiter } from '#web/lib/client-rate-limiter.ts';
import { requestUrl } from '#web/testing/test-utils.tsx';

const first = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAA';
const second = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAB';
const trackOf = (id: string) => `/api/stories/${id}/track`;

interface Sent {
  url: string;
  body: unknown;
  keepalive: boolean;
  credentials: RequestCredentials | undefined;
}

/** A fetch that records each skip sent and answers with what `answer` gives for it. */
function trackServer(answer: (sent: Sent, n: number) => Promise<Response> | Response) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      url: requestUrl(input),
      body: JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as unknown,
      keepalive: init?.keepalive === true,
      credentials: init?.credentials,
    };
    sent.push(call);
    return Promise.resolve(answer(call, sent.length));
  });
  return sent;
}

const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify({ message: 'no', code: 'no' }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const never = () => new Promise<Response>(() => {});
const stored = () => JSON.parse(window.localStorage.getItem(PENDING_SKIPS_KEY) ?? '[]') as unknown;

const queues: SkipQueue[] = [];
function newQueue() {
  const queue = createSkipQueue();
  queues.push(queue);
  return queue;
}

afterEach(() => {
  for (const queue of queues.splice(0)) queue.reset();
});

describe('skip queue', () => {
  it('when the page starts with skips an earlier page left in storage it sends them, oldest first, and empties the storage', async () => {
    window.localStorage.setItem(PENDING_SKIPS_KEY, JSON.stringify([first, second]));
    const sent = trackServer(() => answer(204));
    newQueue().start();
    await waitFor(() => expect(stored()).toEqual([]));
    expect(sent.map((s) => s.url)).toEqual([trackOf(first), trackOf(second)]);
    expect(sent.map((s) => s.body)).toEqual([{ action: 'skip' }, { action: 'skip' }]);
  });

  it('when a skip is made it is stored before it is sent, once per story, until the server answers', async () => {
    const sent = trackServer(never);
    const queue = newQueue();
    queue.add(first);
    queue.add(first);
    queue.add(second);
    expect(stored()).toEqual([first, second]);
    expect(queue.pending()).toEqual([first, second]);
    await waitFor(() => expect(sent).toHaveLength(1));
  });

  it('when the page is hidden it sends every waiting skip with keepalive and forgets those answered', async () => {
    const sent = trackServer((call) => (call.keepalive ? answer(204) : never()));
    const queue = newQueue();
    queue.start();
    queue.add(first);
    queue.add(second);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    // The page-hide event that often follows sends nothing twice.
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(stored()).toEqual([]));
    const keptAlive = sent.filter((s) => s.keepalive);
    expect(keptAlive.map((s) => s.url)).toEqual([trackOf(first), trackOf(second)]);
    expect(keptAlive.every((s) => s.credentials === 'include')).toBe(true);
    expect(keptAlive.map((s) => s.body)).toEqual([{ action: 'skip' }, { action: 'skip' }]);
    visibility.mockRestore();
  });

  it('when a skip is made before the page started the queue, the page hiding still sends it', async () => {
    const sent = trackServer((call) => (call.keepalive ? answer(204) : never()));
    newQueue().add(first);
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(stored()).toEqual([]));
    expect(sent.filter((s) => s.keepalive).map((s) => s.url)).toEqual([trackOf(first)]);
  });

  it('when the page hides and no answer comes the skip stays stored for the next page', async () => {
    const sent = trackServer(never);
    const queue = newQueue();
    queue.start();
    queue.add(first);
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(sent.filter((s) => s.keepalive)).toHaveLength(1));
    expect(stored()).toEqual([first]);
  });

  it('when sending fails (no answer, then a 500) it keeps the skip and tries again after 1 s, then 2 s', async () => {
    vi.useFakeTimers();
    const sent = trackServer((_call, n) => {
      if (n === 1) throw new TypeError('Failed to fetch');
      return answer(n === 2 ? 500 : 204);
    });
    newQueue().add(first);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(sent).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(sent).toHaveLength(2);
    expect(stored()).toEqual([first]);
    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(sent).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(sent).toHaveLength(3);
    expect(stored()).toEqual([]);
  });

  it('when the server answers 429 it waits as long as Retry-After says, then sends again', async () => {
    vi.useFakeTimers();
    const sent = trackServer((_call, n) =>
      n === 1 ? answer(429, { 'Retry-After': '5' }) : answer(204),
    );
    newQueue().add(first);
    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(sent).toHaveLength(1);
    expect(stored()).toEqual([first]);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(sent).toHaveLength(2);
    expect(stored()).toEqual([]);
  });

  it('when the client rate limiter has no room it waits for room, then sends', async () => {
    vi.useFakeTimers();
    const sent = trackServer(() => answer(204));
    // A fast reader's views used the tracking group's 25 calls of this minute.
    for (let i = 0; i < 25; i += 1) void clientRateLimiter.acquire('story-track');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    newQueue().add(first);
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(sent).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(sent).toHaveLength(1);
    expect(stored()).toEqual([]);
  });

  it('when the server refuses a skip for good (404) it drops it and sends the next', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const sent = trackServer((call) => answer(call.url === trackOf(first) ? 404 : 204));
    const queue = newQueue();
    queue.add(first);
    queue.add(second);
    await waitFor(() => expect(stored()).toEqual([]));
    expect(sent.map((s) => s.url)).toEqual([trackOf(first), trackOf(second)]);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('when the storage holds something unreadable it starts with no skip', () => {
    window.localStorage.setItem(PENDING_SKIPS_KEY, '{not json');
    expect(newQueue().pending()).toEqual([]);
    window.localStorage.setItem(PENDING_SKIPS_KEY, JSON.stringify([first, 42, 'not a story']));
    expect(newQueue().pending()).toEqual([first]);
  });
});
