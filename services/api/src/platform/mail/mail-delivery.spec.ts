import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBullmqJobQueue } from '#api/platform/jobs/bullmq-job-queue';
import { describeWithService } from '@whosright/testing/describe-with-service';
import { redisServer, type RedisServer, startRedisServer } from '@whosright/testing/redis-server';
import { captureLogs } from '#api/platform/jobs/capture-logs';
import { createInProcessJobQueue } from '#api/platform/jobs/in-process-job-queue';
import type { JobQueue } from '#api/platform/jobs/job-queue';
import { openMailBacklog } from './mail-backlog';
import { createMailDelivery, registerMailJob, type MailDeliveryOptions } from './mail-delivery';
import type { Mail, Mailer } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { newestMailTo, waitForMailTo } from './outbox-reader';

const mail: Mail = { to: 'ann@example.com', subject: 'Welcome', text: 'Hello Ann' };
const fast = { attempts: 3, backoffMs: 1 };
const tempDir = () => mkdtempSync(join(tmpdir(), 'wr-delivery-'));
const backlogIn = (dataDir = tempDir()) => openMailBacklog(join(dataDir, 'mail-backlog.sqlite'));

/** The mail job registered on `queue` with `mailer`, and a delivery keeping mails in a fresh backlog. */
function deliveryOver(
  queue: JobQueue,
  mailer: Mailer,
  logger: MailDeliveryOptions['logger'],
  options: Partial<MailDeliveryOptions> = {},
) {
  registerMailJob(queue, mailer, fast);
  const backlog = options.backlog ?? backlogIn();
  return {
    backlog,
    delivery: createMailDelivery({ queue, backlog, logger, retryMs: 20, pollMs: 50, ...options }),
  };
}

/** A mailer that keeps what it is asked to send. */
function recorder() {
  const sent: Mail[] = [];
  const mailer: Mailer = {
    send(m) {
      sent.push(m);
      return Promise.resolve();
    },
  };
  return { sent, mailer };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  await vi.waitFor(
    async () => {
      if (!(await condition())) throw new Error(`not met within ${timeoutMs} ms`);
    },
    { timeout: timeoutMs, interval: 25 },
  );
}

describe('createMailDelivery', () => {
  it('when a mail is delivered it is sent through the job queue and lands in the outbox', async () => {
    const { logger } = captureLogs();
    const dataDir = tempDir();
    const queue = createInProcessJobQueue({ logger });
    const { delivery, backlog } = deliveryOver(
      queue,
      createOutboxMailer({ dataDir, from: 'x@whosright.test', logger }),
      logger,
    );
    await delivery.deliver(mail);
    await queue.idle();
    expect(await newestMailTo(dataDir, 'ann@example.com')).toMatchObject({
      subject: 'Welcome',
      text: 'Hello Ann',
    });
    expect(backlog.count()).toBe(0);
    await delivery.close();
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
    const { delivery } = deliveryOver(queue, mailer, logger);
    await delivery.deliver(mail);
    await queue.idle();
    expect(sent).toEqual([mail]);
    await delivery.close();
    await queue.close();
  });

  it('when the mailer keeps failing deliver still resolves and the failure is logged without the body', async () => {
    const logs = captureLogs();
    const queue = createInProcessJobQueue({ logger: logs.logger });
    const mailer: Mailer = { send: () => Promise.reject(new Error('connection refused')) };
    const { delivery } = deliveryOver(queue, mailer, logs.logger);
    await expect(delivery.deliver(mail)).resolves.toBeUndefined();
    await queue.idle();
    await delivery.close();
    expect(logs.entries()).toContainEqual(
      expect.objectContaining({
        msg: 'job failed for good; kept in the failed list',
        job: 'send-mail',
      }),
    );
    expect(logs.text()).not.toContain('Hello Ann');
    await queue.close();
  });

  it('when the queue cannot take the job deliver resolves, keeps the mail and queues it once the queue is back', async () => {
    const logs = captureLogs();
    const queue = createInProcessJobQueue({ logger: logs.logger });
    let reachable = false;
    const flaky: JobQueue = {
      ...queue,
      enqueue: (name, payload, options) =>
        reachable
          ? queue.enqueue(name, payload, options)
          : Promise.reject(new Error('Redis is unreachable')),
    };
    const { sent, mailer } = recorder();
    const { delivery, backlog } = deliveryOver(flaky, mailer, logs.logger);
    await expect(delivery.deliver(mail)).resolves.toBeUndefined();
    expect(logs.entries()).toContainEqual(
      expect.objectContaining({
        msg: 'mail could not be queued; kept until the job queue takes it',
        err: expect.objectContaining({ message: 'Redis is unreachable' }) as unknown,
      }),
    );
    expect(backlog.count()).toBe(1);
    expect(logs.text()).not.toContain('Hello Ann');

    reachable = true;
    await until(() => sent.length === 1);
    expect(sent).toEqual([mail]);
    expect(backlog.count()).toBe(0);
    await delivery.close();
    await queue.close();
  });

  it('when the process stops with a mail kept the next start queues it', async () => {
    const { logger } = captureLogs();
    const dataDir = tempDir();
    const down: JobQueue = {
      ...createInProcessJobQueue({ logger }),
      enqueue: () => Promise.reject(new Error('Redis is unreachable')),
    };
    const first = deliveryOver(down, { send: () => Promise.resolve() }, logger, {
      backlog: backlogIn(dataDir),
    });
    await first.delivery.deliver(mail);
    await first.delivery.close();

    const queue = createInProcessJobQueue({ logger });
    const { sent, mailer } = recorder();
    const second = deliveryOver(queue, mailer, logger, { backlog: backlogIn(dataDir) });
    await until(() => sent.length === 1);
    expect(sent).toEqual([mail]);
    await second.delivery.close();
    await queue.close();
  });

  it('when the same job id is delivered twice while kept the mail is queued once', async () => {
    const { logger } = captureLogs();
    const queue = createInProcessJobQueue({ logger });
    let reachable = false;
    const flaky: JobQueue = {
      ...queue,
      enqueue: (name, payload, options) =>
        reachable
          ? queue.enqueue(name, payload, options)
          : Promise.reject(new Error('Redis is unreachable')),
    };
    const { sent, mailer } = recorder();
    const { delivery, backlog } = deliveryOver(flaky, mailer, logger);
    await delivery.deliver(mail, { jobId: 'welcome-ann' });
    await delivery.deliver(mail, { jobId: 'welcome-ann' });
    expect(backlog.count()).toBe(1);
    reachable = true;
    await until(() => backlog.count() === 0);
    await queue.idle();
    expect(sent).toEqual([mail]);
    await delivery.close();
    await queue.close();
  });

  it('when a queued payload is not a mail the job fails instead of sending garbage', async () => {
    const logs = captureLogs();
    const queue = createInProcessJobQueue({ logger: logs.logger });
    const sent: unknown[] = [];
    registerMailJob(
      queue,
      {
        send: (m) => {
          sent.push(m);
          return Promise.resolve();
        },
      },
      { attempts: 1, backoffMs: 0 },
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

describeWithService(redisServer, 'createMailDelivery over BullMQ on a real redis-server', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis.stop();
  });

  it('when a mail is delivered it goes through Redis and lands in the outbox', async () => {
    const { logger } = captureLogs();
    const dataDir = tempDir();
    const queue = createBullmqJobQueue({
      redisUrl: redis.url,
      logger,
      queueName: `test-${randomUUID()}`,
    });
    const { delivery } = deliveryOver(
      queue,
      createOutboxMailer({ dataDir, from: 'x@whosright.test', logger }),
      logger,
    );
    try {
      await delivery.deliver({ ...mail, html: '<p>Hello Ann</p>' });
      await queue.idle();
      expect(await newestMailTo(dataDir, 'ann@example.com')).toMatchObject({
        subject: 'Welcome',
        text: 'Hello Ann',
        html: '<p>Hello Ann</p>',
      });
    } finally {
      await delivery.close();
      await queue.close();
    }
  });

  it('when Redis is down a delivered mail is kept and sent once Redis is back', async () => {
    const outage = await startRedisServer();
    const { logger } = captureLogs();
    const dataDir = tempDir();
    const queue = createBullmqJobQueue({
      redisUrl: outage.url,
      logger,
      queueName: `test-${randomUUID()}`,
    });
    const { delivery, backlog } = deliveryOver(
      queue,
      createOutboxMailer({ dataDir, from: 'x@whosright.test', logger }),
      logger,
      { maxRetryMs: 500 },
    );
    let restarted: RedisServer | undefined;
    try {
      // The worker is running before the outage, as in a server that has been up a while.
      await delivery.deliver({ ...mail, to: 'bob@example.com' });
      await waitForMailTo(dataDir, 'bob@example.com', { timeoutMs: 20_000 });
      await outage.stop();
      const asked = Date.now();
      await delivery.deliver(mail);
      expect(Date.now() - asked).toBeLessThan(3_000);
      expect(backlog.count()).toBe(1);

      restarted = await startRedisServer({ port: outage.port });
      const sent = await waitForMailTo(dataDir, 'ann@example.com', { timeoutMs: 20_000 });
      expect(sent).toMatchObject({ subject: 'Welcome', text: 'Hello Ann' });
      expect(backlog.count()).toBe(0);
    } finally {
      await delivery.close();
      await queue.close();
      await restarted?.stop();
    }
  });
});
