import { describe, expect, it } from 'vitest';
import type { StoryQueries } from '@whosright/projections/stories/queries';
import { createInMemoryKeyValueStore } from '#api/platform/kv/in-memory-key-value-store';
import { ReplayRecords } from './replay-records';
import { ReplayService } from './replay-service';

const MINUTE = 60_000;

/** A service whose clock the spec moves, over a job queue that holds what `inQueue` says. */
function serviceWith(inQueue: boolean) {
  let now = Date.parse('2026-11-16T10:00:00Z');
  const enqueued: string[] = [];
  const service = new ReplayService({
    records: new ReplayRecords(createInMemoryKeyValueStore(), {
      forgotten: () =>
        Promise.resolve({ users: new Set(), stories: new Set(), comments: new Set() }),
    }),
    enqueue: (payload) => {
      enqueued.push(payload.id);
      return Promise.resolve();
    },
    inQueue: () => Promise.resolve(inQueue),
    stories: {} as StoryQueries,
    now: () => now,
  });
  return { service, enqueued, later: (ms: number) => (now += ms) };
}

describe('a replay waiting its turn', () => {
  it('when it has waited in line for long while the queue still holds it, it is still queued and not started again', async () => {
    const { service, enqueued, later } = serviceWith(true);
    const job = await service.start('2026-11-16T09:30:00Z');
    later(10 * MINUTE);
    expect((await service.get(job.id))?.status).toBe('queued');
    expect((await service.start('2026-11-16T09:30:20Z')).status).toBe('queued');
    expect(enqueued).toEqual([job.id]);
  });

  it('when the queue lost it (its process stopped), it reads as failed and asking again starts it over', async () => {
    const { service, enqueued, later } = serviceWith(false);
    const job = await service.start('2026-11-16T09:30:00Z');
    later(10 * MINUTE);
    expect(await service.get(job.id)).toMatchObject({
      status: 'failed',
      error: 'The replay stopped with its process; build it again',
    });
    expect((await service.start('2026-11-16T09:30:00Z')).status).toBe('queued');
    expect(enqueued).toEqual([job.id, job.id]);
  });
});
