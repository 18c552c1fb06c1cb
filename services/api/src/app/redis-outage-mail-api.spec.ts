import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitForMailTo, withLink } from '#api/platform/mail/outbox-reader';
import { describeWithService } from '@whosright/testing/describe-with-service';
import { redisServer, type RedisServer, startRedisServer } from '@whosright/testing/redis-server';
import { startTestServer, type TestServer } from './test-server';

describeWithService(redisServer, 'mail while Redis is away (jobs on BullMQ)', () => {
  let redis: RedisServer | undefined;
  let server: TestServer;
  beforeAll(async () => {
    redis = await startRedisServer();
    server = await startTestServer({ REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await server?.stop();
    await redis?.stop();
  });

  it('when people sign up while Redis is down each gets the verification mail once it is back', async () => {
    const port = redis!.port;
    await redis!.stop();
    redis = undefined;
    const emails = ['outage-1@example.com', 'outage-2@example.com'];
    for (const email of emails) {
      const res = await server
        .agent()
        .post('/api/auth/register')
        .send({ email, password: 'a good password', firstName: 'Otto' });
      // Recorded either way: once the projections' Redis lease lapses, the answer may be the
      // 503 "Saved, but it is taking longer than usual to show" instead of 201.
      expect([201, 503]).toContain(res.status);
    }

    redis = await startRedisServer({ port });
    for (const email of emails) {
      // Kept mails are retried up to 10 s apart and the worker reconnects on its own backoff: in
      // a clean-clone run of the whole suite the first mail came more than 30 s after Redis.
      const mail = await waitForMailTo(server.dataDir, email, {
        timeoutMs: 60_000,
        matching: withLink('mode=verify'),
      });
      expect(mail.links[0]).toContain('/login?mode=verify&token=');
    }
    expect(server.logs.join('')).not.toContain('dropped');
    // Its steps each wait by design (a registration for the read models while the projections'
    // lease lapses, each mail while the worker reconnects): on a loaded machine they passed the
    // 30 s a test gets by default.
  }, 150_000);
});
