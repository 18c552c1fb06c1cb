import { describe, expect, it } from 'vitest';
import { captureLogs } from './capture-logs';
import { createJobQueue } from './create-job-queue';

describe('createJobQueue', () => {
  it('when REDIS_URL is unset it runs jobs in process', async () => {
    const queue = createJobQueue({ redisUrl: undefined }, captureLogs().logger);
    const seen: unknown[] = [];
    queue.register('x', (payload) => void seen.push(payload), { attempts: 1, backoffMs: 0 });
    await queue.enqueue('x', 1);
    await queue.idle();
    await queue.close();
    expect(seen).toEqual([1]);
  });
});
