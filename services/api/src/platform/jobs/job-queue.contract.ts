import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Logger } from '#api/platform/logger';
import { captureLogs } from './capture-logs';
import type { JobQueue } from './job-queue';

/** Resolves once `done()` holds (polled), or fails the test after two seconds. */
async function until(done: () => boolean): Promise<void> {
  await vi.waitFor(
    () => {
      if (!done()) throw new Error('timed out waiting');
    },
    { timeout: 2_000, interval: 5 },
  );
}

/**
 * The one contract every JobQueue adapter passes. Call it inside a `describe` of the adapter;
 * `makeQueue` gets a fresh, isolated queue per test.
 */
export function jobQueueContract(
  makeQueue: (logger: Logger) => JobQueue | Promise<JobQueue>,
): void {
  let queue: JobQueue;
  let logs: ReturnType<typeof captureLogs>;

  beforeEach(async () => {
    logs = captureLogs();
    queue = await makeQueue(logs.logger);
  });

  afterEach(async () => {
    await queue.close();
  });

  it('when a job is enqueued it runs the handler once with the payload', async () => {
    const seen: unknown[] = [];
    queue.register<{ to: string }>('greet', (payload) => void seen.push(payload), {
      attempts: 1,
      backoffMs: 0,
    });
    await queue.enqueue('greet', { to: 'ann@example.com' });
    await queue.idle();
    expect(seen).toEqual([{ to: 'ann@example.com' }]);
  });

  it('when a handler fails twice it retries with growing backoff and succeeds on the third attempt', async () => {
    const runs: { attempt: number; at: number }[] = [];
    queue.register(
      'flaky',
      (_payload, { attempt }) => {
        runs.push({ attempt, at: performance.now() });
        if (attempt < 3) throw new Error(`flake ${attempt}`);
      },
      { attempts: 5, backoffMs: 40 },
    );
    await queue.enqueue('flaky', {});
    await queue.idle();
    expect(runs.map((r) => r.attempt)).toEqual([1, 2, 3]);
    const [first, second, third] = runs.map((r) => r.at) as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(40 * 0.9);
    expect(third - second).toBeGreaterThanOrEqual(80 * 0.9);
    const warnings = logs.entries().filter((e) => e.msg === 'job failed, will retry');
    expect(warnings.map((e) => e.attempt)).toEqual([1, 2]);
  });

  it('when a handler keeps failing it stops after the attempts, logs the failure and never rejects the caller', async () => {
    let runs = 0;
    queue.register(
      'doomed',
      () => {
        runs += 1;
        throw new Error('SMTP is down');
      },
      { attempts: 3, backoffMs: 5 },
    );
    await expect(
      queue.enqueue('doomed', { secret: 'reset-token-123' }, { jobId: 'doomed-1' }),
    ).resolves.toBeUndefined();
    await queue.idle();
    expect(runs).toBe(3);
    const final = logs
      .entries()
      .filter((e) => e.msg === 'job failed for good; kept in the failed list');
    expect(final).toHaveLength(1);
    expect(final[0]).toMatchObject({
      job: 'doomed',
      jobId: 'doomed-1',
      attempt: 3,
      attempts: 3,
      err: { message: 'SMTP is down' },
    });
    expect(logs.text()).not.toContain('reset-token-123');
  });

  it('when a job fails for good it is kept in the failed list, counted, and runs again when retried', async () => {
    let healthy = false;
    const seen: unknown[] = [];
    queue.register(
      'mail',
      (payload, { attempt }) => {
        if (!healthy) throw new Error(`SMTP down (try ${attempt})`);
        seen.push(payload);
      },
      { attempts: 2, backoffMs: 5 },
    );
    await queue.enqueue('mail', { to: 'kept@example.com' }, { jobId: 'kept-1' });
    await queue.idle();
    expect(await queue.failed()).toEqual([
      {
        id: 'kept-1',
        name: 'mail',
        attempts: 2,
        error: 'SMTP down (try 2)',
        failedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      },
    ]);
    expect(await queue.counts()).toEqual({ waiting: 0, active: 0, failed: 1 });

    healthy = true;
    expect(await queue.retry('kept-1')).toBe(true);
    await queue.idle();
    expect(seen).toEqual([{ to: 'kept@example.com' }]);
    expect(await queue.failed()).toEqual([]);
    expect(await queue.counts()).toEqual({ waiting: 0, active: 0, failed: 0 });
    expect(await queue.retry('kept-1')).toBe(false);
    expect(await queue.retry('never-was')).toBe(false);
  });

  it('when a failed job id is enqueued again it runs afresh', async () => {
    let runs = 0;
    queue.register(
      'once-failed',
      () => {
        runs += 1;
        if (runs === 1) throw new Error('first try fails');
      },
      { attempts: 1, backoffMs: 0 },
    );
    await queue.enqueue('once-failed', {}, { jobId: 'again' });
    await queue.idle();
    expect((await queue.failed()).map((j) => j.id)).toEqual(['again']);
    await queue.enqueue('once-failed', {}, { jobId: 'again' });
    await queue.idle();
    expect(runs).toBe(2);
    expect(await queue.failed()).toEqual([]);
  });

  it('when a job id is enqueued again while the first is still pending it runs once', async () => {
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    queue.register(
      'once',
      async () => {
        runs += 1;
        await gate;
      },
      { attempts: 1, backoffMs: 0 },
    );
    await queue.enqueue('once', {}, { jobId: 'user:42/welcome' });
    await queue.enqueue('once', {}, { jobId: 'user:42/welcome' });
    release();
    await queue.idle();
    expect(runs).toBe(1);
  });

  it('when more jobs of a name are enqueued than its concurrency it runs that many at once, the rest in order, while other names run beside them', async () => {
    let runningNow = 0;
    let most = 0;
    const started: number[] = [];
    const gates = new Map<number, () => void>();
    queue.register<{ n: number }>(
      'slow',
      async ({ n }) => {
        runningNow += 1;
        most = Math.max(most, runningNow);
        started.push(n);
        await new Promise<void>((resolve) => gates.set(n, resolve));
        runningNow -= 1;
      },
      { attempts: 1, backoffMs: 0, concurrency: 2 },
    );
    const quick: unknown[] = [];
    queue.register('quick', (payload) => void quick.push(payload), { attempts: 1, backoffMs: 0 });
    for (const n of [1, 2, 3, 4, 5]) await queue.enqueue('slow', { n }, { jobId: `slow-${n}` });
    await until(() => started.length === 2);
    await queue.enqueue('quick', { q: 1 });
    await until(() => quick.length === 1);
    expect(await queue.pending('slow-5')).toBe(true);
    expect(await queue.counts()).toMatchObject({ active: 2, waiting: 3 });
    // Each finished job lets the next in line start, never more than two at once.
    for (let next = 3; next <= 5; next += 1) {
      gates.get(started.at(-2)!)?.();
      await until(() => started.length === next);
    }
    gates.get(4)?.();
    gates.get(5)?.();
    await queue.idle();
    expect(most).toBe(2);
    expect(started.slice(0, 2).sort()).toEqual([1, 2]);
    expect(started.slice(2)).toEqual([3, 4, 5]);
    expect(await queue.pending('slow-5')).toBe(false);
    expect(await queue.pending('never-was')).toBe(false);
  });

  it('when a concurrency is not a whole number of at least 1 register refuses it', () => {
    expect(() =>
      queue.register('bad', () => undefined, { attempts: 1, backoffMs: 0, concurrency: 0 }),
    ).toThrow('concurrency');
  });

  it('when the handler receives a job it sees the caller job id and the attempt number', async () => {
    const contexts: unknown[] = [];
    queue.register('ctx', (_payload, context) => void contexts.push(context), {
      attempts: 1,
      backoffMs: 0,
    });
    await queue.enqueue('ctx', {}, { jobId: '12345' });
    await queue.idle();
    expect(contexts).toEqual([{ jobId: '12345', attempt: 1 }]);
  });

  it('when a job name was never registered enqueue rejects', async () => {
    await expect(queue.enqueue('nobody-home', {})).rejects.toThrow(
      'No job named nobody-home is registered',
    );
  });

  it('when nothing is queued idle resolves at once', async () => {
    await expect(queue.idle()).resolves.toBeUndefined();
  });

  it('when the options are impossible register refuses them', () => {
    expect(() => queue.register('bad', () => undefined, { attempts: 0, backoffMs: 10 })).toThrow(
      'attempts',
    );
  });
}
