import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBullmqJobQueue } from '#api/platform/jobs/bullmq-job-queue';
import {
  describeWithRedis,
  startRedisServer,
  type RedisServer,
} from '@whosright/testing/redis-server';
import { captureLogs } from '#api/platform/jobs/capture-logs';
import { createInProcessJobQueue } from '#api/platform/jobs/in-process-job-queue';
import type { JobQueue } from '#api/platform/jobs/job-queue';
import { createMailDelivery } from './mail-delivery';
import type { Mail, Mailer } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { newestMailTo } from './outbox-reader';

const mail: Mail = { to: 'ann@example.com', subject: 'Welcome', text: 'Hello Ann' };
const fast = { attempts: 3, backoffMs: 1 };

describe('createMailDelivery', () => {
  it('when a mail is delivered it is sent through the job queue and lands in the outbox', async () => {
    const { logger } = captureLogs();
    const dataDir = mkdtempSync(join(tmpdir(), 'wr-delivery-'));
    const queue = createInProcessJobQueue({ logger });
    const delivery = createMailDelivery(
      queue,
      createOutboxMailer({ dataDir, from: 'x@whosright.test', logger }),
      logger,
      fast,
    );
    await delivery.deliver(mail);
    await queue.idle();
    expect(await newestMailTo(dataDir, 'ann@example.com')).toMatchObject({
      subject: 'Welcome',
      text: 'Hello Ann',
    });
    await queue.close();
  });

  it('when the mailer fails once the mail is sent on the retry', async () => {
    const { logger } = captureLogs();
    const queue = createInProcessJobQueue({ logger });
    const sent: Mail[] = [];
    let calls = 0;
    const mailer: Mailer = {
      send(m) {
        calls += 1;
        if (calls === 1) return Promise.reject(new Error('421 try again later'));
        sent.push(m);
        return Promise.resolve();
      },
    };
    await createMailDelivery(queue, mailer, logger, fast).deliver(mail);
    await queue.idle();
    expect(sent).toEqual([mail]);
    await queue.close();
  });

  it('when the mailer keeps failing deliver still resolves and the failure is logged without the body', async () => {
    const logs = captureLogs();
    const queue = createInProcessJobQueue({ logger: logs.logger });
    const mailer: Mailer = { send: () => Promise.reject(new Error('connection refused')) };
    await expect(
      createMailDelivery(queue, mailer, logs.logger, fast).deliver(mail),
    ).resolves.toBeUndefined();
    await queue.idle();
    expect(logs.entries()).toContainEqual(
      expect.objectContaining({
        msg: 'job failed for good; kept in the failed list',
        job: 'send-mail',
      }),
    );
    expect(logs.text()).not.toContain('Hello Ann');
    await queue.close();
  });

  it('when the queue cannot take the job deliver still resolves and logs it', async () => {
    const logs = captureLogs();
    const broken: JobQueue = {
      register: () => undefined,
      enqueue: () => Promise.reject(new Error('Redis is unreachable')),
      pending: () => Promise.resolve(false),
      failed: () => Promise.resolve([]),
      retry: () => Promise.resolve(false),
      counts: () => Promise.resolve({ waiting: 0, active: 0, failed: 0 }),
      idle: () => Promise.resolve(),
      close: () => Promise.resolve(),
    };
    await expect(
      createMailDelivery(broken, { send: () => Promise.resolve() }, logs.logger).deliver(mail),
    ).resolves.toBeUndefined();
    expect(logs.entries()).toContainEqual(
      expect.objectContaining({
        msg: 'mail could not be queued, dropped',
        err: expect.objectContaining({ message: 'Redis is unreachable' }) as unknown,
      }),
    );
  });

  it('when a queued payload is not a mail the job fails instead of sending garbage', async () => {
    const logs = captureLogs();
    const queue = createInProcessJobQueue({ logger: logs.logger });
    const sent: unknown[] = [];
    createMailDelivery(
      queue,
      {
        send: (m) => {
          sent.push(m);
          return Promise.resolve();
        },
      },
      logs.logger,
      {
        attempts: 1,
        backoffMs: 0,
      },
    );
    await queue.enqueue('send-mail', { to: 'not-an-address', subject: '', text: 1 });
    await queue.idle();
    expect(sent).toEqual([]);
    expect(logs.entries()).toContainEqual(
      expect.objectContaining({
        msg: 'job failed for good; kept in the failed list',
        job: 'send-mail',
      }),
    );
    await queue.close();
  });
});

describeWithRedis('createMailDelivery over BullMQ on a real redis-server', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis.stop();
  });

  it('when a mail is delivered it goes through Redis and lands in the outbox', async () => {
    const { logger } = captureLogs();
    const dataDir = mkdtempSync(join(tmpdir(), 'wr-delivery-'));
    const queue = createBullmqJobQueue({
      redisUrl: redis.url,
      logger,
      queueName: `test-${randomUUID()}`,
    });
    try {
      const delivery = createMailDelivery(
        queue,
        createOutboxMailer({ dataDir, from: 'x@whosright.test', logger }),
        logger,
        fast,
      );
      await delivery.deliver({ ...mail, html: '<p>Hello Ann</p>' });
      await queue.idle();
      expect(await newestMailTo(dataDir, 'ann@example.com')).toMatchObject({
        subject: 'Welcome',
        text: 'Hello Ann',
        html: '<p>Hello Ann</p>',
      });
    } finally {
      await queue.close();
    }
  });
});
