import { afterAll, beforeAll, expect, it } from 'vitest';
import { currentUserSchema } from '@whosright/contracts/account/dto';
import { waitForMailTo, withLink } from '#api/platform/mail/outbox-reader';
import { describeWithService } from '@whosright/testing/describe-with-service';
import { redisServer, type RedisServer, startRedisServer } from '@whosright/testing/redis-server';
import { parseBody } from '#api/testing/parse-body';
import { startTestServer, type TestServer } from '#api/app/test-server';

describeWithService(
  redisServer,
  'the server with REDIS_URL (jobs on BullMQ, rate limits and projection leases in Redis)',
  () => {
    let redis: RedisServer;
    let server: TestServer;
    beforeAll(async () => {
      redis = await startRedisServer();
      server = await startTestServer({ REDIS_URL: redis.url });
    });
    afterAll(async () => {
      await server?.stop();
      await redis?.stop();
    });

    it('when a member registers, votes and asks for a reset, everything works through Redis', async () => {
      const agent = server.agent();
      const email = 'redis-mode@example.com';
      await agent
        .post('/api/auth/register')
        .send({ email, password: 'a good password', firstName: 'Rhea' })
        .expect(201);
      expect(parseBody(await agent.get('/api/auth/user'), currentUserSchema).email).toBe(email);
      await agent.post('/api/auth/forgot-password').send({ email }).expect(200);
      const mail = await waitForMailTo(server.dataDir, email, {
        timeoutMs: 10_000,
        matching: withLink('mode=reset'),
      });
      expect(mail.links[0]).toContain('/login?mode=reset&token=');
      const statuses = server.running.application.stores.projections.status();
      expect(statuses.every((s) => s.state === 'live')).toBe(true);
    });

    it('when the registration limit is hit the counter lives in Redis', async () => {
      const browser = server.agent();
      for (let i = 0; i < 10; i++) {
        await browser
          .post('/api/auth/register')
          .send({ email: `rl${i}@example.com`, password: 'a good password', firstName: 'R' })
          .expect(201);
      }
      expect(
        (
          await browser
            .post('/api/auth/register')
            .send({ email: 'rl-over@example.com', password: 'a good password', firstName: 'R' })
        ).status,
      ).toBe(429);
    });
  },
);
