import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithService } from '@whosright/testing/describe-with-service';
import { redisServer, type RedisServer, startRedisServer } from '@whosright/testing/redis-server';
import { createBullmqJobQueue } from './bullmq-job-queue';
import { captureLogs } from './capture-logs';
import { createInProcessJobQueue } from './in-process-job-queue';
import { jobQueueContract } from './job-queue.contract';

describe('in-process job queue', () => {
  jobQueueContract((logger) => createInProcessJobQueue({ logger }));
});

describeWithService(redisServer, 'BullMQ job queue on a real redis-server', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis.stop();
  });

  jobQueueContract((logger) =>
    createBullmqJobQueue({ redisUrl: redis.url, logger, queueName: `test-${randomUUID()}` }),
  );

  it('when the web process only enqueues a separate worker process runs the job', async () => {
    const { logger } = captureLogs();
    const queueName = `test-${randomUUID()}`;
    const seenByWeb: unknown[] = [];
    const seenByWorker: unknown[] = [];
    const web = createBullmqJobQueue({ redisUrl: redis.url, logger, queueName, runWorker: false });
    const worker = createBullmqJobQueue({
      redisUrl: redis.url,
      logger,
      queueName,
      runWorker: true,
    });
    web.register('hello', (payload) => void seenByWeb.push(payload), {
      attempts: 2,
      backoffMs: 10,
    });
    worker.register('hello', (payload) => void seenByWorker.push(payload), {
      attempts: 2,
      backoffMs: 10,
    });
    try {
      await web.enqueue('hello', { n: 1 });
      await web.idle();
      expect(seenByWeb).toEqual([]);
      expect(seenByWorker).toEqual([{ n: 1 }]);
    } finally {
      await web.close();
      await worker.close();
    }
  });
});
