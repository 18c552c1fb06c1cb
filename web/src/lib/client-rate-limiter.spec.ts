import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  createClientRateLimiter,
  rateLimitGroup,
  RateLimitError,
} from '#web/lib/client-rate-limiter.ts';

describe('rateLimitGroup', () => {
  it.each([
    ['POST', '/api/stories/story_1/track', 'story-track'],
    ['POST', '/api/stories/story_1/vote', 'story-vote'],
    ['GET', '/api/stories/story_1/vote', 'story-get'],
    ['GET', '/api/stories/random?exclude=story_1', 'story-random'],
    ['GET', '/api/stories/random', 'story-random'],
    ['GET', '/api/stories/story_1', 'story-get'],
    ['DELETE', '/api/stories/story_1', 'general'],
    ['POST', '/api/stories', 'general'],
    ['GET', '/api/auth/user', 'auth'],
    ['POST', '/api/auth/login', 'auth'],
    ['GET', '/api/stories/story_1/comments', 'general'],
    ['POST', '/api/comments/comment_1/vote', 'general'],
    ['GET', '/api/config', 'general'],
  ] as const)('when %s %s it counts against %s', (method, url, group) => {
    expect(rateLimitGroup(method, url)).toBe(group);
  });
});

describe('createClientRateLimiter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Starts `n` acquisitions and records when each one is let through. */
  function startMany(
    limiter: ReturnType<typeof createClientRateLimiter>,
    group: 'general' | 'auth',
    n: number,
  ) {
    const started: number[] = [];
    const t0 = Date.now();
    const results = Array.from({ length: n }, () =>
      limiter.acquire(group).then(
        () => {
          started.push(Date.now() - t0);
          return 'ok' as const;
        },
        (error: unknown) => error,
      ),
    );
    return { started, results: Promise.all(results) };
  }

  it('when calls arrive together it queues them 100 ms apart instead of dropping them', async () => {
    const limiter = createClientRateLimiter();
    const { started, results } = startMany(limiter, 'general', 3);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([0]);
    await vi.advanceTimersByTimeAsync(99);
    expect(started).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual([0, 100]);
    await vi.advanceTimersByTimeAsync(100);
    expect(await results).toEqual(['ok', 'ok', 'ok']);
    expect(started).toEqual([0, 100, 200]);
  });

  it('when the gap applies across groups it still spaces any two requests by 100 ms', async () => {
    const limiter = createClientRateLimiter();
    const started: string[] = [];
    void limiter.acquire('auth').then(() => started.push(`auth@${Date.now() % 100_000}`));
    void limiter.acquire('general').then(() => started.push(`general@${Date.now() % 100_000}`));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toHaveLength(2);
  });

  it('when a group has had 25 calls in 60 s the 26th fails with the 429 message', async () => {
    const limiter = createClientRateLimiter();
    const { results } = startMany(limiter, 'general', 26);
    await vi.advanceTimersByTimeAsync(5_000);
    const outcome = await results;
    expect(outcome.slice(0, 25)).toEqual(Array(25).fill('ok'));
    const error = outcome[25];
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as Error).message).toBe(
      '429: Rate limit exceeded. Please wait a moment before trying again.',
    );
  });

  it('when one group is full the other groups are not affected', async () => {
    const limiter = createClientRateLimiter();
    const { results } = startMany(limiter, 'general', 26);
    await vi.advanceTimersByTimeAsync(5_000);
    await results;
    const auth = limiter.acquire('auth');
    await vi.advanceTimersByTimeAsync(200);
    await expect(auth).resolves.toBeUndefined();
  });

  it('when the 60 s window has moved on the group accepts calls again', async () => {
    const limiter = createClientRateLimiter();
    const first = startMany(limiter, 'general', 25);
    await vi.advanceTimersByTimeAsync(5_000);
    await first.results;
    await expect(limiter.acquire('general')).rejects.toBeInstanceOf(RateLimitError);

    // The first call started at t=0: at t=60 s it has left the window, the others have not.
    await vi.advanceTimersByTimeAsync(55_001);
    await expect(limiter.acquire('general')).resolves.toBeUndefined();
    await expect(limiter.acquire('general')).rejects.toBeInstanceOf(RateLimitError);
  });

  it('when a group is full the refusal says how long until its oldest call leaves the window', async () => {
    const limiter = createClientRateLimiter();
    const first = startMany(limiter, 'general', 25);
    await vi.advanceTimersByTimeAsync(5_000);
    await first.results;
    // The oldest call started at t=0 and it is now t=5 s: room again at t=60 s.
    const refusal = await limiter.acquire('general').catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(RateLimitError);
    expect((refusal as RateLimitError).retryAfterMs).toBe(55_000);
  });
});
