import { afterEach, describe, expect, it } from 'vitest';
import type { ForgettingLog, RecordedEvent } from '@whosright/eventstore/port';
import { captureLogs } from '#api/platform/jobs/capture-logs';
import { createInProcessJobQueue } from '#api/platform/jobs/in-process-job-queue';
import type { JobQueue } from '#api/platform/jobs/job-queue';
import { createInMemoryKeyValueStore } from '#api/platform/kv/in-memory-key-value-store';
import { AUTOMOD_DRY_RUN_JOB, registerDryRunJob, type DryRunPayload } from './dry-run-job';
import { DryRunRecords } from './dry-run-records';

const since = '2026-11-01T00:00:00.000Z';
const TEXTS = 200;

/** A comment of a thousand letters in one word, that the rule below never matches. */
const comment = (n: number): RecordedEvent => ({
  id: `event-${n}`,
  stream: `comment-${n}`,
  type: 'CommentPosted',
  data: { commentId: `comment_${n}`, storyId: 'story_1', content: 'a'.repeat(1_000) },
  metadata: { correlationId: 'spec', recordedAt: '2026-11-02T00:00:00.000Z' },
  revision: 0n,
  position: BigInt(n + 1),
});

/** A log of `TEXTS` comments that notes, as the run reads it, when a timer set meanwhile fired. */
function logWithTimer() {
  const timer = { setAt: -1, firedAt: -1 };
  let read = 0;
  const log = {
    async *readAll() {
      for (let n = 0; n < TEXTS; n += 1) {
        if (n === 1) {
          timer.setAt = read;
          setImmediate(() => (timer.firedAt = read));
        }
        read += 1;
        yield await Promise.resolve(comment(n));
      }
    },
    countEvents: () => Promise.resolve(TEXTS),
  };
  // Only its reads are used: the job asks the type to be the forgetting log.
  return { log: log as unknown as ForgettingLog, timer };
}

const queues: JobQueue[] = [];
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.close()));
});

describe('the automod dry run job', () => {
  it('when it reads many texts it lets a timer set meanwhile run long before it ends', async () => {
    const queue = createInProcessJobQueue({ logger: captureLogs().logger });
    queues.push(queue);
    const { log, timer } = logWithTimer();
    const records = new DryRunRecords(createInMemoryKeyValueStore(), {
      forgotten: () =>
        Promise.resolve({ users: new Set(), stories: new Set(), comments: new Set() }),
    });
    let clock = 0;
    // Each look at the clock is a millisecond of work.
    registerDryRunJob(queue, { log, records, now: () => (clock += 1) });
    const payload: DryRunPayload = {
      id: 'dry-run-1',
      since,
      rule: { name: 'Long', phrases: [`*${'a'.repeat(57)}b`], target: 'comment', action: 'hold' },
    };
    await queue.enqueue(AUTOMOD_DRY_RUN_JOB, payload);
    await queue.idle();
    expect(await records.get('dry-run-1')).toMatchObject({
      status: 'done',
      progress: { read: TEXTS, total: TEXTS },
      result: { comments: { matched: 0, removed: 0 } },
    });
    expect(timer.setAt).toBe(1);
    expect(timer.firedAt).toBeGreaterThan(1);
    expect(timer.firedAt).toBeLessThan(20);
  });
});
