import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { replayJobSchema, type ReplayJob } from '@whosright/contracts/story/ranking-dto';
import { describeWithService } from '@whosright/testing/describe-with-service';
import { redisServer, type RedisServer, startRedisServer } from '@whosright/testing/redis-server';
import { startTestServer, type TestServer } from '#api/app/test-server';
import { signUp } from '#api/testing/people';
import { parseBody } from '#api/testing/parse-body';
import { expectedRanking, rankingHistory, type HistoryStory } from '#api/testing/ranking-history';

describeWithService(
  redisServer,
  'replays with REDIS_URL (the job on BullMQ, its state in Redis)',
  () => {
    let redis: RedisServer;
    let server: TestServer;
    let admin: Awaited<ReturnType<typeof signUp>>;
    let history: { before: string; stories: HistoryStory[] };
    beforeAll(async () => {
      redis = await startRedisServer();
      server = await startTestServer({
        REDIS_URL: redis.url,
        ADMIN_EMAILS: 'redis-replay@example.com',
      });
      admin = await signUp(server, { email: 'redis-replay@example.com' });
      const author = await signUp(server);
      history = await rankingHistory(server, author.id, admin.id);
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
      await redis?.stop();
    });

    it('when an admin asks for a past moment the job runs through the queue and its result is kept in Redis', async () => {
      const started = parseBody(
        await admin.agent.post('/api/admin/replays').send({ until: history.before }).expect(202),
        replayJobSchema,
      );
      const job: ReplayJob = await vi.waitFor(
        async () => {
          const polled = parseBody(
            await admin.agent.get(`/api/admin/replays/${started.id}`),
            replayJobSchema,
          );
          expect(['done', 'failed']).toContain(polled.status);
          return polled;
        },
        { timeout: 30_000, interval: 50 },
      );
      expect(job.status).toBe('done');
      expect(job.result?.list.map((s) => s.id)).toEqual(
        expectedRanking(history.stories, 'then', { topFraction: 0.05, minViews: 10 }),
      );
      const client = new Redis(redis.url);
      try {
        expect(await client.pttl(`replay:${started.id}`)).toBeGreaterThan(59 * 60_000);
        expect(await client.exists(`replay:${started.id}:rows`)).toBe(1);
      } finally {
        client.disconnect();
      }
    }, 60_000);
  },
);
